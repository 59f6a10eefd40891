/** Domain types shared by every layer. Plain data: no behaviour, no third-party types. */

/** A tag is `<Facet>.<Word>`, e.g. `Vendor.Cisco`. */
export type Tag = string;

type VariableType = 'gauge' | 'counter' | 'enum';
/** `component`: a hardware component or sensor of the device (index = its entPhysicalIndex or sensor index). */
type VariableScope = 'device' | 'interface' | 'component';

/** An interface as discovery saw it (ifTable + ifXTable + ipAddrTable). */
export interface Interface {
  readonly index: number;          // ifIndex
  readonly name: string;           // ifName, else ifDescr
  readonly descr: string;          // ifDescr
  readonly alias: string;          // ifAlias
  readonly type: number;           // ifType
  readonly speedBps: number;       // ifHighSpeed × 1e6, else ifSpeed
  readonly adminStatus: number;    // 1 up, 2 down, 3 testing
  readonly operStatus: number;
  readonly mac: string;            // aa:bb:cc:dd:ee:ff, '' when none
  readonly addresses: readonly string[];
  readonly tags: readonly Tag[];
  /**
   * Which octet counters poll this interface: 64 when the interface answered its ifHC* columns at
   * discovery, else 32. Chosen per interface (a device may have HC counters on some ports only).
   * Absent in generations stored by earlier versions: read PollCaps.hc (the device-wide choice).
   */
  readonly counterBits?: 32 | 64;
}

/** A hardware component from ENTITY-MIB entPhysicalTable. */
export interface Component {
  readonly index: number;          // entPhysicalIndex
  readonly descr: string;
  readonly name: string;
  readonly class: number;          // entPhysicalClass (3 chassis, 9 module, 10 port, …)
  readonly containedIn: number;
  readonly serial: string;
  readonly model: string;
  readonly softwareRev: string;
  readonly mfgName: string;
}

/** What a sensor measures (ENTITY-SENSOR-MIB entPhySensorType, or a vendor table named by a profile). */
export type SensorKind = 'temperature' | 'voltage' | 'current' | 'power' | 'fanSpeed' | 'fanState' | 'psuState' | 'opticalPower' | 'humidity' | 'other';

/**
 * A sensor found at discovery and polled as the component variable `sensorValue` (scope
 * 'component', index = the sensor's `index`). ENTITY-SENSOR sensors use their entPhysicalIndex;
 * vendor tables (e.g. CISCO-ENVMON) are given an index by their profile.
 */
export interface Sensor {
  readonly index: number;
  readonly kind: SensorKind;
  readonly name: string;
  /** Unit of the polled value after scaling: C, V, A, W, rpm, dBm, %, or '' (states). */
  readonly unit: string;
  /** The OID polled (a full instance OID) and the factor that turns its raw integer into `unit`. */
  readonly oid: string;
  readonly scale: number;
}

/** A table whose walk failed or timed out during a device's discovery: that part of the record is empty. */
export interface TableError {
  /** The part: `interfaces`, `addresses`, `lldp`, `cdp`, `entity`, `hostResources`, `sensors`, `cpu`, `memory`, … */
  readonly table: string;
  readonly error: string;
}

/** How a device came to be monitored. */
export type DeviceOrigin = 'discovered' | 'config' | 'api';

/**
 * Whether the device answered the discovery that made this record. A device known before and not
 * answering now stays in the generation with its last answered record (`answered` false) until it
 * has been unreachable for the network's `forgetUnreachableAfter` (config and API devices: until
 * removed).
 */
export interface DevicePresence {
  readonly answered: boolean;
  /** The last discovery probe it answered (ms since the epoch). */
  readonly lastAnsweredMs: number;
  /** The first unanswered probe of the current run of them, or null while it answers. */
  readonly unreachableSinceMs: number | null;
}

/** An LLDP/CDP neighbour entry read from one device, before links are resolved. */
export interface Neighbor {
  readonly localIfIndex: number;   // 0 when the local port could not be mapped to an ifIndex
  readonly localPort: string;
  readonly remoteChassisId: string;
  readonly remoteSysName: string;
  readonly remotePortId: string;
  readonly remotePortIdSubtype: number; // LLDP PortIdSubtype: 3 MAC, 5 ifName, 7 local, …
  readonly remotePortDescr: string;
  readonly remoteManagementAddresses: readonly string[];
  readonly protocol: 'lldp' | 'cdp';
  /** CDP cdpCachePlatform (e.g. `cisco WS-C2960X-24PD-L`); '' for LLDP. */
  readonly remotePlatform?: string;
}

/** What a device answered during discovery that decides how it is polled. Never shown by the API. */
export interface PollCaps {
  readonly version: '2c' | '3';
  readonly community: string;      // v2c
  readonly v3User: string;         // v3: the configured user's name
  readonly hc: boolean;            // ifXTable HC counters answered
  readonly hrProcessor: boolean;   // HOST-RESOURCES hrProcessorLoad rows
  readonly ucdCpu: boolean;        // UCD-SNMP ssCpuRaw* counters
  readonly ucdMem: boolean;        // UCD-SNMP memTotalReal/memAvailReal
  readonly hrRamIndex: number;     // hrStorage row of type hrStorageRam, 0 when none
  /**
   * CPU and memory as the device's profile found them (the first source of the profile's list that
   * answered). Absent in generations stored by earlier versions: the flags above decide.
   */
  readonly cpu?: MetricSource | null;
  readonly mem?: MetricSource | null;
}

/**
 * Where a device-level percentage comes from (a profile's `cpu:` or `memory:` entry, after discovery
 * checked that it answers). Columns are walked; the value is over every row of the walk.
 * - `columnAvg`: the mean of a column's rows × scale (hrProcessorLoad, cpmCPUTotal5minRev).
 * - `scalar`: one OID × scale (HP hpSwitchCpuStat).
 * - `ucdCpu`: UCD-SNMP ssCpuRaw* ticks (busy share between two polls).
 * - `usedFree`: 100 × Σused / (Σused + Σfree) over two columns (CISCO-MEMORY-POOL, CISCO-ENHANCED-MEMPOOL).
 * - `sizeUsed`: 100 × Σused / Σsize over two columns (HP hpLocalMem), or used / size of two instance
 *   OIDs when `instance` (the hrStorage RAM row).
 * - `totalAvail`: 100 × (total − avail) / total of two scalars (UCD memTotalReal / memAvailReal);
 *   with `buffers` and `cached` (UCD memBuffer / memCached, present when they answered at
 *   discovery; absent in generations stored before them), 100 × max(0, total − avail − buffers −
 *   cached) / total: used memory as Linux `free` counts it.
 */
export type MetricSource =
  | { readonly kind: 'columnAvg'; readonly column: string; readonly scale: number }
  | { readonly kind: 'scalar'; readonly oid: string; readonly scale: number }
  | { readonly kind: 'ucdCpu' }
  | { readonly kind: 'usedFree'; readonly used: string; readonly free: string }
  | { readonly kind: 'sizeUsed'; readonly size: string; readonly used: string; /** true: `size` and `used` are instance OIDs (GET), not columns. */ readonly instance?: boolean }
  | { readonly kind: 'totalAvail'; readonly total: string; readonly avail: string; readonly buffers?: string; readonly cached?: string };

/** A row of an operator table variable's column (Device.variableRows). */
export interface VariableRow {
  readonly index: number;
  readonly name: string;
}

export interface Device {
  readonly id: number;             // stable across generations
  readonly name: string;           // sysName, else address
  readonly address: string;        // management address used for polling
  readonly snmpPort: number;
  readonly sysObjectID: string;
  readonly sysDescr: string;       // "boxDescr"
  readonly sysContact: string;
  readonly sysLocation: string;
  readonly sysUpTimeCs: number;
  readonly chassisId: string;      // lldpLocChassisId, '' when none
  readonly vendor: string;
  readonly model: string;
  readonly serialNumber: string;
  readonly softwareRev: string;
  readonly tags: readonly Tag[];
  readonly interfaces: readonly Interface[];
  readonly components: readonly Component[];
  readonly neighbors: readonly Neighbor[];
  readonly discoveredAtMs: number;
  readonly poll: PollCaps;
  /** Operating system family named by the matching profile (`IOS`, `JunOS`, `Linux`…), '' when unknown. */
  readonly os?: string;
  /** The name of the profile that matched (profiles/*.yaml), '' for none. */
  readonly profile?: string;
  readonly sensors?: readonly Sensor[];
  /** Tables that failed or timed out during this device's discovery (empty: every walk answered). */
  readonly tableErrors?: readonly TableError[];
  /**
   * The rows discovery found for the operator's `table` variables (config `variables.snmp`, index
   * `table`) that select this device: by the variable's column OID, each row's index (the OID's last
   * arc) and name (its `nameOid` cell, else the index as text). Absent: none read.
   */
  readonly variableRows?: Readonly<Record<string, readonly VariableRow[]>>;
  /** Absent in generations stored by earlier versions: 'discovered'. */
  readonly origin?: DeviceOrigin;
  /** Absent in generations stored by earlier versions: answered at discoveredAtMs. */
  readonly presence?: DevicePresence;
  /** Tags attached by an external system (POST /v2/tags/net/:netid/external); also in `tags`. */
  readonly externalTags?: readonly Tag[];
}

export interface LinkEnd {
  readonly deviceId: number;
  readonly ifIndex: number;
  readonly ifName: string;
}

/** An undirected link; `a` has the smaller (deviceId, ifIndex). */
export interface Link {
  readonly a: LinkEnd;
  readonly b: LinkEnd;
  /** The first protocol that described it. */
  readonly protocol: 'lldp' | 'cdp';
  /** Every protocol that described it (both when LLDP and CDP name the same link). Absent in older records. */
  readonly protocols?: readonly ('lldp' | 'cdp')[];
}

/** A neighbour entry that names no polled device (a phone, an unmanaged switch, a device out of range). */
export interface ExternalNeighbor {
  readonly deviceId: number;
  readonly ifIndex: number;
  readonly ifName: string;
  readonly protocol: 'lldp' | 'cdp';
  readonly remoteName: string;
  readonly remoteChassisId: string;
  readonly remotePort: string;
  readonly remotePlatform: string;
  readonly remoteManagementAddresses: readonly string[];
}

type GenerationStatus = 'running' | 'completed' | 'failed';

export interface Generation {
  readonly networkId: number;
  readonly number: number;
  readonly status: GenerationStatus;
  readonly startedAtMs: number;
  readonly completedAtMs: number | null;
  readonly devices: readonly Device[];
  readonly links: readonly Link[];
  readonly errors: readonly string[];
  /** Neighbours that are not polled devices. Absent in older records. */
  readonly externalNeighbors?: readonly ExternalNeighbor[];
  /** `full`: a discovery run; `incremental`: a snapshot of the inventory after submissions or new_generation. Absent: full. */
  readonly kind?: 'full' | 'incremental';
}

/** A monitoring variable definition (config or built-in). */
export interface VariableDef {
  readonly name: string;
  readonly description: string;
  readonly unit: string;
  readonly category: string;
  readonly type: VariableType;
  readonly scope: VariableScope;
}

/** One variable instance (a triplet) with its storage slot. */
export interface VariableInstance {
  readonly slot: number;           // index into the ring buffer and the series store
  readonly name: string;
  readonly deviceId: number;
  readonly index: number;          // component index: ifIndex, or 0 for device-level
  readonly deviceName: string;
  readonly componentName: string;  // ifName, or '' for device-level
  readonly description: string;
  readonly unit: string;
  readonly category: string;
  readonly tags: readonly Tag[];
}

/** A series read back from the store: parallel arrays, ascending time, gaps omitted. */
export interface SeriesPoints {
  readonly tsMs: Float64Array;
  readonly values: Float64Array;
}
