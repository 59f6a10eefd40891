import t from 'tap';
import { isAppError } from '../../core/errors.js';
import {
  answerSvcqlTarget, compileMatcher, devicesSource, enableRegexpSafety, executeQuery, formatResult, interfacesSource,
  compileVariableRule, parseExpression, printExpression, printStatement, variablesSource, type RowSource,
} from '../../svcql/index.js';
import { catalog, devices, instances, latest, links, NOW, read, statsOverWindow } from './fixtures.js';
import { Gen, rng } from './gen.js';

// Bounded by tap's timeout; every query here is small and the regexp engine falls back to linear time.
t.setTimeout(240_000);
enableRegexpSafety();

const cat = catalog();
const sources: RowSource<any>[] = [devicesSource(devices), interfacesSource(devices, links), variablesSource(instances, latest, { devices })];

const SEEDS = [
  "device = dfw3-dr01-re0 AND NOT Role IN (Core, 'Edge') OR address << 10.1.0.0/16",
  "name REGEXP '^[a-z]+\\d' AND metric BETWEEN 1 AND 10 OR tag LIKE 'Role.%'",
  'SELECT device, avg(tsmax(metric)) AS m FROM ifInRate WHERE time > now-6h GROUP BY device, time(5m) ORDER BY m DESC LIMIT 3, 1',
  "SELECT DISTINCT Role, count(*) FROM devices WHERE Vendor != 'x' GROUP BY Role ORDER BY 'Role'",
  'SELECT time, sma(metric, 2), cumulative_sum(metric), tslinear(metric) FROM ifInRate WHERE metric > 1; FROM tags',
  "SELECT tspercentile(90, metric), ifnull(cpuLoad, 0), to_long(ifnan(metric, -1)) FROM ifInRate WHERE `ifOutRate` IS NOT NULL",
  'FROM interfaces WHERE neighbor NOT NULL AND operStatus = up OR address << 2001:db8::/32',
];
const ALPHABET = [
  ' ', '(', ')', ',', ';', '*', "'", '"', '`', '\\', '=', '!=', '<>', '<', '<=', '>', '>=', '<<', '%', '_', '-', '.', '/', ':',
  'AND', 'OR', 'NOT', 'IN', 'LIKE', 'REGEXP', 'BETWEEN', 'IS', 'NULL', 'ISNULL', 'NOTNULL', 'SELECT', 'FROM', 'WHERE',
  'GROUP BY', 'ORDER BY', 'LIMIT', 'OFFSET', 'DISTINCT', 'AS', 'DESC', 'time(5m)', 'time(1ms)', 'avg(', 'tsmax(', 'sma(', 'count(*)',
  'metric', 'device', 'Role', 'tag', 'devices', 'ifInRate', 'variables', 'now-1h', '10.0.0.0/8', '(a+)+$', '{99}', '[', ']', '?', '+',
  '1e308', '-1', '0', '99999999999999999999', '\n', '\u0000', 'é', '🙂',
];

function mutate(g: Gen, s: string): string {
  let out = s;
  const n = 1 + g.int(4);
  for (let i = 0; i < n; i++) {
    const at = g.int(out.length + 1);
    switch (g.int(5)) {
      case 0: out = out.slice(0, at) + out.slice(at + 1 + g.int(6)); break;
      case 1: out = out.slice(0, at) + g.pick(ALPHABET) + out.slice(at); break;
      case 2: out = out.slice(0, at); break;
      case 3: { const b = g.int(out.length + 1); out = out.slice(0, Math.min(at, b)) + out.slice(Math.min(at, b), Math.max(at, b)).repeat(2) + out.slice(Math.max(at, b)); break; }
      default: out = out.slice(0, at) + String.fromCharCode(g.int(128)) + out.slice(at + 1);
    }
  }
  return out;
}

function soup(g: Gen): string {
  return Array.from({ length: 1 + g.int(25) }, () => g.pick(ALPHABET)).join(g.chance(0.5) ? ' ' : '');
}

interface Failure { text: string; error: unknown }

/** Runs a text as an expression over every source and as statements over the catalog. */
function exercise(text: string, failures: Failure[]): void {
  const guard = (f: () => void): void => {
    try {
      f();
    } catch (e) {
      if (!(isAppError(e) && e.code.startsWith('SVCQL_'))) failures.push({ text, error: e });
    }
  };
  guard(() => {
    const e = parseExpression(text);
    for (const src of sources) {
      guard(() => {
        const m = compileMatcher(e, src);
        for (const r of src.rows()) m(r as never);
      });
    }
    // the printer's text must parse to the same tree
    if (JSON.stringify(parseExpression(printExpression(e))) !== JSON.stringify(e)) failures.push({ text, error: 'expression round-trip' });
  });
  guard(() => {
    for (const o of executeQuery(text, cat, { nowMs: NOW })) {
      if (!o.ok) {
        if (!o.error.code.startsWith('SVCQL_')) failures.push({ text, error: o.error });
        continue;
      }
      formatResult(o.result, 'time_series');
      formatResult(o.result, 'table');
      formatResult(o.result, 'list');
      JSON.stringify(formatResult(o.result, 'table'));
      if (printStatement(o.statement) === '') failures.push({ text, error: 'empty print' });
    }
  });
  const answer = answerSvcqlTarget({ svcql: text, format: 'table', id: 'x' }, cat, { nowMs: NOW });
  if (!Array.isArray(answer)) failures.push({ text, error: 'target answer is not an array' });
}

t.test('random and mutated queries fail only with SvcQL errors', async (t) => {
  const g = new Gen(rng(20261122));
  const failures: Failure[] = [];
  let runs = 0;
  for (let i = 0; i < 2000; i++) { exercise(printStatement(g.statement()), failures); runs++; }
  for (let i = 0; i < 2000; i++) { exercise(printExpression(g.expr()), failures); runs++; }
  for (let i = 0; i < 4000; i++) {
    const base = g.chance(0.5) ? g.pick(SEEDS) : g.chance(0.5) ? printStatement(g.statement()) : printExpression(g.expr());
    exercise(mutate(g, base), failures);
    runs++;
  }
  for (let i = 0; i < 2000; i++) { exercise(soup(g), failures); runs++; }
  for (const f of failures.slice(0, 5)) t.fail(`${JSON.stringify(f.text)}: ${f.error instanceof Error ? f.error.stack : String(f.error)}`);
  t.equal(failures.length, 0, `${runs} queries, no failure other than SvcQL errors`);
});

t.test('random variable matching rules fail only with BAD_PARAMETER', async (t) => {
  const g = new Gen(rng(7));
  const values: Record<string, string[]> = {
    name: ['ifInRate', 'cpuLoad,ifInRate', '', ',', 'x'],
    devices: ['sjc1-sw02', 'dfw3-dr01-re0,core-v6', '', ' , '],
    components: ['Gi0/1', '', 'a,b'],
    tags: ['Role.Core', '!Role.Core', 'Role', '!Site.*', 'Role.Core,!ifRole.Uplink', '!', ',,', '.', '!.x'],
    tagMatch: ['AND', 'or', 'NOT_AND', 'NOT_OR', 'XOR', ''],
    sortBy: ['devices.asc', 'curr.desc', 'min', 'max.up', 'speed.asc', '', '.'],
    limit: ['1', '-1', '0', 'x', '-2', '99999999999999999999'],
    start: ['0', '2', '-1', '1.5'],
    count: ['1', '0', '', 'many'],
  };
  let failures = 0;
  for (let i = 0; i < 2000; i++) {
    const q: Record<string, string> = {};
    for (const [k, vs] of Object.entries(values)) if (g.chance(0.5)) q[k] = g.pick(vs);
    try {
      const rule = compileVariableRule(q);
      rule.select(instances, statsOverWindow(read, NOW - 3_600_000, NOW));
    } catch (e) {
      if (!(isAppError(e) && e.code === 'BAD_PARAMETER')) { failures++; if (failures < 5) t.fail(`${JSON.stringify(q)}: ${String(e)}`); }
    }
  }
  t.equal(failures, 0, '2000 rules');
});
