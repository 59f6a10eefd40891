import type { Router } from '../../http/router.js';
import { registerAlertCalls } from '../alert-calls.js';
import type { ApiContext } from '../context.js';

/** Alerts and silences (docs/api.md "Alerts and silences"): api/routes/alert-calls.ts. */
export function registerAlerts(router: Router, ctx: ApiContext): void {
  registerAlertCalls(router, ctx, { alerts: '/v2/alerts/net/:netid/alerts', silences: '/v2/alerts/net/:netid/silences', net: 'netid' });
}
