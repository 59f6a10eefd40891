/** In-process calls to the router, as the transport would make them. */
import { createLogger, type Logger } from '../../core/logger.js';
import type { Router } from '../../api/http/router.js';
import { buildRouter } from '../../api/routes/index.js';
import { servicesOf, type FakeService } from './fake-service.js';
import { fixedClock } from './clock.js';

export interface CallResult {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: any;
}

export async function call(router: Router, method: string, url: string, body: Buffer = Buffer.alloc(0), headers: Record<string, string> = {}): Promise<CallResult> {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  const res = await router.handle({ method, path, params: {}, query, headers, body });
  const text = res.body.toString('utf8');
  let json: unknown;
  if (res.headers['content-type']?.startsWith('application/json')) json = JSON.parse(text);
  return { status: res.status, headers: { ...res.headers }, text, json };
}

/** A logger that keeps its lines, to assert that bugs are logged. */
export function memoryLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  return { logger: createLogger({ level: 'debug', write: (l) => lines.push(l) }), lines };
}

export function apiFor(fake: FakeService, nowMs: number) {
  const { logger, lines } = memoryLogger();
  const clock = fixedClock(nowMs);
  const { router } = buildRouter({ services: servicesOf(fake, clock), clock, logger });
  return { router, lines, get: (url: string) => call(router, 'GET', url) };
}
