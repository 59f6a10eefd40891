/**
 * The MIB every simulated device serves, as an ordered list of tables (numeric OIDs):
 * LLDP-MIB local/remote data, SNMPv2-MIB system, IF-MIB ifNumber/ifTable/ifXTable, IP-MIB
 * ipAddrTable, HOST-RESOURCES hrStorage/hrProcessor, ENTITY-MIB entPhysicalTable, CISCO-CDP-MIB
 * cdpCacheTable (Cisco devices), UCD memory.
 */
import { oid, Tag, type BerWriter } from '../snmp/index.js';
import {
  chassisMacBytes, ifAdminUp, ifCount, ifDescr, ifName, ifOperUp, ifSpeedBps, lldpPortId, macBytes, mgmtIfIndex,
  serialNumber, type DeviceModel,
} from './model.js';
import { defineTable, makeRowSet, perDeviceRows, rowsOneTo, SCALAR_ROWS, type MibTable } from './mib-table.js';
import { assertOrdered } from './mib-walk.js';
import { counterHiLo, CounterKind, cpuLoad, memoryKb, type CounterKindCode, type HiLo } from './traffic.js';
import type { EntityRow } from './vendors.js';

const { Integer, OctetString, ObjectIdentifier, IpAddress, Counter32, Gauge32, TimeTicks, Counter64 } = Tag;

/** LLDP chassis-id subtype macAddress; management address subtype ipV4; interface numbering ifIndex. */
const LLDP_CHASSIS_MAC = 4;
const LLDP_MAN_ADDR_IPV4 = 1;
const LLDP_MAN_IF_IFINDEX = 2;
/** CDP cdpCacheAddressType ip(1). */
const CDP_ADDRESS_IP = 1;
const HR_STORAGE_RAM = oid('1.3.6.1.2.1.25.2.1.2');
/** hrDeviceIndex of the two processors (as Net-SNMP numbers them) */
const HR_CPU_INDEXES = [196608, 196609];
const NETMASK_8 = Uint8Array.of(255, 0, 0, 0);

interface MibContext {
  seed: number;
}

export function buildMib(ctx: MibContext): MibTable[] {
  const seed = ctx.seed;
  const hl: HiLo = { hi: 0, lo: 0 };
  const entityCache = new WeakMap<object, EntityRow[]>();
  const entities = (d: DeviceModel): EntityRow[] => {
    let e = entityCache.get(d.model);
    if (!e) { e = d.vendor.entities(d.model); entityCache.set(d.model, e); }
    return e;
  };
  const sysObjectIdCache = new Map<string, Uint32Array>();
  const oidOf = (text: string) => {
    let o = sysObjectIdCache.get(text);
    if (!o) { o = oid(text); sysObjectIdCache.set(text, o); }
    return o;
  };

  const counter64 = (w: BerWriter, d: DeviceModel, ifIndex: number, kind: CounterKindCode, s: number) => {
    counterHiLo(seed, d, ifIndex, kind, s, hl);
    w.writeUnsigned64HiLo(Counter64, hl.hi, hl.lo);
  };
  const counter32 = (w: BerWriter, d: DeviceModel, ifIndex: number, kind: CounterKindCode, s: number) => {
    counterHiLo(seed, d, ifIndex, kind, s, hl);
    w.writeInt(Counter32, hl.lo);
  };
  const uptimeTicks = (d: DeviceModel, s: number) => (d.uptimeOffsetTicks + Math.floor(s * 100)) % 4294967296;

  const neighborRows = perDeviceRows((d) => makeRowSet([...d.neighbors.keys()].map((p) => Uint32Array.of(0, p, 1))));
  const neighborAt = (d: DeviceModel, row: number) => {
    const rows = neighborRows(d);
    return d.neighbors.get(rows.idx[row]![1]!)!;
  };

  const cdpRows = perDeviceRows((d) => makeRowSet(d.vendor.vendor !== 'Cisco' ? [] :
    [...d.neighbors.keys()].sort((a, b) => a - b).map((p) => Uint32Array.of(p, 1))));

  const tables: MibTable[] = [
    defineTable({
      name: 'lldpLocalSystemData',
      base: '1.0.8802.1.1.2.1.3',
      columns: [[1, Integer], [2, OctetString], [3, OctetString], [4, OctetString]],
      rows: () => SCALAR_ROWS,
      write(d, col, _row, _s, w) {
        if (col === 1) w.writeInt(Integer, LLDP_CHASSIS_MAC);
        else if (col === 2) w.writeBytes(OctetString, chassisMacBytes(d));
        else if (col === 3) w.writeString(OctetString, d.name);
        else w.writeString(OctetString, d.vendor.sysDescr(d.model));
      },
    }),
    defineTable({
      name: 'lldpLocPortTable',
      base: '1.0.8802.1.1.2.1.3.7.1',
      columns: [[2, Integer], [3, OctetString], [4, OctetString]],
      rows: (d) => rowsOneTo(d.ports),
      write(d, col, row, _s, w) {
        const ifIndex = row + 1;
        if (col === 2) w.writeInt(Integer, d.portIdSubtype);
        else if (col === 3) w.writeBytes(OctetString, lldpPortId(d, ifIndex));
        else w.writeString(OctetString, ifDescr(d, ifIndex));
      },
    }),
    defineTable({
      // INDEX { lldpRemTimeMark, lldpRemLocalPortNum, lldpRemIndex }
      name: 'lldpRemTable',
      base: '1.0.8802.1.1.2.1.4.1.1',
      columns: [[4, Integer], [5, OctetString], [6, Integer], [7, OctetString], [8, OctetString], [9, OctetString], [10, OctetString]],
      rows: neighborRows,
      write(d, col, row, _s, w) {
        const nb = neighborAt(d, row);
        const r = nb.device;
        switch (col) {
          case 4: w.writeInt(Integer, LLDP_CHASSIS_MAC); break;
          case 5: w.writeBytes(OctetString, chassisMacBytes(r)); break;
          case 6: w.writeInt(Integer, r.portIdSubtype); break;
          case 7: w.writeBytes(OctetString, lldpPortId(r, nb.ifIndex)); break;
          case 8: w.writeString(OctetString, ifDescr(r, nb.ifIndex)); break;
          case 9: w.writeString(OctetString, r.name); break;
          default: w.writeString(OctetString, r.vendor.sysDescr(r.model));
        }
      },
    }),
    defineTable({
      // INDEX { lldpRemTimeMark, lldpRemLocalPortNum, lldpRemIndex, lldpRemManAddrSubtype, lldpRemManAddr (length-prefixed) }
      name: 'lldpRemManAddrTable',
      base: '1.0.8802.1.1.2.1.4.2.1',
      columns: [[3, Integer], [4, Integer]],
      rows: perDeviceRows((d) => makeRowSet([...d.neighbors].map(([p, nb]) =>
        Uint32Array.of(0, p, 1, LLDP_MAN_ADDR_IPV4, 4, ...nb.device.addressBytes)))),
      write(d, col, row, _s, w) {
        if (col === 3) w.writeInt(Integer, LLDP_MAN_IF_IFINDEX);
        else w.writeInt(Integer, mgmtIfIndex(neighborAt(d, row).device));
      },
    }),
    defineTable({
      name: 'system',
      base: '1.3.6.1.2.1.1',
      columns: [[1, OctetString], [2, ObjectIdentifier], [3, TimeTicks], [4, OctetString], [5, OctetString], [6, OctetString]],
      rows: () => SCALAR_ROWS,
      write(d, col, _row, s, w) {
        switch (col) {
          case 1: w.writeString(OctetString, d.vendor.sysDescr(d.model)); break;
          case 2: w.writeOid(ObjectIdentifier, oidOf(d.model.sysObjectID)); break;
          case 3: w.writeInt(TimeTicks, uptimeTicks(d, s)); break;
          case 4: w.writeString(OctetString, 'noc@example.net'); break;
          case 5: w.writeString(OctetString, d.name); break;
          default: w.writeString(OctetString, `sim lab, rack ${1 + (d.index % 40)}`);
        }
      },
    }),
    defineTable({
      name: 'ifNumber',
      base: '1.3.6.1.2.1.2',
      columns: [[1, Integer]],
      rows: () => SCALAR_ROWS,
      write(d, _col, _row, _s, w) { w.writeInt(Integer, ifCount(d)); },
    }),
    defineTable({
      name: 'ifTable',
      base: '1.3.6.1.2.1.2.2.1',
      columns: [[1, Integer], [2, OctetString], [3, Integer], [4, Integer], [5, Gauge32], [6, OctetString], [7, Integer], [8, Integer],
        [10, Counter32], [11, Counter32], [13, Counter32], [14, Counter32], [16, Counter32], [17, Counter32], [19, Counter32], [20, Counter32]],
      rows: (d) => rowsOneTo(ifCount(d)),
      write(d, col, row, s, w) {
        const i = row + 1;
        switch (col) {
          case 1: w.writeInt(Integer, i); break;
          case 2: w.writeString(OctetString, ifDescr(d, i)); break;
          case 3: w.writeInt(Integer, 6); break; // ethernetCsmacd
          case 4: w.writeInt(Integer, i <= 2 && d.vendor.vendor !== 'Cisco' ? 9216 : 1500); break;
          case 5: w.writeInt(Gauge32, Math.min(ifSpeedBps(d, i), 4294967295)); break;
          case 6: w.writeBytes(OctetString, macBytes(d, i)); break;
          case 7: w.writeInt(Integer, ifAdminUp(seed, d, i) ? 1 : 2); break;
          case 8: w.writeInt(Integer, ifOperUp(seed, d, i) ? 1 : 2); break;
          case 10: counter32(w, d, i, CounterKind.InOctets, s); break;
          case 11: counter32(w, d, i, CounterKind.InUcastPkts, s); break;
          case 13: counter32(w, d, i, CounterKind.InDiscards, s); break;
          case 14: counter32(w, d, i, CounterKind.InErrors, s); break;
          case 16: counter32(w, d, i, CounterKind.OutOctets, s); break;
          case 17: counter32(w, d, i, CounterKind.OutUcastPkts, s); break;
          case 19: counter32(w, d, i, CounterKind.OutDiscards, s); break;
          default: counter32(w, d, i, CounterKind.OutErrors, s);
        }
      },
    }),
    defineTable({
      name: 'ipAddrTable',
      base: '1.3.6.1.2.1.4.20.1',
      columns: [[1, IpAddress], [2, Integer], [3, IpAddress]],
      rows: perDeviceRows((d) => makeRowSet([Uint32Array.from(d.addressBytes)])),
      write(d, col, _row, _s, w) {
        if (col === 1) w.writeBytes(IpAddress, d.addressBytes);
        else if (col === 2) w.writeInt(Integer, mgmtIfIndex(d));
        else w.writeBytes(IpAddress, NETMASK_8);
      },
    }),
    defineTable({
      name: 'hrStorageTable',
      base: '1.3.6.1.2.1.25.2.3.1',
      columns: [[2, ObjectIdentifier], [3, OctetString], [4, Integer], [5, Integer], [6, Integer]],
      rows: () => rowsOneTo(1),
      write(d, col, _row, s, w) {
        switch (col) {
          case 2: w.writeOid(ObjectIdentifier, HR_STORAGE_RAM); break;
          case 3: w.writeString(OctetString, 'Physical memory'); break;
          case 4: w.writeInt(Integer, 1024); break;
          case 5: w.writeInt(Integer, memoryKb(seed, d, s).totalKb); break;
          default: w.writeInt(Integer, memoryKb(seed, d, s).usedKb);
        }
      },
    }),
    defineTable({
      name: 'hrProcessorTable',
      base: '1.3.6.1.2.1.25.3.3.1',
      columns: [[2, Integer]],
      rows: () => HR_CPU_ROWS,
      write(d, _col, row, s, w) { w.writeInt(Integer, d.cpuPercent ?? cpuLoad(seed, d, row, s)); },
    }),
    defineTable({
      name: 'ifXTable',
      base: '1.3.6.1.2.1.31.1.1.1',
      columns: [[1, OctetString], [2, Counter32], [3, Counter32], [4, Counter32], [5, Counter32], [6, Counter64], [7, Counter64],
        [8, Counter64], [9, Counter64], [10, Counter64], [11, Counter64], [12, Counter64], [13, Counter64], [15, Gauge32], [18, OctetString]],
      rows: (d) => rowsOneTo(ifCount(d)),
      write(d, col, row, s, w) {
        const i = row + 1;
        switch (col) {
          case 1: w.writeString(OctetString, ifName(d, i)); break;
          case 2: counter32(w, d, i, CounterKind.InMulticastPkts, s); break;
          case 3: counter32(w, d, i, CounterKind.InBroadcastPkts, s); break;
          case 4: counter32(w, d, i, CounterKind.OutMulticastPkts, s); break;
          case 5: counter32(w, d, i, CounterKind.OutBroadcastPkts, s); break;
          case 6: counter64(w, d, i, CounterKind.InOctets, s); break;
          case 7: counter64(w, d, i, CounterKind.InUcastPkts, s); break;
          case 8: counter64(w, d, i, CounterKind.InMulticastPkts, s); break;
          case 9: counter64(w, d, i, CounterKind.InBroadcastPkts, s); break;
          case 10: counter64(w, d, i, CounterKind.OutOctets, s); break;
          case 11: counter64(w, d, i, CounterKind.OutUcastPkts, s); break;
          case 12: counter64(w, d, i, CounterKind.OutMulticastPkts, s); break;
          case 13: counter64(w, d, i, CounterKind.OutBroadcastPkts, s); break;
          case 15: w.writeInt(Gauge32, Math.round(ifSpeedBps(d, i) / 1e6)); break;
          default: {
            const nb = d.neighbors.get(i);
            if (nb) w.writeString(OctetString, `uplink to ${nb.device.name} ${ifName(nb.device, nb.ifIndex)}`);
            else w.writeString(OctetString, i > d.ports ? 'management' : '');
          }
        }
      },
    }),
    defineTable({
      name: 'entPhysicalTable',
      base: '1.3.6.1.2.1.47.1.1.1.1',
      columns: [[2, OctetString], [3, ObjectIdentifier], [4, Integer], [5, Integer], [7, OctetString], [8, OctetString],
        [10, OctetString], [11, OctetString], [12, OctetString], [13, OctetString]],
      rows: (d) => rowsOneTo(entities(d).length),
      write(d, col, row, _s, w) {
        const e = entities(d)[row]!;
        switch (col) {
          case 2: w.writeString(OctetString, e.descr); break;
          case 3: w.writeOid(ObjectIdentifier, oidOf(e.vendorType)); break;
          case 4: w.writeInt(Integer, e.containedIn); break;
          case 5: w.writeInt(Integer, e.cls); break;
          case 7: w.writeString(OctetString, e.name); break;
          case 8: w.writeString(OctetString, e.hwRev); break;
          case 10: w.writeString(OctetString, e.softwareRev); break;
          case 11: w.writeString(OctetString, serialNumber(seed, d, e.serialPrefix, e.index)); break;
          case 12: w.writeString(OctetString, d.vendor.mfgName); break;
          default: w.writeString(OctetString, e.modelName);
        }
      },
    }),
    defineTable({
      // CISCO-CDP-MIB cdpCacheTable, INDEX { cdpCacheIfIndex, cdpCacheDeviceIndex }: a Cisco device
      // lists every neighbour (as if each advertised CDP), beside their LLDP entries, so that both
      // protocols describe its links
      name: 'cdpCacheTable',
      base: '1.3.6.1.4.1.9.9.23.1.2.1.1',
      columns: [[3, Integer], [4, OctetString], [6, OctetString], [7, OctetString], [8, OctetString]],
      rows: cdpRows,
      write(d, col, row, _s, w) {
        const nb = d.neighbors.get(cdpRows(d).idx[row]![0]!)!;
        const r = nb.device;
        switch (col) {
          case 3: w.writeInt(Integer, CDP_ADDRESS_IP); break;
          case 4: w.writeBytes(OctetString, r.addressBytes); break;
          case 6: w.writeString(OctetString, r.name); break;
          case 7: w.writeString(OctetString, ifDescr(r, nb.ifIndex)); break;
          default: w.writeString(OctetString, `cisco ${r.model.model}`);
        }
      },
    }),
    defineTable({
      name: 'ucdMemory',
      base: '1.3.6.1.4.1.2021.4',
      columns: [[5, Integer], [6, Integer]],
      rows: () => SCALAR_ROWS,
      write(d, col, _row, s, w) {
        const m = memoryKb(seed, d, s);
        w.writeInt(Integer, col === 5 ? m.totalKb : m.totalKb - m.usedKb);
      },
    }),
  ];
  assertOrdered(tables);
  return tables;
}

const HR_CPU_ROWS = makeRowSet(HR_CPU_INDEXES.map((i) => Uint32Array.of(i)));
