import { TRAFFIC_ANALYTICS_CALLS, type TrafficAnalyticsCall, type TrafficAnalyticsConfig } from '../../core/config-integrations.js';
import { AppError } from '../../core/errors.js';
import { isDeadlineError, withDeadline } from '../../core/deadline.js';
import type { ServiceDeps } from '../deps.js';

/** What the `url` call answers: the page of the traffic-analytics service a UI should open. */
interface TrafficAnalyticsUrl {
  readonly url: string;
}

/**
 * The external traffic-analytics proxy (docs/api.md "External traffic-analytics proxy",
 * `POST /v2/external/net/:id/extsvc/:call`), over `integrations.trafficAnalytics` read per call.
 *
 * - `url`: no upstream call; `{url}` = baseUrl + paths.url with `network=<id>` and the body's
 *   top-level string, number and boolean fields as query parameters (credentials are never put in it).
 * - `topXdata`, `topXchart`: POSTs the caller's JSON (as given) to baseUrl + the call's path with the
 *   configured Authorization header and `X-Netmon-Network: <id>`, and answers the upstream's JSON.
 *
 * Failures, each logged once with the call and the upstream URL (never the credentials):
 * unknown call → NOT_FOUND (404); no section → INTEGRATION_NOT_CONFIGURED (409); no answer within
 * `timeoutMs` (connecting, waiting and reading together) → UPSTREAM_TIMEOUT (504); connection refused
 * or closed, a non-2xx status, a body over `maxAnswerBytes`, or a body that is not JSON → UPSTREAM_FAILED (502);
 * `maxCallsInFlight` upstream calls already in flight (each may buffer up to `maxAnswerBytes`) →
 * UPSTREAM_BUSY (503) at once, without calling the upstream (`url` calls are not counted: no upstream call).
 */
export class TrafficAnalyticsProxy {
  /** Upstream calls (topXdata, topXchart) in flight now. */
  private inFlight = 0;

  /** Config keys read per call through the holder: a reload applies them with the swap (core/config-applier.ts). */
  static readonly configKeys: readonly string[] = ['integrations'];

  constructor(private readonly deps: ServiceDeps) {}

  /** The configured section, or INTEGRATION_NOT_CONFIGURED. */
  private settings(): TrafficAnalyticsConfig {
    const ta = this.deps.config().integrations?.trafficAnalytics ?? null;
    if (ta === null) throw new AppError('INTEGRATION_NOT_CONFIGURED', 'the traffic-analytics service is not configured (integrations.trafficAnalytics)');
    return ta;
  }

  async call(netId: number, call: string, body: unknown): Promise<unknown> {
    if (!(TRAFFIC_ANALYTICS_CALLS as readonly string[]).includes(call)) {
      throw new AppError('NOT_FOUND', `unknown traffic-analytics call '${call.slice(0, 40)}'; one of ${TRAFFIC_ANALYTICS_CALLS.join(', ')}`);
    }
    const ta = this.settings();
    const c = call as TrafficAnalyticsCall;
    if (c === 'url') return this.url(ta, netId, body);
    return this.forward(ta, c, netId, body);
  }

  private url(ta: TrafficAnalyticsConfig, netId: number, body: unknown): TrafficAnalyticsUrl {
    const q = new URLSearchParams({ network: String(netId) });
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
      for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
        if (k === 'network') continue;
        if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) q.append(k, String(v));
      }
    }
    return { url: `${ta.baseUrl}${ta.paths.url}?${q.toString()}` };
  }

  private async forward(ta: TrafficAnalyticsConfig, call: TrafficAnalyticsCall, netId: number, body: unknown): Promise<unknown> {
    const target = `${ta.baseUrl}${ta.paths[call]}`;
    const log = this.deps.logger;
    if (this.inFlight >= ta.maxCallsInFlight) {
      log.warn('traffic-analytics call refused: too many calls in flight', { call, url: target, inFlight: this.inFlight, maxCallsInFlight: ta.maxCallsInFlight });
      throw new AppError('UPSTREAM_BUSY', `traffic-analytics ${call}: ${this.inFlight} calls to the service are in flight already (maxCallsInFlight ${ta.maxCallsInFlight}); try again shortly`);
    }
    this.inFlight++;
    try {
      return await this.forwardNow(ta, call, netId, body, target);
    } finally {
      this.inFlight--;
    }
  }

  private async forwardNow(ta: TrafficAnalyticsConfig, call: TrafficAnalyticsCall, netId: number, body: unknown, target: string): Promise<unknown> {
    const log = this.deps.logger;
    const failed = (reason: string): AppError => {
      log.warn('traffic-analytics call failed', { call, url: target, reason });
      return new AppError('UPSTREAM_FAILED', `traffic-analytics ${call} at ${target}: ${reason}`);
    };
    const timeout = (): AppError => {
      log.warn('traffic-analytics call timed out', { call, url: target, timeoutMs: ta.timeoutMs });
      return new AppError('UPSTREAM_TIMEOUT', `traffic-analytics ${call} at ${target}: no answer within ${ta.timeoutMs} ms`);
    };
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', 'x-netmon-network': String(netId) };
    if (ta.authorization !== '') headers.authorization = ta.authorization;
    // The call and the reading of its answer under one deadline (core/deadline.ts): it ends at
    // ta.timeoutMs whatever the service does, however the garbage collector runs.
    let answer: { status: number; text: string };
    try {
      answer = await withDeadline(ta.timeoutMs, async (signal) => {
        let res: Response;
        try {
          res = await fetch(target, { method: 'POST', headers, body: JSON.stringify(body), signal, redirect: 'error' });
        } catch (err) {
          if (isDeadlineError(err) || signal.aborted) throw err;
          throw failed(networkReason(err));
        }
        try {
          return { status: res.status, text: await readBounded(res, ta.maxAnswerBytes) };
        } catch (err) {
          if (isDeadlineError(err) || signal.aborted) throw err;
          if (err instanceof AppError) throw failed(err.message);
          throw failed(`the answer broke off: ${networkReason(err)}`);
        }
      }, { what: `traffic-analytics ${call}` });
    } catch (err) {
      if (isDeadlineError(err)) throw timeout();
      throw err;
    }
    const { status, text } = answer;
    if (status < 200 || status > 299) throw failed(`answered HTTP ${status}`);
    try {
      return JSON.parse(text);
    } catch {
      throw failed(`answered something other than JSON (${text.length} characters, HTTP ${status})`);
    }
  }
}

/** The body of `res` as text, refusing (AppError, its message the reason) past `maxBytes`; the rest is not read. */
async function readBounded(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new AppError('UPSTREAM_FAILED', `the answer of ${declared} bytes is over the limit of ${maxBytes} bytes (maxAnswerBytes)`);
  }
  if (res.body === null) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AppError('UPSTREAM_FAILED', `the answer is over the limit of ${maxBytes} bytes (maxAnswerBytes)`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString('utf8');
}

/** Why a fetch failed, in words: the system error code (ECONNREFUSED, ECONNRESET…) when there is one. */
function networkReason(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return `${cause.code}${cause.message ? ` (${cause.message})` : ''}`;
  return err instanceof Error ? err.message : String(err);
}
