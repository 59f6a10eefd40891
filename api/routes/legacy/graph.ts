import type { RouteGroup } from '../../http/router.js';
import type { ApiContext } from '../context.js';
import { dataByRule, graphByRule, registerSeriesByIds } from '../series-calls.js';

/** Legacy graphs and data (docs/api.md "Graphs and data"): by ids (at most 10) and by matching rule. */
export function registerLegacyGraph(router: RouteGroup, ctx: ApiContext): void {
  registerSeriesByIds(router, ctx, '/monitor/networks/:netid', { net: 'netid', ids: 'varids' });
  router.get('/monitor/networks/:netid/graph/', (req) => graphByRule(ctx, req));
  router.get('/monitor/networks/:netid/data/', (req) => dataByRule(ctx, req));
}
