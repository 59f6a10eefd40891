/**
 * The bounds of one agent in the workers' walk (issue "Hard to break, round 3", point 2): a walk of
 * a table larger than its limits stops there (it returns no more than the limits and says it was
 * truncated), a walk that loops ends with the reason, and the config keys that carry the bounds.
 */
import t from 'tap';
import { loadConfig } from '../../core/config-load.js';
import { agentBounds, DEFAULTS } from '../../core/config-schema.js';
import { HostileAgent } from '../../sim/hostile-agent.js';
import type { SnmpTarget } from '../../snmp/types.js';
import { closeAllSessions, compareOids } from '../../workers/netsnmp/snmp-session.js';
import run, { type VarbindsResult } from '../../workers/task.js';

const IF_DESCR = '1.3.6.1.2.1.2.2.1.2', IF_TYPE = '1.3.6.1.2.1.2.2.1.3';
const target = (port: number, address: string): SnmpTarget => ({ address, port, version: '2c', community: 'public', timeoutMs: 300, retries: 1, maxRepetitions: 24 });

t.teardown(() => closeAllSessions());

t.test('a walk stops at maxRows rows per column and at maxVarbinds in all, and says so', async (t) => {
  const agent = await HostileAgent.start({ mode: 'huge', rows: 2_000_000, address: '127.0.0.1' });
  t.teardown(() => agent.close());
  const cases = [
    { limits: { maxRows: 100, maxVarbinds: 1_000_000 }, rows: 100, by: 'maxTableRows' },
    { limits: { maxRows: 1_000_000, maxVarbinds: 150 }, rows: 75, by: 'maxVarbinds' },
    { limits: { maxRows: 1000, maxVarbinds: 1000 }, rows: 500, by: 'maxVarbinds' },
  ] as const;
  for (const c of cases) {
    const before = agent.requests;
    const r = await run({ kind: 'walk', target: target(agent.port, '127.0.0.1'), columns: [IF_DESCR, IF_TYPE], limits: c.limits }) as VarbindsResult;
    if (!r.ok) { t.fail(r.error); continue; }
    t.same(r.truncated, { rows: c.rows, by: c.by }, `${JSON.stringify(c.limits)}: truncated at ${c.rows} rows by ${c.by}`);
    t.equal(r.varbinds.filter((vb) => vb.oid.startsWith(IF_DESCR + '.')).length, c.rows, 'ifDescr rows kept');
    t.ok(r.varbinds.length <= Math.min(2 * c.limits.maxRows, c.limits.maxVarbinds), `${r.varbinds.length} varbinds: within the limits`);
    t.ok(agent.requests - before <= Math.ceil(c.rows / 24) + 2, `${agent.requests - before} requests: the walk asked no further`);
  }
  // A table that ends exactly at the bound is whole: not truncated.
  const small = await HostileAgent.start({ mode: 'huge', rows: 50, address: '127.0.0.2', port: agent.port });
  t.teardown(() => small.close());
  const r = await run({ kind: 'walk', target: target(small.port, '127.0.0.2'), columns: [IF_DESCR], limits: { maxRows: 50, maxVarbinds: 1000 } }) as VarbindsResult;
  t.ok(r.ok && r.truncated === undefined && r.varbinds.length === 50, 'a table of exactly maxRows rows is not truncated');
});

t.test('a walk that loops (OIDs not after the one asked) ends with the reason', async (t) => {
  const agent = await HostileAgent.start({ mode: 'loop', address: '127.0.0.3' });
  t.teardown(() => agent.close());
  const r = await run({ kind: 'walk', target: target(agent.port, '127.0.0.3'), columns: [IF_DESCR], limits: { maxRows: 1000, maxVarbinds: 1000 } }) as VarbindsResult;
  t.notOk(r.ok, 'the walk fails');
  if (!r.ok) t.match(r.error, /do not follow the requested columns/, `the reason: ${r.error}`);
  t.ok(agent.requests < 20, `${agent.requests} requests: the loop was not followed`);
  t.ok(compareOids('1.3.6.1.2.1.2.2.1.2.10', '1.3.6.1.2.1.2.2.1.2.9') > 0 && compareOids('1.3.6.1.2.1.2.2.1.2', '1.3.6.1.2.1.2.2.1.2.1') < 0
    && compareOids('1.3.6.1.2.1.2.2.1.2.1', '1.3.6.1.2.1.2.2.1.2.1') === 0, 'OIDs compare arc by arc (the net-snmp path fails a walk at the first OID not after its cursor)');
});

t.test('networks[].snmp.maxTableRows and maxVarbindsPerDevice: defaults, values, and what is refused', async (t) => {
  const load = (snmp: string) => loadConfig({ path: 'b.yaml', env: { DATA_DIR: '/nonexistent' }, text: `networks:\n  - id: 1\n    name: n\n    seeds: [127.0.0.1]\n    snmp: { ${snmp} }\n` });
  const dflt = load('port: 161').networks[0]!.snmp;
  t.same(agentBounds(dflt), { maxTableRows: DEFAULTS.maxTableRows, maxVarbinds: DEFAULTS.maxVarbindsPerDevice });
  t.same([DEFAULTS.maxTableRows, DEFAULTS.maxVarbindsPerDevice], [50_000, 100_000], 'the documented defaults');
  t.same(agentBounds(load('maxTableRows: 1000, maxVarbindsPerDevice: 5000').networks[0]!.snmp), { maxTableRows: 1000, maxVarbinds: 5000 });
  t.throws(() => load('maxTableRows: 0'), /maxTableRows/);
  t.throws(() => load('maxVarbindsPerDevice: -1'), /maxVarbindsPerDevice/);
  t.throws(() => load('maxTableRows: many'), /maxTableRows/);
});
