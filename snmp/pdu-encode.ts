/**
 * Encodes SNMPv1/v2c messages with a BerWriter. Two ways in:
 *  - encodeMessage(msg, w?) for a whole Message object;
 *  - the streaming form used on hot paths: beginMessage(w, community) → writeVarbind / table
 *    writers append varbinds forward → finishMessage(w, …) prepends the PDU and message headers.
 * Values that cannot be encoded (a Counter64 above 2^64-1, an IpAddress that is not 4 bytes)
 * are caller bugs and throw.
 */
import { BerWriter } from './ber-write.js';
import { PduType, Tag } from './pdu-types.js';
import type { Message, PduVarbind } from './pdu-types.js';

/** Headroom for the prepended headers: message seq (≤6) + version (3) + community header (≤4) + PDU header (≤6) + 3 integers (≤18) + varbind list header (≤6). */
const FIXED_HEADROOM = 48;

/** Starts an encoding whose varbinds are appended next; `community` sizes the headroom. */
export function beginMessage(w: BerWriter, community: Uint8Array): void {
  w.reset(FIXED_HEADROOM + community.length);
}

/**
 * Completes a message begun with beginMessage: prepends the varbind list, PDU and message headers.
 * For GetBulkRequest pass non-repeaters and max-repetitions as `a` and `b`; otherwise error-status
 * and error-index. Returns a view into the writer's buffer, valid until its next reset.
 */
export function finishMessage(
  w: BerWriter, version: number, community: Uint8Array, pduType: number, requestId: number, a: number, b: number,
): Buffer {
  w.prependHeaderFor(Tag.Sequence);
  w.prependInt(Tag.Integer, b);
  w.prependInt(Tag.Integer, a);
  w.prependInt(Tag.Integer, requestId);
  w.prependHeaderFor(pduType);
  w.prependOctets(Tag.OctetString, community);
  w.prependInt(Tag.Integer, version);
  w.prependHeaderFor(Tag.Sequence);
  return w.bytes();
}

/** Appends one varbind `SEQUENCE { oid, value }`. */
export function writeVarbind(w: BerWriter, vb: PduVarbind): void {
  const mark = w.beginSequence(Tag.Sequence);
  w.writeOid(Tag.ObjectIdentifier, vb.oid);
  writeValue(w, vb);
  w.endSequence(mark);
}

function writeValue(w: BerWriter, vb: PduVarbind): void {
  switch (vb.type) {
    case Tag.Integer:
      if (!Number.isInteger(vb.value) || vb.value < -0x80000000 || vb.value > 0x7fffffff) {
        throw new RangeError(`INTEGER ${vb.value} outside Integer32`);
      }
      w.writeInt(vb.type, vb.value);
      return;
    case Tag.Counter32:
    case Tag.Gauge32:
    case Tag.TimeTicks:
      if (!Number.isInteger(vb.value) || vb.value < 0 || vb.value > 0xffffffff) {
        throw new RangeError(`unsigned 32-bit value ${vb.value} outside 0..2^32-1`);
      }
      w.writeInt(vb.type, vb.value);
      return;
    case Tag.Counter64:
      w.writeUnsigned64(vb.type, vb.value);
      return;
    case Tag.OctetString:
    case Tag.Opaque:
      w.writeBytes(vb.type, vb.value);
      return;
    case Tag.IpAddress:
      if (vb.value.length !== 4) throw new RangeError(`IpAddress of ${vb.value.length} bytes`);
      w.writeBytes(vb.type, vb.value);
      return;
    case Tag.ObjectIdentifier:
      w.writeOid(vb.type, vb.value);
      return;
    case Tag.Null:
    case Tag.NoSuchObject:
    case Tag.NoSuchInstance:
    case Tag.EndOfMibView:
      w.writeNull(vb.type);
      return;
  }
}

/** Encodes a whole message. With a writer passed in, the result is a view valid until its next reset; without, a fresh Buffer. */
export function encodeMessage(msg: Message, w?: BerWriter): Buffer {
  const writer = w ?? new BerWriter(1024);
  beginMessage(writer, msg.community);
  for (const vb of msg.pdu.varbinds) writeVarbind(writer, vb);
  const p = msg.pdu;
  const [a, b] = p.type === PduType.GetBulkRequest ? [p.nonRepeaters, p.maxRepetitions] : [p.errorStatus, p.errorIndex];
  const out = finishMessage(writer, msg.version, msg.community, p.type, p.requestId, a, b);
  return w ? out : Buffer.from(out);
}
