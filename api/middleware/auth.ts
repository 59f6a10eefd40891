import { ANONYMOUS } from '../../core/caller.js';
import type { Middleware } from '../http/http-types.js';

/**
 * The authentication hook: puts the caller into every routed request's context before the handler
 * runs. Today authentication is off, so every caller is anonymous and every route is allowed (the
 * accounts issue adds users, tokens, sessions and role checks here, reading `route.access`).
 */
export function authMiddleware(): Middleware {
  return (req, _route, next) => {
    req.caller = ANONYMOUS;
    return next(req);
  };
}
