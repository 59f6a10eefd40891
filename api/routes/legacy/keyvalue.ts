import type { RouteGroup } from '../../http/router.js';
import type { ApiContext } from '../context.js';
import { registerKeyValueCalls } from '../keyvalue-calls.js';

/** Legacy key-value store (spec 4.5 "UI state"): the v2 calls on the same records. */
export function registerLegacyKeyValue(router: RouteGroup, ctx: ApiContext): void {
  registerKeyValueCalls(router, ctx, '/ui/networks/:netid/keyvalue', 'netid');
}
