import type { RouteGroup } from '../../http/router.js';
import type { ApiContext } from '../context.js';
import { registerSeriesByIds } from '../series-calls.js';

/** v2 graphs and raw data by triplets (docs/api.md "Graphs and data"). */
export function registerGraph(router: RouteGroup, ctx: ApiContext): void {
  registerSeriesByIds(router, ctx, '/ui/net/:id', { net: 'id', ids: 'triplets' });
}
