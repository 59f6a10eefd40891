import type { Clock } from '../../core/clock.js';
import type { NotificationStreamConfig, NotificationsConfig } from '../../core/config-schema.js';
import type { Logger } from '../../core/logger.js';
import type { AlertNotice, AlertNotifier, NotifierStatus } from '../alert-types.js';
import type { Delivery, DeliveryFactory } from './notify-delivery.js';
import { emailDelivery } from './notify-email.js';
import { logDelivery } from './notify-log.js';
import { NotifyStream, type QueueSettings } from './notify-queue.js';
import { webhookDelivery } from './notify-webhook.js';

interface NotifierOptions {
  readonly clock: Clock;
  readonly logger: Logger;
  /** Uniform in [0, 1) for the retries' jitter; Math.random by default. */
  readonly random?: () => number;
  /** Makes each stream's delivery; by default the log, webhook (fetch) and e-mail (SMTP) ones. */
  readonly delivery?: DeliveryFactory;
  /** How long `close` waits for deliveries in flight before cancelling them (ms); 5 s by default. */
  readonly closeWaitMs?: number;
  /** The server's URL as receivers should link to it (Alertmanager's `externalURL`); '' by default. */
  readonly externalUrl?: string;
}

const DEFAULT_CLOSE_WAIT_MS = 5000;

/**
 * The alert notifier (services/alert-types.ts AlertNotifier): a queue per configured stream
 * (services/notify/notify-queue.ts) in front of that stream's delivery (log, webhook, e-mail). `send`
 * only queues; each stream delivers on its own, so a slow or failing receiver holds neither the
 * caller nor the other streams. `configure` applies a reloaded `notifications:` section: streams
 * are told apart by name; a kept stream keeps its queue and counters (a changed one delivers with
 * its new settings from its next try), a removed one's waiting notices are dropped and counted.
 */
export class Notifier implements AlertNotifier {
  private streams = new Map<string, NotifyStream>();
  private readonly makeDelivery: DeliveryFactory;
  private readonly random: () => number;
  private readonly warnedUnknown = new Set<string>();
  private droppedWithRemovedStreams = 0;
  private closed = false;

  /**
   * A notifier's part of a config reload (core/config-applier.ts): after the swap it takes the new
   * `notifications` (configure: streams added, changed or removed by name; kept streams keep their queues).
   */
  static configApplier(n: AlertNotifier) {
    return { name: 'notifier', keys: ['notifications'], apply: (next: { readonly notifications: NotificationsConfig }) => n.configure(next.notifications) };
  }

  constructor(config: NotificationsConfig, private readonly opts: NotifierOptions) {
    this.random = opts.random ?? Math.random;
    const log = opts.logger;
    this.makeDelivery = opts.delivery ?? ((s) => defaultDelivery(s, log, opts.externalUrl ?? ''));
    this.configure(config);
  }

  send(notice: AlertNotice, streams: readonly string[] | null): void {
    try {
      if (this.closed) return;
      const names = streams ?? [...this.streams.keys()];
      for (const name of new Set(names)) {
        const s = this.streams.get(name);
        if (s) s.push(notice);
        else if (!this.warnedUnknown.has(name)) {
          this.warnedUnknown.add(name);
          this.opts.logger.warn('notification stream not configured: skipped', { stream: name, alert: notice.alert.name });
        }
      }
    } catch (e) {
      // Never throws to the evaluator: a bug here loses a notice, not an evaluation.
      this.opts.logger.error('notification not queued', { error: (e as Error).message });
    }
  }

  status(): NotifierStatus {
    return { streams: [...this.streams.values()].map((s) => s.status()), droppedWithRemovedStreams: this.droppedWithRemovedStreams };
  }

  purge(): number {
    let n = 0;
    for (const s of this.streams.values()) n += s.purge();
    if (n > 0) this.opts.logger.info('notification queues purged', { dropped: n });
    return n;
  }

  configure(c: NotificationsConfig): void {
    if (this.closed) return;
    const settings: QueueSettings = { queueSize: c.queueSize, retries: c.retries, retryInitialMs: c.retryInitialMs, retryMaxMs: c.retryMaxMs };
    const next = new Map<string, NotifyStream>();
    for (const sc of c.streams) {
      const kept = this.streams.get(sc.name);
      if (kept) {
        const changed = JSON.stringify(kept.config) !== JSON.stringify(sc);
        kept.reconfigure(sc, changed ? this.makeDelivery(sc) : null, settings);
        next.set(sc.name, kept);
      } else {
        next.set(sc.name, new NotifyStream(sc, this.makeDelivery(sc), settings, { clock: this.opts.clock, logger: this.opts.logger, random: this.random }));
      }
    }
    for (const [name, s] of this.streams) {
      if (next.has(name)) continue;
      const n = s.remove();
      this.droppedWithRemovedStreams += n;
      this.opts.logger.info('notification stream removed', { stream: name, droppedWaiting: n });
    }
    this.streams = next;
    this.warnedUnknown.clear();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const streams = [...this.streams.values()];
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), this.opts.closeWaitMs ?? DEFAULT_CLOSE_WAIT_MS); });
    timer?.unref();
    const outcome = await Promise.race([Promise.all(streams.map((s) => s.close())).then(() => 'done' as const), bound]);
    clearTimeout(timer);
    if (outcome === 'late') {
      this.opts.logger.warn('notifier closing: deliveries still in flight are cancelled');
      for (const s of streams) s.cancel();
    }
  }
}

function defaultDelivery(s: NotificationStreamConfig, logger: Logger, externalUrl: string): Delivery {
  switch (s.kind) {
    case 'log': return logDelivery(logger);
    case 'webhook': return webhookDelivery(s, { externalUrl });
    case 'email': return emailDelivery(s);
  }
}
