import type { Router } from '../../http/router.js';
import type { ApiContext } from '../context.js';
import { dataByIds, graphByIds } from '../series-calls.js';

/** v2 graphs and raw data by triplets (spec 4.1 "Graphs and raw data"). */
export function registerGraph(router: Router, ctx: ApiContext): void {
  const p = { net: 'id', ids: 'triplets' };
  const graph = graphByIds(p);
  const data = dataByIds(p);
  router.get('/v2/ui/net/:id/graph/:triplets', (req) => graph(ctx, req));
  router.get('/v2/ui/net/:id/data/:triplets', (req) => data(ctx, req));
}
