import type { NotificationsConfig } from '../core/config-schema.js';
import type { AlertRecord } from '../svcql/index.js';

/**
 * The contract between the alert parts: the evaluator (services/alerts/alert-engine.ts) makes and keeps
 * alerts; silences (services/silences/silences.ts) say which alert a silence matches; the notifier
 * (services/notify/notifier.ts) delivers notices to the configured streams; the alert service
 * (services/alerts/alerts.ts) answers the API from the evaluator's alerts and the silences.
 */
export type { AlertRecord };

/** Why a notice is sent: the alert entered Active, is still active after `notificationTimeMs`, or cleared. */
export type AlertNoticeKind = 'active' | 'repeat' | 'cleared';

export interface AlertNotice {
  readonly kind: AlertNoticeKind;
  readonly networkId: number;
  readonly networkName: string;
  /** When the evaluator decided to send it (ms since the epoch). */
  readonly atMs: number;
  /** The alert as it is at `atMs` (for `cleared`: active false). */
  readonly alert: AlertRecord;
}

/** What the notifier has done since start, per stream and in all. */
export interface StreamStatus {
  readonly name: string;
  readonly kind: 'log' | 'webhook' | 'email';
  /** Waiting to be delivered (including those waiting for a retry). */
  readonly queued: number;
  readonly delivered: number;
  /** Gave up after the last retry. */
  readonly failed: number;
  /** Tries that ended at the stream's timeout (no answer in time; each counts, retried or not). */
  readonly timeouts: number;
  /** When the oldest notice still queued (or being tried) was queued (ms since the epoch), or null when none. */
  readonly oldestQueuedAtMs: number | null;
  /** The bound of one try (the stream's `timeout`; the log stream's fixed bound). */
  readonly timeoutMs: number;
  /** Dropped because the queue was full (the oldest waiting one goes). */
  readonly dropped: number;
  /** Dropped by a purge (`alerts/purge/queue`). */
  readonly purged: number;
  /** The last delivery error ('' when none; never a secret nor the receiver's URL). */
  readonly lastError: string;
  /** When the latest notice was delivered (ms since the epoch), or null. */
  readonly lastDeliveredAtMs: number | null;
  /** When the notifier latest gave up on a notice (ms), or null. */
  readonly lastFailedAtMs: number | null;
  /** When the queue latest dropped a notice because it was full (ms), or null. */
  readonly lastDroppedAtMs: number | null;
}

export interface NotifierStatus {
  readonly streams: readonly StreamStatus[];
  /** Notices that were waiting in the queues of streams a reload removed. */
  readonly droppedWithRemovedStreams: number;
}

export interface AlertNotifier {
  /**
   * Queues the notice for the named streams (null: every configured stream; unknown names are
   * logged once and skipped). Returns at once: delivery, retries and a slow or failing receiver
   * never hold the caller. Never throws.
   */
  send(notice: AlertNotice, streams: readonly string[] | null): void;
  status(): NotifierStatus;
  /** Drops every waiting notice of every stream; returns how many were dropped. */
  purge(): number;
  /** Takes a reloaded `notifications:` section (streams added, removed or changed; queues of kept streams stay). */
  configure(c: NotificationsConfig): void;
  /** Stops delivering; waits (bounded) for deliveries in flight. */
  close(): Promise<void>;
}

export interface SilenceLookup {
  /** The id of an active (unexpired at `nowMs`) silence of the network matching the alert, or 0 (docs/api.md "Alerts and silences"). */
  matching(networkId: number, alert: AlertRecord, nowMs: number): number;
}

/** The evaluator's alerts, as the alert service and the SvcQL `alerts` table read them. */
export interface AlertSource {
  /**
   * Every alert of the network, active and cleared, in a stable order; `silenced` and
   * `matchingSilenceId` as of the call.
   */
  alerts(networkId: number): readonly AlertRecord[];
  /** The alert with that key, or undefined. */
  get(networkId: number, key: string): AlertRecord | undefined;
  /** The alert's activations, [entered ms, cleared ms (0 while active)] pairs, oldest first; [] for an unknown key. */
  history(networkId: number, key: string): readonly (readonly [number, number])[];
  /**
   * Acknowledges the active alert (`ack`) or withdraws its acknowledgement (null), stored before it
   * resolves; the alert as it is then. UNKNOWN_ALERT for an unknown key; CONFLICT when acknowledging
   * a cleared alert.
   */
  acknowledge(networkId: number, key: string, ack: { readonly by: string; readonly comment: string } | null): Promise<AlertRecord>;
}
