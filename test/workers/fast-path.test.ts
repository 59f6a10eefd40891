// The v2c fast path (workers/v2c) against the net-snmp path (workers/task.ts pollViaSession) on the
// simulator: the same exact counter readings and state, the same gauges, rates that agree once each
// path's own poll times are taken out; tooBig answers are split; dead devices and wrong communities
// time out as data.
import t, { type Test } from 'tap';
import { startSimulator } from '../../sim/simulator.js';
import { discoverSimPlans, simNetworkConfig } from '../../bench/collector/sim-plans.js';
import { RingBuffer } from '../../store/ring.js';
import type { PollPlan, PollResult } from '../../workers/poll-plan.js';
import { SlotState } from '../../workers/slot-state.js';
import { createFastPoller } from '../../workers/v2c/fast-poll.js';
import runTask, { pollViaSession } from '../../workers/task.js';
import { isPlanHandle, makePlanHandle, planView, readPlanHandle } from '../../workers/v2c/plan-handle.js';

let simNowMs = 1_790_000_000_000;
const clock = { nowMs: () => simNowMs };

interface Side { ring: RingBuffer; state: SlotState; last: Map<number, PollResult> }
const side = (): Side => ({ ring: RingBuffer.create(8192), state: SlotState.create(8192), last: new Map() });

/** Op values equal, or (rates) equal once multiplied by each path's own time since its previous poll. */
function compare(t: Test, plan: PollPlan, a: PollResult, b: PollResult, prevA: PollResult | undefined, prevB: PollResult | undefined): void {
  t.equal(a.ok, true, `fast poll of device ${plan.deviceId} ok`);
  t.equal(b.ok, true, `net-snmp poll of device ${plan.deviceId} ok`);
  t.equal(a.count, b.count);
  const dtA = prevA ? a.tsMs - prevA.tsMs : 0, dtB = prevB ? b.tsMs - prevB.tsMs : 0;
  let differing = 0;
  for (let i = 0; i < a.count; i++) {
    const x = a.values[i]!, y = b.values[i]!;
    if (Object.is(x, y)) continue;
    const op = plan.ops[i]!;
    const timed = op.op === 'counter' || op.op === 'ratio';
    if (timed && Math.abs(x * dtA - y * dtB) <= 1e-9 * Math.abs(y * dtB)) continue;
    differing++;
    if (differing < 5) t.fail(`op ${i} (${op.op}, slot ${op.slot}): fast ${x} vs net-snmp ${y} (dt ${dtA} vs ${dtB})`);
  }
  t.equal(differing, 0, `device ${plan.deviceId}: every op agrees`);
}

t.test('fast path = net-snmp path on the simulator (frozen simulator clock per round)', async (t) => {
  const sim = await startSimulator({ devices: 6, interfacesPerDevice: 8, port: 0, baseAddress: '127.1.121.1', seed: 5, clock });
  t.teardown(() => sim.close());
  const sp = await discoverSimPlans(simNetworkConfig(sim.port), sim.devices.map((d) => d.address));
  t.equal(sp.plans.length, 6, 'every device discovered');
  t.ok(sp.plans.some((p) => p.ops.some((o) => o.op === 'columnAvg')), 'some plan walks a column (hrProcessorLoad)');
  const fast = createFastPoller();
  t.teardown(() => fast.close());
  const A = side(), B = side();
  for (let round = 0; round < 3; round++) {
    simNowMs += 10_000 + round * 1234;
    for (const plan of sp.plans) {
      const a = await fast.poll(plan, A.ring.buffer, A.state.buffer);
      const b = await pollViaSession(plan, B.ring.buffer, B.state.buffer);
      compare(t, plan, a, b, A.last.get(plan.deviceId), B.last.get(plan.deviceId));
      A.last.set(plan.deviceId, a); B.last.set(plan.deviceId, b);
    }
    const n = sp.slotCount;
    t.same(Array.from(A.state.lastCounter.subarray(0, n)), Array.from(B.state.lastCounter.subarray(0, n)), `round ${round}: identical exact counter state`);
    t.same(Array.from(A.state.has.subarray(0, n)), Array.from(B.state.has.subarray(0, n)), `round ${round}: identical reading flags`);
  }
  // exact against the simulator's own counter
  const plan = sp.plans[0]!, dev = sp.devices[0]!;
  const op = plan.ops.find((o) => o.op === 'counter' && o.oid.startsWith('1.3.6.1.2.1.31.1.1.1.6.'))!;
  const ifIndex = Number(op.op === 'counter' ? op.oid.split('.').pop() : 0);
  t.equal(A.state.lastCounter[op.slot], sim.counterAt(dev.address, ifIndex, 'ifHCInOctets', simNowMs), 'ifHCInOctets read exactly');
  // the multicast and broadcast counters likewise, and their rates positive (the simulator's rise)
  const last = A.last.get(plan.deviceId)!;
  for (const [col, name] of [[8, 'ifHCInMulticastPkts'], [9, 'ifHCInBroadcastPkts'], [12, 'ifHCOutMulticastPkts'], [13, 'ifHCOutBroadcastPkts']] as const) {
    const c = plan.ops.find((o) => o.op === 'counter' && o.oid === `1.3.6.1.2.1.31.1.1.1.${col}.${ifIndex}`)!;
    t.equal(A.state.lastCounter[c.slot], sim.counterAt(dev.address, ifIndex, name, simNowMs), `${name}.${ifIndex} read exactly`);
    const rate = last.values[Array.from(last.slots.subarray(0, last.count)).indexOf(c.slot)];
    t.ok(rate! > 0, `${name}.${ifIndex}: ${rate} pkt/s`);
  }
  t.equal(fast.client.stats.timedOut, 0);
  t.equal(fast.client.stats.malformed, 0);
});

t.test('poll tasks through the task module: a PlanHandle gives what the plan gives', async (t) => {
  const sim = await startSimulator({ devices: 2, interfacesPerDevice: 4, port: 0, baseAddress: '127.1.124.1', seed: 9, clock });
  t.teardown(() => sim.close());
  const sp = await discoverSimPlans(simNetworkConfig(sim.port), sim.devices.map((d) => d.address));
  const plan = sp.plans[0]!;
  const h = makePlanHandle(plan);
  t.same(readPlanHandle(h), JSON.parse(JSON.stringify(plan)), 'the handle holds the plan (as JSON: keys set to undefined are absent)');
  t.ok(isPlanHandle(h) && !isPlanHandle(plan));
  const A = side(), B = side();
  for (let round = 0; round < 2; round++) {
    simNowMs += 10_000;
    const a = await runTask({ kind: 'poll', plan: h, ring: A.ring.buffer, state: A.state.buffer }) as PollResult;
    const b = await runTask({ kind: 'poll', plan, ring: B.ring.buffer, state: B.state.buffer }) as PollResult;
    compare(t, plan, a, b, A.last.get(plan.deviceId), B.last.get(plan.deviceId));
    A.last.set(plan.deviceId, a); B.last.set(plan.deviceId, b);
  }
  t.same(Array.from(A.state.lastCounter.subarray(0, sp.slotCount)), Array.from(B.state.lastCounter.subarray(0, sp.slotCount)));
});

t.test("the network's snmp.pollPath reaches the workers: net-snmp polls the same values through net-snmp", async (t) => {
  const sim = await startSimulator({ devices: 2, interfacesPerDevice: 4, port: 0, baseAddress: '127.1.126.1', seed: 11, clock });
  t.teardown(() => sim.close());
  const addresses = sim.devices.map((d) => d.address);
  const auto = await discoverSimPlans(simNetworkConfig(sim.port), addresses);
  const viaNetSnmp = await discoverSimPlans(simNetworkConfig(sim.port, { pollPath: 'net-snmp' }), addresses);
  t.equal(auto.plans[0]!.target.pollPath, 'auto', 'the default is in the target');
  t.equal(viaNetSnmp.plans[0]!.target.pollPath, 'net-snmp', 'the network setting is in the target');
  // Told apart at the agent: the fast path GETs the interface cells it reads; net-snmp walks the
  // interface columns with GETBULK, whose answers run past each column's end (max-repetitions rows).
  const answered = async (poll: () => Promise<unknown>): Promise<number> => {
    const before = sim.stats().varbinds;
    await poll();
    return sim.stats().varbinds - before;
  };
  const A = side(), B = side();
  for (let round = 0; round < 2; round++) {
    simNowMs += 10_000;
    for (let k = 0; k < auto.plans.length; k++) {
      const fastPlan = auto.plans[k]!, netSnmpPlan = viaNetSnmp.plans[k]!;
      let a: PollResult | undefined, b: PollResult | undefined;
      const fastVarbinds = await answered(async () => { a = await runTask({ kind: 'poll', plan: makePlanHandle(fastPlan), ring: A.ring.buffer, state: A.state.buffer }) as PollResult; });
      const netSnmpVarbinds = await answered(async () => { b = await runTask({ kind: 'poll', plan: makePlanHandle(netSnmpPlan), ring: B.ring.buffer, state: B.state.buffer }) as PollResult; });
      t.ok(netSnmpVarbinds > fastVarbinds, `device ${fastPlan.deviceId}: pollPath net-snmp walks the interface columns with GETBULK (${netSnmpVarbinds} varbinds answered vs ${fastVarbinds} for auto)`);
      compare(t, fastPlan, a!, b!, A.last.get(fastPlan.deviceId), B.last.get(fastPlan.deviceId));
      A.last.set(fastPlan.deviceId, a!); B.last.set(fastPlan.deviceId, b!);
    }
  }
  t.same(Array.from(A.state.lastCounter.subarray(0, auto.slotCount)), Array.from(B.state.lastCounter.subarray(0, auto.slotCount)), 'identical exact counter state');
});

t.test('tooBig answers: GETs are split until they fit, values unchanged', async (t) => {
  const sim = await startSimulator({ devices: 2, interfacesPerDevice: 24, port: 0, baseAddress: '127.1.122.1', seed: 7, clock, maxResponseBytes: 484 });
  t.teardown(() => sim.close());
  const sp = await discoverSimPlans(simNetworkConfig(sim.port), sim.devices.map((d) => d.address));
  const fast = createFastPoller();
  t.teardown(() => fast.close());
  const A = side(), B = side();
  const plan0 = sp.plans[0]!;
  const initial = planView(makePlanHandle(plan0)).requests.length;
  for (let round = 0; round < 2; round++) {
    simNowMs += 10_000;
    for (const plan of sp.plans) {
      const a = await fast.poll(plan, A.ring.buffer, A.state.buffer);
      const b = await pollViaSession(plan, B.ring.buffer, B.state.buffer);
      compare(t, plan, a, b, A.last.get(plan.deviceId), B.last.get(plan.deviceId));
      A.last.set(plan.deviceId, a); B.last.set(plan.deviceId, b);
    }
  }
  t.same(Array.from(A.state.lastCounter.subarray(0, sp.slotCount)), Array.from(B.state.lastCounter.subarray(0, sp.slotCount)));
  t.ok(fast.requestCount(plan0.deviceId) >= 2 * initial, `requests split for 484-byte answers (${initial} → ${fast.requestCount(plan0.deviceId)})`);
});

t.test("the network's snmp.maxMessageBytes sizes the GETs", async (t) => {
  const sim = await startSimulator({ devices: 1, interfacesPerDevice: 24, port: 0, baseAddress: '127.1.124.1', seed: 9, clock });
  t.teardown(() => sim.close());
  const sp = await discoverSimPlans(simNetworkConfig(sim.port), sim.devices.map((d) => d.address));
  const plan = sp.plans[0]!;
  t.equal(plan.target.maxMessageBytes, 1400, 'the plan carries the network setting (default 1400)');
  const fast = createFastPoller();
  t.teardown(() => fast.close());
  const A = side();
  simNowMs += 10_000;
  const wideResult = await fast.poll(plan, A.ring.buffer, A.state.buffer);
  const wide = fast.requestCount(plan.deviceId);
  const narrowPlan = { ...plan, target: { ...plan.target, maxMessageBytes: 600 } };
  simNowMs += 10_000;
  const narrowResult = await fast.poll(narrowPlan, A.ring.buffer, A.state.buffer);
  const narrow = fast.requestCount(plan.deviceId);
  t.ok(wideResult.ok && narrowResult.ok, 'both polls answered');
  t.ok(narrow > wide, `600-byte answers need more GETs than 1400-byte ones (${wide} → ${narrow})`);
  t.equal(narrowResult.count, wideResult.count, 'the same variables computed either way');
});

t.test('failures are results: dead device, wrong community, nothing listening', async (t) => {
  const sim = await startSimulator({ devices: 4, interfacesPerDevice: 2, port: 0, baseAddress: '127.1.123.1', seed: 3, deadFraction: 0.5, clock });
  t.teardown(() => sim.close());
  const sp = await discoverSimPlans(simNetworkConfig(sim.port, { timeoutMs: 200, retries: 1 }), sim.devices.map((d) => d.address));
  t.equal(sp.plans.length, 2, 'two live devices');
  const fast = createFastPoller();
  t.teardown(() => fast.close());
  const A = side();
  const live = sp.plans[0]!;
  const deadAddress = sim.devices.find((d) => !d.alive)!.address;
  const cases: [string, PollPlan][] = [
    ['a dead device', { ...live, target: { ...live.target, address: deadAddress } }],
    ['a wrong community', { ...live, deviceId: 901, target: { ...live.target, community: 'wrong' } }],
    ['a port nobody listens on', { ...live, deviceId: 902, target: { ...live.target, port: sim.port === 9 ? 10 : 9 } }],
  ];
  for (const [name, plan] of cases) {
    const r = await fast.poll(plan, A.ring.buffer, A.state.buffer);
    t.equal(r.ok, false, `${name}: not ok`);
    t.equal(r.timeout, true, `${name}: a timeout`);
    t.match(r.error, /Request timed out/, name);
  }
  t.equal((await fast.poll(live, A.ring.buffer, A.state.buffer)).ok, true, 'the live device still answers');
  t.ok(fast.client.stats.retried >= 3, 'each failed request was retried');
});

t.test('a device that timed out does not hold the in-flight budget', async (t) => {
  const sim = await startSimulator({ devices: 4, interfacesPerDevice: 2, port: 0, baseAddress: '127.1.125.1', seed: 3, deadFraction: 0.5, clock });
  t.teardown(() => sim.close());
  const sp = await discoverSimPlans(simNetworkConfig(sim.port, { timeoutMs: 300, retries: 0 }), sim.devices.map((d) => d.address));
  const fast = createFastPoller({ maxInFlight: 1 });
  t.teardown(() => fast.close());
  const A = side();
  const live = sp.plans[0]!;
  const dead: PollPlan = { ...live, deviceId: 77, target: { ...live.target, address: sim.devices.find((d) => !d.alive)!.address } };
  t.equal((await fast.poll(dead, A.ring.buffer, A.state.buffer)).timeout, true, 'the dead device times out once');
  const order: string[] = [];
  await Promise.all([
    fast.poll(dead, A.ring.buffer, A.state.buffer).then((r) => order.push(`dead ${r.ok}`)),
    fast.poll(live, A.ring.buffer, A.state.buffer).then((r) => order.push(`live ${r.ok}`)),
  ]);
  t.same(order, ['live true', 'dead false'], 'with a budget of one request, the live device is not queued behind the dead one');
});
