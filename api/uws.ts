/**
 * The uWebSockets.js adapter: the only file of the project that imports uWebSockets.js.
 *
 * uWS rules this file keeps: a HttpResponse is dead once `onAborted` fired or `end` was called, so
 * every write checks the per-request state first; the HttpRequest is valid only during the route
 * callback, so method, URL, query and headers are copied before anything asynchronous; writes
 * after the callback returned happen inside `cork`; body chunks from `onData` are copied (uWS
 * neuters them when the callback returns).
 */
import { STATUS_CODES } from 'node:http';
import uWS from 'uWebSockets.js';
import type { Logger } from '../core/logger.js';
import { isAppError } from '../core/errors.js';
import { errorResponse } from './errors.js';
import { encodeResponse, type ApiRequest, type EncodedResponse } from './http-types.js';
import { BodyCollector, bodyTooLarge, declaredLength } from './json-body.js';
import type { Router } from './router.js';

export interface UwsServer {
  /** The port actually bound (the real one when 0 was asked). */
  readonly port: number;
  /** Stops listening and drops open connections; in-flight requests are aborted. */
  close(): void;
}

export interface UwsOptions {
  readonly host: string;
  readonly port: number;
  readonly router: Router;
  readonly logger: Logger;
  readonly maxBodyBytes: number;
}

/**
 * How much of an over-limit body is read and thrown away so that the client gets its 413 on a
 * healthy connection. Past this the 413 goes out with the connection closed.
 */
/** `200 OK`-style status lines, made once per status code. */
const statusLines = new Map<number, string>();
const statusLine = (status: number): string => {
  let line = statusLines.get(status);
  if (line === undefined) statusLines.set(status, line = `${status} ${STATUS_CODES[status] ?? 'Status'}`);
  return line;
};

const drainLimit = (maxBodyBytes: number): number => Math.max(maxBodyBytes * 4, 8 * 1024 * 1024);

export function listenUws(opts: UwsOptions): Promise<UwsServer> {
  const { router, logger, maxBodyBytes } = opts;
  const app = uWS.App();

  app.any('/*', (res, req) => {
    const state = { aborted: false, done: false };
    res.onAborted(() => { state.aborted = true; });
    const method = req.getMethod().toUpperCase();

    const send = (encoded: EncodedResponse, closeConnection = false): void => {
      if (state.aborted || state.done) return;
      state.done = true;
      res.cork(() => {
        res.writeStatus(statusLine(encoded.status));
        const headers = encoded.headers;
        for (const k in headers) res.writeHeader(k, headers[k]);
        if (method === 'HEAD') res.endWithoutBody(encoded.body.length, closeConnection);
        else res.end(encoded.body, closeConnection);
      });
    };
    const refuse = (err: unknown, closeConnection: boolean): void => {
      const e = isAppError(err) ? err : bodyTooLarge(maxBodyBytes);
      const encoded = encodeResponse(errorResponse(e.code, e.message));
      router.recordRejected(encoded.status);
      send(encoded, closeConnection);
    };

    const path = req.getUrl();
    const query = new URLSearchParams(req.getQuery() ?? '');
    const headers: Record<string, string> = {};
    req.forEach((k, v) => { headers[k] = headers[k] === undefined ? v : `${headers[k]}, ${v}`; });

    const dispatch = (body: Buffer): void => {
      const request: ApiRequest = { method, path, params: {}, query, headers, body };
      const answer = router.handle(request);
      if (!(answer instanceof Promise)) { send(answer); return; }
      answer.then(
        (encoded) => send(encoded),
        (err: unknown) => { // Router.handle does not reject; this is a last line of defence.
          logger.error('router failed', { path, error: err instanceof Error ? err.stack : String(err) });
          send(encodeResponse(errorResponse('INTERNAL', 'internal error')));
        },
      );
    };

    let declared: number | undefined;
    try {
      declared = declaredLength(headers);
    } catch (err) {
      refuse(err, true);
      return;
    }
    const hasBody = (declared ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
    if (!hasBody) {
      dispatch(Buffer.alloc(0));
      return;
    }
    const drainCap = drainLimit(maxBodyBytes);
    if (declared !== undefined && declared > drainCap) {
      refuse(bodyTooLarge(maxBodyBytes), true);
      return;
    }
    const collector = new BodyCollector(maxBodyBytes);
    res.onData((chunk, isLast) => {
      if (state.done || state.aborted) return;
      collector.push(new Uint8Array(chunk));
      if (collector.bytesSeen > drainCap) {
        refuse(bodyTooLarge(maxBodyBytes), true);
        return;
      }
      if (!isLast) return;
      if (collector.tooLarge) refuse(bodyTooLarge(maxBodyBytes), false);
      else dispatch(collector.body());
    });
  });

  return new Promise((resolve, reject) => {
    app.listen(opts.host, opts.port, (listenSocket) => {
      if (!listenSocket) {
        reject(new Error(`cannot listen on ${opts.host}:${opts.port}`));
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
