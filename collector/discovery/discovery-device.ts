import type { Device, MetricSource, PollCaps, Sensor } from '../../core/types.js';
import { agentBounds, type DeviceSnmpOverride, type NetworkConfig } from '../../core/config-schema.js';
import type { Logger } from '../../core/logger.js';
import { TimeSlice } from '../../core/time-slice.js';
import type { SnmpTarget, Varbind } from '../../snmp/types.js';
import { isException } from '../../snmp/types.js';
import type { WorkerPool } from '../pool.js';
import { OID } from '../oids.js';
import { idText, num, text } from './snmp-values.js';
import { builtinProfileSet, type ProfileSet } from './profiles.js';
import { TableReader } from './probe-tables.js';
import { IF_TABLE_COLUMNS, IF_X_COLUMNS, readInterfacesSteps } from './probe-interfaces.js';
import { chassisOf, ENTITY_COLUMNS, readComponents } from './probe-entity.js';
import { LLDP_COLUMNS, readLldpNeighbors } from './probe-lldp.js';
import { CDP_COLUMNS, readCdpNeighbors } from './probe-cdp.js';
import { ENTITY_SENSOR_COLUMNS, readEntitySensors, readTableSensors } from './probe-sensors.js';
import { chooseSources } from './probe-metrics.js';
import { identify } from './probe-identity.js';
import { readVariableRows, type OperatorVariables } from '../inventory/operator-vars.js';
import { pollBound } from '../polling/plan-build.js';

/** A device as one probe read it, before it has an id. */
export type ProbedDevice = Omit<Device, 'id'>;

type ProbeResult =
  | { readonly ok: true; readonly device: ProbedDevice }
  | { readonly ok: false; readonly address: string; readonly error: string };

/** What a probe may be given beside the address: the profiles to choose from and where to log. */
interface ProbeOptions {
  /** Default: the built-in profiles (the repo's `profiles/`). */
  readonly profiles?: ProfileSet;
  /** Failed table reads are logged at debug here, naming the device and the table. */
  readonly logger?: Logger;
  /**
   * The operator's SNMP variables: the columns (and name columns) of the `table` ones whose `devices`
   * rule selects the probed record are walked, their rows kept in Device.variableRows.
   */
  readonly variables?: OperatorVariables;
}

const SCALARS = [OID.sysDescr, OID.sysObjectID, OID.sysUpTime, OID.sysContact, OID.sysName, OID.sysLocation,
  OID.lldpLocChassisId];

/**
 * The SNMP targets to try for an address, in config order: communities first, then v3 users. A
 * declared device's `override` replaces the port, timeouts and (when it names them) the credentials.
 */
function candidateTargets(address: string, net: NetworkConfig, override: DeviceSnmpOverride = {}): SnmpTarget[] {
  const base = {
    address, port: override.port ?? net.snmp.port, timeoutMs: override.timeoutMs ?? net.snmp.timeoutMs,
    retries: override.retries ?? net.snmp.retries, maxRepetitions: override.maxRepetitions ?? net.snmp.maxRepetitions,
  };
  const own = override.communities !== undefined || override.v3User !== undefined;
  const listed = own ? override.communities ?? [] : net.snmp.communities;
  const first = override.firstCommunities ?? [];
  const communities = [...first, ...listed.filter((c) => !first.includes(c))];
  const users = own ? net.snmp.v3Users.filter((u) => u.name === override.v3User) : net.snmp.v3Users;
  return [
    ...communities.map((community) => ({ ...base, version: '2c' as const, community })),
    ...users.map((user) => ({ ...base, version: '3' as const, user })),
  ];
}

/**
 * Reads one device. Only the system group is required (the first candidate target answering
 * sysObjectID is the device's); every other read is optional: one that fails or times out leaves its
 * part empty and is listed in the record's `tableErrors` (probe-tables.ts), and the device is still
 * returned. The profile matching sysObjectID and sysDescr (profiles.ts) decides vendor, OS, model,
 * the CPU and memory sources tried and the sensor tables read. Failures are returned, not thrown.
 */
export async function probeDevice(pool: WorkerPool, address: string, net: NetworkConfig, nowMs: () => number, override?: DeviceSnmpOverride, opts: ProbeOptions = {}): Promise<ProbeResult> {
  let target: SnmpTarget | null = null;
  let sys: Varbind[] = [];
  let lastError = 'no credentials configured';
  for (const t of candidateTargets(address, net, override)) {
    const r = await pool.run({ kind: 'get', target: t, oids: SCALARS });
    if (r.ok && r.varbinds.some((vb) => vb.oid === OID.sysObjectID && !isException(vb))) { target = t; sys = r.varbinds; break; }
    lastError = r.ok ? 'no system group' : r.error;
  }
  if (!target) return { ok: false, address, error: lastError };

  const s = new Map(sys.map((vb) => [vb.oid, vb]));
  const sysObjectID = text(s.get(OID.sysObjectID));
  const sysDescr = text(s.get(OID.sysDescr));
  const profile = (opts.profiles ?? builtinProfileSet()).match(sysObjectID, sysDescr);
  const read = new TableReader(pool, target, opts.logger, agentBounds(net.snmp));
  const sensorTables = profile?.sensors.tables ?? [];

  const sensorColumns = [...(profile?.sensors.entitySensor === false ? [] : ENTITY_SENSOR_COLUMNS), ...sensorTables.flatMap((st) => [st.name, st.value])];
  const [[ifRows, ifXRows], ips, lldp, cdp, ent, sensorRows, { cpu, mem }] = await Promise.all([
    read.walkParts([{ table: 'interfaces', columns: IF_TABLE_COLUMNS }, { table: 'ifXTable', columns: IF_X_COLUMNS }]),
    read.walk('addresses', [OID.ipAdEntIfIndex]),
    read.walk('lldp', LLDP_COLUMNS), read.walk('cdp', CDP_COLUMNS), read.walk('entity', ENTITY_COLUMNS),
    read.walk('sensors', [...new Set(sensorColumns)]),
    chooseSources(read, profile?.cpu ?? [], profile?.memory ?? []),
  ]);

  // In slices of PROBE_SLICE_MS: a device of 10,000 interfaces held the thread ~0.25 s here (bench/discovery/huge-table).
  const interfaces = await new TimeSlice(PROBE_SLICE_MS).run(readInterfacesSteps([...ifRows!, ...ifXRows!], ips));
  const components = readComponents(ent);
  const neighbors = [...readLldpNeighbors(lldp, interfaces), ...readCdpNeighbors(cdp, interfaces)];
  const sensors: Sensor[] = [...readEntitySensors(sensorRows, components), ...sensorTables.flatMap((st) => readTableSensors(sensorRows, st))];
  const chassis = chassisOf(components);
  const id = identify(profile, sysObjectID, sysDescr, chassis);
  const localChassis = s.get(OID.lldpLocChassisId);
  const device: ProbedDevice = {
    name: text(s.get(OID.sysName)) || address, address, snmpPort: target.port, sysObjectID, sysDescr,
    sysContact: text(s.get(OID.sysContact)), sysLocation: text(s.get(OID.sysLocation)),
    sysUpTimeCs: num(s.get(OID.sysUpTime)) || 0,
    chassisId: localChassis && !isException(localChassis) ? idText(localChassis) : '',
    vendor: id.vendor, model: id.model, serialNumber: chassis?.serial ?? '', softwareRev: chassis?.softwareRev ?? '',
    tags: id.tags, interfaces, components, neighbors, discoveredAtMs: nowMs(),
    poll: pollCaps(target, interfaces.some((i) => i.counterBits === 64), cpu, mem),
    os: id.os, profile: id.profile, sensors, tableErrors: read.errors,
  };
  const operator = opts.variables?.forDevice(device) ?? [];
  const tableVars = operator.filter((v) => v.index === 'table');
  if (tableVars.length === 0) return { ok: true, device: withPollBound(device, net, operator, read) };
  // After the record is made: the `devices` rules read its vendor, model and tags.
  const cells = await read.walk('variables', opts.variables!.tableColumns(device));
  return { ok: true, device: withPollBound({ ...device, variableRows: readVariableRows(tableVars, cells), tableErrors: read.errors }, net, operator, read) };
}

/** The record with, in its tableErrors, what its polls will leave out (plan-build.ts pollBound), if anything. */
function withPollBound(device: ProbedDevice, net: NetworkConfig, operator: Parameters<typeof pollBound>[2], read: TableReader): ProbedDevice {
  const { reason } = pollBound(device, net, operator);
  if (reason === '') return device;
  read.note('polling', reason);
  return { ...device, tableErrors: read.errors };
}

/** PollCaps with the chosen sources, and the flags earlier versions read set to agree with them. */
function pollCaps(target: SnmpTarget, hc: boolean, cpu: MetricSource | null, mem: MetricSource | null): PollCaps {
  return {
    version: target.version, community: target.community ?? '', v3User: target.user?.name ?? '', hc,
    hrProcessor: cpu?.kind === 'columnAvg' && cpu.column === OID.hrProcessorLoad,
    ucdCpu: cpu?.kind === 'ucdCpu',
    ucdMem: mem?.kind === 'totalAvail' && mem.total === OID.memTotalReal && mem.avail === OID.memAvailReal,
    hrRamIndex: mem?.kind === 'sizeUsed' && mem.instance === true && mem.size.startsWith(OID.hrStorageSize + '.') ? Number(mem.size.slice(OID.hrStorageSize.length + 1)) : 0,
    cpu, mem,
  };
}

/** The longest a probe's reading of a device's rows runs before it lets other work run. */
const PROBE_SLICE_MS = 15;
