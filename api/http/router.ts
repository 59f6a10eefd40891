import { performance } from 'node:perf_hooks';
import { ANONYMOUS, type Caller } from '../../core/caller.js';
import { AppError } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import { errorResponse, excerpt, responseForError } from './errors.js';
import {
  encodeResponse, type Access, type ApiRequest, type ApiResponse, type EncodedResponse, type Handler, type Middleware,
  type RoutedRequest, type RouteInfo,
} from './http-types.js';

/**
 * Method + path router over plain requests. Patterns are `/`-separated segments; a segment
 * `:name` captures one non-empty path segment (percent-decoded), every other segment must match
 * literally. When several patterns match, the one with a literal segment earliest wins
 * (`/a/b` beats `/a/:x`). A comma list (`/graph/:ids`) is one parameter; see `listParam`.
 *
 * HEAD is answered by the GET route of the path (with the GET body, which the transport drops).
 *
 * Middleware (`use`, before any route is added) runs in order before each route's handler and sees
 * the route's access level (`add`'s option, default `user`). Unknown paths and methods are answered
 * by the router itself (404, 405), before any middleware.
 *
 * Route groups (`group`): a base path and middleware shared by the routes added through the group,
 * whose patterns are relative to the base. A group only builds each route's full pattern and chain
 * when the route is added: the router keeps one flat table, so matching a request costs the same
 * with or without groups.
 *
 * `handle` never throws: unknown path → 404, known path with another method → 405 with `Allow`,
 * an AppError → its status and code, anything else → 500 INTERNAL (logged). Error messages quote
 * the request's method and path through `excerpt` (at most `ECHO_MAX_CHARS` characters each).
 */

interface Route extends RouteInfo {
  readonly method: string;
  readonly pattern: string;
  readonly segments: readonly string[];
  readonly hasParams: boolean;
  readonly handler: Handler;
  /** The middleware composed into `handler`, outermost first: the router's, then each enclosing group's. */
  readonly middleware: readonly Middleware[];
  readonly stats: RouteStats;
}

/** A route as the router registered it: its full pattern, access level and middleware chain. */
interface RouteDescription extends RouteInfo {
  /** Outermost first: the router's middleware (`use`), then each enclosing group's. */
  readonly middleware: readonly Middleware[];
}

/** What a group's middleware is given with. */
interface GroupOptions {
  /** Runs after the router's middleware and any enclosing group's, in order, before the handler. */
  readonly middleware?: readonly Middleware[];
}

/**
 * Where route modules add their routes: the router itself (base path '') or a group of it. Patterns
 * given to a group are relative to its base: '' is the base itself, anything else starts with '/'
 * (`api.get('/metrics/ping', …)` in the group '/api' is the route `/api/metrics/ping`).
 */
export interface RouteGroup {
  /** The full base path of the group's routes ('' for the router). */
  readonly base: string;
  add(method: string, pattern: string, handler: Handler, opts?: { access?: Access }): this;
  get(pattern: string, handler: Handler, opts?: { access?: Access }): this;
  post(pattern: string, handler: Handler, opts?: { access?: Access }): this;
  /** A group under this one: its base is appended to this one's, its middleware runs after this one's. */
  group(base: string, opts?: GroupOptions): RouteGroup;
}

type AddRoute = (method: string, pattern: string, handler: Handler, access: Access | undefined, middleware: readonly Middleware[]) => void;

/** A group's base: '/'-led, no trailing '/', no empty segment (`/v2`, `/ui/net/:id`). */
function checkBase(base: string): string {
  if (!/^(\/[^/]+)+$/.test(base)) throw new Error(`route group base must be '/'-separated non-empty segments without a trailing '/': '${base}'`);
  return base;
}

class Group implements RouteGroup {
  constructor(private readonly addRoute: AddRoute, readonly base: string, private readonly middleware: readonly Middleware[]) {}

  add(method: string, pattern: string, handler: Handler, opts: { access?: Access } = {}): this {
    if (pattern !== '' && !pattern.startsWith('/')) throw new Error(`route pattern in group '${this.base}' must be '' or start with '/': ${pattern}`);
    this.addRoute(method, this.base + pattern, handler, opts.access, this.middleware);
    return this;
  }

  get(pattern: string, handler: Handler, opts?: { access?: Access }): this { return this.add('GET', pattern, handler, opts); }
  post(pattern: string, handler: Handler, opts?: { access?: Access }): this { return this.add('POST', pattern, handler, opts); }

  group(base: string, opts: GroupOptions = {}): RouteGroup {
    return new Group(this.addRoute, this.base + checkBase(base), [...this.middleware, ...opts.middleware ?? []]);
  }
}

interface RouteStats {
  count: number;
  /** Answers with status ≥ 400. */
  errors: number;
  /** Sum of handler time (wall clock), for a mean. */
  durationMsTotal: number;
  /** Answers by HTTP status code (e.g. `200`, `404`). */
  byStatus: Record<string, number>;
}

export interface RouterStats {
  readonly requests: number;
  readonly byStatusClass: Readonly<Record<string, number>>;
  readonly notFound: number;
  readonly methodNotAllowed: number;
  /** Requests refused by the transport before routing (body too large, bad URL encoding). */
  readonly rejectedBeforeRouting: number;
  readonly routes: Readonly<Record<string, Readonly<RouteStats>>>;
  /** Answers to requests that matched no route (404, 405, refused before routing) by HTTP status code. */
  readonly unmatchedByStatus: Readonly<Record<string, number>>;
}

const STATUS_CLASS = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];
const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * The request a handler sees: the transport's request with the route's parameters. Every other
 * field is read from the transport's request when the handler reads it, so that a transport may
 * compute them on demand (the uWS adapter parses the query and copies headers only when asked).
 */
class RouterRequest implements RoutedRequest {
  caller: Caller = ANONYMOUS;
  constructor(private readonly req: ApiRequest, readonly params: Readonly<Record<string, string>>) {}
  get method(): string { return this.req.method; }
  get path(): string { return this.req.path; }
  get query(): URLSearchParams { return this.req.query; }
  get headers(): Readonly<Record<string, string>> { return this.req.headers; }
  get body(): Buffer { return this.req.body; }
  get remoteAddress(): string { return this.req.remoteAddress ?? ''; }
  header(name: string): string { return this.req.header !== undefined ? this.req.header(name) : this.req.headers[name] ?? ''; }
}

type Match =
  | { readonly kind: 'none' }
  | { readonly kind: 'method'; readonly allow: readonly string[] }
  | { readonly kind: 'route'; readonly route: Route; readonly params: Readonly<Record<string, string>> };
const NONE: Match = Object.freeze({ kind: 'none' });
/** Paths per method whose match is remembered (see Router.match). */
const MATCH_CACHE_SIZE = 4096;

export class Router implements RouteGroup {
  /** The router is the group of every route, with the empty base path. */
  readonly base = '';
  private readonly routes: Route[] = [];
  /** Routes by their number of path segments: a path is only compared with routes of its length. */
  private readonly bySegmentCount = new Map<number, Route[]>();
  private readonly logger: Logger;
  private requests = 0;
  private notFound = 0;
  private methodNotAllowed = 0;
  private rejected = 0;
  private readonly byStatusClass: Record<string, number> = {};
  private readonly unmatchedByStatus: Record<string, number> = {};
  private readonly middleware: Middleware[] = [];

  constructor(opts: { logger: Logger }) {
    this.logger = opts.logger;
  }

  /** Adds a middleware; all of them must be added before the first route (they are composed into each route). */
  use(mw: Middleware): this {
    if (this.routes.length > 0) throw new Error('middleware must be added before the routes');
    this.middleware.push(mw);
    return this;
  }

  add(method: string, pattern: string, handler: Handler, opts: { access?: Access } = {}): this {
    this.addRoute(method, pattern, handler, opts.access, []);
    return this;
  }

  /**
   * A group of routes under `base` (see RouteGroup). Its middleware runs after the router's (added
   * with `use`) and before the handler, for its routes only; it is given when the group is made.
   */
  group(base: string, opts: GroupOptions = {}): RouteGroup {
    return new Group((m, p, h, a, mw) => this.addRoute(m, p, h, a, mw), checkBase(base), [...opts.middleware ?? []]);
  }

  /** Adds a route with its full pattern; `groupMiddleware` runs after the router's middleware. */
  private addRoute(method: string, pattern: string, handler: Handler, access: Access | undefined, groupMiddleware: readonly Middleware[]): void {
    if (!pattern.startsWith('/')) throw new Error(`route pattern must start with '/': ${pattern}`);
    const m = method.toUpperCase();
    if (this.routes.some((r) => r.method === m && r.pattern === pattern)) throw new Error(`duplicate route ${m} ${pattern}`);
    const segments = pattern.split('/').slice(1);
    if (segments.length > 31) throw new Error(`route pattern has more than 31 segments: ${pattern}`);
    const hasParams = segments.some((p) => p.charCodeAt(0) === 58 /* : */);
    const info: RouteInfo = { method: m, pattern, access: access ?? 'user' };
    const middleware = [...this.middleware, ...groupMiddleware];
    let chained = handler;
    for (let i = middleware.length - 1; i >= 0; i--) {
      const mw = middleware[i]!;
      const next = chained;
      chained = (req) => mw(req, info, next);
    }
    const route: Route = { ...info, segments, hasParams, handler: chained, middleware, stats: { count: 0, errors: 0, durationMsTotal: 0, byStatus: {} } };
    this.routes.push(route);
    let same = this.bySegmentCount.get(segments.length);
    if (!same) this.bySegmentCount.set(segments.length, same = []);
    same.push(route);
    this.matchCache.clear();
  }

  get(pattern: string, handler: Handler, opts?: { access?: Access }): this { return this.add('GET', pattern, handler, opts); }
  post(pattern: string, handler: Handler, opts?: { access?: Access }): this { return this.add('POST', pattern, handler, opts); }

  /** Every route: method, pattern and access (the fuzz and access tests walk it). */
  table(): readonly RouteInfo[] {
    return this.routes.map((r) => ({ method: r.method, pattern: r.pattern, access: r.access }));
  }

  /** Every route with the middleware composed into it, in the order added (the route-table test compares them). */
  describe(): readonly RouteDescription[] {
    return this.routes.map((r) => ({ method: r.method, pattern: r.pattern, access: r.access, middleware: r.middleware }));
  }

  /**
   * Answers a request. Synchronous handlers are answered synchronously (no promise on the hot path);
   * a handler that returns a promise gets a promise. Never throws and never rejects. `params` of
   * the given request are ignored: the handler sees the route's. The request's other fields are
   * read only when the handler reads them.
   */
  handle(req: ApiRequest): EncodedResponse | Promise<EncodedResponse> {
    const t0 = performance.now();
    let route: Route | undefined;
    let res: ApiResponse | Promise<ApiResponse>;
    try {
      const method = req.method;
      const found = this.match(method === 'GET' || method === 'POST' || method === 'HEAD' ? method : method.toUpperCase(), req.path);
      if (found.kind === 'none') {
        this.notFound++;
        res = errorResponse('NOT_FOUND', `no such resource: ${excerpt(req.method)} ${excerpt(req.path)}`);
      } else if (found.kind === 'method') {
        this.methodNotAllowed++;
        res = errorResponse('METHOD_NOT_ALLOWED', `method ${excerpt(req.method)} not allowed on ${excerpt(req.path)}; allowed: ${found.allow.join(', ')}`, { allow: found.allow.join(', ') });
      } else {
        route = found.route;
        res = route.handler(new RouterRequest(req, found.params));
      }
    } catch (err) {
      res = responseForError(err, this.logger, route ? `${route.method} ${route.pattern}` : `${req.method} ${req.path}`);
    }
    if (res instanceof Promise) {
      const r = route;
      return res.then(
        (ok) => this.finish(req, r, ok, t0),
        (err: unknown) => this.finish(req, r, responseForError(err, this.logger, r ? `${r.method} ${r.pattern}` : `${req.method} ${req.path}`), t0),
      );
    }
    return this.finish(req, route, res, t0);
  }

  private finish(req: ApiRequest, route: Route | undefined, res: ApiResponse, t0: number): EncodedResponse {
    let encoded: EncodedResponse;
    try {
      encoded = encodeResponse(res);
    } catch (err) {
      encoded = encodeResponse(responseForError(err, this.logger, `encoding ${req.method} ${req.path}`));
    }
    this.count(encoded.status, route, performance.now() - t0);
    return encoded;
  }

  recordRejected(status: number): void {
    this.rejected++;
    this.count(status, undefined, 0);
  }

  stats(): RouterStats {
    const routes: Record<string, RouteStats> = {};
    for (const r of this.routes) routes[`${r.method} ${r.pattern}`] = { ...r.stats, byStatus: { ...r.stats.byStatus } };
    return {
      requests: this.requests,
      byStatusClass: { ...this.byStatusClass },
      notFound: this.notFound,
      methodNotAllowed: this.methodNotAllowed,
      rejectedBeforeRouting: this.rejected,
      routes,
      unmatchedByStatus: { ...this.unmatchedByStatus },
    };
  }

  private count(status: number, route: Route | undefined, ms: number): void {
    this.requests++;
    const cls = STATUS_CLASS[Math.floor(status / 100)] ?? 'other';
    this.byStatusClass[cls] = (this.byStatusClass[cls] ?? 0) + 1;
    if (route) {
      route.stats.count++;
      if (status >= 400) route.stats.errors++;
      route.stats.durationMsTotal += ms;
      route.stats.byStatus[status] = (route.stats.byStatus[status] ?? 0) + 1;
    } else {
      this.unmatchedByStatus[status] = (this.unmatchedByStatus[status] ?? 0) + 1;
    }
  }

  /**
   * Matches of recent paths per method (routes are fixed once requests flow, and a match depends
   * on method and path only). Bounded: started over when full, as paths come from clients.
   */
  private readonly matchCache = new Map<string, Map<string, Match>>();

  private match(method: string, path: string): Match {
    let cache = this.matchCache.get(method);
    if (cache === undefined) this.matchCache.set(method, cache = new Map());
    let found = cache.get(path);
    if (found === undefined) {
      found = this.matchUncached(method, path);
      if (cache.size >= MATCH_CACHE_SIZE) cache.clear();
      cache.set(path, found);
    }
    return found;
  }

  private matchUncached(method: string, path: string): Match {
    const segs = path.split('/');
    segs.shift();
    const candidates = this.bySegmentCount.get(segs.length);
    if (!candidates) return NONE;
    let best: Route | undefined;
    let bestRank = -1;
    let allow: Set<string> | undefined;
    for (const route of candidates) {
      const rank = matchRank(route.segments, segs);
      if (rank < 0) continue;
      // HEAD is served by the GET route (the transport drops the body) unless a HEAD route exists.
      const serves = route.method === method || (method === 'HEAD' && route.method === 'GET');
      if (!serves) { (allow ??= new Set()).add(route.method); continue; }
      if (rank > bestRank || (rank === bestRank && route.method === method)) { best = route; bestRank = rank; }
    }
    if (best) {
      if (!best.hasParams) return { kind: 'route', route: best, params: NO_PARAMS };
      const params: Record<string, string> = {};
      const pattern = best.segments;
      for (let i = 0; i < pattern.length; i++) if (pattern[i].charCodeAt(0) === 58 /* : */) params[pattern[i].slice(1)] = decodeSegment(segs[i]);
      return { kind: 'route', route: best, params: Object.freeze(params) };
    }
    if (allow) return { kind: 'method', allow: Object.freeze([...allow].sort()) };
    return NONE;
  }
}

/**
 * How well a route's segments match a path: -1 when they do not; otherwise a number whose bits,
 * from the first segment down, are 1 for a literal segment, so a literal beats a parameter at the
 * first place they differ (routes have at most 31 segments).
 */
function matchRank(pattern: readonly string[], segs: readonly string[]): number {
  let rank = 0;
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    rank <<= 1;
    if (p.charCodeAt(0) === 58 /* : */) {
      if (segs[i] === '') return -1;
    } else {
      if (p !== segs[i]) return -1;
      rank |= 1;
    }
  }
  return rank;
}

function decodeSegment(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    throw new AppError('BAD_PARAMETER', `path segment '${excerpt(s)}' is not valid percent-encoding`);
  }
}

/** Splits a comma-list parameter; empty items (a trailing comma) are dropped. */
export function listParam(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter((s) => s !== '');
}
