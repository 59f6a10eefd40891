// The simulator checked with Debian's Net-SNMP client tools (snmpwalk, snmpbulkwalk, snmpget):
// real SNMP over UDP on loopback, values compared with what the simulator says it serves.
// The simulator's clock is fixed so counters are exactly predictable.
import t from 'tap';
import { startSimulator, type SimNetwork } from '../../sim/simulator.js';
import { octets, parseWalk, run, toolsOrSkip } from '../fakes/snmp-tools.js';

const fixedMs = 1_790_000_000_000;
const enterprise: Record<string, string> = { Cisco: '1.3.6.1.4.1.9.1.', Juniper: '1.3.6.1.4.1.2636.1.1.1.2.', Arista: '1.3.6.1.4.1.30065.1.' };

t.test('Net-SNMP tools against the simulator', async (t) => {
  if (!toolsOrSkip(t, ['snmpwalk', 'snmpbulkwalk', 'snmpget'])) return;
  // port 0: a free port chosen by the kernel, so parallel test runs do not collide
  const sim: SimNetwork = await startSimulator({ devices: 6, interfacesPerDevice: 8, port: 0, baseAddress: '127.1.100.1', clock: { nowMs: () => fixedMs } });
  t.teardown(() => sim.close());
  const target = (address: string) => `${address}:${sim.port}`;
  const common = ['-On', '-t', '2', '-r', '1'];
  const walk = async (tool: string, version: string, address: string, root: string) => {
    const r = await run(tool, [version, '-c', 'public', ...common, target(address), root]);
    t.equal(r.code, 0, `${tool} ${version} ${address} ${root} exits 0 ${r.stderr}`);
    return parseWalk(r.stdout);
  };

  t.test('snmpwalk system group', async (t) => {
    for (const d of sim.devices) {
      const v = await walk('snmpwalk', '-v2c', d.address, '1.3.6.1.2.1.1');
      t.same([...v.keys()], ['1.3.6.1.2.1.1.1.0', '1.3.6.1.2.1.1.2.0', '1.3.6.1.2.1.1.3.0', '1.3.6.1.2.1.1.4.0', '1.3.6.1.2.1.1.5.0', '1.3.6.1.2.1.1.6.0'], `${d.name}: six scalars`);
      t.equal(v.get('1.3.6.1.2.1.1.5.0')?.text, d.name, `${d.name}: sysName`);
      t.match(v.get('1.3.6.1.2.1.1.1.0')?.text, d.vendor, `${d.name}: sysDescr names the vendor`);
      t.equal(v.get('1.3.6.1.2.1.1.2.0')?.type, 'OID');
      t.ok(v.get('1.3.6.1.2.1.1.2.0')?.text.startsWith('.' + enterprise[d.vendor]!), `${d.name}: sysObjectID under the ${d.vendor} arc`);
      t.equal(v.get('1.3.6.1.2.1.1.3.0')?.type, 'Timeticks');
      t.match(v.get('1.3.6.1.2.1.1.3.0')?.text, /^\(\d+\) /, `${d.name}: sysUpTime in ticks`);
    }
  });

  t.test('snmpbulkwalk ifXTable: names and exact Counter64 values', async (t) => {
    let above53 = 0;
    for (const d of sim.devices) {
      const v = await walk('snmpbulkwalk', '-v2c', d.address, '1.3.6.1.2.1.31.1.1.1');
      for (const i of d.interfaces) {
        t.equal(v.get(`1.3.6.1.2.1.31.1.1.1.1.${i.ifIndex}`)?.text, i.ifName, `${d.name} ifName.${i.ifIndex}`);
        t.equal(v.get(`1.3.6.1.2.1.31.1.1.1.15.${i.ifIndex}`)?.text, String(Math.round(i.speedBps / 1e6)), `${d.name} ifHighSpeed.${i.ifIndex}`);
        const cases = [['6', 'ifHCInOctets'], ['10', 'ifHCOutOctets'], ['7', 'ifHCInUcastPkts'], ['11', 'ifHCOutUcastPkts'],
          ['8', 'ifHCInMulticastPkts'], ['9', 'ifHCInBroadcastPkts'], ['12', 'ifHCOutMulticastPkts'], ['13', 'ifHCOutBroadcastPkts']] as const;
        for (const [col, name] of cases) {
          const got = v.get(`1.3.6.1.2.1.31.1.1.1.${col}.${i.ifIndex}`);
          const want = sim.counterAt(d.name, i.ifIndex, name, fixedMs);
          t.same(got, { type: 'Counter64', text: want.toString() }, `${d.name} ${name}.${i.ifIndex}`);
          if (want > 1n << 53n) above53++;
        }
        // the Counter32 multicast and broadcast columns: the 64-bit ones mod 2^32
        for (const [col, name, hc] of [['2', 'ifInMulticastPkts', 'ifHCInMulticastPkts'], ['3', 'ifInBroadcastPkts', 'ifHCInBroadcastPkts'],
          ['4', 'ifOutMulticastPkts', 'ifHCOutMulticastPkts'], ['5', 'ifOutBroadcastPkts', 'ifHCOutBroadcastPkts']] as const) {
          const want = sim.counterAt(d.name, i.ifIndex, name, fixedMs);
          t.equal(want, sim.counterAt(d.name, i.ifIndex, hc, fixedMs) % (1n << 32n), `${d.name} ${name}.${i.ifIndex} = ${hc} mod 2^32`);
          t.same(v.get(`1.3.6.1.2.1.31.1.1.1.${col}.${i.ifIndex}`), { type: 'Counter32', text: want.toString() }, `${d.name} ${name}.${i.ifIndex}`);
        }
      }
    }
    t.ok(above53 > 0, `${above53} Counter64 values above 2^53 printed exactly`);
  });

  t.test('snmpbulkwalk ifTable: 32-bit counters are the 64-bit ones mod 2^32, ifSpeed saturates', async (t) => {
    const d = sim.devices.find((x) => x.vendor === 'Arista')!;
    const v = await walk('snmpbulkwalk', '-v2c', d.address, '1.3.6.1.2.1.2.2.1');
    for (const i of d.interfaces) {
      t.equal(v.get(`1.3.6.1.2.1.2.2.1.10.${i.ifIndex}`)?.text, sim.counterAt(d.address, i.ifIndex, 'ifInOctets', fixedMs).toString());
      t.equal(v.get(`1.3.6.1.2.1.2.2.1.10.${i.ifIndex}`)?.text, (sim.counterAt(d.address, i.ifIndex, 'ifHCInOctets', fixedMs) % (1n << 32n)).toString());
      t.equal(v.get(`1.3.6.1.2.1.2.2.1.5.${i.ifIndex}`)?.text, String(Math.min(i.speedBps, 4294967295)), `ifSpeed.${i.ifIndex}`);
      t.equal(octets(v.get(`1.3.6.1.2.1.2.2.1.6.${i.ifIndex}`))?.toString('hex'), i.mac.replace(/:/g, ''), `ifPhysAddress.${i.ifIndex}`);
    }
  });

  t.test('snmpbulkwalk LLDP: every link is seen from both ends and leads to the neighbour', async (t) => {
    const seenSubtypes = new Set<string>();
    const lldp = new Map<string, Map<string, { type: string; text: string }>>();
    for (const d of sim.devices) lldp.set(d.address, await walk('snmpbulkwalk', '-v2c', d.address, '1.0.8802.1.1.2.1'));
    for (const link of sim.links) {
      for (const [local, remote] of [[link.a, link.b], [link.b, link.a]] as const) {
        const v = lldp.get(local.address)!;
        const rem = sim.devices.find((x) => x.address === remote.address)!;
        const row = `0.${local.ifIndex}.1`;
        const at = `${local.device} port ${local.ifIndex}`;
        t.equal(v.get(`1.0.8802.1.1.2.1.4.1.1.9.${row}`)?.text, remote.device, `${at}: lldpRemSysName`);
        t.equal(v.get(`1.0.8802.1.1.2.1.4.1.1.4.${row}`)?.text, '4', `${at}: chassis subtype macAddress`);
        t.equal(octets(v.get(`1.0.8802.1.1.2.1.4.1.1.5.${row}`))?.toString('hex'), rem.chassisId.replace(/:/g, ''), `${at}: lldpRemChassisId`);
        const subtype = v.get(`1.0.8802.1.1.2.1.4.1.1.6.${row}`)?.text;
        seenSubtypes.add(subtype!);
        const portId = octets(v.get(`1.0.8802.1.1.2.1.4.1.1.7.${row}`));
        const remIf = rem.interfaces.find((i) => i.ifIndex === remote.ifIndex)!;
        if (subtype === '5') t.equal(portId?.toString(), remote.ifName, `${at}: port id is the neighbour's ifName`);
        else t.equal(portId?.toString('hex'), remIf.mac.replace(/:/g, ''), `${at}: port id is the neighbour port's MAC (subtype ${subtype})`);
        // lldpRemManAddrTable: the neighbour's management address is in the index
        const man = `0.${local.ifIndex}.1.1.4.${remote.address}`;
        t.equal(v.get(`1.0.8802.1.1.2.1.4.2.1.3.${man}`)?.text, '2', `${at}: man addr if subtype ifIndex`);
        t.equal(v.get(`1.0.8802.1.1.2.1.4.2.1.4.${man}`)?.text, String(rem.interfaces.length), `${at}: neighbour's management ifIndex`);
        // and the local side describes the port by the device's own subtype
        t.ok(v.has(`1.0.8802.1.1.2.1.3.7.1.3.${local.ifIndex}`), `${at}: lldpLocPortId`);
      }
    }
    t.same([...seenSubtypes].sort(), ['3', '5'], 'both port-id subtypes appear across the network');
    for (const d of sim.devices) {
      const v = lldp.get(d.address)!;
      t.equal(v.get('1.0.8802.1.1.2.1.3.3.0')?.text, d.name, `${d.name}: lldpLocSysName`);
      const remRows = [...v.keys()].filter((k) => k.startsWith('1.0.8802.1.1.2.1.4.1.1.9.'));
      t.equal(remRows.length, sim.links.filter((l) => l.a.device === d.name || l.b.device === d.name).length, `${d.name}: one lldpRemTable row per link`);
    }
  });

  t.test('ENTITY-MIB, HOST-RESOURCES, UCD, IP-MIB', async (t) => {
    const d = sim.devices[0]!;
    const v = await walk('snmpbulkwalk', '-v2c', d.address, '1.3.6.1');
    t.same([1, 2, 3, 4, 5].map((i) => v.get(`1.3.6.1.2.1.47.1.1.1.1.5.${i}`)?.text), ['3', '6', '6', '7', '9'], 'chassis, 2 PSUs, fan, module');
    t.equal(v.get('1.3.6.1.2.1.47.1.1.1.1.13.1')?.text, d.model, 'entPhysicalModelName');
    t.equal(v.get('1.3.6.1.2.1.4.20.1.1.' + d.address)?.text, d.address, 'ipAdEntAddr');
    t.equal(v.get('1.3.6.1.2.1.4.20.1.2.' + d.address)?.text, String(d.interfaces.length), 'ipAdEntIfIndex: the management interface');
    for (const cpu of [196608, 196609]) {
      const load = Number(v.get(`1.3.6.1.2.1.25.3.3.1.2.${cpu}`)?.text);
      t.ok(load >= 0 && load <= 100, `hrProcessorLoad.${cpu} = ${load}`);
    }
    t.equal(v.get('1.3.6.1.2.1.25.2.3.1.2.1')?.text, '.1.3.6.1.2.1.25.2.1.2', 'hrStorageType RAM');
    const total = Number(v.get('1.3.6.1.4.1.2021.4.5.0')?.text);
    const avail = Number(v.get('1.3.6.1.4.1.2021.4.6.0')?.text);
    t.ok(total > 0 && avail > 0 && avail < total, `memTotalReal ${total} kB, memAvailReal ${avail} kB`);
  });

  t.test('a full snmpwalk (GETNEXT) and snmpbulkwalk (GETBULK) agree', async (t) => {
    const d = sim.devices[1]!;
    const a = await walk('snmpwalk', '-v2c', d.address, '.1');
    const b = await walk('snmpbulkwalk', '-v2c', d.address, '.1');
    t.ok(a.size > 300, `${a.size} instances`);
    t.same([...a.keys()], [...b.keys()].slice(0, a.size), 'same instances in the same order');
  });

  t.test('SNMPv1 walk: no Counter64, ends cleanly', async (t) => {
    const v = await walk('snmpwalk', '-v1', sim.devices[2]!.address, '1.3.6.1.2.1.31.1.1.1');
    t.ok(v.size > 0);
    t.notOk([...v.values()].some((x) => x.type === 'Counter64'), 'Counter64 columns are skipped for v1');
  });

  t.test('wrong community gets no answer', async (t) => {
    const r = await run('snmpget', ['-v2c', '-c', 'private', '-t', '0.5', '-r', '0', '-On', target(sim.devices[0]!.address), '1.3.6.1.2.1.1.5.0']);
    t.not(r.code, 0);
    t.match(r.stderr + r.stdout, /Timeout/);
    t.ok(sim.stats().wrongCommunity >= 1, 'counted');
  });
});
