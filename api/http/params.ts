import { AppError } from '../../core/errors.js';
import { excerpt } from './errors.js';
import type { ApiRequest } from './http-types.js';

/**
 * Parsing and checking of path and query parameters. Every failure is AppError BAD_PARAMETER (400);
 * its message quotes the value through `excerpt`.
 */

const INT_RE = /^-?(0|[1-9][0-9]{0,15})$/;

/** A decimal integer (optionally negative), within the safe range. */
export function parseInteger(name: string, text: string): number {
  const t = text.trim();
  if (!INT_RE.test(t)) throw new AppError('BAD_PARAMETER', `parameter '${name}' must be an integer, got '${excerpt(text)}'`);
  const n = Number(t);
  if (!Number.isSafeInteger(n)) throw new AppError('BAD_PARAMETER', `parameter '${name}' is out of range: '${excerpt(text)}'`);
  return n;
}

export function parseNonNegativeInteger(name: string, text: string): number {
  const n = parseInteger(name, text);
  if (n < 0) throw new AppError('BAD_PARAMETER', `parameter '${name}' must not be negative, got '${excerpt(text)}'`);
  return n;
}

/** A query parameter as an integer, or undefined when absent. An empty value counts as malformed. */
export function queryInteger(req: ApiRequest, name: string): number | undefined {
  const v = req.query.get(name);
  return v === null ? undefined : parseInteger(name, v);
}

/**
 * A boolean flag: absent → false; present with no value, `true`, `1` or `yes` → true; `false`, `0`
 * or `no` → false; anything else is malformed.
 */
export function queryFlag(req: ApiRequest, name: string): boolean {
  const v = req.query.get(name);
  if (v === null) return false;
  switch (v.trim().toLowerCase()) {
    case '': case 'true': case '1': case 'yes': return true;
    case 'false': case '0': case 'no': return false;
    default: throw new AppError('BAD_PARAMETER', `parameter '${name}' must be true or false, got '${excerpt(v)}'`);
  }
}

/** A path parameter that must be present (the router guarantees it for matched routes). */
export function pathParam(req: ApiRequest, name: string): string {
  const v = req.params[name];
  if (v === undefined) throw new Error(`route has no parameter '${name}'`); // a wiring bug
  return v;
}
