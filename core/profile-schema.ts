import type { SensorKind } from './types.js';

/**
 * A device profile (docs/profiles.md): how to recognise a family of devices from sysObjectID and
 * sysDescr, and what discovery reads from them (vendor, OS, model, CPU, memory, sensors). Profiles
 * are data: the built-in ones live in the repo's `profiles/` folder, an operator's in `profilesDir`.
 * Parsed and checked once by profile-load.ts; frozen afterwards.
 */
export interface DeviceProfile {
  /** Unique; a profile of `profilesDir` with a built-in's name replaces it. */
  readonly name: string;
  /** The file it came from (messages and the API). */
  readonly file: string;
  /** Operating system family (`IOS`, `JunOS`, `Linux`…); '' for the fallback. */
  readonly os: string;
  /** The maker of every box running this OS (IOS → Cisco); '' when the OS runs on many makers' boxes. */
  readonly vendor: string;
  /** The vendor when neither `vendor` nor ENTITY-MIB names one (Linux → `Linux`); '' for none. */
  readonly vendorWhenUnknown: string;
  readonly match: ProfileMatch;
  readonly model: ProfileModel;
  /** CPU sources in order of preference: the first that answers at discovery is polled. */
  readonly cpu: readonly ProfileSource[];
  /** Memory sources, likewise. */
  readonly memory: readonly ProfileSource[];
  readonly sensors: ProfileSensors;
}

/**
 * Every criterion given must hold: one of the sysObjectID prefixes (arc-wise) and one of the sysDescr
 * patterns. A profile with neither matches every device (the fallback).
 */
interface ProfileMatch {
  readonly sysObjectID: readonly string[];
  readonly sysDescr: readonly RegExp[];
}

/** Where the model comes from when ENTITY-MIB names none: an exact sysObjectID table, then sysDescr patterns. */
interface ProfileModel {
  readonly sysObjectID: Readonly<Record<string, string>>;
  /** Each pattern's `model` named group (else its first group) is the model. */
  readonly sysDescr: readonly RegExp[];
}

/**
 * One CPU or memory source as a profile names it. Columns are walked and summed (or averaged) over
 * every row; scalars are instance OIDs. `hrStorageRam` is HOST-RESOURCES' hrStorage row of type
 * hrStorageRam, found at discovery.
 */
export type ProfileSource =
  | { readonly kind: 'columnAvg'; readonly column: string; readonly scale: number }
  | { readonly kind: 'scalar'; readonly oid: string; readonly scale: number }
  | { readonly kind: 'ucdCpu' }
  | { readonly kind: 'usedFree'; readonly used: string; readonly free: string }
  | { readonly kind: 'sizeUsed'; readonly size: string; readonly used: string }
  | { readonly kind: 'hrStorageRam' }
  /** `buffers`, `cached`: scalars counted as free too (UCD memBuffer, memCached), when they answer at discovery. */
  | { readonly kind: 'totalAvail'; readonly total: string; readonly avail: string; readonly buffers?: string; readonly cached?: string };

interface ProfileSensors {
  /** Read ENTITY-SENSOR-MIB entPhySensorTable (default true). */
  readonly entitySensor: boolean;
  readonly tables: readonly ProfileSensorTable[];
}

/**
 * A vendor sensor table: two columns of one table, a name and a value. Each row becomes a sensor
 * with index `indexOffset + row index` (kept apart from ENTITY-SENSOR's entPhysicalIndex values).
 */
export interface ProfileSensorTable {
  readonly kind: SensorKind;
  readonly name: string;
  readonly value: string;
  readonly unit: string;
  readonly scale: number;
  readonly indexOffset: number;
}

export const SENSOR_KINDS: readonly SensorKind[] = ['temperature', 'voltage', 'current', 'power', 'fanSpeed', 'fanState', 'psuState', 'opticalPower', 'humidity', 'other'];
export const SOURCE_KINDS = ['columnAvg', 'scalar', 'ucdCpu', 'usedFree', 'sizeUsed', 'hrStorageRam', 'totalAvail'] as const;
