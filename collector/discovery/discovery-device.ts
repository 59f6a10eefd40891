import type { Component, Device, Interface, Neighbor, PollCaps } from '../../core/types.js';
import type { DeviceSnmpOverride, NetworkConfig } from '../../core/config-schema.js';
import type { SnmpTarget, Varbind } from '../../snmp/types.js';
import { isException } from '../../snmp/types.js';
import type { WorkerPool } from '../pool.js';
import { OID } from '../oids.js';
import { idText, mac, macOfBytes, num, rowsOf, text } from './snmp-values.js';
import { tagWord, vendorOf } from './vendors.js';

/** A device as one probe read it, before it has an id. */
export type ProbedDevice = Omit<Device, 'id'>;

export type ProbeResult =
  | { readonly ok: true; readonly device: ProbedDevice }
  | { readonly ok: false; readonly address: string; readonly error: string };

const IF_COLUMNS = [OID.ifDescr, OID.ifType, OID.ifSpeed, OID.ifPhysAddress, OID.ifAdminStatus, OID.ifOperStatus,
  OID.ifName, OID.ifHighSpeed, OID.ifAlias, OID.ifHCInOctets];
const LLDP_COLUMNS = [OID.lldpLocPortIdSubtype, OID.lldpLocPortId, OID.lldpLocPortDesc,
  OID.lldpRemChassisIdSubtype, OID.lldpRemChassisId, OID.lldpRemPortIdSubtype, OID.lldpRemPortId, OID.lldpRemPortDesc,
  OID.lldpRemSysName, OID.lldpRemManAddrIfSubtype];
const ENTITY_COLUMNS = [OID.entPhysicalDescr, OID.entPhysicalContainedIn, OID.entPhysicalClass, OID.entPhysicalName,
  OID.entPhysicalSoftwareRev, OID.entPhysicalSerialNum, OID.entPhysicalMfgName, OID.entPhysicalModelName];
const SCALARS = [OID.sysDescr, OID.sysObjectID, OID.sysUpTime, OID.sysContact, OID.sysName, OID.sysLocation,
  OID.lldpLocChassisId];
const PROBE_SCALARS = [OID.memTotalReal, OID.memAvailReal, OID.ssCpuRawIdle];

/**
 * The SNMP targets to try for an address, in config order: communities first, then v3 users. A
 * declared device's `override` replaces the port, timeouts and (when it names them) the credentials.
 */
export function candidateTargets(address: string, net: NetworkConfig, override: DeviceSnmpOverride = {}): SnmpTarget[] {
  const base = {
    address, port: override.port ?? net.snmp.port, timeoutMs: override.timeoutMs ?? net.snmp.timeoutMs,
    retries: override.retries ?? net.snmp.retries, maxRepetitions: override.maxRepetitions ?? net.snmp.maxRepetitions,
  };
  const own = override.communities !== undefined || override.v3User !== undefined;
  const communities = own ? override.communities ?? [] : net.snmp.communities;
  const users = own ? net.snmp.v3Users.filter((u) => u.name === override.v3User) : net.snmp.v3Users;
  return [
    ...communities.map((community) => ({ ...base, version: '2c' as const, community })),
    ...users.map((user) => ({ ...base, version: '3' as const, user })),
  ];
}

/** Reads one device completely. Failures are returned, not thrown. */
export async function probeDevice(pool: WorkerPool, address: string, net: NetworkConfig, nowMs: () => number, override?: DeviceSnmpOverride): Promise<ProbeResult> {
  let target: SnmpTarget | null = null;
  let sys: Varbind[] = [];
  let lastError = 'no credentials configured';
  for (const t of candidateTargets(address, net, override)) {
    const r = await pool.run({ kind: 'get', target: t, oids: SCALARS });
    if (r.ok && r.varbinds.some((vb) => vb.oid === OID.sysObjectID && !isException(vb))) { target = t; sys = r.varbinds; break; }
    lastError = r.ok ? 'no system group' : r.error;
  }
  if (!target) return { ok: false, address, error: lastError };

  const walk = async (columns: string[]): Promise<Varbind[]> => {
    const r = await pool.run({ kind: 'walk', target: target!, columns });
    if (!r.ok) throw new Error(r.error);
    return r.varbinds;
  };
  try {
    const [ifs, ips, lldp, ent, hr, probes] = await Promise.all([
      walk(IF_COLUMNS), walk([OID.ipAdEntIfIndex]), walk(LLDP_COLUMNS), walk(ENTITY_COLUMNS),
      walk([OID.hrProcessorLoad, OID.hrStorageType]),
      pool.run({ kind: 'get', target, oids: PROBE_SCALARS }),
    ]);
    const s = new Map(sys.map((vb) => [vb.oid, vb]));
    const interfaces = readInterfaces(ifs, ips);
    const components = readComponents(ent);
    const neighbors = readNeighbors(lldp, interfaces);
    const probeVals = probes.ok ? new Map(probes.varbinds.map((vb) => [vb.oid, vb])) : new Map<string, Varbind>();
    const has = (oid: string) => { const vb = probeVals.get(oid); return vb !== undefined && !isException(vb); };
    const ramRow = [...rowsOf(hr, OID.hrStorageType)].find(([, vb]) => vb.value === OID.hrStorageRam);
    const poll: PollCaps = {
      version: target.version, community: target.community ?? '', v3User: target.user?.name ?? '',
      hc: rowsOf(ifs, OID.ifHCInOctets).size > 0,
      hrProcessor: rowsOf(hr, OID.hrProcessorLoad).size > 0,
      ucdCpu: has(OID.ssCpuRawIdle),
      ucdMem: has(OID.memTotalReal) && has(OID.memAvailReal),
      hrRamIndex: ramRow ? Number(ramRow[0]) : 0,
    };
    const sysObjectID = text(s.get(OID.sysObjectID));
    const chassis = components.find((c) => c.class === 3) ?? components[0];
    const vendor = vendorOf(sysObjectID) || chassis?.mfgName || '';
    const model = chassis?.model ?? '';
    const tags = [vendor && `Vendor.${tagWord(vendor)}`, model && `Model.${tagWord(model)}`].filter(Boolean) as string[];
    const sysName = text(s.get(OID.sysName));
    const device: ProbedDevice = {
      name: sysName || address, address, snmpPort: target.port, sysObjectID,
      sysDescr: text(s.get(OID.sysDescr)), sysContact: text(s.get(OID.sysContact)), sysLocation: text(s.get(OID.sysLocation)),
      sysUpTimeCs: num(s.get(OID.sysUpTime)) || 0,
      chassisId: isException(s.get(OID.lldpLocChassisId) ?? { oid: '', type: 5, value: null }) ? '' : idText(s.get(OID.lldpLocChassisId)),
      vendor, model, serialNumber: chassis?.serial ?? '', softwareRev: chassis?.softwareRev ?? '',
      tags, interfaces, components, neighbors, discoveredAtMs: nowMs(), poll,
    };
    return { ok: true, device };
  } catch (e) {
    return { ok: false, address, error: (e as Error).message };
  }
}

function readInterfaces(ifs: Varbind[], ips: Varbind[]): Interface[] {
  const col = (c: string) => rowsOf(ifs, c);
  const descr = col(OID.ifDescr), type = col(OID.ifType), speed = col(OID.ifSpeed), phys = col(OID.ifPhysAddress),
    admin = col(OID.ifAdminStatus), oper = col(OID.ifOperStatus), name = col(OID.ifName), high = col(OID.ifHighSpeed),
    alias = col(OID.ifAlias);
  const addrs = new Map<number, string[]>();
  for (const [ip, vb] of rowsOf(ips, OID.ipAdEntIfIndex)) {
    const idx = num(vb);
    if (!addrs.has(idx)) addrs.set(idx, []);
    addrs.get(idx)!.push(ip);
  }
  const indexes = new Set([...descr.keys(), ...name.keys()].filter((k) => /^\d+$/.test(k)).map(Number));
  return [...indexes].sort((a, b) => a - b).map((index) => {
    const k = String(index);
    const hs = num(high.get(k));
    const d = text(descr.get(k));
    return {
      index, name: text(name.get(k)) || d, descr: d, alias: text(alias.get(k)), type: num(type.get(k)) || 0,
      speedBps: hs > 0 ? hs * 1e6 : num(speed.get(k)) || 0,
      adminStatus: num(admin.get(k)) || 0, operStatus: num(oper.get(k)) || 0, mac: mac(phys.get(k)),
      addresses: addrs.get(index) ?? [], tags: [],
    };
  });
}

function readComponents(ent: Varbind[]): Component[] {
  const col = (c: string) => rowsOf(ent, c);
  const descr = col(OID.entPhysicalDescr), contained = col(OID.entPhysicalContainedIn), cls = col(OID.entPhysicalClass),
    name = col(OID.entPhysicalName), sw = col(OID.entPhysicalSoftwareRev), serial = col(OID.entPhysicalSerialNum),
    mfg = col(OID.entPhysicalMfgName), model = col(OID.entPhysicalModelName);
  return [...descr.keys()].filter((k) => /^\d+$/.test(k)).map(Number).sort((a, b) => a - b).map((index) => {
    const k = String(index);
    return {
      index, descr: text(descr.get(k)), name: text(name.get(k)), class: num(cls.get(k)) || 0,
      containedIn: num(contained.get(k)) || 0, serial: text(serial.get(k)), model: text(model.get(k)),
      softwareRev: text(sw.get(k)), mfgName: text(mfg.get(k)),
    };
  });
}

/** LLDP neighbours; the local port is mapped to an ifIndex through lldpLocPortTable (by name or MAC, else by number). */
function readNeighbors(lldp: Varbind[], interfaces: Interface[]): Neighbor[] {
  const col = (c: string) => rowsOf(lldp, c);
  const locSub = col(OID.lldpLocPortIdSubtype), locId = col(OID.lldpLocPortId), locDesc = col(OID.lldpLocPortDesc);
  const chassis = col(OID.lldpRemChassisId), portSub = col(OID.lldpRemPortIdSubtype), portId = col(OID.lldpRemPortId),
    portDesc = col(OID.lldpRemPortDesc), sysName = col(OID.lldpRemSysName);
  const manAddrs = new Map<string, string[]>();
  for (const idx of col(OID.lldpRemManAddrIfSubtype).keys()) {
    const p = idx.split('.');
    if (p.length < 5) continue;
    const key = p.slice(0, 3).join('.');
    const subtype = Number(p[3]);
    let bytes = p.slice(4).map(Number);
    if (bytes.length === bytes[0] + 1) bytes = bytes.slice(1); // length-prefixed (non-IMPLIED) index
    let addr = '';
    if (subtype === 1 && bytes.length === 4) addr = bytes.join('.');
    else if (subtype === 2 && bytes.length === 16) addr = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16)).join(':');
    if (!addr) continue;
    if (!manAddrs.has(key)) manAddrs.set(key, []);
    manAddrs.get(key)!.push(addr);
  }
  const byName = new Map(interfaces.map((i) => [i.name, i.index]));
  const byDescr = new Map(interfaces.map((i) => [i.descr, i.index]));
  const byMac = new Map(interfaces.filter((i) => i.mac).map((i) => [i.mac, i.index]));
  const ifIndexes = new Set(interfaces.map((i) => i.index));
  const localIfIndex = (portNum: string): number => {
    const sub = num(locSub.get(portNum));
    const id = macIfSubtype3(locId.get(portNum), sub);
    const viaId = sub === 3 ? byMac.get(id) : byName.get(id) ?? byDescr.get(id);
    if (viaId !== undefined) return viaId;
    const viaDesc = byName.get(text(locDesc.get(portNum))) ?? byDescr.get(text(locDesc.get(portNum)));
    if (viaDesc !== undefined) return viaDesc;
    return ifIndexes.has(Number(portNum)) ? Number(portNum) : 0;
  };
  return [...chassis.keys()].map((idx) => {
    const [, localPortNum] = idx.split('.');
    return {
      localIfIndex: localIfIndex(localPortNum),
      localPort: idText(locId.get(localPortNum)) || localPortNum,
      remoteChassisId: idText(chassis.get(idx)),
      remoteSysName: text(sysName.get(idx)),
      remotePortId: macIfSubtype3(portId.get(idx), num(portSub.get(idx))),
      remotePortIdSubtype: num(portSub.get(idx)) || 0,
      remotePortDescr: text(portDesc.get(idx)),
      remoteManagementAddresses: manAddrs.get(idx) ?? [],
      protocol: 'lldp' as const,
    };
  });
}

/** LLDP ids of subtype 3 (macAddress) are 6 raw bytes, whatever they look like. */
function macIfSubtype3(vb: Varbind | undefined, subtype: number): string {
  if (subtype === 3 && vb?.value instanceof Uint8Array && vb.value.length === 6) return macOfBytes(vb.value);
  return idText(vb);
}
