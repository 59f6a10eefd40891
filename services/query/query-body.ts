import { AppError } from '../../core/errors.js';
import { parseDashboardTime, parseIntervalMs } from './dashboard-time.js';
import { REQUEST_LIMITS } from '../request-limits.js';

/**
 * The dashboard-tool query body (docs/api.md "Query body"), checked once here. Top-level problems (not JSON, no
 * `targets` array, more than REQUEST_LIMITS.maxTargets targets (REQUEST_LIMIT), a bad
 * `from`/`until`/`groupByTime`) are a 400 for the whole request; a bad
 * target is that target's error only, so targets stay `unknown` until each is read.
 */

/** Default range of a query body without `from`: the hour before `until`. */
const DEFAULT_QUERY_RANGE_MS = 3_600_000;

interface QueryBody {
  readonly targets: readonly unknown[];
  readonly fromMs: number;
  readonly untilMs: number;
  /** Bucket of time_series points of structured targets; 0 for none. */
  readonly groupByMs: number;
}

function timeField(body: Record<string, unknown>, name: 'from' | 'until', nowMs: number): number | undefined {
  const v = body[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') throw new AppError('BAD_PARAMETER', `'${name}' must be a string such as now-6h`);
  return parseDashboardTime(name, v, nowMs, name === 'until');
}

export function parseQueryBody(json: unknown, nowMs: number): QueryBody {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new AppError('BAD_REQUEST', 'the query body must be a JSON object with a targets array');
  }
  const body = json as Record<string, unknown>;
  if (!Array.isArray(body.targets)) throw new AppError('BAD_REQUEST', "the query body has no 'targets' array");
  if (body.targets.length > REQUEST_LIMITS.maxTargets) {
    throw new AppError('REQUEST_LIMIT',
      `the query body has ${body.targets.length} targets, more than ${REQUEST_LIMITS.maxTargets} (targets per query body); ` +
      'send them in several requests');
  }
  // Times in the forms of services/query/dashboard-time.ts (the Grafana datasource's).
  const untilMs = timeField(body, 'until', nowMs) ?? nowMs;
  const fromMs = timeField(body, 'from', nowMs) ?? untilMs - DEFAULT_QUERY_RANGE_MS;
  if (fromMs > untilMs) throw new AppError('BAD_PARAMETER', `'from' (${fromMs}) is after 'until' (${untilMs})`);
  let groupByMs = 0;
  const g = body.groupByTime;
  if (g !== undefined && g !== null && g !== '') {
    const ms = typeof g === 'string' ? parseIntervalMs(g) : null;
    if (ms === null) throw new AppError('BAD_PARAMETER', `'groupByTime' must be a duration such as 30s, 5m or 1h, got ${JSON.stringify(g)}`);
    groupByMs = ms;
  }
  return { targets: body.targets, fromMs, untilMs, groupByMs };
}
