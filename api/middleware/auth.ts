import type { Middleware } from '../http/http-types.js';

/**
 * The authentication hook: the middleware that puts the caller into every routed request's context
 * before the handler runs, or answers 401/403 itself, reading the route's access level. There are
 * no accounts yet, so authentication is off: every caller is anonymous (the router's default for
 * `req.caller`), every route is allowed, and no middleware is installed, so requests pay nothing
 * for it. The accounts issue returns the middleware from here.
 */
export function authMiddleware(): Middleware | null {
  return null;
}
