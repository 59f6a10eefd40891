// The public face of the devices wing (services/devices/). Managed devices (docs/api.md "Inventory": DeviceService
// over the DevicesPort), the request bodies of device calls, the device panel of the UI and the
// legacy device details. Folders outside the wing import only what this file exports.
export { agentTest, blockedAdd, checkAddress, deviceAdd, deviceKey, devicePatch, externalTagsBody, snmpCredentialsBody } from './device-bodies.js';
export { DeviceDetailsService, parseNodeSort } from './device-details.js';
export { DevicePanelService, type DeviceDataFormat } from './device-panel.js';
export { DeviceService, MAX_IDS_PER_CALL, QUEUE_DEFAULT_LIMIT, QUEUE_MAX_LIMIT } from './devices.js';
