/**
 * Benchmark of SvcQL SELECT statements over a large in-memory inventory (not a test): grouping
 * 100,000 variable rows, expanding a multi-valued facet, and aggregating 10,000 series of one hour
 * at a 1-minute grid by GROUP BY time. Every loop is bounded in count. Prints a table.
 *
 *   npx tsc -p . && node dist/bench/svcql/select.js
 */
import type { SeriesPoints, VariableInstance } from '../../core/types.js';
import { enableRegexpSafety, executeQuery, formatResult, mapCatalog, seriesSource, variablesSource } from '../../svcql/index.js';

enableRegexpSafety();
const VARS = 100_000;
const SERIES = 10_000;
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const MIN = 60_000;

const instances: VariableInstance[] = [];
for (let i = 0; i < VARS; i++) {
  const dev = Math.floor(i / 50);
  instances.push({
    slot: i, name: i < SERIES ? 'ifInRate' : `var${i % 20}`, deviceId: dev, index: i % 50, deviceName: `dev-${dev}`,
    componentName: `Gi0/${i % 50}`, description: '', unit: 'bps', category: 'Interface',
    tags: [`Role.${['Core', 'Edge', 'Access'][dev % 3]}`, `Site.S${dev % 7}`, ...(dev % 2 ? ['Role.Lab'] : [])],
  });
}
// The store hands back typed arrays per slot; precompute them so the figures are SvcQL's own cost.
const tsMs = Float64Array.from({ length: 60 }, (_, k) => NOW - 59 * MIN + k * MIN);
const stored: SeriesPoints[] = Array.from({ length: SERIES }, (_, slot) => ({
  tsMs, values: tsMs.map((t) => (slot * 13 + t / MIN) % 1000),
}));
const read = (slot: number): SeriesPoints => stored[slot]!;
const catalog = mapCatalog(
  { variables: variablesSource(instances, (s) => s % 1000) },
  { names: () => ['ifInRate'], get: (n) => (n === 'ifInRate' ? seriesSource(n, instances, read) : undefined) },
);

const rows: [string, string][] = [];
function bench(q: string, format: 'table' | 'time_series', runs = 5): void {
  const times: number[] = [];
  const cpu: number[] = [];
  let size = 0;
  for (let r = 0; r < runs; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const out = executeQuery(q, catalog, { nowMs: NOW });
    const o = out[0]!;
    if (!o.ok) throw o.error;
    size = formatResult(o.result, format).length;
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const mid = Math.floor(runs / 2);
  rows.push([q, `median ${times[mid]!.toFixed(1)} ms wall, ${cpu[mid]!.toFixed(1)} ms CPU (${format}, ${size} entries)`]);
}

bench('SELECT device, count(*) FROM variables GROUP BY device ORDER BY device LIMIT 10', 'table');
bench('SELECT Role, count(*) AS n FROM variables GROUP BY Role ORDER BY n DESC', 'table');
bench("SELECT DISTINCT device FROM variables WHERE Role = Core AND variable REGEXP '^var1'", 'table');
bench('SELECT avg(metric) FROM ifInRate WHERE time > now-1h GROUP BY time(5m)', 'time_series');
bench('SELECT Site, sum(metric) FROM ifInRate GROUP BY Site, time(5m)', 'time_series');
bench('SELECT device, component, tspercentile95(metric) AS p95 FROM ifInRate ORDER BY p95 DESC LIMIT 10', 'table');

console.log('| statement | time |\n|---|---|');
for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
