import type { RouteGroup } from '../../http/router.js';
import { registerAlertCalls } from '../alert-calls.js';
import type { ApiContext } from '../context.js';

/** Legacy alerts and silences (docs/api.md "Alerts and silences (v2 and legacy)"): the v2 calls (api/routes/alert-calls.ts) under /api/alerts/networks. */
export function registerLegacyAlerts(router: RouteGroup, ctx: ApiContext): void {
  registerAlertCalls(router, ctx, { alerts: '/alerts/networks/:netid/alerts', silences: '/alerts/networks/:netid/silences', net: 'netid' });
}
