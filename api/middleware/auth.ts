import type { Caller } from '../../core/caller.js';
import type { Authenticator, PasswordVerdict } from '../../services/authenticator.js';
import { errorResponse } from '../http/errors.js';
import type { ApiResponse, Middleware, RoutedRequest, RouteInfo } from '../http/http-types.js';
import { findCredentials } from './credentials.js';

/**
 * The answer to missing or bad credentials, whatever was wrong (no credentials, an unknown user, a
 * wrong password, a revoked token, an expired session, a malformed header): one body, one status.
 */
export const UNAUTHORIZED: ApiResponse = Object.freeze(errorResponse(
  'UNAUTHORIZED', 'authentication required: no valid credentials (log in, or send a token or HTTP Basic credentials)',
  { 'www-authenticate': 'Basic realm="netmon", charset="UTF-8"' },
));
/**
 * The same 401 without the Basic challenge: answered to scripts that say so with an
 * `X-Requested-With` header (the web UI does) and by the login call. A browser shows its own
 * password dialog on a challenged 401, even to a page's fetch, and the UI has a login form of its own.
 */
export const UNAUTHORIZED_UNCHALLENGED: ApiResponse = Object.freeze(errorResponse(
  'UNAUTHORIZED', 'authentication required: no valid credentials (log in, or send a token or HTTP Basic credentials)',
));
export const FORBIDDEN: ApiResponse = Object.freeze(errorResponse('FORBIDDEN', 'this call is for administrators; the caller\'s role may not make it'));
/**
 * A request another site's page made the browser send with the credentials the browser adds by
 * itself (the session cookie, cached HTTP Basic credentials): refused, so that no page elsewhere
 * can act as the user (cross-site request forgery). Browsers say so in `Sec-Fetch-Site`; tokens,
 * which a page cannot add without being given them, are not affected.
 */
export const CROSS_SITE: ApiResponse = Object.freeze(errorResponse('FORBIDDEN', 'a cross-site request with browser credentials (cookie or HTTP Basic) is refused'));

/** 429 for an address with too many failed logins. */
export function rateLimited(retryAfterS: number): ApiResponse {
  return errorResponse('LOGIN_RATE_LIMITED', `too many failed logins from this address: try again in ${retryAfterS} s`, { 'retry-after': String(retryAfterS) });
}

/**
 * The authentication hook: with authentication off (`auth.enabled: false`) there is none, so
 * requests pay nothing for it and every caller is anonymous (the router's default). With it on,
 * every route but the `public` ones needs credentials (credentials.ts: session cookie, HTTP Basic,
 * Bearer token, X-NSG-Auth-API-Token, access_token; the first present decides): missing or bad →
 * 401 UNAUTHORIZED, the same answer whatever was wrong; a `user` caller on an `admin` route → 403
 * FORBIDDEN; a request with a cookie or Basic credentials that the browser marks `Sec-Fetch-Site:
 * cross-site` → 403 (CROSS_SITE); otherwise the caller goes into `req.caller`. HTTP Basic checks are counted per client
 * address (429 LOGIN_RATE_LIMITED with Retry-After once over the limit) and remembered briefly
 * when they pass (services/authenticator.ts). Public routes run without looking at credentials.
 */
export function authMiddleware(auth: Authenticator): Middleware | null {
  if (!auth.enabled) return null;
  return (req, route, next) => {
    if (route.access === 'public') return next(req);
    const c = findCredentials(req);
    if ((c.kind === 'session' || c.kind === 'basic') && req.header('sec-fetch-site') === 'cross-site') return CROSS_SITE;
    let caller: Caller | null = null;
    switch (c.kind) {
      case 'session': caller = auth.bySession(c.id); break;
      case 'token': caller = auth.byToken(c.token); break;
      case 'basic': {
        const r = auth.byBasic(c.raw, c.user, c.password, req.remoteAddress);
        if (r instanceof Promise) return r.then((v) => afterPassword(v, req, route, next));
        caller = r;
        break;
      }
      default: break;
    }
    return admit(caller, req, route, next);
  };
}

type Next = (req: RoutedRequest) => ApiResponse | Promise<ApiResponse>;

function afterPassword(v: PasswordVerdict, req: RoutedRequest, route: RouteInfo, next: Next): ApiResponse | Promise<ApiResponse> {
  if (v.kind === 'limited') return rateLimited(v.retryAfterS);
  return admit(v.kind === 'ok' ? v.caller : null, req, route, next);
}

function admit(caller: Caller | null, req: RoutedRequest, route: RouteInfo, next: Next): ApiResponse | Promise<ApiResponse> {
  if (caller === null) return req.header('x-requested-with') !== '' ? UNAUTHORIZED_UNCHALLENGED : UNAUTHORIZED;
  if (route.access === 'admin' && (caller.kind === 'anonymous' || caller.role !== 'admin')) return FORBIDDEN;
  req.caller = caller;
  return next(req);
}
