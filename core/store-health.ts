import type { ComponentHealth, StoreStatus } from './ports/networks.js';

/**
 * The healthcheck's `store` component from the store's write state: unhealthy while writes fail,
 * with the reason, since when, and what is held in memory or dropped meanwhile; healthy otherwise
 * (`healthyDetail`, plus the points dropped during an earlier failure, if any).
 */
export function storeComponent(status: StoreStatus | undefined, healthyDetail: string): ComponentHealth {
  if (!status) return { healthy: true, detail: healthyDetail };
  const dropped = status.droppedPoints > 0 ? `, ${status.droppedPoints} points dropped` : '';
  if (status.writable) {
    return { healthy: true, detail: dropped ? `${healthyDetail}; earlier write failures${dropped}` : healthyDetail };
  }
  const since = status.failingSinceMs === null ? '' : ` since ${new Date(status.failingSinceMs).toISOString()}`;
  return {
    healthy: false,
    detail: `writes failing${since}: ${status.reason}; ${status.unwrittenPoints} points held in memory ` +
      `(at most ${status.maxUnwrittenPoints})${dropped}; reads still answer`,
  };
}
