/**
 * The graph answer is written as JSON text directly (api/http/json-writer.ts, api/http/graph-value.ts); these
 * tables compare its bytes with the JSON.stringify path it replaced, value by value and whole
 * answers over random series.
 */
import t from 'tap';
import { graphValue, writeGraphPoint, writeGraphValue } from '../../api/http/graph-value.js';
import { JsonWriter } from '../../api/http/json-writer.js';
import { unitScale } from '../../services/catalog/unit-scale.js';
import type { VariableInstance } from '../../core/types.js';
import { apiFor } from '../fakes/call.js';
import { fixture, NOW_MS, variable } from '../fakes/fake-service.js';
import { rng } from '../fakes/rng.js';


const written = (v: number): string => {
  const w = new JsonWriter(8);
  writeGraphValue(w, v);
  return w.finish().toString('latin1');
};

/** The double next to `v` away from zero (or towards it with dir −1). */
function nextDouble(v: number, dir: 1 | -1): number {
  const f = new Float64Array([v]);
  const b = new BigInt64Array(f.buffer);
  b[0] += BigInt(dir);
  return f[0];
}

t.test('writeGraphValue writes graphValue byte for byte', async (t) => {
  const r = rng(42);
  const values: number[] = [
    0, -0, 1, -1, 0.5, -0.5, 1e-6, 1e-7, 9.99999e-7, 0.1 + 0.2, 1.1 * 3, 24.904296592385, -999.9999994,
    123456789.123456789, 0.000123456789012345, 1e9, 1e9 - 1e-7, 1e9 + 0.5, 999999999.9999996, 0.9999999999996,
    0.99999999999949, 0.9999999999995, 1e15, 1e15 - 1, 1e15 + 2, 2 ** 53, 2 ** 53 + 2, 1e21, 1e22, -1e21,
    Number.MAX_VALUE, Number.MIN_VALUE, 1.5e-300, NaN, Infinity, -Infinity, 2147483647, 2147483648, 4294967296.5,
    1.0000005, 1.0000004999999, 2.5e-6, 0.1, 0.01, 0.001, 1e-5, 0.3, 1763784000000, 1763784000000.25,
  ];
  // Powers of ten and their neighbours, where a decimal exponent is easy to get wrong.
  for (let k = -8; k <= 16; k++) {
    const p = Number(`1e${k}`);
    values.push(p, nextDouble(p, 1), nextDouble(p, -1), -p);
  }
  // Random values over every decade, both signs, and the ties of 6 decimals and of 12 digits.
  for (let i = 0; i < 20_000; i++) {
    const decade = Math.floor(r() * 24) - 8;
    const v = (1 + r() * 9) * Number(`1e${decade}`) * (r() < 0.3 ? -1 : 1);
    values.push(v);
    values.push((Math.floor(r() * 1e9) + 0.5) / 1e6);                 // a tie at the 7th decimal
    values.push((Math.floor(r() * 9e11) + 1e11 + 0.5) / 1e15);         // a tie at the 12th digit below 1
    values.push(Math.round(r() * 2 ** 40) * (r() < 0.5 ? 1 : -1));     // whole numbers
    values.push(Math.round(r() * 1e9) / 1e3);                           // few decimals
  }
  let mismatches = 0;
  const examples: string[] = [];
  for (const v of values) {
    const want = graphValue(v);
    const got = written(v);
    if (got !== want) {
      mismatches++;
      if (examples.length < 10) examples.push(`${v}: ${got} != ${want}`);
    }
  }
  t.equal(mismatches, 0, `${values.length} values compared; ${examples.join('; ')}`);
});

t.test('writeGraphPoint writes `,"<ts>,<graphValue>"`, whatever the time stamp', async (t) => {
  const stamps = [0, 1, 1763784000000, 2147483647, 2147483648, 1e15 - 1, 1e15, 1e16, -1, -60000, 1.5, NaN, Infinity];
  const vals = [0, 1.25, -3, 0.001, 1e-9, NaN];
  const w = new JsonWriter(1);
  let want = '';
  for (const ts of stamps) for (const v of vals) { writeGraphPoint(w, ts, v); want += `,"${ts},${graphValue(v)}"`; }
  t.equal(w.finish().toString('latin1'), want);
});

t.test('JsonWriter integers and growth', async (t) => {
  const r = rng(7);
  const ints = [0, 1, 9, 10, 99, 100, 2147483647, 2147483648, 99999999, 100000000, 1e15 - 1, 1763784060000];
  for (let i = 0; i < 5000; i++) ints.push(Math.floor(r() * 10 ** (1 + Math.floor(r() * 15))));
  const w = new JsonWriter(1); // grows many times
  for (const n of ints) { w.uint(n); w.byte(32); }
  t.equal(w.finish().toString('latin1'), ints.map((n) => `${n} `).join(''), `${ints.length} integers`);
  const cases: [number, number, string][] = [[0, 3, '000'], [7, 3, '007'], [123456789012, 12, '123456789012'], [5, 1, '5']];
  for (const [n, width, want] of cases) {
    const p = new JsonWriter(1);
    p.padded(n, width);
    t.equal(p.finish().toString(), want, `padded(${n}, ${width})`);
  }
  const fr: [number, number, string][] = [[120, 6, '00012'], [5, 6, '000005'], [500000, 6, '5'], [123456789012, 12, '123456789012'], [100000000000, 12, '1']];
  for (const [n, width, want] of fr) {
    const p = new JsonWriter(1);
    p.fraction(n, width);
    t.equal(p.finish().toString(), want, `fraction(${n}, ${width})`);
  }
  const s = new JsonWriter(1);
  s.jsonString('a"b\\c\n\u2028é😀');
  s.json({ x: [1, 'é'] });
  t.equal(s.finish().toString('utf8'), JSON.stringify('a"b\\c\n\u2028é😀') + JSON.stringify({ x: [1, 'é'] }), 'strings escaped as JSON.stringify');
});

/** The graph answer as it was built before the direct writer: strings per point and JSON.stringify. */
function referenceGraph(found: { varId: string; instance: VariableInstance; tsMs: number[]; values: number[] }[], errors: string): string {
  const byUnit = new Map<string, { maxAbs: number; rank: number }>();
  for (const s of found) {
    const u = byUnit.get(s.instance.unit) ?? { maxAbs: 0, rank: byUnit.size };
    for (const v of s.values) u.maxAbs = Math.max(u.maxAbs, Math.abs(v));
    byUnit.set(s.instance.unit, u);
  }
  const info = found.map(({ varId, instance, tsMs, values }) => {
    const u = byUnit.get(instance.unit)!;
    const { unit, scale } = unitScale(instance.unit, u.maxAbs);
    const timeseries = [`timestamp,${varId}`];
    let min = Infinity, max = -Infinity;
    for (let i = 0; i < tsMs.length; i++) {
      const v = values[i] / scale;
      if (v < min) min = v;
      if (v > max) max = v;
      timeseries.push(`${tsMs[i]},${graphValue(v)}`);
    }
    const label = instance.description !== '' ? instance.description : instance.name;
    const legend = instance.componentName !== '' ? `${label} ${instance.componentName}` : label;
    return {
      varName: instance.name, legend, legendEmbedded: `${instance.deviceName} ${legend}`, index: instance.index, varId, unit,
      range: tsMs.length > 0 ? [Number(graphValue(min)), Number(graphValue(max))] : [0, 0],
      significantFigures: 3, scale, axisSide: u.rank % 2 === 0 ? 'left' : 'right', timeseries,
    };
  });
  return JSON.stringify({ info, warnings: '', errors });
}

t.test('graph answers: the same bytes as the JSON.stringify path, over random series', async (t) => {
  const MIN = 60_000;
  const units = ['bit/s', '%', 'pkt/s', 'B', 'bit/s'];
  const names = ['ifInRate', 'cpuLoad', 'ifInErrors', 'hr.storage.used', 'ifOutRate'];
  for (let seed = 1; seed <= 40; seed++) {
    const r = rng(seed);
    const svc = fixture();
    const found: { varId: string; instance: VariableInstance; tsMs: number[]; values: number[] }[] = [];
    const vars: VariableInstance[] = [];
    for (let slot = 0; slot < 5; slot++) {
      const instance = variable(slot, names[slot], 10 + slot, slot, units[slot], {
        description: slot % 2 === 0 ? `Desc "${slot}" é` : '', deviceName: `dev${slot}`,
      });
      vars.push(instance);
      const n = Math.floor(r() * 150);
      const tsMs: number[] = [], values: number[] = [];
      const magnitude = Number(`1e${Math.floor(r() * 20) - 6}`);
      for (let i = 0; i < n; i++) {
        if (r() < 0.05) continue; // a gap
        tsMs.push(NOW_MS - (n - i) * MIN);
        const kind = r();
        values.push(kind < 0.2 ? Math.round(r() * 1e6) : kind < 0.25 ? 0 : seed % 10 === 0 && kind < 0.27 ? NaN : (r() - 0.2) * magnitude);
      }
      svc.series.set(slot, tsMs, values);
      found.push({ varId: `${instance.name}.${instance.deviceId}.${instance.index}`, instance, tsMs, values });
    }
    svc.vars.set(1, vars);
    const { get } = apiFor(svc, NOW_MS);
    const ids = found.map((f) => f.varId).join(',');
    const res = await get(`/v2/ui/net/1/graph/${ids},nope.1.1?intervalHr=3`);
    t.equal(res.status, 200, `seed ${seed}: status`);
    t.equal(res.headers['content-type'], 'application/json; charset=utf-8', `seed ${seed}: type`);
    const want = referenceGraph(found, "unknown variable 'nope.1.1' in network 1");
    if (res.text !== want) {
      let at = 0;
      while (res.text[at] === want[at]) at++;
      t.fail(`seed ${seed}: differs at ${at}: …${res.text.slice(at - 40, at + 40)}… vs …${want.slice(at - 40, at + 40)}…`);
    } else {
      t.pass(`seed ${seed}: ${res.text.length} bytes equal`);
    }
  }
});
