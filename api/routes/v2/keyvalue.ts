import type { RouteGroup } from '../../http/router.js';
import type { ApiContext } from '../context.js';
import { registerKeyValueCalls } from '../keyvalue-calls.js';

/** v2 key-value store (docs/api.md "Key-value store"): create, update, read. */
export function registerKeyValue(router: RouteGroup, ctx: ApiContext): void {
  registerKeyValueCalls(router, ctx, '/ui/net/:id/keyvalue', 'id');
}
