/**
 * A router over the real services whose callers tests choose: a test middleware reads the header
 * `x-test-caller` (`user:<name>`, `admin:<name>`, `token:<name>`, `admintoken:<name>`; absent:
 * anonymous) into `req.caller`, as the authentication middleware will. Only the given route modules
 * are registered.
 */
import { BufferPool } from '../../api/http/buffer-pool.js';
import type { Middleware } from '../../api/http/http-types.js';
import { Router } from '../../api/http/router.js';
import type { ApiContext } from '../../api/routes/context.js';
import type { Caller } from '../../core/caller.js';
import type { Clock } from '../../core/clock.js';
import { silentLogger } from '../../core/logger.js';
import type { Services } from '../../services/index.js';
import { call, type CallResult } from './call.js';

export function callerOf(header: string | undefined): Caller {
  if (header === undefined) return { kind: 'anonymous' };
  const [kind, name] = header.split(':', 2) as [string, string];
  switch (kind) {
    case 'user': return { kind: 'user', name, role: 'user' };
    case 'admin': return { kind: 'user', name, role: 'admin' };
    case 'token': return { kind: 'token', tokenId: `id-${name}`, tokenName: name, role: 'user' };
    case 'admintoken': return { kind: 'token', tokenId: `id-${name}`, tokenName: name, role: 'admin' };
    default: throw new Error(`test caller '${header}'`);
  }
}

const testAuth: Middleware = (req, _route, next) => {
  req.caller = callerOf(req.headers['x-test-caller']);
  return next(req);
};

export interface CallerApi {
  readonly router: Router;
  /** A call as `who` (see callerOf; undefined: anonymous), with an optional JSON body. */
  as(who: string | undefined, method: string, url: string, body?: unknown): Promise<CallResult>;
}

export function callerRouter(services: Services, clock: Clock, register: (router: Router, ctx: ApiContext) => void): CallerApi {
  const router = new Router({ logger: silentLogger }).use(testAuth);
  const ctx: ApiContext = {
    services, clock, logger: silentLogger, startedAtMs: clock.nowMs(), routerStats: () => router.stats(), answerBuffers: new BufferPool(),
  };
  register(router, ctx);
  return {
    router,
    as: (who, method, url, body) => {
      const headers: Record<string, string> = who === undefined ? {} : { 'x-test-caller': who };
      if (body === undefined) return call(router, method, url, Buffer.alloc(0), headers);
      return call(router, method, url, Buffer.from(JSON.stringify(body)), { ...headers, 'content-type': 'application/json' });
    },
  };
}
