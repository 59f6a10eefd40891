import type { RouteGroup } from '../../http/router.js';
import type { ApiContext } from '../context.js';
import { registerKeyValueCalls } from '../keyvalue-calls.js';

/** v2 key-value store (spec 4.1 "Generic key-value store"): create, update, read. */
export function registerKeyValue(router: RouteGroup, ctx: ApiContext): void {
  registerKeyValueCalls(router, ctx, '/ui/net/:id/keyvalue', 'id');
}
