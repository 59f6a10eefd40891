import { AppError } from '../../core/errors.js';
import type { RoutedRequest } from './http-types.js';
import { excerpt } from './errors.js';
import { parseNonNegativeInteger, pathParam } from './params.js';
import { listParam } from './router.js';

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
