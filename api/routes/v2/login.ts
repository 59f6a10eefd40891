import type { Caller } from '../../../core/caller.js';
import { AppError } from '../../../core/errors.js';
import type { ApiResponse, RoutedRequest } from '../../http/http-types.js';
import { readJson } from '../../http/json-body.js';
import type { RouteGroup } from '../../http/router.js';
import { cookieValue, SESSION_COOKIE } from '../../middleware/credentials.js';
import { refusedCheck, UNAUTHORIZED_UNCHALLENGED } from '../../middleware/auth.js';
import { clearedSessionCookie, sessionCookie } from '../../middleware/session-cookie.js';
import type { ApiContext } from '../context.js';
import type { RefusalDelay } from '../../middleware/refusal-delay.js';

/** What `whoami` and a login answer about a caller. */
function describe(caller: Caller, enabled: boolean): Record<string, unknown> {
  const authentication = enabled ? 'on' : 'off';
  switch (caller.kind) {
    case 'user': return { authentication, kind: 'user', name: caller.name, role: caller.role };
    case 'token': return { authentication, kind: 'token', name: null, token: caller.tokenName, role: caller.role };
    default: return { authentication, kind: 'anonymous', name: null, role: null };
  }
}

/**
 * Login, logout and whoami (project design, docs/api.md "Authentication").
 *
 * - `POST /v2/login` (public: it is how credentials are obtained) takes a JSON body `{user,
 *   password}` (JSON only: a browser cannot send it cross-site without a preflight), checks the
 *   password (failures counted per client address group, per user name and in all: 429
 *   LOGIN_RATE_LIMITED with Retry-After past a limit; the check runs on the bounded password pool:
 *   503 SERVER_BUSY or 429 RATE_LIMITED at once when it is full),
 *   and answers the caller with `Set-Cookie` of a new session. Bad credentials: the generic 401.
 *   With authentication off it is a 409 CONFLICT: there is nothing to log in to.
 * - `POST /v2/logout` (public: the cookie it is given is its credential, and an expired one must
 *   still be cleared) ends the cookie's session, if any, and clears the cookie. Always 200.
 * - `GET /v2/whoami` (any authenticated caller) answers who the call is made by.
 */
export function registerLogin(router: RouteGroup, ctx: ApiContext, refusals: RefusalDelay): void {
  const { auth } = ctx.services;
  router.post('/login', async (req) => {
    if (!auth.enabled) throw new AppError('CONFLICT', 'authentication is off on this server: every call is allowed without logging in');
    const { user, password } = loginBody(readJson(req));
    const v = await auth.login(user, password, req.remoteAddress);
    if (v.kind === 'limited' || v.kind === 'busy') return refusals.answer(refusedCheck(v));
    // No Basic challenge: a login form's call would make the browser show its own password dialog.
    if (v.kind === 'bad') return UNAUTHORIZED_UNCHALLENGED;
    const maxAgeS = Math.floor(auth.config.sessionLifetimeMs / 1000);
    return {
      status: 200,
      headers: { 'set-cookie': sessionCookie(v.sessionId, maxAgeS, auth.config.secureCookie), 'cache-control': 'no-store' },
      body: { status: 'ok', ...describe(v.caller, true), expiresAtMs: v.expiresAtMs },
    };
  }, { access: 'public' });

  router.post('/logout', async (req) => {
    const id = sessionIdOf(req);
    if (id !== undefined && auth.enabled) await auth.logout(id);
    const res: ApiResponse = { status: 200, headers: { 'set-cookie': clearedSessionCookie(auth.config.secureCookie) }, body: { status: 'ok' } };
    return res;
  }, { access: 'public' });

  router.get('/whoami', (req) => ({ status: 200, headers: { 'cache-control': 'no-store' }, body: describe(req.caller, auth.enabled) }));
}

function sessionIdOf(req: RoutedRequest): string | undefined {
  const cookie = req.header('cookie');
  return cookie === '' ? undefined : cookieValue(cookie, SESSION_COOKIE);
}

function loginBody(body: unknown): { user: string; password: string } {
  const b = body as { user?: unknown; password?: unknown } | null;
  if (typeof b !== 'object' || b === null || Array.isArray(b) || typeof b.user !== 'string' || typeof b.password !== 'string') {
    throw new AppError('BAD_REQUEST', 'the body must be a JSON object {"user": "<name>", "password": "<password>"}');
  }
  return { user: b.user, password: b.password };
}
