import type { DevicesPort, SnmpCredentialsChange, SnmpCredentialsView } from '../../core/ports/devices.js';
import type { NetworkDevices } from './network-devices.js';

/** Addresses pause and resume list of the queue (the queue call lists more with its `limit`). */
const PAUSE_ANSWER_LIMIT = 100;

/**
 * The collector's DevicesPort over each network's NetworkDevices; `need` throws UNKNOWN_NETWORK for a
 * network that is not configured. Pause and resume also hold the network's scheduled discovery.
 */
export function devicesPort(
  need: (netId: number) => { readonly devices: NetworkDevices; paused: boolean },
  credentials: {
    readonly view: (netId: number) => SnmpCredentialsView;
    readonly set: (netId: number, change: SnmpCredentialsChange, user: string) => Promise<SnmpCredentialsView>;
  },
): DevicesPort {
  const d = (netId: number) => need(netId).devices;
  return {
    list: (netId) => d(netId).list(),
    get: (netId, id) => d(netId).get(id),
    add: (netId, a, user) => d(netId).add(a, user),
    update: (netId, id, patch, user) => d(netId).update(id, patch, user),
    remove: (netId, ids, user) => d(netId).remove(ids, user),
    test: (netId, t) => d(netId).test(t),
    blocked: (netId) => d(netId).blocked(),
    block: (netId, b, user) => d(netId).block(b, user),
    updateBlock: (netId, id, b, user) => d(netId).updateBlock(id, b, user),
    unblock: (netId, ids, user) => d(netId).unblock(ids, user),
    submit: async (netId, address, user) => d(netId).submit(address, user),
    queue: (netId, limit) => d(netId).queueView(limit),
    newGeneration: (netId, user) => d(netId).newGeneration(user),
    pause: (netId, _user) => {
      const n = need(netId);
      n.paused = true;
      n.devices.queue.pause();
      return n.devices.queueView(PAUSE_ANSWER_LIMIT);
    },
    resume: (netId, _user) => {
      const n = need(netId);
      n.paused = false;
      n.devices.queue.resume();
      return n.devices.queueView(PAUSE_ANSWER_LIMIT);
    },
    externalTags: (netId, key) => d(netId).externalTags(key),
    setExternalTags: (netId, key, tags, mode, user) => d(netId).setExternalTags(key, tags, mode, user),
    snmpCredentials: (netId) => credentials.view(netId),
    setSnmpCredentials: (netId, change, user) => credentials.set(netId, change, user),
  };
}
