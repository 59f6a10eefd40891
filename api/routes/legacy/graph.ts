import type { Router } from '../../http/router.js';
import type { ApiContext } from '../context.js';
import { dataByIds, dataByRule, graphByIds, graphByRule } from '../series-calls.js';

/** Legacy graphs and data (spec 4.5 "Graphs and data"): by ids (at most 10) and by matching rule. */
export function registerLegacyGraph(router: Router, ctx: ApiContext): void {
  const p = { net: 'netid', ids: 'varids' };
  const graph = graphByIds(p);
  const data = dataByIds(p);
  router.get('/api/monitor/networks/:netid/graph/:varids', (req) => graph(ctx, req));
  router.get('/api/monitor/networks/:netid/data/:varids', (req) => data(ctx, req));
  router.get('/api/monitor/networks/:netid/graph/', (req) => graphByRule(ctx, req));
  router.get('/api/monitor/networks/:netid/data/', (req) => dataByRule(ctx, req));
}
