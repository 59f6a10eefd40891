import type { RouteGroup } from '../../http/router.js';
import { registerAlertCalls, registerAlertPeopleCalls } from '../alert-calls.js';
import type { ApiContext } from '../context.js';

/** Alerts and silences (docs/api.md "Alerts and silences"): api/routes/alert-calls.ts. */
export function registerAlerts(router: RouteGroup, ctx: ApiContext): void {
  registerAlertCalls(router, ctx, { alerts: '/alerts/net/:netid/alerts', silences: '/alerts/net/:netid/silences', net: 'netid' });
  registerAlertPeopleCalls(router, ctx, {
    alerts: '/alerts/net/:netid/alerts', history: '/alerts/net/:netid/history', rules: '/alerts/net/:netid/rules', net: 'netid',
  });
}
