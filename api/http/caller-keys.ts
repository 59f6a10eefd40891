import { ownerName } from '../../core/caller.js';
import { callerKey } from '../../services/work-gates.js';
import type { RoutedRequest } from './http-types.js';

/** Who asks, as the collector records it on tasks and blocked entries: the owner name, else `anonymous`. */
export function userOf(req: RoutedRequest): string {
  return ownerName(req.caller) ?? 'anonymous';
}

/** The key the work gates count this caller's share under (services/work-gates.ts `callerKey`). */
export function gateKeyOf(req: RoutedRequest): string {
  return callerKey({ caller: req.caller, address: req.remoteAddress });
}
