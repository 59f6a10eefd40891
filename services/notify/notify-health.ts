import type { ComponentHealth } from '../../core/ports/networks.js';
import type { NotifierStatus } from '../alert-types.js';

/** How long a queue overflow keeps the notifications component unhealthy (ms). */
export const OVERFLOW_RECENT_MS = 15 * 60_000;

/**
 * A stream with notices queued that delivered nothing for this many of its timeouts (since its
 * oldest queued notice was queued, or its latest delivery if later) is stalled.
 */
const STALL_TIMEOUTS = 3;

/**
 * The healthcheck's `notifications` component: `degraded` (still healthy: the server monitors on,
 * only its notices do not get through) while a stream is stalled (notices queued and nothing
 * delivered for STALL_TIMEOUTS × its timeout: a receiver that takes the connection and never
 * answers shows here before any notice is given up on), while its latest outcome is a
 * notice given up on (its last delivery failed after every retry; healthy again at its next
 * delivery), or while its queue overflowed in the last OVERFLOW_RECENT_MS. The detail names the
 * streams and why; it carries the streams' `lastError`, which holds no secret.
 */
export function notificationsHealth(status: NotifierStatus, nowMs: number): ComponentHealth {
  const problems: string[] = [];
  for (const s of status.streams) {
    if (s.queued > 0 && s.oldestQueuedAtMs !== null) {
      const since = Math.max(s.oldestQueuedAtMs, s.lastDeliveredAtMs ?? 0);
      if (nowMs - since > STALL_TIMEOUTS * s.timeoutMs) {
        problems.push(`stream ${s.name}: nothing delivered for ${Math.round((nowMs - since) / 1000)} s with ${s.queued} queued `
          + `(oldest queued ${Math.round((nowMs - s.oldestQueuedAtMs) / 1000)} s ago; ${s.timeouts} tries timed out)`);
      }
    }
    if (s.lastFailedAtMs !== null && (s.lastDeliveredAtMs === null || s.lastFailedAtMs >= s.lastDeliveredAtMs)) {
      problems.push(`stream ${s.name}: latest delivery failed (${s.lastError || 'unknown error'})`);
    }
    if (s.lastDroppedAtMs !== null && nowMs - s.lastDroppedAtMs < OVERFLOW_RECENT_MS) {
      problems.push(`stream ${s.name}: queue overflowed ${Math.max(0, Math.round((nowMs - s.lastDroppedAtMs) / 1000))} s ago (${s.dropped} dropped since start)`);
    }
  }
  if (problems.length > 0) return { healthy: true, status: 'degraded', detail: problems.join('; ') };
  const queued = status.streams.reduce((n, s) => n + s.queued, 0);
  return { healthy: true, detail: `${status.streams.length} stream(s) delivering, ${queued} queued` };
}
