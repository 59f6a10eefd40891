// The simulator's controls over real UDP: setCpuLoad pins every hrProcessorLoad row of one device
// (and null gives the computed load back), setAlive stops and restarts a device's answers; unknown
// devices and bad percents throw.
import dgram from 'node:dgram';
import t from 'tap';
import { isAppError } from '../../core/errors.js';
import { decodeMessage, encodeMessage, formatOid, oid, PduType, Tag } from '../../snmp/index.js';
import { startSimulator, type SimNetwork } from '../../sim/simulator.js';

const CPU_ROWS = ['1.3.6.1.2.1.25.3.3.1.2.196608', '1.3.6.1.2.1.25.3.3.1.2.196609'];

/** GETs `oids` from `address`; the varbinds' values by OID, or undefined after `timeoutMs` without an answer. */
async function snmpGet(sim: SimNetwork, address: string, oids: string[], timeoutMs = 300): Promise<Map<string, unknown> | undefined> {
  const sock = dgram.createSocket('udp4');
  try {
    const msg = encodeMessage({
      version: 1, community: Buffer.from('public'),
      pdu: { type: PduType.GetRequest, requestId: 7, errorStatus: 0, errorIndex: 0, varbinds: oids.map((o) => ({ oid: oid(o), type: Tag.Null, value: null })) },
    });
    return await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), timeoutMs);
      sock.on('message', (buf) => {
        clearTimeout(timer);
        const r = decodeMessage(buf);
        if (!r.ok) throw new Error(r.error.message);
        resolve(new Map(r.message.pdu.varbinds.map((v) => [formatOid(v.oid), v.value])));
      });
      sock.send(Buffer.from(msg), sim.port, address);
    });
  } finally {
    sock.close();
  }
}

t.test('setCpuLoad pins every CPU row of one device; null gives the computed load back', async (t) => {
  const sim = await startSimulator({ devices: 3, port: 0, baseAddress: '127.1.130.1' });
  t.teardown(() => sim.close());
  const [a, b] = sim.devices;
  const before = await snmpGet(sim, a!.address, CPU_ROWS);
  t.ok(before, 'the device answers');
  const cases: [string, number | null][] = [[a!.name, 95], [a!.address, 0], [a!.name, 100], [a!.name, 37]];
  for (const [device, percent] of cases) {
    sim.setCpuLoad(device, percent);
    const got = await snmpGet(sim, a!.address, CPU_ROWS);
    t.same([...got!.values()].map(Number), [percent, percent], `${device} → ${percent}: every row`);
  }
  const other = await snmpGet(sim, b!.address, CPU_ROWS);
  t.ok([...other!.values()].every((v) => Number(v) <= 65), 'another device keeps its computed load (mean 5..45, swing ≤ 20)');
  sim.setCpuLoad(a!.name, null);
  const back = await snmpGet(sim, a!.address, CPU_ROWS);
  t.ok([...back!.values()].every((v) => Number(v) >= 0 && Number(v) <= 65), 'computed again: in the computed range');
});

t.test('setAlive stops and restarts a device\'s answers; devices[].alive follows', async (t) => {
  const sim = await startSimulator({ devices: 3, port: 0, baseAddress: '127.1.131.1' });
  t.teardown(() => sim.close());
  const d = sim.devices[1]!;
  const uptime = ['1.3.6.1.2.1.1.3.0'];
  t.ok(await snmpGet(sim, d.address, uptime), 'answers at first');
  sim.setAlive(d.name, false);
  t.equal(d.alive, false, 'devices[].alive is false');
  t.equal(await snmpGet(sim, d.address, uptime), undefined, 'no answer while not alive');
  t.ok(sim.stats().dropped >= 1, 'the request was received and dropped');
  t.ok(await snmpGet(sim, sim.devices[0]!.address, uptime), 'the other devices still answer');
  sim.setAlive(d.address, true);
  t.equal(d.alive, true);
  t.ok(await snmpGet(sim, d.address, uptime), 'answers again');
});

t.test('unknown devices and bad percents throw BAD_PARAMETER', async (t) => {
  const sim = await startSimulator({ devices: 1, port: 0, baseAddress: '127.1.132.1' });
  t.teardown(() => sim.close());
  const cases: [string, () => void, RegExp][] = [
    ['setCpuLoad unknown', () => sim.setCpuLoad('nope', 50), /unknown device 'nope'/],
    ['setAlive unknown', () => sim.setAlive('127.9.9.9', false), /unknown device '127\.9\.9\.9'/],
    ['percent > 100', () => sim.setCpuLoad(sim.devices[0]!.name, 101), /0\.\.100/],
    ['percent < 0', () => sim.setCpuLoad(sim.devices[0]!.name, -1), /0\.\.100/],
    ['percent fraction', () => sim.setCpuLoad(sim.devices[0]!.name, 12.5), /integer/],
    ['percent NaN', () => sim.setCpuLoad(sim.devices[0]!.name, NaN), /integer/],
  ];
  for (const [what, call, msg] of cases) {
    let err: unknown;
    try { call(); } catch (e) { err = e; }
    t.ok(isAppError(err) && err.code === 'BAD_PARAMETER', `${what}: BAD_PARAMETER`);
    t.match((err as Error).message, msg, what);
  }
});
