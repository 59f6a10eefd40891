import type { RouteGroup } from '../../http/router.js';
import type { ApiContext } from '../context.js';
import { registerKeyValueCalls } from '../keyvalue-calls.js';

/** Legacy key-value store (docs/api.md "Key-value store (v2 and legacy)"): the v2 calls on the same records. */
export function registerLegacyKeyValue(router: RouteGroup, ctx: ApiContext): void {
  registerKeyValueCalls(router, ctx, '/ui/networks/:netid/keyvalue', 'netid');
}
