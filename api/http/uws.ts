/**
 * The uWebSockets.js adapter: the only file of the project that imports uWebSockets.js.
 *
 * uWS rules this file keeps: a HttpResponse is dead once `onAborted` fired or the answer is
 * complete (`end`, `endWithoutBody`, or the `tryEnd` that reports done), so every write after the
 * route callback returned checks the per-request state first (and `onAborted` is registered
 * exactly when the answer is not complete when the callback returns); the HttpRequest is valid only
 * during the route callback, so method, URL and query string are read at once and the headers are
 * copied before the callback returns whenever the request lives on; writes after the callback
 * returned happen inside `cork` (or in uWS's own `onWritable` callback); body chunks from `onData`
 * are copied (uWS neuters them when the callback returns).
 *
 * Backpressure: an answer's body is written with `tryEnd`, which writes what the socket takes now
 * and keeps nothing in uWS; a part the client has not made room for yet stays in the answer's own
 * Buffer (no copy) and is written from `onWritable` as the client reads (`Drain`). What the server
 * holds for one connection is therefore bounded by one answer's unsent part plus uWS's cork buffer
 * (16 KiB) — the operating system's socket buffers hold the rest. uWS answers a connection's
 * requests in order and holds no parsed request back: a request that arrives while an earlier
 * answer of its connection is pending (its client not reading, or an async handler still at work)
 * makes uWS close the connection, without calling the route. (`pause()` cannot hold requests back
 * either: in this uWS build it also stops the writable events a pending answer waits for.) So a
 * client that pipelines requests without reading their answers gets the answers the socket
 * buffers hold, then the connection closes, instead of growing the server's memory; and a pending
 * answer whose client reads nothing for uWS's timeout (10 s) is dropped with its connection.
 *
 * HEAD: the answer's headers with the GET body's length as `content-length`, ended with
 * `endWithoutBody()` (which uWS counts as complete; given a length, it would wait for that many
 * body bytes and close the connection on the next request).
 *
 * Request framing: a repeated Content-Length with different values, or a Transfer-Encoding other
 * than one `chunked`, is refused with 400 and the connection closed (a proxy that frames the
 * request the other way would see a second, smuggled request in its body); see `refuseAndClose`
 * for why such refusals wait for the next turn of the event loop.
 *
 * The hot path (no body, synchronous handler) allocates one request object, reads no method from
 * uWS for GET, HEAD and POST (each has its own uWS route), reads no query and copies no header
 * unless the handler reads them, writes no status line for a 200 (uWS's default), and writes the
 * answer within the callback: at most six calls into uWS for a GET answered with one header.
 */
import { STATUS_CODES } from 'node:http';
import uWS from 'uWebSockets.js';
import { AppError, isAppError } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import type { ConnectionCap } from './connection-cap.js';
import { errorResponse, excerpt } from './errors.js';
import { encodeResponse, type ApiRequest, type EncodedResponse } from './http-types.js';
import { BodyCollector, bodyTooLarge, declaredLengthOf } from './json-body.js';
import type { Router } from './router.js';

interface UwsServer {
  /** The port actually bound (the real one when 0 was asked). */
  readonly port: number;
  /** Stops listening and drops open connections; in-flight requests are aborted. */
  close(): void;
}

interface UwsOptions {
  readonly host: string;
  readonly port: number;
  readonly router: Router;
  readonly logger: Logger;
  readonly maxBodyBytes: number;
  /**
   * The cap on connections with a request open (api/http/connection-cap.ts says what uWS lets it
   * count); past it a request is answered 503 SERVER_BUSY and its connection closed. None: no cap.
   */
  readonly connections?: ConnectionCap;
}

/**
 * `404 Not Found`-style status lines, made once per status code. 200 has none: uWS writes `200 OK`
 * itself. (Strings, not Buffers: uWS reads a short string faster than it gets a Buffer's bytes.)
 */
const statusLines = new Map<number, string>();
const statusLine = (status: number): string => {
  let line = statusLines.get(status);
  if (line === undefined) statusLines.set(status, line = `${status} ${STATUS_CODES[status] ?? 'Status'}`);
  return line;
};

/**
 * How much of an over-limit body is read and thrown away so that the client gets its 413 on a
 * healthy connection. Past this the 413 goes out with the connection closed.
 */
const drainLimit = (maxBodyBytes: number): number => Math.max(maxBodyBytes * 4, 8 * 1024 * 1024);

/** uWS reports methods in lower case; the API's requests carry them in upper case. */
function upperMethod(m: string): string {
  switch (m) {
    case 'get': return 'GET';
    case 'post': return 'POST';
    case 'head': return 'HEAD';
    default: return m.toUpperCase();
  }
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});
const EMPTY_BODY = Buffer.alloc(0);

/**
 * The declared body length of a request that has a Content-Length or a Transfer-Encoding header,
 * from every occurrence of them (uWS's `getHeader` returns only the first). Throws AppError
 * BAD_REQUEST for lengths that differ or are not numbers, and for a Transfer-Encoding other than
 * one `chunked` (the only coding uWS decodes).
 */
function checkFraming(req: uWS.HttpRequest, transferEncoding: string): number | undefined {
  const lengths: string[] = [];
  let codings = '';
  req.forEach((k, v) => {
    if (k === 'content-length') lengths.push(v);
    else if (k === 'transfer-encoding') codings = codings === '' ? v : `${codings},${v}`;
  });
  if (transferEncoding !== '' && codings.trim().toLowerCase() !== 'chunked') {
    throw new AppError('BAD_REQUEST', `Transfer-Encoding '${excerpt(codings)}' is not supported; only chunked is`);
  }
  return declaredLengthOf(lengths);
}

function copyHeaders(req: uWS.HttpRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  req.forEach((k, v) => { headers[k] = headers[k] === undefined ? v : `${headers[k]}, ${v}`; });
  return headers;
}

/**
 * The ApiRequest over a uWS HttpRequest. The query string is read and parsed and the headers are
 * copied on first use only (many calls read neither); `detach` copies both before the route
 * callback returns whenever the request lives on (a promise or a body still to come), after which
 * the HttpRequest is never touched again.
 */
class UwsRequest implements ApiRequest {
  readonly params = NO_PARAMS;
  body: Buffer = EMPTY_BODY;
  private live: uWS.HttpRequest | null;
  private rawQuery: string | undefined;
  private parsedQuery: URLSearchParams | undefined;
  private copiedHeaders: Record<string, string> | undefined;
  private address: string | undefined;

  constructor(readonly method: string, readonly path: string, req: uWS.HttpRequest, private readonly res: uWS.HttpResponse) {
    this.live = req;
  }

  /** One header: from uWS while the callback runs (no copy of the others), else from the copy. */
  header(name: string): string {
    if (this.live !== null) return this.live.getHeader(name);
    return this.headers[name] ?? '';
  }

  /**
   * The client's address, read from the response on first use (a login or a failed Basic check:
   * the common request never asks). `detach` reads it too, since a response may be aborted later.
   */
  get remoteAddress(): string {
    if (this.address === undefined) {
      try {
        this.address = Buffer.from(this.res.getRemoteAddressAsText()).toString('latin1');
      } catch {
        this.address = ''; // aborted meanwhile: nobody gets the answer anyway
      }
    }
    return this.address;
  }

  get query(): URLSearchParams {
    return this.parsedQuery ??= new URLSearchParams(this.queryText());
  }

  private queryText(): string {
    if (this.rawQuery === undefined) {
      if (this.live === null) throw new Error('query read after the uWS request was detached without it'); // a bug here
      this.rawQuery = this.live.getQuery() ?? '';
    }
    return this.rawQuery;
  }

  get headers(): Readonly<Record<string, string>> {
    if (this.copiedHeaders === undefined) {
      if (this.live === null) throw new Error('headers read after the uWS request was detached without them'); // a bug here
      this.copiedHeaders = copyHeaders(this.live);
    }
    return this.copiedHeaders;
  }

  /**
   * Copies the query and headers (and reads the client's address); must be called before the route
   * callback returns if the request lives on.
   */
  detach(): void {
    if (this.live === null) return;
    this.queryText();
    if (this.copiedHeaders === undefined) this.copiedHeaders = copyHeaders(this.live);
    this.live = null;
    void this.remoteAddress;
  }
}

/**
 * Writes an answer; inside the route callback (uWS has corked the socket) or inside `cork`. When
 * the socket does not take the whole body now, the rest is left to a `Drain` (which attaches
 * `onWritable` and `onAborted`); otherwise the answer is complete when this returns. The encoded
 * body's `release` is called once uWS no longer needs the Buffer: at once, or when the Drain ends.
 * `closeConnection` answers (refusals) are small and are ended whole, with the connection closed
 * once they are sent. `onComplete` (the connection cap's release) is called once the answer is
 * complete (at once or when the Drain ends); an answer written within the route callback that
 * needs a Drain takes a place of `cap` for it.
 */
function writeResponse(
  res: uWS.HttpResponse, head: boolean, encoded: EncodedResponse, closeConnection: boolean, onComplete?: () => void, cap?: ConnectionCap,
): void {
  if (encoded.status !== 200) res.writeStatus(statusLine(encoded.status)); // uWS's default is 200 OK
  const headers = encoded.headers;
  for (const k in headers) res.writeHeader(k, headers[k]);
  const body = encoded.body;
  if (head) {
    if (closeConnection) {
      // uWS closes after an answer only when it writes the Content-Length itself: a refusal of a
      // HEAD request that closes the connection says 0.
      res.endWithoutBody(0, true);
    } else {
      res.writeHeader('content-length', String(body.length));
      res.endWithoutBody();
    }
  } else if (closeConnection) {
    res.end(body, true); // uWS copies the body: it may be reused from here on
  } else if (!res.tryEnd(body, body.length)[1]) {
    // An answer the client has not taken yet keeps its connection open: it holds a place of the cap.
    new Drain(res, encoded, onComplete ?? cap?.hold());
    return;
  }
  encoded.release?.();
  onComplete?.();
}

/**
 * The part of an answer the socket did not take at once: written from `onWritable` as the client
 * reads (uWS passes the body offset reached so far), dropped when the connection closes. It keeps
 * the answer's Buffer until then and calls its `release` exactly once, at the end either way.
 */
class Drain {
  private ended = false;

  constructor(private readonly res: uWS.HttpResponse, private readonly encoded: EncodedResponse, private readonly onComplete?: () => void) {
    res.onWritable((offset) => this.writable(offset));
    res.onAborted(() => this.end());
  }

  /** Returns whether the socket took what was offered (uWS's contract for `onWritable`). */
  private writable(offset: number): boolean {
    const body = this.encoded.body;
    const [ok, done] = this.res.tryEnd(body.subarray(offset), body.length);
    if (done) this.end();
    return ok;
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.encoded.release?.();
    this.onComplete?.();
  }
}

/**
 * A response answered after the route callback returned: it may be aborted meanwhile (then
 * nothing is written), and writes happen inside `cork`.
 */
class PendingResponse {
  aborted = false;
  done = false;

  /** `release`: the connection cap's place of this request, given back once the answer is complete or the client went away. */
  constructor(readonly res: uWS.HttpResponse, readonly head: boolean, private readonly release?: () => void) {
    res.onAborted(() => { this.aborted = true; this.release?.(); });
  }

  send(encoded: EncodedResponse, closeConnection = false): void {
    if (this.aborted || this.done) return;
    this.done = true;
    this.res.cork(() => writeResponse(this.res, this.head, encoded, closeConnection, this.release));
  }
}

/**
 * Refuses a request from the route callback and closes the connection, on the next turn of the
 * event loop: uWS parses every request it has already received before it acts on a close, and
 * an answer ended at once would let a request that follows in the same packet (one smuggled in
 * the refused request's body) be routed and answered. While the refusal is pending, such a
 * request makes uWS close the connection instead (without an answer); otherwise the refusal
 * goes out and the connection closes behind it.
 */
function refuseAndClose(res: uWS.HttpResponse, head: boolean, encoded: EncodedResponse): void {
  const pending = new PendingResponse(res, head);
  setImmediate(() => pending.send(encoded, true));
}

export function listenUws(opts: UwsOptions): Promise<UwsServer> {
  const { router, logger, maxBodyBytes } = opts;
  const cap = opts.connections;
  const busy = cap ? encodeResponse(errorResponse('SERVER_BUSY',
    `the server has ${cap.max} connections with a request open (server.maxConnections); try again shortly`)) : null;
  const app = uWS.App();
  const drainCap = drainLimit(maxBodyBytes);

  const refusal = (err: unknown): EncodedResponse => {
    const e = isAppError(err) ? err : bodyTooLarge(maxBodyBytes);
    const encoded = encodeResponse(errorResponse(e.code, e.message));
    router.recordRejected(encoded.status);
    return encoded;
  };

  const answerLater = (pending: PendingResponse, request: UwsRequest, answer: Promise<EncodedResponse>): void => {
    answer.then(
      (encoded) => pending.send(encoded),
      (err: unknown) => { // Router.handle does not reject; this is a last line of defence.
        logger.error('router failed', { path: request.path, error: err instanceof Error ? err.stack : String(err) });
        pending.send(encodeResponse(errorResponse('INTERNAL', 'internal error')));
      },
    );
  };

  /**
   * Every request; `method` is known from the uWS route it came by (GET, HEAD and POST have their
   * own, which saves reading it from uWS), else read from the request.
   */
  const onRequest = (res: uWS.HttpResponse, req: uWS.HttpRequest, method: string): void => {
    const head = method === 'HEAD';
    if (cap !== undefined && cap.full()) {
      // Past the cap: refused before anything is read, and the connection closed behind the answer.
      router.recordRejected(503);
      writeResponse(res, head, busy!, true);
      return;
    }
    const request = new UwsRequest(method, req.getUrl(), req, res);

    // Framing headers are read whole only when present (GETs send neither).
    let declared: number | undefined;
    const transferEncoding = req.getHeader('transfer-encoding');
    if (req.getHeader('content-length') !== '' || transferEncoding !== '') {
      try {
        declared = checkFraming(req, transferEncoding);
      } catch (err) {
        refuseAndClose(res, head, refusal(err));
        return;
      }
    }
    const hasBody = (declared ?? 0) > 0 || transferEncoding !== '';
    if (!hasBody) {
      // The common case: answered within the callback, without onAborted, cork or a copy of anything.
      const answer = router.handle(request);
      if (!(answer instanceof Promise)) {
        // Complete now, or (a client not reading) later: then it holds a place until the Drain ends.
        writeResponse(res, head, answer, false, undefined, cap);
        return;
      }
      request.detach();
      answerLater(new PendingResponse(res, head, cap?.hold()), request, answer);
      return;
    }
    if (declared !== undefined && declared > drainCap) {
      refuseAndClose(res, head, refusal(bodyTooLarge(maxBodyBytes)));
      return;
    }
    request.detach();
    const pending = new PendingResponse(res, head, cap?.hold());
    const collector = new BodyCollector(maxBodyBytes);
    let refused = false;
    res.onData((chunk, isLast) => {
      if (refused || pending.done || pending.aborted) return;
      collector.push(new Uint8Array(chunk));
      if (collector.bytesSeen > drainCap) {
        refused = true;
        const encoded = refusal(bodyTooLarge(maxBodyBytes));
        setImmediate(() => pending.send(encoded, true)); // as in refuseAndClose
        return;
      }
      if (!isLast) return;
      if (collector.tooLarge) {
        pending.send(refusal(bodyTooLarge(maxBodyBytes)), false);
        return;
      }
      request.body = collector.body();
      const answer = router.handle(request);
      if (answer instanceof Promise) answerLater(pending, request, answer);
      else pending.send(answer);
    });
  };
  app.get('/*', (res, req) => onRequest(res, req, 'GET'));
  app.head('/*', (res, req) => onRequest(res, req, 'HEAD'));
  app.post('/*', (res, req) => onRequest(res, req, 'POST'));
  app.any('/*', (res, req) => onRequest(res, req, upperMethod(req.getMethod())));

  // Exclusive: without it uWS sets SO_REUSEPORT, and a second server on the same port starts too
  // and takes half of the connections. The (host, port, options, cb) form is in uWS but not in its types.
  const listen = app.listen as unknown as (host: string, port: number, options: number, cb: (s: uWS.us_listen_socket | false) => void) => void;
  const exclusive = (uWS as unknown as { LIBUS_LISTEN_EXCLUSIVE_PORT: number }).LIBUS_LISTEN_EXCLUSIVE_PORT; // ListenOptions, 1
  return new Promise((resolve, reject) => {
    listen.call(app, opts.host, opts.port, exclusive, (listenSocket) => {
      if (!listenSocket) {
        reject(new Error(`cannot listen on ${opts.host}:${opts.port} (the port is in use, or the address is not this machine's)`));
        return;
      }
      const port = uWS.us_socket_local_port(listenSocket as unknown as uWS.us_socket);
      let closed = false;
      resolve({
        port,
        close: () => {
          if (closed) return;
          closed = true;
          uWS.us_listen_socket_close(listenSocket);
          app.close();
        },
      });
    });
  });
}
