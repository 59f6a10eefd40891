/** Domain types shared by every layer. Plain data: no behaviour, no third-party types. */

/** A tag is `<Facet>.<Word>`, e.g. `Vendor.Cisco`. */
export type Tag = string;

export type VariableType = 'gauge' | 'counter' | 'enum';
export type VariableScope = 'device' | 'interface';

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
  readonly protocol: 'lldp' | 'cdp';
}

export type GenerationStatus = 'running' | 'completed' | 'failed';

export interface Generation {
  readonly networkId: number;
  readonly number: number;
  readonly status: GenerationStatus;
  readonly startedAtMs: number;
  readonly completedAtMs: number | null;
  readonly devices: readonly Device[];
  readonly links: readonly Link[];
  readonly errors: readonly string[];
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
