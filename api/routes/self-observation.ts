import { readOpenApiJson } from '../../core/openapi-doc.js';
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

/**
 * Whether a peer address is loopback: 127.0.0.0/8, ::1, or an IPv4 loopback address mapped into
 * IPv6 (::ffff:127.x.y.z), in any IPv6 spelling — compressed (`::1`), full with zeros
 * (`0000:…:0001`, as uWS writes peers of an IPv6 socket) or with a dotted quad at the end.
 */
export function isLoopbackAddress(address: string): boolean {
  const a = address.toLowerCase();
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a)) return true;
  const g = ipv6Groups(a);
  if (g === null) return false;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  return (zeros(7) && g[7] === 1) || (zeros(5) && g[5] === 0xffff && g[6]! >> 8 === 127);
}

/** The eight 16-bit groups of an IPv6 address in text, or null when it is not one. */
function ipv6Groups(a: string): number[] | null {
  let text = a;
  const tail: number[] = [];
  const quad = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (quad) {
    const b = quad.slice(2, 6).map(Number);
    if (b.some((x) => x > 255)) return null;
    tail.push((b[0]! << 8) | b[1]!, (b[2]! << 8) | b[3]!);
    text = quad[1]!.endsWith('::') ? quad[1]! : quad[1]!.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string): number[] | null => {
    if (s === '') return [];
    const out: number[] = [];
    for (const h of s.split(':')) {
      if (!/^[0-9a-f]{1,4}$/.test(h)) return null;
      out.push(parseInt(h, 16));
    }
    return out;
  };
  const head = part(halves[0]!);
  const rest = halves.length === 2 ? part(halves[1]!) : [];
  if (head === null || rest === null) return null;
  const have = head.length + rest.length + tail.length;
  if (halves.length === 1 ? have !== 8 : have > 7) return null;
  return [...head, ...new Array<number>(8 - have).fill(0), ...rest, ...tail];
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
    openapi ??= readOpenApiJson();
    return { status: 200, headers: { 'content-type': JSON_TYPE }, body: openapi };
  }, { access: 'public' });
}
