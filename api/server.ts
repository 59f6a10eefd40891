import { systemClock, type Clock } from '../core/clock.js';
import type { Logger } from '../core/logger.js';
import type { Services } from '../services/index.js';
import { ConnectionCap } from './http/connection-cap.js';
import { DEFAULT_MAX_BODY_BYTES } from './http/json-body.js';
import { EventLoopMonitor } from './http/event-loop.js';
import { listenUws } from './http/uws.js';
import { buildRouter } from './routes/index.js';

interface ApiOptions {
  readonly host: string;
  /** 0 picks a free port; the bound one is in the result. */
  readonly port: number;
  readonly services: Services;
  readonly logger: Logger;
  /** Larger request bodies are answered 413. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** HTTP connections with a request open at once (config `server.maxConnections`); none: no cap. */
  readonly maxConnections?: number;
  readonly clock?: Clock;
  /** Called on an accepted `/api/quit` (main.ts stops the process cleanly); without it the call answers 409. */
  readonly onQuit?: () => void;
}

export interface RunningApi {
  readonly port: number;
  /** Stops listening and drops open connections. Idempotent. */
  close(): void;
}

/** Starts the HTTP API; resolves once listening, rejects when the address cannot be bound. */
export async function startApi(opts: ApiOptions): Promise<RunningApi> {
  const logger = opts.logger.child('api');
  const eventLoop = new EventLoopMonitor();
  const connections = opts.maxConnections !== undefined ? new ConnectionCap(opts.maxConnections) : undefined;
  const hooks = {
    eventLoopLag: () => eventLoop.lag(),
    ...(connections ? { connections: () => connections.stats() } : {}),
    ...(opts.onQuit ? { quit: opts.onQuit } : {}),
  };
  const { router } = buildRouter({ services: opts.services, clock: opts.clock ?? systemClock, logger, process: hooks });
  let server;
  try {
    server = await listenUws({
      host: opts.host,
      port: opts.port,
      router,
      logger,
      maxBodyBytes: opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      ...(connections ? { connections } : {}),
    });
  } catch (e) {
    eventLoop.close();
    throw e;
  }
  logger.info('listening', { host: opts.host, port: server.port });
  let closed = false;
  return {
    port: server.port,
    close: () => {
      if (closed) return;
      closed = true;
      server.close();
      eventLoop.close();
      logger.info('closed', { port: server.port });
    },
  };
}
