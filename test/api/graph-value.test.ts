import t from 'tap';
import { graphValue } from '../../api/http/graph-value.js';

t.test('graph values: exact enough, never float noise', async (t) => {
  const cases: [number, string][] = [
    [0, '0'], [42, '42'], [-7, '-7'], [1e15, '1000000000000000'],
    [0.1 + 0.2, '0.3'], [1.1 * 3, '3.3'], [24.904296592385, '24.904297'], [-999.9999994, '-999.999999'],
    [123456789.123456789, '123456789.123457'], [0.000123456789012345, '0.000123456789012'],
    [0.30000000000000004, '0.3'], [1e9 + 0.5, '1000000000.5'], [Number.MAX_VALUE, '1.7976931348623157e+308'], [1.5e-300, '1.5e-300'],
    [-0.5, '-0.5'], [NaN, 'NaN'],
  ];
  for (const [v, want] of cases) t.equal(graphValue(v), want, `${v}`);
  // Every value in the fast range keeps ≥ 7 significant digits.
  for (let i = 0; i < 2000; i++) {
    const v = Math.exp(Math.random() * 20);
    const back = Number(graphValue(v));
    t.ok(Math.abs(back - v) / v < 1e-6, `${v} → ${back}`);
  }
});
