/**
 * Decodes one SNMPv1/v2c datagram into a Message. Never throws: a malformed datagram is returned
 * as `{ ok: false, error }` with a stable code and the byte offset.
 *
 *   Message ::= SEQUENCE { version INTEGER, community OCTET STRING, data PDU }
 *   PDU     ::= [A0..A3,A5..A8] IMPLICIT SEQUENCE { request-id, error-status|non-repeaters,
 *                 error-index|max-repetitions, variable-bindings SEQUENCE OF VarBind }
 *   VarBind ::= SEQUENCE { name OBJECT IDENTIFIER, value }
 */
import { BerReader, BerReadError } from './ber-read.js';
import { PduType, Tag } from './pdu-types.js';
import type { DecodeResult, Message, Pdu, PduVarbind } from './pdu-types.js';

export function decodeMessage(datagram: Uint8Array): DecodeResult {
  try {
    return { ok: true, message: readMessage(new BerReader(datagram)) };
  } catch (e) {
    if (e instanceof BerReadError) return { ok: false, error: { code: e.code, message: e.message, offset: e.offset } };
    // anything else is a bug in the codec, still reported as data so a datagram cannot crash a caller
    return { ok: false, error: { code: 'BER_BAD_VALUE', message: `decoder failure: ${String(e)}`, offset: 0 } };
  }
}

function readMessage(r: BerReader): Message {
  const len = r.readHeader(Tag.Sequence);
  const end = r.pos + len;
  if (end !== r.end) r.fail('SNMP_TRAILING_BYTES', `${r.end - end} bytes after the message`, end);
  const vAt = r.pos;
  const version = r.readInt();
  if (version !== 0 && version !== 1) r.fail('SNMP_BAD_VERSION', `version ${version} is not 0 (v1) or 1 (v2c)`, vAt);
  const community = r.readOctetsContent(r.readHeader(Tag.OctetString));
  const pdu = readPdu(r, version);
  if (r.pos !== end) r.fail('SNMP_TRAILING_BYTES', `${end - r.pos} bytes after the PDU`, r.pos);
  return { version, community, pdu };
}

function readPdu(r: BerReader, version: number): Pdu {
  const at = r.pos;
  const tag = r.peekTag();
  if (tag < PduType.GetRequest || tag > PduType.Report || tag === PduType.TrapV1) {
    r.fail('SNMP_BAD_PDU', tag < 0 ? 'missing PDU' : `unsupported PDU type 0x${tag.toString(16)}`, at);
  }
  if (version === 0 && tag === PduType.GetBulkRequest) r.fail('SNMP_BAD_PDU', 'GetBulkRequest is not valid in SNMPv1', at);
  const len = r.readHeader(tag);
  const end = r.pos + len;
  const requestId = r.readInt();
  const a = r.readInt();
  const b = r.readInt();
  const varbinds = readVarbinds(r);
  if (r.pos !== end) r.fail('SNMP_TRAILING_BYTES', `${end - r.pos} bytes after the varbind list`, r.pos);
  if (tag === PduType.GetBulkRequest) {
    return { type: tag, requestId, nonRepeaters: a, maxRepetitions: b, varbinds };
  }
  return { type: tag as Exclude<Pdu['type'], typeof PduType.GetBulkRequest>, requestId, errorStatus: a, errorIndex: b, varbinds };
}

function readVarbinds(r: BerReader): PduVarbind[] {
  const len = r.readHeader(Tag.Sequence);
  const end = r.pos + len;
  const out: PduVarbind[] = [];
  const outerEnd = r.end;
  r.end = end;
  while (r.pos < end) {
    const vbLen = r.readHeader(Tag.Sequence);
    const vbEnd = r.pos + vbLen;
    r.end = vbEnd;
    const oid = r.readOidContent(r.readHeader(Tag.ObjectIdentifier));
    out.push(readValue(r, oid));
    if (r.pos !== vbEnd) r.fail('SNMP_TRAILING_BYTES', `${vbEnd - r.pos} bytes after a varbind value`, r.pos);
    r.end = end;
  }
  r.end = outerEnd;
  return out;
}

function readValue(r: BerReader, oid: Uint32Array): PduVarbind {
  const at = r.pos;
  const len = r.readHeader();
  const tag = r.lastTag;
  switch (tag) {
    case Tag.Integer: {
      const value = r.readIntContent(len);
      if (value > 0x7fffffff) r.fail('BER_BAD_VALUE', `INTEGER ${value} is above Integer32`, at);
      return { oid, type: tag, value };
    }
    case Tag.OctetString:
    case Tag.Opaque:
      return { oid, type: tag, value: r.readOctetsContent(len) };
    case Tag.IpAddress:
      if (len !== 4) r.fail('BER_BAD_VALUE', `IpAddress of ${len} bytes (expected 4)`, at);
      return { oid, type: tag, value: r.readOctetsContent(len) };
    case Tag.Counter32:
    case Tag.Gauge32:
    case Tag.TimeTicks:
      return { oid, type: tag, value: r.readUnsigned32Content(len) };
    case Tag.Counter64:
      return { oid, type: tag, value: r.readUnsigned64Content(len) };
    case Tag.ObjectIdentifier:
      return { oid, type: tag, value: r.readOidContent(len) };
    case Tag.Null:
    case Tag.NoSuchObject:
    case Tag.NoSuchInstance:
    case Tag.EndOfMibView:
      if (len !== 0) r.fail('BER_BAD_VALUE', `${len} content bytes in a value that must be empty`, at);
      return { oid, type: tag, value: null };
    default:
      return r.fail('BER_UNEXPECTED_TAG', `unknown value type 0x${tag.toString(16)}`, at);
  }
}
