/**
 * Benchmark of SvcQL (not a test): parse time of typical queries, and matching a three-predicate
 * expression (name REGEXP, tag facet, numeric comparison) over 1,000,000 variable rows on one core.
 * Target: ≤ 200 ns per row. Every loop is bounded in count. Prints a table.
 *
 *   npx tsc -p . && node dist/bench/svcql/match.js [--quick] [--result]
 *
 * With --result it also prints one `RESULT <json>` line (bench/svcql/svcql-bench.ts reads it).
 */
import type { VariableInstance } from '../../core/types.js';
import { compileMatcher, enableRegexpSafety, parseExpression, parseStatement, variablesSource } from '../../svcql/index.js';

const quick = process.argv.includes('--quick');
const ROWS = quick ? 100_000 : 1_000_000;
const PASSES = quick ? 3 : 7;
const PARSES = quick ? 2_000 : 20_000;

enableRegexpSafety();

const rows: [string, string][] = [];
/** The figures in machine-readable form, for the harness. */
export interface MatchResult {
  rows: number;
  parses: { label: string; chars: number; wallUs: number; cpuUs: number }[];
  matches: { label: string; expr: string; wallNsPerRow: number[]; cpuNsPerRow: number[]; matched: number }[];
}
const result: MatchResult = { rows: ROWS, parses: [], matches: [] };
const row = (name: string, value: string): void => { rows.push([name, value]); console.error(`${name}: ${value}`); };

function timeParse(label: string, text: string, parse: (s: string) => unknown): void {
  for (let i = 0; i < 1_000; i++) parse(text); // warm-up
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < PARSES; i++) parse(text);
  const ns = Number(process.hrtime.bigint() - t0) / PARSES;
  const c = process.cpuUsage(c0);
  const cpuNs = ((c.user + c.system) * 1000) / PARSES;
  result.parses.push({ label, chars: text.length, wallUs: ns / 1000, cpuUs: cpuNs / 1000 });
  row(`parse ${label} (${text.length} chars)`, `${(ns / 1000).toFixed(2)} µs wall, ${(cpuNs / 1000).toFixed(2)} µs CPU`);
}

timeParse('expression', "variable REGEXP '^if(In|Out)Rate$' AND Role = Core AND metric > 1000", parseExpression);
timeParse('view rule', "Vendor IN (Cisco, Juniper) AND (Role = Core OR Role = Edge) AND NOT name LIKE 'lab-%' AND address << 10.0.0.0/8", parseExpression);
timeParse('SELECT', 'SELECT device, avg(tsmax(metric)) AS avg_max FROM ifInRate WHERE time > now-6h AND Role = Core GROUP BY device, time(5m) ORDER BY avg_max DESC LIMIT 10', parseStatement);

// 1M variable instances: 20 variable names, 3 roles, 4 vendors, extra tags, latest values in a typed array.
const NAMES = ['ifInRate', 'ifOutRate', 'ifInErrors', 'ifOutErrors', 'ifInDiscards', 'ifOutDiscards', 'ifInUcastPkts', 'ifOutUcastPkts',
  'ifOperStatus', 'ifAdminStatus', 'cpuLoad', 'memUsed', 'memFree', 'tempC', 'fanRpm', 'psuStatus', 'uptime', 'bgpPeers', 'ospfNbrs', 'latencyMs'];
const ROLES = ['Role.Core', 'Role.Edge', 'Role.Access'];
const VENDORS = ['Vendor.Cisco', 'Vendor.Juniper', 'Vendor.Arista', 'Vendor.Nokia'];
const tagSets: string[][] = [];
for (const r of ROLES) for (const v of VENDORS) tagSets.push([v, r, 'Site.DC1', 'ifRole.Uplink']);
const latestValues = new Float64Array(ROWS);
const instances: VariableInstance[] = new Array(ROWS);
for (let i = 0; i < ROWS; i++) {
  const dev = Math.floor(i / 40);
  latestValues[i] = (i * 7919) % 2000;
  instances[i] = {
    slot: i, name: NAMES[i % NAMES.length]!, deviceId: dev, index: i % 40, deviceName: `dev-${dev}`, componentName: `Gi0/${i % 40}`,
    description: '', unit: '', category: '', tags: tagSets[dev % tagSets.length]!,
  };
}
const src = variablesSource(instances, (slot) => latestValues[slot]!);
function bench(expr: string, label: string): void {
  const match = compileMatcher(expr, src);
  const perRow: number[] = [];
  const cpuPerRow: number[] = [];
  let matched = 0;
  for (let p = 0; p < PASSES; p++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    let n = 0;
    for (let i = 0; i < ROWS; i++) if (match(instances[i]!)) n++;
    perRow.push(Number(process.hrtime.bigint() - t0) / ROWS);
    const c = process.cpuUsage(c0);
    cpuPerRow.push(((c.user + c.system) * 1000) / ROWS);
    matched = n;
  }
  result.matches.push({ label, expr, wallNsPerRow: perRow.slice(), cpuNsPerRow: cpuPerRow.slice(), matched });
  perRow.sort((a, b) => a - b);
  cpuPerRow.sort((a, b) => a - b);
  const median = perRow[Math.floor(perRow.length / 2)]!;
  const cpu = cpuPerRow[Math.floor(cpuPerRow.length / 2)]!;
  // CPU time is the figure to compare with the target on a shared machine (wall time includes waits).
  row(`match ${label} over ${ROWS.toLocaleString('en')} rows: ${expr}`,
    `median ${median.toFixed(1)} ns/row wall (best ${perRow[0]!.toFixed(1)}), ${cpu.toFixed(1)} ns/row CPU; ` +
    `${matched} rows matched; target ≤ 200 ns ${Math.min(median, cpu) <= 200 ? 'met' : 'NOT met'}`);
}

// Selective: the regexp drops 90% of rows, so the other predicates rarely run (short-circuit AND).
bench("variable REGEXP '^if(In|Out)Rate$' AND Role = Core AND metric > 1000", 'typical');
// Every predicate runs on every row (each holds for nearly all rows).
bench("variable REGEXP '[a-z]' AND Role != Nope AND metric >= 0", 'all three evaluated');
// Facet comparison by LIKE (no tag lookup shortcut) and a regexp on a component name.
bench("component REGEXP '/1[0-9]$' AND Vendor LIKE 'c%' AND metric BETWEEN 100 AND 1500", 'LIKE on facet');

if (process.argv.includes('--result')) {
  console.log(`RESULT ${JSON.stringify(result)}`);
} else {
  console.log('\n| measure | value |\n|---|---|');
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
}
