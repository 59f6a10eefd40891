import { cidrContains, parseCidr } from '../../core/cidr.js';
import { openApiJson } from '../../core/openapi-doc.js';
import { errorResponse } from '../http/errors.js';
import { JSON_TYPE, type ApiResponse, type RoutedRequest } from '../http/http-types.js';
import { PROM_TEXT_TYPE, exposition } from '../http/prom-text.js';
import type { Router } from '../http/router.js';
import type { ApiContext } from './context.js';
import { selfMetricFamilies } from './self-metric-families.js';

/**
 * Headers a proxy adds (RFC 7239 Forwarded, the de-facto X-Forwarded-*, X-Real-IP, Via): a request
 * carrying any of them did not come straight from its client.
 */
export const PROXY_HEADERS: readonly string[] = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'];

/** The loopback ranges: an IPv4-mapped IPv6 peer is judged as its IPv4 address (cidrContains). */
const LOOPBACK = [parseCidr('127.0.0.0/8')!, parseCidr('::1/128')!];

/**
 * Whether a peer address is loopback: 127.0.0.0/8, ::1, or an IPv4 loopback address mapped into
 * IPv6 (::ffff:127.x.y.z), in any IPv6 spelling — compressed (`::1`), full with zeros
 * (`0000:…:0001`, as uWS writes peers of an IPv6 socket) or with a dotted quad at the end.
 */
export function isLoopbackAddress(address: string): boolean {
  return LOOPBACK.some((c) => cidrContains(c, address));
}

/**
 * Why a request is not a direct connection to the monitor ('' when it is): the peer must be a
 * loopback address, with no proxy header (a proxy on the same machine connects from loopback too),
 * and no browser cross-site marks (`Origin`, a `Sec-Fetch-Site` other than `none`: a web page must
 * not stop the server by sending the browser to this URL).
 */
export function notDirect(req: RoutedRequest): string {
  if (!isLoopbackAddress(req.remoteAddress)) return `the peer ${req.remoteAddress || '(unknown)'} is not a loopback address`;
  const proxied = PROXY_HEADERS.filter((h) => req.header(h) !== '');
  if (proxied.length > 0) return `the request came through a proxy (${proxied.join(', ')})`;
  if (req.header('origin') !== '') return 'the request came from a web page (Origin)';
  const site = req.header('sec-fetch-site');
  if (site !== '' && site !== 'none') return `the request came from a web page (Sec-Fetch-Site: ${site})`;
  return '';
}

/**
 * Self-observation and the API's own description: the Prometheus exposition (`/metrics`), the
 * stop call (`/api/quit`) and the OpenAPI document (`/v2/openapi.json`). docs/api.md describes each.
 */
export function registerSelfObservation(router: Router, ctx: ApiContext): void {
  // Same access as the JSON metrics: with authentication on, a scraper sends a token (Bearer).
  router.get('/metrics', () => ({
    status: 200, headers: { 'content-type': PROM_TEXT_TYPE }, body: exposition(selfMetricFamilies(ctx)),
  }));

  // 202 then a clean stop, only on a direct connection; admin callers when authentication is on.
  router.get('/api/quit', (req): ApiResponse => {
    const why = notDirect(req);
    if (why !== '') {
      ctx.logger.warn('quit refused', { peer: req.remoteAddress, reason: why });
      return errorResponse('FORBIDDEN', `/api/quit is accepted only on a direct connection to the monitor: ${why}`);
    }
    const quit = ctx.process?.quit;
    if (!quit) return errorResponse('CONFLICT', 'this server is not run by a process that stops on /api/quit');
    ctx.logger.info('quit requested', { peer: req.remoteAddress });
    // After the answer is written: the handler returns first, the stop begins on the next turn.
    setImmediate(quit);
    return { status: 202, body: { status: 'stopping' } };
  }, { access: 'admin' });

  // Read once, on the first call (a test's router never pays for it).
  let openapi: string | null = null;
  router.get('/v2/openapi.json', () => {
    openapi ??= openApiJson();
    return { status: 200, headers: { 'content-type': JSON_TYPE }, body: openapi };
  }, { access: 'public' });
}
