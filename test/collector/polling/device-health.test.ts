// The device poll-state tracker: transitions (unknown → ok → failing → ok), one log line each way
// (never one per cycle), reasons, devices coming and going with generations.
import t from 'tap';
import { DeviceHealth, MAX_REASON_CHARS, type PollOutcome } from '../../../collector/polling/device-health.js';
import { createLogger } from '../../../core/logger.js';

function tracker() {
  const lines: string[] = [];
  let now = 1_000_000;
  const h = new DeviceHealth({
    networkId: 3, networkName: 'lab', nowMs: () => now,
    logger: createLogger({ level: 'debug', write: (l) => lines.push(l) }),
  });
  h.setDevices([{ id: 1, name: 'sw1', address: '10.0.0.1' }, { id: 2, name: 'sw2', address: '10.0.0.2' }]);
  return { h, lines, tick: (ms: number) => { now += ms; }, now: () => now };
}

const OK: PollOutcome = { ok: true };
const fail = (error: string): PollOutcome => ({ ok: false, error });

t.test('transitions, counts, times and one log line each way (table)', async (t) => {
  // [outcome of device 1 at this step (null: skipped), failing, consecutiveFailures, reason, warn lines, info lines so far]
  const steps: [PollOutcome | null, boolean, number, string, number, number][] = [
    [null, false, 0, '', 0, 0],
    [OK, false, 0, '', 0, 0],
    [fail('10.0.0.1:161: timeout'), true, 1, '10.0.0.1:161: timeout', 1, 0],
    [null, true, 1, '10.0.0.1:161: timeout', 1, 0],
    [fail('10.0.0.1:161: timeout'), true, 2, '10.0.0.1:161: timeout', 1, 0],
    [fail('10.0.0.1:161: bad community'), true, 3, '10.0.0.1:161: bad community', 1, 0],
    [OK, false, 0, '', 1, 1],
    [OK, false, 0, '', 1, 1],
    [fail('no answer'), true, 1, 'no answer', 2, 1],
    [OK, false, 0, '', 2, 2],
  ];
  const { h, lines, tick, now } = tracker();
  t.same(h.state(1), { deviceId: 1, name: 'sw1', address: '10.0.0.1', failing: false, consecutiveFailures: 0, failingSinceMs: null, reason: '', lastSuccessMs: null, reachability: 'answering', reasonKind: null, summary: 'answering' }, 'unknown at first');
  let failingSince: number | null = null;
  let lastOk: number | null = null;
  steps.forEach(([outcome, failing, n, reason, warns, infos], i) => {
    tick(2000);
    if (outcome) h.record(1, outcome);
    if (outcome?.ok) { lastOk = now(); failingSince = null; }
    if (outcome && !outcome.ok && failingSince === null) failingSince = now();
    const s = h.state(1)!;
    t.same([s.failing, s.consecutiveFailures, s.reason, s.failingSinceMs, s.lastSuccessMs], [failing, n, reason, failingSince, lastOk], `step ${i}: state`);
    t.equal(lines.filter((l) => l.includes('WARN') && l.includes('starts failing')).length, warns, `step ${i}: warn lines`);
    t.equal(lines.filter((l) => l.includes('INFO') && l.includes('recovered')).length, infos, `step ${i}: info lines`);
    t.equal(h.failingCount(), failing ? 1 : 0, `step ${i}: failing count`);
  });
  t.equal(lines.length, 4, 'no other lines');
  const warn = lines.find((l) => l.includes('starts failing'))!;
  for (const part of ['device=sw1', 'address=10.0.0.1', 'network=3', 'networkName=lab', 'reason=10.0.0.1:161: timeout']) t.ok(warn.includes(part), `warn line names ${part}`);
  const info = lines.find((l) => l.includes('recovered'))!;
  for (const part of ['device=sw1', 'address=10.0.0.1', 'failedForMs=8000', 'failedPolls=3']) t.ok(info.includes(part), `recovery line says ${part}`);
  t.same(h.state(2)!.lastSuccessMs, null, 'the other device is untouched');
});

t.test('devices follow the generation; unknown ids are ignored; long reasons are cut', async (t) => {
  const { h, lines } = tracker();
  h.record(1, fail('x'.repeat(1000)));
  t.equal(h.state(1)!.reason.length, MAX_REASON_CHARS);
  t.ok(h.state(1)!.reason.endsWith('…'));
  h.record(99, fail('timeout'));
  t.equal(h.state(99), undefined, 'a device not in the generation gets no state');
  h.setDevices([{ id: 1, name: 'sw1-renamed', address: '10.0.0.11' }, { id: 5, name: 'sw5', address: '10.0.0.5' }]);
  t.same(h.states().map((s) => [s.deviceId, s.name, s.address, s.failing]), [[1, 'sw1-renamed', '10.0.0.11', true], [5, 'sw5', '10.0.0.5', false]],
    'a kept device keeps its state under its new name; a removed one is dropped; a new one is unknown');
  h.record(1, OK);
  t.ok(lines.at(-1)!.includes('device=sw1-renamed'), 'the recovery names the device as it is now');
});

t.test('carryOver: a reloaded network keeps its devices\' states and does not announce them again', async (t) => {
  const { h } = tracker();
  h.record(1, fail('timeout'));
  h.record(2, OK);
  const lines: string[] = [];
  const next = new DeviceHealth({ networkId: 3, networkName: 'lab', nowMs: () => 5_000_000, logger: createLogger({ write: (l) => lines.push(l) }) });
  next.carryOver(h);
  next.setDevices([{ id: 1, name: 'sw1', address: '10.0.0.1' }, { id: 2, name: 'sw2', address: '10.0.0.2' }]);
  t.same(next.states(), h.states(), 'the same states');
  next.record(1, fail('timeout'));
  t.equal(next.state(1)!.consecutiveFailures, 2);
  t.equal(lines.length, 0, 'no second "starts failing" line');
  h.record(2, fail('x'));
  t.equal(next.state(2)!.failing, false, 'copies, not shared');
});

