// The simulator through the net-snmp client library (the SNMP client the server uses): GETBULK
// over ifTable, exact Counter64 and rates under a controlled clock, wrong community and dead
// devices time out, garbage datagrams are counted and do not stop the devices from answering.
import t from 'tap';
import dgram from 'node:dgram';
import { createRequire } from 'node:module';
import { startSimulator } from '../../sim/simulator.js';

// net-snmp ships no types; it is imported here, in the test only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const snmp: any = createRequire(import.meta.url)('net-snmp');

interface Vb { oid: string; type: number; value: unknown }

let nowMs = 1_790_000_000_000;
const clock = { nowMs: () => nowMs };
const sim = await startSimulator({ devices: 4, interfacesPerDevice: 6, port: 0, baseAddress: '127.1.110.1', deadFraction: 0.5, seed: 3, clock });
t.teardown(() => sim.close());

function session(address: string, community = 'public', timeoutMs = 2000) {
  const s = snmp.createSession(address, community, { port: sim.port, version: snmp.Version2c, retries: 0, timeout: timeoutMs });
  s.on('error', () => {});
  t.teardown(() => s.close());
  return {
    get: (oids: string[]) => new Promise<Vb[]>((res, rej) => s.get(oids, (e: Error | null, v: Vb[]) => (e ? rej(e) : res(v)))),
    getBulk: (oids: string[], nonRepeaters: number, maxRepetitions: number) =>
      new Promise<(Vb | Vb[])[]>((res, rej) => s.getBulk(oids, nonRepeaters, maxRepetitions, (e: Error | null, v: (Vb | Vb[])[]) => (e ? rej(e) : res(v)))),
  };
}

const alive = sim.devices.filter((d) => d.alive);
const dead = sim.devices.filter((d) => !d.alive);
const c64 = (v: unknown) => BigInt('0x' + ((v as Buffer).toString('hex') || '0'));

t.test('two of four devices are dead', async (t) => {
  t.equal(alive.length, 2);
  t.equal(dead.length, 2);
});

t.test('getBulk over ifTable: ifDescr, ifInOctets, ifOutOctets per row', async (t) => {
  for (const d of alive) {
    const s = session(d.address);
    const rows = await s.getBulk(['1.3.6.1.2.1.1.5', '1.3.6.1.2.1.2.2.1.2', '1.3.6.1.2.1.2.2.1.10', '1.3.6.1.2.1.2.2.1.16'], 1, d.interfaces.length);
    t.equal(String((rows[0] as Vb).value), d.name, `${d.name}: sysName as the non-repeater`);
    const cols = rows.slice(1) as Vb[][];
    t.equal(cols.length, 3);
    for (const [k, i] of d.interfaces.entries()) {
      t.equal(cols[0]![k]!.oid, `1.3.6.1.2.1.2.2.1.2.${i.ifIndex}`);
      t.equal(cols[1]![k]!.type, snmp.ObjectType.Counter32);
      t.equal(cols[1]![k]!.value, Number(sim.counterAt(d.name, i.ifIndex, 'ifInOctets', nowMs)), `${d.name} ifInOctets.${i.ifIndex}`);
      t.equal(cols[2]![k]!.value, Number(sim.counterAt(d.name, i.ifIndex, 'ifOutOctets', nowMs)), `${d.name} ifOutOctets.${i.ifIndex}`);
    }
  }
});

t.test('Counter64 exact and rates exact between two polls', async (t) => {
  const d = alive[0]!;
  const s = session(d.address);
  const oids = d.interfaces.map((i) => `1.3.6.1.2.1.31.1.1.1.6.${i.ifIndex}`);
  const t1 = nowMs;
  const first = await s.get(oids);
  nowMs += 60_000;
  const second = await s.get(oids);
  const t2 = nowMs;
  let moving = 0;
  for (const [k, i] of d.interfaces.entries()) {
    t.equal(first[k]!.type, snmp.ObjectType.Counter64);
    const a = c64(first[k]!.value);
    const b = c64(second[k]!.value);
    t.equal(a, sim.counterAt(d.address, i.ifIndex, 'ifHCInOctets', t1), `ifHCInOctets.${i.ifIndex} at t1`);
    t.equal(b - a, sim.counterAt(d.address, i.ifIndex, 'ifHCInOctets', t2) - sim.counterAt(d.address, i.ifIndex, 'ifHCInOctets', t1), `delta over 60 s on ${i.ifIndex}`);
    if (b > a) moving++;
  }
  t.ok(moving > 0, `${moving} interfaces moved`);
});

t.test('wrong community and dead devices time out', async (t) => {
  const cases = [
    { name: 'wrong community', address: alive[0]!.address, community: 'private' },
    { name: 'dead device', address: dead[0]!.address, community: 'public' },
  ];
  for (const c of cases) {
    const err = await session(c.address, c.community, 300).get(['1.3.6.1.2.1.1.5.0']).then(() => null, (e: Error) => e);
    t.equal(err?.name, 'RequestTimedOutError', c.name);
  }
  t.ok(sim.stats().wrongCommunity >= 1);
  t.ok(sim.stats().dropped >= 1);
});

t.test('garbage datagrams are counted and the device keeps answering', async (t) => {
  const before = sim.stats().malformed;
  const sock = dgram.createSocket('udp4');
  t.teardown(() => sock.close());
  const garbage = [Buffer.alloc(0), Buffer.from('GET / HTTP/1.0\r\n\r\n'), Buffer.from([0x30, 0x03, 0x02, 0x01]), Buffer.from([0x30, 0x80]), Buffer.alloc(1400, 0xff)];
  const target = alive[1]!.address;
  for (const g of garbage) await new Promise<void>((res) => sock.send(g, sim.port, target, () => res()));
  const v = await session(target).get(['1.3.6.1.2.1.1.5.0']);
  t.equal(String(v[0]!.value), alive[1]!.name, 'still answers');
  // the empty datagram and the others were all received before the answered GET on the same path
  t.ok(sim.stats().malformed - before >= garbage.length - 1, `${sim.stats().malformed - before} malformed counted`);
});
