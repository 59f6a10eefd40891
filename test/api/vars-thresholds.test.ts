/**
 * Threshold colours of the `vars` last-value calls: the level function as a table, then through
 * the legacy `vars` call with thresholds from `variables.thresholds` and a derived variable's own.
 */
import t from 'tap';
import { apiFor } from '../fakes/call.js';
import { NOW_MS, ruleFixture } from '../fakes/fake-service.js';
import type { VariableThresholds, VariablesConfig } from '../../core/config-schema.js';
import { COLORS } from '../../services/catalog/catalog.js';
import { colorLevel, thresholdsByName } from '../../services/catalog/variable-thresholds.js';

const above = (warning: number | null, critical: number | null): VariableThresholds => ({ direction: 'above', warning, critical });
const below = (warning: number | null, critical: number | null): VariableThresholds => ({ direction: 'below', warning, critical });

t.test('colorLevel (table)', async (t) => {
  const cases: [string, number, boolean, VariableThresholds | undefined, string][] = [
    ['no value', NaN, false, above(1, 2), 'none'],
    ['no value, stale flag', NaN, true, undefined, 'none'],
    ['stale past critical: stale', 5, true, above(1, 2), 'stale'],
    ['no thresholds', 1e12, false, undefined, 'normal'],
    ['above: under warning', 0.5, false, above(1, 2), 'normal'],
    ['above: at warning', 1, false, above(1, 2), 'warning'],
    ['above: between', 1.5, false, above(1, 2), 'warning'],
    ['above: at critical', 2, false, above(1, 2), 'critical'],
    ['above: critical only, under', 1.9, false, above(null, 2), 'normal'],
    ['above: warning only, far past', 100, false, above(1, null), 'warning'],
    ['below: over warning', 50, false, below(20, 10), 'normal'],
    ['below: at warning', 20, false, below(20, 10), 'warning'],
    ['below: at critical', 10, false, below(20, 10), 'critical'],
    ['below: negative', -3, false, below(20, 10), 'critical'],
  ];
  for (const [what, value, stale, th, want] of cases) t.equal(colorLevel(value, stale, th), want, what);
  t.same(Object.keys(COLORS).sort(), ['critical', 'none', 'normal', 'stale', 'warning'], 'a colour for every level');
});

t.test('thresholds by name: own key, then variables.thresholds wins', async (t) => {
  const v: VariablesConfig = {
    snmp: [],
    derived: [
      { name: 'a', scope: 'device', expression: '1', unit: '', category: 'Derived', description: '1', devices: '', thresholds: above(1, 2) },
      { name: 'b', scope: 'device', expression: '1', unit: '', category: 'Derived', description: '1', devices: '', thresholds: above(1, 2) },
      { name: 'c', scope: 'device', expression: '1', unit: '', category: 'Derived', description: '1', devices: '', thresholds: null },
    ],
    thresholds: { b: below(5, 3), cpuUtil: above(80, 95) },
  };
  const m = thresholdsByName(v);
  t.same(m.get('a'), above(1, 2));
  t.same(m.get('b'), below(5, 3));
  t.equal(m.get('c'), undefined);
  t.same(m.get('cpuUtil'), above(80, 95));
  t.equal(thresholdsByName(v), m, 'cached per configuration');
});

t.test('legacy vars: colours from the configured thresholds (table)', async (t) => {
  // ifInRate last values: sw10 eth1 120e6, sw10 eth2 5e6, sw11 eth1 81e6; cpuLoad sw10 55, sw11 none.
  const cases: [string, Record<string, VariableThresholds>, string, string[]][] = [
    ['none configured', {}, 'ifInRate', ['normal', 'normal', 'normal']],
    ['above 80M / 100M', { ifInRate: above(80e6, 100e6) }, 'ifInRate', ['critical', 'normal', 'warning']],
    ['above, warning only', { ifInRate: above(100e6, null) }, 'ifInRate', ['warning', 'normal', 'normal']],
    ['below 60 / 50: a missing value stays none', { cpuLoad: below(60, 50) }, 'cpuLoad', ['warning', 'none']],
    ['below 60 / 55', { cpuLoad: below(60, 55) }, 'cpuLoad', ['critical', 'none']],
    ["another variable's thresholds do not apply", { ifOutRate: above(1, 2) }, 'ifInRate', ['normal', 'normal', 'normal']],
  ];
  for (const [what, thresholds, name, want] of cases) {
    const svc = ruleFixture();
    svc.config = { ...svc.config, variables: { snmp: [], derived: [], thresholds } };
    const { get } = apiFor(svc, NOW_MS);
    const r = await get(`/api/monitor/networks/1/vars/${name}`);
    t.equal(r.status, 200, what);
    t.same(r.json.map((i: any) => i.colorLevel), want, what);
    t.same(r.json.map((i: any) => i.color), want.map((l) => COLORS[l as keyof typeof COLORS]), `${what}: colours`);
  }
});
