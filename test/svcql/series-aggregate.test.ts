/** The structured target's `aggregator` (svcql/series-aggregate.ts). */
import t from 'tap';
import { aggregatePoints, type Aggregator } from '../../svcql/series-aggregate.js';

const A: [number | null, number][] = [[1, 10], [null, 20], [4, 30]];
const B: [number | null, number][] = [[3, 10], [null, 20], [2, 40]];

t.test('per timestamp over the non-null values; null when all are null', async (t) => {
  const cases: [Aggregator, [number | null, number][]][] = [
    ['sum', [[4, 10], [null, 20], [4, 30], [2, 40]]],
    ['avg', [[2, 10], [null, 20], [4, 30], [2, 40]]],
    ['min', [[1, 10], [null, 20], [4, 30], [2, 40]]],
    ['max', [[3, 10], [null, 20], [4, 30], [2, 40]]],
    ['count', [[2, 10], [0, 20], [1, 30], [1, 40]]],
  ];
  for (const [agg, want] of cases) t.same(aggregatePoints(agg, [A, B]), want, agg);
  t.same(aggregatePoints('sum', []), [], 'no series, no points');
});
