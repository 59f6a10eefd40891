import { AppError, isAppError } from '../../core/errors.js';
import { excerpt } from '../http/errors.js';
import { readFormParams } from '../http/form-body.js';
import type { ApiResponse, RoutedRequest } from '../http/http-types.js';
import type { RouteGroup } from '../http/router.js';
import type { ApiContext } from './context.js';
import { matrixAnswer } from '../http/prom-answer.js';

/**
 * The Prometheus HTTP API's basic reads (docs/api.md "Prometheus HTTP API"), for Grafana's
 * built-in Prometheus data source: query_range, query, labels, label values and series, by GET
 * (query string) or POST (form body). Answers and errors have Prometheus' shapes:
 * `{status: 'success', data}`, or `{status: 'error', errorType, error, code}` (code: this API's error code) with the error's HTTP
 * status (400 `bad_data` for bad input and bounds, 404 `not_found` for an unknown network,
 * `execution` otherwise). Access: `user`.
 */
export function registerPrometheus(router: RouteGroup, ctx: ApiContext): void {
  const prom = ctx.services.prometheus;
  const both = (pattern: string, fn: (p: URLSearchParams, req: RoutedRequest) => unknown): void => {
    const handler = (req: RoutedRequest): ApiResponse => answer(() => fn(readFormParams(req), req), ctx);
    router.get(pattern, handler, { access: 'user' });
    router.post(pattern, handler, { access: 'user' });
  };
  both('/query_range', (p) => {
    const startMs = promTime('start', required(p, 'start'));
    const endMs = promTime('end', required(p, 'end'));
    const stepMs = promDuration('step', required(p, 'step'));
    return new Written(matrixAnswer(prom.queryRange(required(p, 'query'), { startMs, endMs, stepMs }), ctx.answerBuffers));
  });
  both('/query', (p) => {
    const time = p.get('time');
    return prom.query(required(p, 'query'), time === null || time === '' ? ctx.clock.nowMs() : promTime('time', time));
  });
  both('/labels', (p) => prom.labelNames(p.getAll('match[]')));
  both('/series', (p) => prom.seriesLabels(p.getAll('match[]')));
  router.get('/label/:name/values', (req) => answer(() => prom.labelValues(req.params['name']!, readFormParams(req).getAll('match[]')), ctx), { access: 'user' });
}

/** A whole answer written already (the query_range answer, prom-answer.ts). */
class Written {
  constructor(readonly response: ApiResponse) {}
}

function answer(fn: () => unknown, ctx: ApiContext): ApiResponse {
  try {
    const data = fn();
    if (data instanceof Written) return data.response;
    return { status: 200, body: { status: 'success', data } };
  } catch (err) {
    if (!isAppError(err)) {
      ctx.logger.error('prometheus call failed', { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
      return { status: 500, body: { status: 'error', errorType: 'internal', error: 'internal error', code: 'INTERNAL' } };
    }
    const errorType = err.status === 404 ? 'not_found' : err.status < 500 ? 'bad_data' : 'execution';
    return { status: err.status, body: { status: 'error', errorType, error: excerpt(err.message, 2000), code: err.code } };
  }
}

function required(p: URLSearchParams, name: string): string {
  const v = p.get(name);
  if (v === null || v === '') throw new AppError('BAD_PARAMETER', `parameter '${name}' is missing`);
  return v;
}

const FLOAT_RE = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
const RFC3339_RE = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/** A Prometheus time: unix seconds (a float) or RFC 3339; ms since the epoch. */
export function promTime(name: string, text: string): number {
  const t = text.trim();
  if (FLOAT_RE.test(t)) {
    const ms = Number(t) * 1000;
    if (Number.isFinite(ms) && Math.abs(ms) <= 8.64e15) return ms;
  } else if (RFC3339_RE.test(t)) {
    const ms = Date.parse(t.toUpperCase());
    if (Number.isFinite(ms)) return ms;
  }
  throw new AppError('BAD_PARAMETER', `cannot parse '${excerpt(text)}' to a valid timestamp (parameter '${name}': unix seconds or RFC 3339)`);
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000, y: 31_536_000_000 };
const DURATION_RE = /^(?:[0-9]+(?:ms|s|m|h|d|w|y))+$/;

/** A Prometheus duration: seconds (a float) or a duration such as `30s`, `1m30s`; ms. */
export function promDuration(name: string, text: string): number {
  const t = text.trim();
  if (FLOAT_RE.test(t)) {
    const ms = Number(t) * 1000;
    if (Number.isFinite(ms)) return ms;
  } else if (DURATION_RE.test(t)) {
    let ms = 0;
    for (const m of t.matchAll(/([0-9]+)(ms|s|m|h|d|w|y)/g)) ms += Number(m[1]) * DURATION_UNITS[m[2]!]!;
    if (Number.isFinite(ms)) return ms;
  }
  throw new AppError('BAD_PARAMETER', `cannot parse '${excerpt(text)}' to a valid duration (parameter '${name}': seconds or a duration such as 30s)`);
}
