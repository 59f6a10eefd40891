import type { Clock } from '../../core/clock.js';
import type { Logger } from '../../core/logger.js';
import type { NetworkSummary } from '../../core/ports/networks.js';
import type { Services } from '../../services/index.js';
import type { BufferPool } from '../http/buffer-pool.js';
import type { ConnectionStats } from '../http/connection-cap.js';
import type { EventLoopLag } from '../http/event-loop.js';
import type { ApiResponse, RoutedRequest } from '../http/http-types.js';
import { parseNonNegativeInteger, pathParam } from '../http/params.js';
import type { RouterStats } from '../http/router.js';

/** What every route handler may use; built once by `buildRouter` (or by a test). */
export interface ApiContext {
  readonly services: Services;
  readonly clock: Clock;
  readonly logger: Logger;
  /** When the API started, for uptime. */
  readonly startedAtMs: number;
  /** Request counters kept by the router. */
  readonly routerStats: () => RouterStats;
  /** Buffers reused by large answers written as JSON text (graph answers). */
  readonly answerBuffers: BufferPool;
  /** The running process, when the API serves one (startApi): absent for routers built in-process. */
  readonly process?: ProcessHooks;
}

/** What the self-observation routes read of, and ask of, the process (api/routes/self-observation.ts). */
export interface ProcessHooks {
  /** The event loop's recent delay. */
  eventLoopLag(): EventLoopLag;
  /** The HTTP connections cap's figures (api/http/connection-cap.ts); absent without a cap. */
  readonly connections?: () => ConnectionStats;
  /** Asks the process to stop cleanly (main.ts); absent when nothing would act on it (then /api/quit answers 409). */
  readonly quit?: () => void;
}

/** A route handler: the context and the routed request in, an answer out. */
export type RouteHandler = (ctx: ApiContext, req: RoutedRequest) => ApiResponse | Promise<ApiResponse>;

/** The network named by path parameter `name` (default `id`): 400 when malformed, 404 when unknown. */
export function networkParam(ctx: ApiContext, req: RoutedRequest, name = 'id'): NetworkSummary {
  return ctx.services.networks.need(parseNonNegativeInteger(name, pathParam(req, name)));
}

/** A 200 JSON answer. */
export const json = (body: unknown): ApiResponse => ({ status: 200, body });
