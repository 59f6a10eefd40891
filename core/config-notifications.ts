import type { Checker } from './config-check.js';
import { DEFAULTS, type NotificationsConfig } from './config-schema.js';

/**
 * `notifications:` — where alert notifications go: the log (always), webhooks and e-mail streams,
 * and the delivery queue's bounds.
 */

export function defaultNotifications(): NotificationsConfig {
  return {
    streams: [{ kind: 'log', name: 'log' }],
    queueSize: DEFAULTS.notificationQueueSize,
    retries: DEFAULTS.notificationRetries,
    retryInitialMs: DEFAULTS.notificationRetryInitialMs,
    retryMaxMs: DEFAULTS.notificationRetryMaxMs,
  };
}

export function parseNotifications(c: Checker, v: unknown): NotificationsConfig {
  if (v === undefined || v === null) return defaultNotifications();
  // TODO(notifications): streams and queue bounds.
  c.object(v, ['notifications'], ['streams', 'queueSize', 'retries', 'retryInitial', 'retryMax']);
  return defaultNotifications();
}
