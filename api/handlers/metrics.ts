import type { ApiContext } from '../http/context.js';
import { JSON_TYPE, type ApiRequest, type ApiResponse } from '../http/http-types.js';
import { queryFlag } from '../http/params.js';

/** The legacy monitor JSON API: ping, healthcheck, metrics (spec 4.5 "Monitor JSON API"). */

/** GET /api/metrics/ping → text `pong`. */
export function ping(): ApiResponse {
  return { status: 200, body: 'pong' };
}

/**
 * GET /api/metrics/healthcheck → `{ healthy, components, uptimeMs }` (the project's shape; the
 * spec only says "status of internal components and summary health"). Always 200: the verdict is
 * the `healthy` field.
 */
export function healthcheck(ctx: ApiContext): ApiResponse {
  const h = ctx.service.health();
  return { status: 200, body: { healthy: h.healthy, components: h.components, uptimeMs: ctx.clock.nowMs() - ctx.startedAtMs } };
}

/**
 * GET /api/metrics/metrics[?pretty=true] → internal metrics (the project's shape):
 * `{ startedAtMs, uptimeMs, networks: [{ id, name, poll, discovery }], http }`, where `poll` is the
 * collector's PollStatus, `discovery` the latest and running generation numbers, and `http` the
 * router's request counters. `pretty` indents the JSON.
 */
export function metrics(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const pretty = queryFlag(req, 'pretty');
  const now = ctx.clock.nowMs();
  const networks = ctx.service.networks().map((n) => {
    const d = ctx.service.discoveryStatus(n.id);
    return {
      id: n.id,
      name: n.name,
      poll: ctx.service.pollStatus(n.id),
      discovery: {
        generations: d.generations,
        latestGeneration: d.latest ? d.latest.number : null,
        latestCompletedAtMs: d.latest ? d.latest.completedAtMs : null,
        runningGeneration: d.running ? d.running.number : null,
      },
    };
  });
  const body = { startedAtMs: ctx.startedAtMs, uptimeMs: now - ctx.startedAtMs, networks, http: ctx.routerStats() };
  return pretty
    ? { status: 200, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(body, null, 2) + '\n' }
    : { status: 200, body };
}
