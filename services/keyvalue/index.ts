// The public face of the keyvalue wing (services/keyvalue/). The key-value store of the API. Folders
// outside the wing import only what this file exports.
export { KeyValueService } from './keyvalue.js';
