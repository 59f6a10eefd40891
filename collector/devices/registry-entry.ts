import type { DeviceSnmpOverride } from '../../core/config-schema.js';
import type { Device, DeviceOrigin, DevicePresence, Tag } from '../../core/types.js';

/**
 * What the inventory keeps of one device of a network, whatever the current generation holds
 * (collector/devices/registry.ts persists it):
 * - `present`: in the inventory (polled unless its address is blocked or it has never answered);
 * - `removed`: removed by an operator (DevicesPort.remove) — not polled, kept so that its series
 *   stay readable and so that discovery finding it again brings it back with its id;
 * - `forgotten`: a discovered device unreachable for longer than forgetUnreachableAfter; likewise.
 */
type EntryState = 'present' | 'removed' | 'forgotten';

export interface RegistryEntry {
  readonly id: number;
  readonly state: EntryState;
  readonly origin: DeviceOrigin;
  /** What the operator gave (IP address or DNS name) for config and API devices; else the record's address. */
  readonly declaredAddress: string;
  /** Operator's name (config `name`, API add/update); '' to show the device's sysName. */
  readonly name: string;
  readonly comment: string;
  /** Operator's tags (config `tags`, API add/update), added to the discovered ones. */
  readonly tags: readonly Tag[];
  readonly externalTags: readonly Tag[];
  /** SNMP settings of this device that differ from its network's (config `snmp`, API `community`/`port`). */
  readonly snmp: DeviceSnmpOverride | null;
  /** The last record the device answered with (its own tags and name, as probed), or null until it answers. */
  readonly record: Device | null;
  readonly presence: DevicePresence;
  readonly addedAtMs: number;
  /** Who added it: a user name, `config` or `discovery`. */
  readonly addedBy: string;
}

/** The address an entry is probed at: the last answered record's, else what was declared. */
export const probeAddressOf = (e: RegistryEntry): string => e.record?.address ?? e.declaredAddress;

/** Tags in order without repeats. */
export function unionTags(...lists: readonly (readonly Tag[])[]): Tag[] {
  const out: Tag[] = [];
  const seen = new Set<string>();
  for (const l of lists) for (const t of l) if (!seen.has(t)) { seen.add(t); out.push(t); }
  return out;
}

/**
 * The device as the inventory shows and polls it: the last answered record with the entry's id,
 * operator name, tags (discovered ∪ operator ∪ external), external tags, origin and presence.
 * Null for an entry that never answered.
 */
export function deviceOf(e: RegistryEntry): Device | null {
  const r = e.record;
  if (!r) return null;
  return {
    ...r, id: e.id, name: e.name || r.name,
    tags: unionTags(r.tags, e.tags, e.externalTags), externalTags: e.externalTags,
    origin: e.origin, presence: e.presence,
  };
}
