import type { Caller } from '../../core/caller.js';
import type { Authenticator, PasswordVerdict } from '../../services/accounts/index.js';
import { errorResponse } from '../http/errors.js';
import type { ApiResponse, Middleware, RoutedRequest, RouteInfo } from '../http/http-types.js';
import { findCredentials } from './credentials.js';
import type { RefusalDelay } from './refusal-delay.js';

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
const FORBIDDEN: ApiResponse = Object.freeze(errorResponse('FORBIDDEN', 'this call is for administrators; the caller\'s role may not make it'));
/**
 * A request another site's page made the browser send with the credentials the browser adds by
 * itself (the session cookie, cached HTTP Basic credentials): refused, so that no page elsewhere
 * can act as the user (cross-site request forgery). Browsers say so in `Sec-Fetch-Site`; tokens,
 * which a page cannot add without being given them, are not affected.
 */
const CROSS_SITE: ApiResponse = Object.freeze(errorResponse('FORBIDDEN', 'a cross-site request with browser credentials (cookie or HTTP Basic) is refused'));

const LIMITED_WHY = {
  address: 'from this address', user: 'for this user name', all: 'on this server (from every address)',
} as const;

/** 429 for a password check refused by a failure limit (`scope`: the client's address group, the user name, or all failures). */
function rateLimited(retryAfterS: number, scope: keyof typeof LIMITED_WHY = 'address'): ApiResponse {
  return errorResponse('LOGIN_RATE_LIMITED', `too many failed logins ${LIMITED_WHY[scope]}: try again in ${retryAfterS} s`, { 'retry-after': String(retryAfterS) });
}

/** A password check the password pool refused at once (503 SERVER_BUSY: its queue is full; 429 RATE_LIMITED: the address's share). */
function passwordBusy(v: { code: 'SERVER_BUSY' | 'RATE_LIMITED'; message: string }): ApiResponse {
  return errorResponse(v.code, v.message, { 'retry-after': '1' });
}

/** The answer of a password check that was refused before or instead of checking. */
export function refusedCheck(v: PasswordVerdict & { kind: 'limited' | 'busy' }): ApiResponse {
  return v.kind === 'limited' ? rateLimited(v.retryAfterS, v.scope) : passwordBusy(v);
}

/**
 * The authentication hook: with authentication off (`auth.enabled: false`) there is none, so
 * requests pay nothing for it and every caller is anonymous (the router's default). With it on,
 * every route but the `public` ones needs credentials (credentials.ts: session cookie, HTTP Basic,
 * Bearer token, X-NSG-Auth-API-Token, access_token; the first present decides): missing or bad →
 * 401 UNAUTHORIZED, the same answer whatever was wrong; a `user` caller on an `admin` route → 403
 * FORBIDDEN; a request with a cookie or Basic credentials that the browser marks `Sec-Fetch-Site:
 * cross-site` → 403 (CROSS_SITE); otherwise the caller goes into `req.caller`. HTTP Basic checks are counted per client
 * address group, user name and in all (429 LOGIN_RATE_LIMITED with Retry-After once over a limit;
 * 503 SERVER_BUSY or 429 RATE_LIMITED when the password pool refuses them; a refusal is answered
 * after `auth.refusedCheckDelay`, refusal-delay.ts) and remembered briefly
 * when they pass (services/accounts/authenticator.ts). Public routes run without looking at credentials.
 */
export function authMiddleware(auth: Authenticator, refusals: RefusalDelay): Middleware | null {
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
        if (r instanceof Promise) return r.then((v) => afterPassword(v, req, route, next, refusals));
        caller = r;
        break;
      }
      default: break;
    }
    return admit(caller, req, route, next);
  };
}

type Next = (req: RoutedRequest) => ApiResponse | Promise<ApiResponse>;

function afterPassword(v: PasswordVerdict, req: RoutedRequest, route: RouteInfo, next: Next, refusals: RefusalDelay): ApiResponse | Promise<ApiResponse> {
  if (v.kind === 'limited' || v.kind === 'busy') return refusals.answer(refusedCheck(v));
  return admit(v.kind === 'ok' ? v.caller : null, req, route, next);
}

function admit(caller: Caller | null, req: RoutedRequest, route: RouteInfo, next: Next): ApiResponse | Promise<ApiResponse> {
  if (caller === null) return req.header('x-requested-with') !== '' ? UNAUTHORIZED_UNCHALLENGED : UNAUTHORIZED;
  if (route.access === 'admin' && (caller.kind === 'anonymous' || caller.role !== 'admin')) return FORBIDDEN;
  req.caller = caller;
  return next(req);
}
