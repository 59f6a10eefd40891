// The public face of the networks wing (services/networks/). Networks (NetworkService: networks,
// health, generations) and discovery (DiscoveryService), with the device icons of discovery. Folders
// outside the wing import only what this file exports.
export { DiscoveryService, pollStateRecord, publicDevice, type DeviceHead, type PollStateRecord } from './discovery.js';
export { NetworkService, summarizeHealth } from './networks.js';
