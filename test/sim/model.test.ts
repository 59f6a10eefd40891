// The simulated network as data: addresses, topologies, dead devices, counters (exact, monotonic,
// 32-bit columns wrapping with the 64-bit ones), CLI flags.
import t from 'tap';
import { addressAt, formatIpv4, parseIpv4 } from '../../sim/addresses.js';
import { parseSimArgs } from '../../sim/cli-args.js';
import { buildDevices, publicDevice, publicLinks, PortIdSubtype } from '../../sim/model.js';
import { counterBigInt, CounterKind, type CounterKindCode } from '../../sim/traffic.js';

t.test('device addresses skip .0 and .255', async (t) => {
  const base = parseIpv4('127.1.0.1')!;
  const cases: [number, string][] = [[0, '127.1.0.1'], [1, '127.1.0.2'], [253, '127.1.0.254'], [254, '127.1.1.1'], [508, '127.1.2.1'], [4999, '127.1.19.174']];
  for (const [n, want] of cases) t.equal(formatIpv4(addressAt(base, n)!), want, `device ${n}`);
  t.equal(formatIpv4(addressAt(parseIpv4('127.1.0.0')!, 0)!), '127.1.0.1', 'a .0 base moves to .1');
  t.equal(formatIpv4(addressAt(parseIpv4('127.1.0.255')!, 0)!), '127.1.1.1', 'a .255 base moves to the next .1');
  t.equal(addressAt(parseIpv4('127.255.255.250')!, 10), undefined, 'leaving 127/8 is refused');
});

const build = (devices: number, topology: 'ring' | 'tree', ports = 8, deadFraction = 0) =>
  buildDevices({ devices, ports, baseAddress: parseIpv4('127.1.0.1')!, topology, seed: 1, deadFraction });

t.test('topologies', async (t) => {
  const ring = publicLinks(build(6, 'ring'));
  t.equal(ring.length, 6);
  t.same(ring.map((l) => [l.a.device, l.a.ifIndex, l.b.device, l.b.ifIndex]).slice(0, 2),
    [['sim-core-01', 1, 'sim-dist-02', 2], ['sim-core-01', 2, 'sim-access-06', 1]]);
  const cases: { name: string; devices: number; topology: 'ring' | 'tree'; ports: number; links: number }[] = [
    { name: 'ring of 6', devices: 6, topology: 'ring', ports: 8, links: 6 },
    { name: 'ring of 2 (two parallel links)', devices: 2, topology: 'ring', ports: 8, links: 2 },
    { name: 'ring of 1 (no self link)', devices: 1, topology: 'ring', ports: 8, links: 0 },
    { name: 'ring with one port per device', devices: 4, topology: 'ring', ports: 1, links: 0 },
    { name: 'tree of 7', devices: 7, topology: 'tree', ports: 8, links: 6 },
    { name: 'tree with two ports (only first children)', devices: 7, topology: 'tree', ports: 2, links: 3 },
  ];
  for (const c of cases) t.equal(publicLinks(build(c.devices, c.topology, c.ports)).length, c.links, c.name);
  const devs = build(6, 'ring');
  for (const d of devs) {
    for (const [p, nb] of d.neighbors) t.equal(nb.device.neighbors.get(nb.ifIndex)?.device, d, `${d.name} port ${p} is linked both ways`);
  }
  t.same(new Set(devs.map((d) => d.portIdSubtype)), new Set([PortIdSubtype.InterfaceName, PortIdSubtype.MacAddress]), 'both LLDP port-id subtypes in use');
  t.same(new Set(devs.map((d) => d.vendor.vendor)), new Set(['Cisco', 'Juniper', 'Arista']), 'three vendors');
  t.equal(new Set(devs.map((d) => d.name)).size, 6, 'unique names');
});

t.test('dead devices: exactly round(fraction x devices)', async (t) => {
  for (const [n, f, dead] of [[10, 0.5, 5], [100, 0.1, 10], [7, 0, 0], [7, 1, 7], [3, 0.2, 1]] as const) {
    t.equal(build(n, 'ring', 8, f).filter((d) => !d.alive).length, dead, `${n} devices, fraction ${f}`);
  }
});

t.test('public device view: interfaces (ports + management) built on demand', async (t) => {
  const d = publicDevice(build(3, 'ring', 4)[2]!);
  t.equal(d.interfaces.length, 5);
  t.same(d.interfaces.map((i) => i.ifIndex), [1, 2, 3, 4, 5]);
  t.match(d.chassisId, /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/);
  t.equal(d.interfaces, d.interfaces, 'cached after the first access');
});

t.test('counters: monotonic, exact, 32-bit = 64-bit mod 2^32, some above 2^53', async (t) => {
  const devs = build(6, 'ring', 8);
  let above53 = 0;
  let down = 0;
  for (const d of devs) {
    for (let i = 1; i <= 9; i++) {
      const kinds = [CounterKind.InOctets, CounterKind.OutOctets, CounterKind.InUcastPkts, CounterKind.InErrors, CounterKind.OutDiscards,
        CounterKind.InMulticastPkts, CounterKind.OutMulticastPkts, CounterKind.InBroadcastPkts, CounterKind.OutBroadcastPkts];
      for (const k of kinds) {
        let prev = -1n;
        for (const s of [0, 0.001, 1, 59.5, 60, 3600, 86400, 30 * 86400]) {
          const v = counterBigInt(1, d, i, k, s);
          if (v < prev) t.fail(`${d.name} if ${i} kind ${k} went back at s=${s}`);
          prev = v;
        }
        if (k === CounterKind.InOctets && counterBigInt(1, d, i, k, 0) === counterBigInt(1, d, i, k, 86400)) down++;
      }
      if (counterBigInt(1, d, i, CounterKind.InOctets, 0) > 1n << 53n) above53++;
    }
  }
  t.ok(above53 > 0, `${above53} interfaces start above 2^53`);
  t.ok(down > 0, `${down} interfaces keep constant counters (oper down)`);
  // rate over one minute on a linked (up) port: a few Mb/s to hundreds of Mb/s
  for (const d of devs) {
    const bytes = counterBigInt(1, d, 1, CounterKind.InOctets, 160) - counterBigInt(1, d, 1, CounterKind.InOctets, 100);
    const mbps = Number(bytes) * 8 / 60 / 1e6;
    t.ok(mbps > 0.5 && mbps < 1000, `${d.name} port 1 carries ${mbps.toFixed(1)} Mb/s`);
  }
  // non-unicast packets: rising, a small share of the unicast ones, multicast above broadcast's floor
  const perMin = (d: (typeof devs)[number], k: CounterKindCode) => Number(counterBigInt(1, d, 1, k, 160) - counterBigInt(1, d, 1, k, 100)) / 60;
  for (const d of devs) {
    for (const [uni, multi, broad] of [[CounterKind.InUcastPkts, CounterKind.InMulticastPkts, CounterKind.InBroadcastPkts], [CounterKind.OutUcastPkts, CounterKind.OutMulticastPkts, CounterKind.OutBroadcastPkts]] as const) {
      const u = perMin(d, uni), m = perMin(d, multi), b = perMin(d, broad);
      t.ok(m > 0 && m <= 0.02 * u + 1, `${d.name} port 1: ${m.toFixed(1)} multicast pkt/s of ${u.toFixed(0)} unicast`);
      t.ok(b > 0 && b <= 0.005 * u + 1, `${d.name} port 1: ${b.toFixed(2)} broadcast pkt/s`);
    }
  }
});

t.test('CLI flags', async (t) => {
  const cases: { argv: string[]; opts?: object; error?: RegExp }[] = [
    { argv: [], opts: {} },
    { argv: ['--devices', '1000', '--interfaces', '48', '--port', '1161', '--base', '127.1.0.1', '--dead', '0.1'],
      opts: { devices: 1000, interfacesPerDevice: 48, port: 1161, baseAddress: '127.1.0.1', deadFraction: 0.1 } },
    { argv: ['--topology=tree', '--seed=3', '--community', 'lab'], opts: { topology: 'tree', seed: 3, community: 'lab' } },
    { argv: ['--devices'], error: /--devices needs a value/ },
    { argv: ['--devices', 'many'], error: /needs a number, got 'many'/ },
    { argv: ['--topology', 'mesh'], error: /ring or tree/ },
    { argv: ['--nope', '1'], error: /unknown flag '--nope'/ },
  ];
  for (const c of cases) {
    const r = parseSimArgs(c.argv);
    if (c.opts) t.same(r, { ok: true, opts: c.opts }, c.argv.join(' '));
    else t.match(!r.ok && r.error, c.error!, c.argv.join(' '));
  }
});
