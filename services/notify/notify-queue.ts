import type { Clock } from '../../core/clock.js';
import type { NotificationStreamConfig, NotificationsConfig } from '../../core/config-schema.js';
import { isDeadlineError, withDeadline } from '../../core/deadline.js';
import type { Logger } from '../../core/logger.js';
import type { AlertNotice, StreamStatus } from '../alert-types.js';
import { errorText, redact, secretsOf, type Delivery } from './notify-delivery.js';

/** The queue bounds and retry settings of `notifications:` (shared by every stream). */
export type QueueSettings = Pick<NotificationsConfig, 'queueSize' | 'retries' | 'retryInitialMs' | 'retryMaxMs'>;

interface StreamDeps {
  readonly clock: Clock;
  readonly logger: Logger;
  /** Uniform in [0, 1): the backoff's jitter (tests pass a constant). */
  readonly random: () => number;
}

/** The bound of one try of the log stream (it has no timeout of its own). */
const LOG_STREAM_TIMEOUT_MS = 10_000;
/**
 * Past a stream's own timeout, the queue's bound of one try (core/deadline.ts): a delivery that
 * does not end by itself (its own deadline lost) is given up at timeout + this, and the try counts
 * as timed out.
 */
const TRY_GRACE_MS = 1_000;

/** The timeout of one try of a stream's delivery. */
function streamTimeoutMs(cfg: NotificationStreamConfig): number {
  return cfg.kind === 'log' ? LOG_STREAM_TIMEOUT_MS : cfg.timeoutMs;
}

/**
 * The delay before retry number `tryNo` (1 for the first retry): retryInitialMs doubled per retry,
 * at most retryMaxMs, then "equal jitter" — a uniform pick in [delay/2, delay) — so that streams
 * failing together do not retry in step while the wait still grows.
 */
export function backoffMs(tryNo: number, s: QueueSettings, random: number): number {
  const delay = Math.min(s.retryMaxMs, s.retryInitialMs * 2 ** Math.min(tryNo - 1, 40));
  return Math.round(delay / 2 + (delay / 2) * random);
}

/**
 * One stream's queue: notices wait in order (at most `queueSize`; when full the oldest waiting is
 * dropped and counted, logged once per burst); one delivery is in flight at a time, so notices
 * arrive in the order they were sent; a failed delivery is retried `retries` times with backoff,
 * then counted as failed and logged with its reason. Nothing here blocks the caller: `push`
 * returns at once and deliveries run on promises and unref'd timers. Messages and the status
 * carry no secret of the stream's configuration (redacted) and never its URL.
 */
export class NotifyStream {
  private readonly waiting: AlertNotice[] = [];
  /** When each waiting notice was queued (ms; same order as `waiting`). */
  private readonly waitingSince: number[] = [];
  /** The notice being delivered or waiting for its retry, with the tries made so far. */
  private current: AlertNotice | null = null;
  private currentSince = 0;
  private tries = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  private readonly abort = new AbortController();
  private closed = false;
  private overflowing = false;
  private droppedInBurst = 0;
  private secrets: string[];
  private delivered = 0;
  private failed = 0;
  private timeouts = 0;
  private dropped = 0;
  private purged = 0;
  private lastError = '';
  private lastDeliveredAtMs: number | null = null;
  private lastFailedAtMs: number | null = null;
  private lastDroppedAtMs: number | null = null;

  constructor(
    private cfg: NotificationStreamConfig,
    private delivery: Delivery,
    private settings: QueueSettings,
    private readonly deps: StreamDeps,
  ) {
    this.secrets = secretsOf(cfg);
  }

  get name(): string { return this.cfg.name; }
  get config(): NotificationStreamConfig { return this.cfg; }

  /** Queues the notice; when the queue is full the oldest waiting notice is dropped. */
  push(notice: AlertNotice): void {
    if (this.closed) return;
    this.waiting.push(notice);
    this.waitingSince.push(this.deps.clock.nowMs());
    this.trim();
    this.pump();
  }

  /** Drops every waiting notice (and one waiting for its retry); one whose request is out stays. Returns how many. */
  purge(): number {
    let n = this.waiting.length;
    this.waiting.length = 0;
    this.waitingSince.length = 0;
    if (this.retryTimer) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
      this.current = null;
      n++;
    }
    this.purged += n;
    return n;
  }

  /**
   * Takes a reloaded stream configuration (same name) and the shared settings: later tries use
   * `delivery` (the old one is closed once its request in flight ends); waiting notices stay, the
   * oldest dropped if the queue is now smaller.
   */
  reconfigure(cfg: NotificationStreamConfig, delivery: Delivery | null, settings: QueueSettings): void {
    this.settings = settings;
    if (delivery) {
      const old = this.delivery;
      this.cfg = cfg;
      this.secrets = secretsOf(cfg);
      this.delivery = delivery;
      void (this.inFlight ?? Promise.resolve()).then(() => old.close());
    }
    this.trim();
  }

  /** Drops the queue for good (the stream was removed); the request in flight ends on its own. Returns how many were waiting. */
  remove(): number {
    const n = this.purge();
    this.purged -= n;
    this.dropped += n;
    this.closed = true;
    void (this.inFlight ?? Promise.resolve()).then(() => this.delivery.close());
    return n;
  }

  /** Stops retries and new deliveries; resolves when the request in flight ended (the caller bounds the wait). */
  close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) { clearTimeout(this.retryTimer); this.retryTimer = null; }
    return (this.inFlight ?? Promise.resolve()).then(() => this.delivery.close());
  }

  /** Cancels the request in flight (after close's bounded wait). */
  cancel(): void {
    this.abort.abort();
    this.delivery.close();
  }

  status(): StreamStatus {
    const oldest = this.current ? this.currentSince : this.waitingSince.length > 0 ? this.waitingSince[0] : null;
    return {
      name: this.cfg.name, kind: this.cfg.kind, queued: this.waiting.length + (this.current ? 1 : 0),
      delivered: this.delivered, failed: this.failed, timeouts: this.timeouts, dropped: this.dropped, purged: this.purged, lastError: this.lastError,
      oldestQueuedAtMs: oldest, timeoutMs: streamTimeoutMs(this.cfg),
      lastDeliveredAtMs: this.lastDeliveredAtMs, lastFailedAtMs: this.lastFailedAtMs, lastDroppedAtMs: this.lastDroppedAtMs,
    };
  }

  private trim(): void {
    while (this.waiting.length > this.settings.queueSize) {
      this.waiting.shift();
      this.waitingSince.shift();
      this.dropped++;
      this.droppedInBurst++;
      this.lastDroppedAtMs = this.deps.clock.nowMs();
      if (!this.overflowing) {
        this.overflowing = true;
        this.deps.logger.warn('notification queue full: dropping the oldest waiting notices', { stream: this.cfg.name, queueSize: this.settings.queueSize });
      }
    }
  }

  /** Starts the next delivery unless one is under way. */
  private pump(): void {
    if (this.closed || this.current) return;
    const next = this.waiting.shift();
    const since = this.waitingSince.shift();
    if (!next) {
      if (this.overflowing) {
        this.deps.logger.info('notification queue drained', { stream: this.cfg.name, droppedInBurst: this.droppedInBurst });
        this.overflowing = false;
        this.droppedInBurst = 0;
      }
      return;
    }
    this.current = next;
    this.currentSince = since ?? this.deps.clock.nowMs();
    this.tries = 0;
    this.attempt();
  }

  private attempt(): void {
    this.retryTimer = null;
    const notice = this.current!;
    const delivery = this.delivery;
    // Every try ends: the delivery's own timeout, and the queue's deadline past it (core/deadline.ts).
    // The delivery sees the notifier closing through its own signal (and says so in its error).
    const run = withDeadline(streamTimeoutMs(this.cfg) + TRY_GRACE_MS, () => delivery.deliver(notice, this.abort.signal));
    this.inFlight = run.then(() => this.settled(notice, null), (e: unknown) => this.settled(notice, e ?? new Error('failed')));
  }

  private settled(notice: AlertNotice, err: unknown): void {
    this.inFlight = null;
    if (this.current !== notice) return;
    const now = this.deps.clock.nowMs();
    if (err === null) {
      this.delivered++;
      this.lastDeliveredAtMs = now;
      this.current = null;
      this.pump();
      return;
    }
    const reason = redact(errorText(err), this.secrets);
    this.lastError = reason;
    if (isDeadlineError(err)) this.timeouts++;
    if (this.closed) { this.current = null; return; }
    if (this.tries >= this.settings.retries) {
      this.failed++;
      this.lastFailedAtMs = now;
      this.deps.logger.warn('notification not delivered: giving up', {
        stream: this.cfg.name, kind: notice.kind, alert: notice.alert.name, device: notice.alert.deviceName,
        component: notice.alert.componentName, tries: this.tries + 1, reason,
      });
      this.current = null;
      this.pump();
      return;
    }
    this.tries++;
    const delay = backoffMs(this.tries, this.settings, this.deps.random());
    this.deps.logger.debug('notification delivery failed: retrying', { stream: this.cfg.name, retry: this.tries, inMs: delay, reason });
    this.retryTimer = setTimeout(() => this.attempt(), delay);
    this.retryTimer.unref();
  }
}
