import { AppError } from '../../core/errors.js';
import type { RoutedRequest } from '../http/http-types.js';
import { excerpt } from '../http/errors.js';
import { parseNonNegativeInteger, pathParam } from '../http/params.js';
import { listParam } from '../http/router.js';
import { ownerName } from '../../core/caller.js';
import { callerKey } from '../../services/work-gates.js';

/**
 * A comma list of ids in a path (`DELETE …/devices/3,7,12`): each a non-negative integer, at least
 * one, at most `max`; duplicates dropped, the order kept. AppError BAD_PARAMETER (400) otherwise,
 * quoting the bad item.
 */
export function idListParam(req: RoutedRequest, name: string, max: number): number[] {
  const items = listParam(pathParam(req, name));
  if (items.length === 0) throw new AppError('BAD_PARAMETER', `parameter '${name}' must list at least one id, got '${excerpt(req.params[name] ?? '')}'`);
  if (items.length > max) throw new AppError('BAD_PARAMETER', `parameter '${name}' lists ${items.length} ids; at most ${max} per call`);
  const out: number[] = [];
  for (const item of items) {
    const id = parseNonNegativeInteger(name, item);
    if (!out.includes(id)) out.push(id);
  }
  return out;
}

/** Who asks, as the collector records it on tasks and blocked entries: the owner name, else `anonymous`. */
export function userOf(req: RoutedRequest): string {
  return ownerName(req.caller) ?? 'anonymous';
}

/** The key the work gates count this caller's share under (services/work-gates.ts `callerKey`). */
export function gateKeyOf(req: RoutedRequest): string {
  return callerKey({ caller: req.caller, address: req.remoteAddress });
}
