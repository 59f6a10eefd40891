import type { FailureKind } from './networks.js';
import type { DeviceOrigin, DevicePresence, Tag } from '../types.js';
import type { TaskInfo } from './tasks.js';
import type { SnmpV3User } from '../config-schema.js';

/**
 * The managed-device port (docs/api.md "Inventory"): the inventory's device list as operators manage
 * it — devices that stay, devices added and removed by hand, addresses blocked from discovery,
 * incremental discovery and external tags. Implemented by the collector (collector/monitor.ts over
 * collector/devices/); read by services/devices/devices.ts. Every call throws AppError UNKNOWN_NETWORK for
 * a network that is not configured.
 *
 * The inventory of a network is its latest generation plus what happened since: devices found by
 * submissions, removed or re-tagged by hand. It is what is polled. A generation (a numbered
 * snapshot, docs/api.md "Generation selection") is made by every full discovery run, by `newGeneration`, and when the
 * submission queue drains after a submission changed the inventory.
 */

/** One device of the inventory as the management calls show it. */
export interface ManagedDevice {
  readonly id: number;
  readonly name: string;
  /** The address it is polled at. */
  readonly address: string;
  /** What the operator gave (an IP address or a DNS name) for config and API devices; else the address. */
  readonly declaredAddress: string;
  readonly origin: DeviceOrigin;
  readonly vendor: string;
  readonly model: string;
  readonly os: string;
  readonly presence: DevicePresence;
  /** Polled now (in the inventory's poll plans). */
  readonly polled: boolean;
  readonly tags: readonly Tag[];
  readonly externalTags: readonly Tag[];
  /** Operator's note (POST/PUT devices). */
  readonly comment: string;
  readonly interfaces: number;
  readonly discoveredAtMs: number;
}

/** A device added by the API (POST devices/): probed now; polled once it answers. */
export interface DeviceAdd {
  /** IP address or DNS name. */
  readonly address: string;
  readonly name?: string;
  readonly comment?: string;
  /** Tags added to the discovered ones (`Facet.Word`). */
  readonly tags?: readonly Tag[];
  /** An SNMP community to try first for this device (v2c). */
  readonly community?: string;
  readonly port?: number;
}

export interface DevicePatch {
  readonly name?: string;
  readonly comment?: string;
  readonly tags?: readonly Tag[];
  /** Change the address it is polled at (re-probed at once). */
  readonly address?: string;
  /**
   * The SNMP v2c community tried first for this device (re-probed at once); null drops the device's
   * own community (the network's are tried). Write-only: no answer ever carries it.
   */
  readonly community?: string | null;
}

/**
 * One test poll of an address (the onboarding's "test"): the credentials to try, or none for the
 * network's (those a device at the address would be probed with). Never stored.
 */
export interface AgentTest {
  readonly address: string;
  readonly port?: number;
  /** A v2c community to try alone. */
  readonly community?: string;
  /** The name of one of the network's SNMPv3 users (config `snmp.v3Users`) to try alone. */
  readonly v3User?: string;
}

/** What a test poll got: the system group and the profile that would match, or why not. */
export type AgentTestResult =
  | {
    readonly answered: true; readonly address: string; readonly port: number;
    /** `2c` or `3`, and which credential answered, named without its secret (`community 1 of 2`, `v3 user ops`). */
    readonly version: '2c' | '3'; readonly credential: string;
    readonly sysName: string; readonly sysObjectID: string; readonly sysDescr: string;
    /** The device profile discovery would choose (null: none matches), and what it says of the device. */
    readonly profile: string | null; readonly vendor: string; readonly model: string; readonly os: string;
    readonly tookMs: number;
  }
  | {
    readonly answered: false; readonly address: string; readonly port: number;
    /** The last error text, its kind, and the kind in words (as a device's poll state says them). */
    readonly reason: string; readonly reasonKind: FailureKind; readonly reasonText: string;
    readonly tookMs: number;
  };

/** An address or CIDR range discovery never probes (and a device at it is not polled). */
export interface BlockedAddress {
  readonly id: number;
  /** IP address or CIDR (`10.1.2.0/24`). */
  readonly address: string;
  readonly comment: string;
  readonly createdAtMs: number;
  readonly user: string;
  /** `api` (blocked through the API; may be changed or removed) or `config` (networks[].blocked; read-only). */
  readonly origin: 'api' | 'config';
}

export interface BlockedAdd {
  readonly address: string;
  readonly comment?: string;
}

/** What the submission queue holds (GET svc/discovery/net/:netid/queue). */
export interface DiscoveryQueue {
  readonly paused: boolean;
  /** Addresses being probed now. */
  readonly running: readonly QueuedAddress[];
  /** Addresses waiting, oldest first (at most the asked limit). */
  readonly queued: readonly QueuedAddress[];
  /** How many are waiting in all. */
  readonly total: number;
}

export interface QueuedAddress {
  readonly address: string;
  readonly taskId: number;
  readonly queuedAtMs: number;
  /** `api` (submit or POST devices), `neighbour` (found through a neighbour of a submitted device). */
  readonly reason: string;
}

/** Which device an external-tag call is about: exactly one of the three. */
export type DeviceKey = { readonly id: number } | { readonly name: string } | { readonly address: string };

export interface ExternalTags {
  readonly deviceId: number;
  readonly name: string;
  readonly address: string;
  readonly tags: readonly Tag[];
}

export interface RemoveResult {
  readonly removed: readonly number[];
  /** Ids that name nothing (nothing else was changed for them). */
  readonly unknown: readonly number[];
}

/**
 * A network's SNMP credentials in force, without a secret (GET /v2/admin/net/:netid/snmp): the
 * config file's, and those administrators added through the API (the overlay, stored in the
 * metadata store), each named by where it comes from and its index in that list or its name.
 */
export interface SnmpCredentialsView {
  readonly network: number;
  /** The v2c communities in the order they are tried: the overlay's first, then the file's not among them. */
  readonly communities: readonly { readonly source: 'ui' | 'file'; readonly index: number }[];
  /** The v3 users in force: the overlay's, then the file's whose name none of them has. */
  readonly v3Users: readonly SnmpV3UserView[];
  /** Who last changed the overlay, and when (null: never). */
  readonly updatedBy: string | null;
  readonly updatedAtMs: number | null;
}

export interface SnmpV3UserView {
  readonly name: string;
  readonly level: SnmpV3User['level'];
  readonly authProtocol: SnmpV3User['authProtocol'];
  readonly privProtocol: SnmpV3User['privProtocol'];
  readonly source: 'ui' | 'file';
  /** An overlay user named as one of the file's: it replaces that one. */
  readonly replacesFile: boolean;
}

/**
 * The new overlay of a network's SNMP credentials (PUT /v2/admin/net/:netid/snmp), whole: each
 * entry keeps one the overlay holds (its secret unchanged and unsent) or gives a new one.
 */
export interface SnmpCredentialsChange {
  /** `{ keep: i }`: the overlay's community of index i; `{ community }`: a new one. */
  readonly communities: readonly ({ readonly keep: number } | { readonly community: string })[];
  /** `{ name, keep: true }`: the overlay's user of that name; else a whole user with its keys. */
  readonly v3Users: readonly ({ readonly name: string; readonly keep: true } | SnmpV3User)[];
}

export interface DevicesPort {
  /** Every device of the inventory (polled, unreachable, added and not yet answered), by id. */
  list(netId: number): readonly ManagedDevice[];
  /** Undefined for an unknown id. */
  get(netId: number, deviceId: number): ManagedDevice | undefined;
  /**
   * Adds a device by address: queued for a probe at once (a submission task). Throws BAD_PARAMETER
   * for an address that is neither an IP address nor a DNS name, BLOCKED_ADDRESS for a blocked one,
   * CONFLICT when a device of the inventory already has this address (its id in the message).
   */
  add(netId: number, d: DeviceAdd, user: string): Promise<{ readonly task: TaskInfo }>;
  /** Throws UNKNOWN_DEVICE. */
  update(netId: number, deviceId: number, patch: DevicePatch, user: string): Promise<ManagedDevice>;
  /**
   * Removes devices from the inventory (no longer polled; series kept and readable). A removed
   * device that discovery finds again comes back with its id, unless its address is blocked.
   */
  remove(netId: number, ids: readonly number[], user: string): Promise<RemoveResult>;
  /**
   * Polls an address once (sysName, sysObjectID, sysDescr; no retries) with the given credentials or
   * the network's, and says what answered or why not. Changes nothing. Throws BAD_PARAMETER for an
   * address that is neither an IP address nor a DNS name or an unknown v3 user.
   */
  test(netId: number, t: AgentTest): Promise<AgentTestResult>;

  blocked(netId: number): readonly BlockedAddress[];
  /** Throws BAD_PARAMETER for a malformed address or range. A device of the inventory at a blocked address stops being polled. */
  block(netId: number, b: BlockedAdd, user: string): Promise<BlockedAddress>;
  /** Throws UNKNOWN_BLOCK for an unknown id, READ_ONLY for a config entry. */
  updateBlock(netId: number, id: number, b: BlockedAdd, user: string): Promise<BlockedAddress>;
  unblock(netId: number, ids: readonly number[], user: string): Promise<RemoveResult>;

  /** Incremental discovery: probe one address now (BAD_PARAMETER / BLOCKED_ADDRESS as `add`). */
  submit(netId: number, address: string, user: string): Promise<TaskInfo>;
  queue(netId: number, limit: number): DiscoveryQueue;
  /** Snapshots the inventory as a new generation now (a task; resolves when it is saved). */
  newGeneration(netId: number, user: string): Promise<TaskInfo>;
  // Throws CONFLICT less than the network's discoveryMinInterval after the last incremental generation (the message says when).
  /** Pauses the submission queue and scheduled discovery (probes in flight finish); idempotent. */
  pause(netId: number, user: string): DiscoveryQueue;
  resume(netId: number, user: string): DiscoveryQueue;

  /** Throws UNKNOWN_DEVICE when the key names no device of the inventory. */
  externalTags(netId: number, key: DeviceKey): ExternalTags;
  /**
   * Sets a device's external tags: `replace` (the default) makes them exactly `tags`, `add` adds,
   * `remove` removes. Persisted; visible in SvcQL, the catalog and matching rules at once.
   * Throws UNKNOWN_DEVICE, BAD_PARAMETER for a tag that is not `Facet.Word`.
   */
  setExternalTags(netId: number, key: DeviceKey, tags: readonly Tag[], mode: 'replace' | 'add' | 'remove', user: string): Promise<ExternalTags>;

  /** The network's SNMP credentials in force, named, without a secret. */
  snmpCredentials(netId: number): SnmpCredentialsView;
  /**
   * Replaces the network's overlay of SNMP credentials (stored; the config file's stay as they
   * are): the network is planned again with them, its devices that never answered are probed again,
   * and the next discovery uses them. Throws BAD_PARAMETER for a malformed entry (the message names
   * the entry, never a secret).
   */
  setSnmpCredentials(netId: number, change: SnmpCredentialsChange, user: string): Promise<SnmpCredentialsView>;
}
