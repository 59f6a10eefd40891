import type { DeviceSnmpOverride, NetworkConfig } from '../../core/config-schema.js';
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

/**
 * The device an entry that never answered is listed and polled as (its `presence.answered` false,
 * `discoveredAtMs` 0): named as the operator named it (else its address), no interfaces, polled
 * for `sysUpTime` with the first credentials it would be probed with (its own community or v3 user,
 * else the network's first), so that it is on the maps, in the generation, and its `reachable` is
 * written every cycle (0 until it answers: the built-in deviceUnreachable alert). A poll that
 * answers has it probed again, which makes its real record. `address`: where it is polled (what
 * its declared DNS name last resolved to; the declared address by default).
 */
export function placeholderOf(e: RegistryEntry, net: NetworkConfig, address: string = e.declaredAddress): Device {
  const o = e.snmp ?? {};
  const communities = [...(o.firstCommunities ?? []), ...(o.communities ?? (o.v3User !== undefined ? [] : net.snmp.communities))];
  const v3User = o.v3User ?? (o.communities !== undefined ? undefined : net.snmp.v3Users[0]?.name);
  const v3 = communities.length === 0 && v3User !== undefined;
  return {
    id: e.id, name: e.name || e.declaredAddress, address, snmpPort: o.port ?? net.snmp.port,
    sysObjectID: '', sysDescr: '', sysContact: '', sysLocation: '', sysUpTimeCs: 0, chassisId: '', vendor: '', model: '',
    serialNumber: '', softwareRev: '', tags: unionTags(e.tags, e.externalTags), interfaces: [], components: [], neighbors: [],
    discoveredAtMs: 0,
    poll: {
      version: v3 ? '3' : '2c', community: v3 ? '' : communities[0] ?? '', v3User: v3 ? v3User : '', hc: false,
      hrProcessor: false, ucdCpu: false, ucdMem: false, hrRamIndex: 0, cpu: null, mem: null,
    },
    os: '', profile: '', sensors: [], externalTags: e.externalTags, origin: e.origin, presence: e.presence,
  };
}

/** Whether a device is an entry's placeholder (never answered: no discovery record). */
export const isPlaceholder = (d: Device): boolean => d.discoveredAtMs === 0 && d.presence?.answered === false && d.sysObjectID === '';
