/** The project's SNMPv1/v2c BER codec: the one import point for its users. */
export * from './pdu-types.js';
export * from './oid.js';
export { BerReader } from './ber-read.js';
export { BerWriter } from './ber-write.js';
export { decodeMessage } from './pdu-decode.js';
export { beginMessage, finishMessage, writeVarbind, encodeMessage } from './pdu-encode.js';
