import type { Router } from '../../http/router.js';
import type { ApiContext } from '../context.js';
import { registerKeyValueCalls } from '../keyvalue-calls.js';

/** Legacy key-value store (spec 4.5 "UI state"): the v2 calls on the same records. */
export function registerLegacyKeyValue(router: Router, ctx: ApiContext): void {
  registerKeyValueCalls(router, ctx, '/api/ui/networks/:netid/keyvalue', 'netid');
}
