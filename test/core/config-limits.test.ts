/**
 * The configuration's `limits:` (core/config-limits.ts) and the gates built from it
 * (services/work-gates.ts): defaults, values as written, one message naming the key and line for
 * each mistake; a change applies live (the gates take the new bounds at their next admission);
 * the caller's key; a place held for a background task until it ends.
 */
import t from 'tap';
import { ANONYMOUS, type Caller } from '../../core/caller.js';
import { DEFAULT_LIMITS, type LimitsConfig } from '../../core/config-limits.js';
import { loadConfig } from '../../core/config-load.js';
import { planIsEmpty, planReload } from '../../core/config-reload.js';
import type { Config } from '../../core/config-schema.js';
import { callerKey, WorkGates } from '../../services/work-gates.js';

const NET = 'networks:\n  - { id: 1, seeds: [10.0.0.1] }\n';
const load = (text: string) => loadConfig({ text: NET + text, path: 'netmon.yaml', env: {} });

t.test('limits: defaults and values as written', async (t) => {
  t.same(DEFAULT_LIMITS, {
    reportRuns: { maxRunning: 1, maxQueued: 16, maxPerCaller: 4 },
    actions: { maxRunning: 1, maxQueued: 8, maxPerCaller: 2 },
    discovery: { maxRunning: 2000, maxQueued: 0, maxPerCaller: 500 },
  }, 'the documented defaults');
  const cases: [string, string, LimitsConfig][] = [
    ['no section', '', DEFAULT_LIMITS],
    ['an empty section', 'limits:\n', DEFAULT_LIMITS],
    ['one gate, one key', 'limits: { reportRuns: { maxPerCaller: 1 } }\n', { ...DEFAULT_LIMITS, reportRuns: { maxRunning: 1, maxQueued: 16, maxPerCaller: 1 } }],
    ['every gate', 'limits:\n  reportRuns: { maxRunning: 3, maxQueued: 0, maxPerCaller: 2 }\n  actions: { maxRunning: 2, maxQueued: 4, maxPerCaller: 1 }\n  discovery: { maxRunning: 10, maxPerCaller: 5 }\n',
      { reportRuns: { maxRunning: 3, maxQueued: 0, maxPerCaller: 2 }, actions: { maxRunning: 2, maxQueued: 4, maxPerCaller: 1 }, discovery: { maxRunning: 10, maxQueued: 0, maxPerCaller: 5 } }],
  ];
  for (const [name, text, want] of cases) t.same(load(text).limits, want, name);
});

t.test('limits: mistakes name the key and line', async (t) => {
  const cases: [string, RegExp][] = [
    ['limits: { reportRuns: { maxRunning: 0 } }\n', /limits\.reportRuns\.maxRunning \(line 3\): must be an integer from 1 to 1000000, got 0/],
    ['limits:\n  actions:\n    maxQueued: -1\n', /limits\.actions\.maxQueued \(line 5\): must be an integer from 0/],
    ['limits: { reportRuns: { maxPerCaller: 2.5 } }\n', /limits\.reportRuns\.maxPerCaller \(line 3\): must be an integer/],
    ['limits: { discovery: { maxQueued: 5 } }\n', /limits\.discovery\.maxQueued \(line 3\): unknown key 'maxQueued'; allowed here: maxRunning, maxPerCaller/],
    ['limits: { exports: { maxRunning: 1 } }\n', /limits\.exports \(line 3\): unknown key 'exports'; allowed here: reportRuns, actions, discovery/],
    ['limits: 5\n', /limits \(line 3\): must be a mapping/],
  ];
  for (const [text, want] of cases) t.throws(() => load(text), { code: 'CONFIG_INVALID', message: want }, text.trim());
});

t.test('limits: a change applies live; the gates take it at their next admission', async (t) => {
  const before = load('');
  const after = load('limits: { reportRuns: { maxRunning: 1, maxQueued: 0, maxPerCaller: 1 } }\n');
  const plan = planReload(before, after);
  t.ok(planIsEmpty(plan), 'empty plan');
  t.same(plan.restartRequired, []);
  let config: Config = before;
  const gates = new WorkGates(() => config);
  t.same(gates.gate('reportRuns').limits, DEFAULT_LIMITS.reportRuns);
  config = after;
  t.same(gates.gate('reportRuns').limits, after.limits!.reportRuns, 'the swapped config is read');
  t.same(gates.stats().map((g) => [g.name, g.bounds.maxRunning]), [['reportRuns', 1], ['actions', 1], ['discovery', 2000]], 'stats name every gate');
});

t.test('callerKey: the user, the token id, or the client address', async (t) => {
  const cases: [string, Caller, string, string][] = [
    ['a user', { kind: 'user', name: 'alice', role: 'user' }, '10.0.0.9', 'user:alice'],
    ['a token (its id, not its name)', { kind: 'token', tokenId: '7', tokenName: 'ci', role: 'user' }, '10.0.0.9', 'token:7'],
    ['anonymous: the address', ANONYMOUS, '10.0.0.9', 'address:10.0.0.9'],
    ['anonymous, no address', ANONYMOUS, '', 'address:unknown'],
  ];
  for (const [what, caller, address, want] of cases) t.equal(callerKey({ caller, address }), want, what);
});

t.test('a place held for a background task until it ends; given back when it cannot begin', async (t) => {
  const config = load('limits: { discovery: { maxRunning: 2, maxPerCaller: 1 } }\n');
  const gates = new WorkGates(() => config);
  let end!: () => void;
  const ended = new Promise<void>((r) => { end = r; });
  const task = await gates.holdTask('discovery', 'alice', async () => ({ id: 1 }), (r) => r.id, () => ended);
  t.same(task, { id: 1 });
  await new Promise((r) => setImmediate(r));
  t.equal(gates.gate('discovery').stats().running, 1, 'held while the task runs');
  t.throws(() => gates.hold('discovery', 'alice'), { code: 'RATE_LIMITED', message: /limits\.discovery.*at most 1 per caller/ }, 'the same caller is refused');
  await t.rejects(gates.holdTask('discovery', 'bob', async () => { throw new Error('no such address'); }, () => 1, () => ended), /no such address/);
  await new Promise((r) => setImmediate(r));
  t.equal(gates.gate('discovery').stats().running, 1, 'a task that could not begin gives its place back');
  const release = gates.hold('discovery', 'carol');
  t.throws(() => gates.hold('discovery', 'dave'), { code: 'SERVER_BUSY', message: /2 running and 0 waiting \(at most 2 at once and 0 waiting\)/ }, 'full: no queue');
  release(null);
  end();
  await ended;
  await new Promise((r) => setImmediate(r));
  t.same(gates.gate('discovery').stats().running, 0, 'places given back when the task ends');
});
