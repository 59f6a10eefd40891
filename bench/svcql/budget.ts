/**
 * Measurements behind the time budget of query requests (services/request-limits.ts), not a test:
 * what a budget charged in the evaluator costs, against what evaluating a request in a worker
 * thread would cost before any work (the inventory copied to it), and what the watchdog of long
 * REGEXP values costs. Every loop is bounded in count. Prints a table.
 *
 *   npx tsc -p . && node dist/bench/svcql/budget.js [--quick]
 */
import { Worker } from 'node:worker_threads';
import type { VariableInstance } from '../../core/types.js';
import {
  Budget, enableRegexpSafety, executeStatement, mapCatalog, parseStatement, variablesSource,
} from '../../svcql/index.js';
import { runPreempted } from '../../svcql/watchdog.js';

const quick = process.argv.includes('--quick');
const ROWS = quick ? 100_000 : 1_000_000;
const PASSES = quick ? 3 : 5;

enableRegexpSafety();
const rows: [string, string][] = [];
const row = (name: string, value: string): void => { rows.push([name, value]); console.error(`${name}: ${value}`); };
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const ROLES = ['Role.Core', 'Role.Edge', 'Role.Access'];
const instances: VariableInstance[] = new Array(ROWS);
for (let i = 0; i < ROWS; i++) {
  const dev = Math.floor(i / 40);
  instances[i] = {
    slot: i, name: i % 2 ? 'ifInRate' : 'ifOutRate', deviceId: dev, index: i % 40, deviceName: `dev-${dev}`,
    componentName: `Gi0/${i % 40}`, description: `port ${i % 40} of dev-${dev}`, unit: 'bit/s', category: 'Traffic',
    tags: [ROLES[dev % 3]!, 'Vendor.Cisco', 'ifRole.Uplink'],
  };
}
const catalog = mapCatalog({ variables: variablesSource(instances, (s) => s) });

// 1. The evaluator with and without a budget (the same statement; the budget is charged per row,
//    per REGEXP test and per sort comparison).
const statement = parseStatement(
  "SELECT device, component, metric FROM variables WHERE component REGEXP '/1[0-9]$' AND Role = Core ORDER BY metric DESC");
function run(budget: () => Budget | undefined): number {
  const ms: number[] = [];
  for (let p = 0; p < PASSES; p++) {
    const b = budget();
    const t0 = performance.now();
    executeStatement(statement, catalog, { nowMs: 0, ...(b ? { budget: b } : {}) });
    ms.push(performance.now() - t0);
  }
  return median(ms);
}
run(() => undefined); // warm-up
const without = run(() => undefined);
const withBudget = run(() => new Budget({ timeMs: 600_000, points: Infinity }));
row(`SELECT … REGEXP … ORDER BY over ${ROWS.toLocaleString('en')} rows, no budget`, `${without.toFixed(1)} ms`);
row(`the same with a budget (clock read every 1024 units and per REGEXP test)`,
  `${withBudget.toFixed(1)} ms (${(((withBudget - without) / ROWS) * 1e6).toFixed(1)} ns/row more)`);

const b = new Budget({ timeMs: 600_000, points: Infinity });
const SPENDS = quick ? 10_000_000 : 100_000_000;
let t0 = performance.now();
for (let i = 0; i < SPENDS; i++) b.spend();
row('Budget.spend()', `${(((performance.now() - t0) / SPENDS) * 1e6).toFixed(2)} ns/call`);
const CHECKS = 1_000_000;
t0 = performance.now();
for (let i = 0; i < CHECKS; i++) b.check();
row('Budget.check() (reads the clock)', `${(((performance.now() - t0) / CHECKS) * 1e6).toFixed(1)} ns/call`);

// 2. Evaluation in a worker: before any work the request's inventory must reach the worker (a
//    structured clone per request, or a replica kept in sync with every inventory change).
for (const n of quick ? [100_000] : [100_000, 1_000_000]) {
  const part = instances.slice(0, n);
  t0 = performance.now();
  structuredClone(part);
  row(`structuredClone of ${n.toLocaleString('en')} variable instances`, `${(performance.now() - t0).toFixed(0)} ms`);
}
const worker = new Worker('const { parentPort } = require("node:worker_threads"); parentPort.on("message", (m) => parentPort.postMessage(m.length));', { eval: true });
const roundTrip = (msg: unknown): Promise<number> => new Promise((resolve) => {
  const start = performance.now();
  worker.once('message', () => resolve(performance.now() - start));
  worker.postMessage(msg);
});
await roundTrip([]);
const trips: number[] = [];
for (let i = 0; i < 3; i++) trips.push(await roundTrip(instances.slice(0, 100_000)));
row('postMessage of 100,000 instances to a worker and an answer back', `${median(trips).toFixed(0)} ms`);
const empty: number[] = [];
for (let i = 0; i < 100; i++) empty.push(await roundTrip([]));
row('postMessage round trip of an empty message', `${median(empty).toFixed(3)} ms`);
await worker.terminate();

// 3. The watchdog of long REGEXP values.
const CALLS = 1_000;
t0 = performance.now();
for (let i = 0; i < CALLS; i++) runPreempted(() => /a/.test('xxxxa'), 1_000);
row('runPreempted (watchdog) per call', `${((performance.now() - t0) / CALLS).toFixed(3)} ms`);
// A catastrophic pattern compiled without the check (new RegExp: no linear fallback applies).
const evil = new RegExp('^(.|.|.|.|.){50}Z');
t0 = performance.now();
const r = runPreempted(() => evil.test('a'.repeat(60)), 100);
row('a catastrophic RegExp test under a 100 ms watchdog', `${r.stopped ? 'stopped' : 'finished'} after ${(performance.now() - t0).toFixed(0)} ms`);

console.log('\n| measure | value |\n|---|---|');
for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
