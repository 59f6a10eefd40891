import type { Caller } from '../../core/caller.js';

/**
 * The transport-neutral request and response of the API. Handlers see only these; `uws.ts` maps
 * uWebSockets.js onto them and the router tests build them directly.
 */

export interface ApiRequest {
  /** Upper-case HTTP method. */
  readonly method: string;
  /** The decoded-on-demand path, without the query string, e.g. `/v2/ui/net/1/status`. */
  readonly path: string;
  /** Path parameters by name, percent-decoded; filled by the router. */
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** Header names lower-case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /**
   * One header by its lower-case name ('' when absent), without copying the others (the uWS
   * adapter reads it from uWS at once). Optional: `headers` answers when a transport lacks it.
   */
  header?(name: string): string;
  /** The client's IP address as text ('' when unknown), read when first asked. */
  readonly remoteAddress?: string;
}

/**
 * A request as a route's middleware and handler see it: with the route's parameters and the caller,
 * which the authentication middleware sets (`anonymous` until one does).
 */
export interface RoutedRequest extends ApiRequest {
  caller: Caller;
  header(name: string): string;
  readonly remoteAddress: string;
}

/** Who may call a route: anyone, any authenticated caller, or administrators only. */
export type Access = 'public' | 'user' | 'admin';

/** What a middleware knows of the route it runs for. */
export interface RouteInfo {
  readonly method: string;
  readonly pattern: string;
  readonly access: Access;
}

/**
 * A step before the handler: may answer itself (e.g. 401) or call `next` (possibly after setting
 * `req.caller`). Registered with `Router.use` before any route.
 */
export type Middleware = (req: RoutedRequest, route: RouteInfo, next: (req: RoutedRequest) => ApiResponse | Promise<ApiResponse>) => ApiResponse | Promise<ApiResponse>;

/**
 * A handler's answer. `body` encoding (see `encodeResponse`):
 * - string → `text/plain; charset=utf-8`, unless a `content-type` header is given;
 * - Buffer → bytes as they are (`application/octet-stream` unless a `content-type` header is given);
 * - null/undefined → empty body;
 * - anything else (object, array, number, boolean) → JSON.
 */
export interface ApiResponse {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: unknown;
  /**
   * For a Buffer body from a BufferPool: called by the transport once the bytes are copied out
   * (uWS copies what `end` is given), so that the Buffer can serve a later answer. In-process
   * callers never call it; then the Buffer is simply collected.
   */
  readonly release?: () => void;
}

export type Handler = (req: RoutedRequest) => ApiResponse | Promise<ApiResponse>;

/** A response ready for the wire: header names lower-case, the body as bytes. */
export interface EncodedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** See ApiResponse.release: the transport calls it after writing `body`, when given. */
  readonly release?: () => void;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/**
 * The last frozen header object found in wire form (lower-case names, a `content-type`): an answer
 * that carries it again (a memoized JSON answer's constant headers) gets it as it is, not a copy.
 * Frozen, so it cannot have changed since it was checked. One entry: an identity comparison is
 * cheaper than copying, a WeakSet lookup is not.
 */
let lastWireForm: object | undefined;

function inWireForm(h: Readonly<Record<string, string>>): boolean {
  if (h === lastWireForm) return true;
  if (!Object.isFrozen(h) || h['content-type'] === undefined) return false;
  for (const k in h) if (k !== k.toLowerCase()) return false;
  lastWireForm = h;
  return true;
}

/** Encodes a handler's answer; throws what JSON.stringify throws (the router turns that into a 500). */
export function encodeResponse(res: ApiResponse): EncodedResponse {
  const given = res.headers;
  let headers: Record<string, string>;
  if (given !== undefined && inWireForm(given)) {
    headers = given as Record<string, string>; // never written below: it has a content-type
  } else {
    headers = {};
    if (given !== undefined) for (const k in given) headers[k.toLowerCase()] = given[k];
  }
  let body: Buffer;
  let type: string;
  if (res.body === undefined || res.body === null) {
    body = Buffer.alloc(0);
    type = TEXT_TYPE;
  } else if (typeof res.body === 'string') {
    body = Buffer.from(res.body, 'utf8');
    type = TEXT_TYPE;
  } else if (Buffer.isBuffer(res.body)) {
    body = res.body;
    type = 'application/octet-stream';
  } else {
    body = Buffer.from(JSON.stringify(res.body), 'utf8');
    type = JSON_TYPE;
  }
  if (headers['content-type'] === undefined) headers['content-type'] = type;
  if (res.release !== undefined && body === res.body) return { status: res.status, headers, body, release: res.release };
  return { status: res.status, headers, body };
}
