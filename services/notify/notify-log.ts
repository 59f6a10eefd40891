import type { Logger } from '../../core/logger.js';
import type { AlertNotice } from '../alert-types.js';
import type { Delivery } from './notify-delivery.js';

/**
 * The `log` stream: one line per notice in the server's log, naming the kind, network, alert,
 * device, component and value (warn for `active` and `repeat`, info for `cleared`). Never fails.
 */
export function logDelivery(logger: Logger): Delivery {
  return {
    deliver: async (n: AlertNotice) => {
      const a = n.alert;
      const fields = {
        kind: n.kind, network: n.networkName, networkId: n.networkId, alert: a.name, device: a.deviceName,
        component: a.componentName, value: a.value, key: a.key,
      };
      if (n.kind === 'cleared') logger.info('alert cleared', fields);
      else logger.warn(n.kind === 'active' ? 'alert active' : 'alert still active', fields);
    },
    close: () => {},
  };
}
