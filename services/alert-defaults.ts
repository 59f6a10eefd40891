import type { Logger } from '../core/logger.js';
import type { AlertNotifier, SilenceLookup } from './alert-types.js';

/**
 * What the alert evaluator uses when createServices is given no notifier or silence lookup: a
 * notifier that only logs each notice (stream `log`), and a lookup under which nothing is silenced.
 */
export function logOnlyNotifier(logger: Logger): AlertNotifier {
  let delivered = 0;
  return {
    send(notice) {
      delivered++;
      const a = notice.alert;
      logger.info(`alert ${notice.kind}`, { network: notice.networkId, key: a.key, name: a.name, device: a.deviceName, component: a.componentName, value: a.value, description: a.description });
    },
    status: () => ({ streams: [{ name: 'log', kind: 'log', queued: 0, delivered, failed: 0, dropped: 0, purged: 0, lastError: '' }] }),
    purge: () => 0,
    configure() {},
    close: async () => {},
  };
}

export const NO_SILENCES: SilenceLookup = { matching: () => 0 };
