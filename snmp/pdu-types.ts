/**
 * Shapes of the SNMPv1/v2c codec: BER tags, varbinds, PDUs, messages and decode errors.
 * OIDs are `Uint32Array`s of arcs everywhere (parse/format them with oid.ts).
 */

/** BER/SNMP type tags used in varbind values and message framing. */
export const Tag = {
  Integer: 0x02,
  OctetString: 0x04,
  Null: 0x05,
  ObjectIdentifier: 0x06,
  Sequence: 0x30,
  IpAddress: 0x40,
  Counter32: 0x41,
  Gauge32: 0x42,
  TimeTicks: 0x43,
  Opaque: 0x44,
  Counter64: 0x46,
  NoSuchObject: 0x80,
  NoSuchInstance: 0x81,
  EndOfMibView: 0x82,
} as const;

/** PDU tags (context-specific, constructed). */
export const PduType = {
  GetRequest: 0xa0,
  GetNextRequest: 0xa1,
  Response: 0xa2,
  SetRequest: 0xa3,
  TrapV1: 0xa4,
  GetBulkRequest: 0xa5,
  InformRequest: 0xa6,
  TrapV2: 0xa7,
  Report: 0xa8,
} as const;
type PduTypeCode = (typeof PduType)[keyof typeof PduType];

type SnmpVersionCode = 0 | 1;

/** error-status values of RFC 3416 used by this project. */
export const ErrorStatus = {
  NoError: 0,
  TooBig: 1,
  NoSuchName: 2,
  BadValue: 3,
  ReadOnly: 4,
  GenErr: 5,
} as const;

export type Oid = Uint32Array;

/**
 * A varbind as the codec reads and writes it in a PDU: the OID as arcs, the value typed by its tag;
 * Counter64 is an exact bigint. What an SNMP request returns above the codec is `Varbind`
 * (snmp/types.ts: the OID as dotted text), the one varbind type of the rest of the server.
 */
export type PduVarbind =
  | { oid: Oid; type: typeof Tag.Integer; value: number }
  | { oid: Oid; type: typeof Tag.OctetString | typeof Tag.Opaque; value: Uint8Array }
  /** 4 bytes, network order */
  | { oid: Oid; type: typeof Tag.IpAddress; value: Uint8Array }
  | { oid: Oid; type: typeof Tag.Counter32 | typeof Tag.Gauge32 | typeof Tag.TimeTicks; value: number }
  | { oid: Oid; type: typeof Tag.Counter64; value: bigint }
  | { oid: Oid; type: typeof Tag.ObjectIdentifier; value: Oid }
  | {
      oid: Oid;
      type: typeof Tag.Null | typeof Tag.NoSuchObject | typeof Tag.NoSuchInstance | typeof Tag.EndOfMibView;
      value: null;
    };

/** Get, GetNext, Response, Set, Inform, TrapV2, Report: the common PDU layout. */
interface BasicPdu {
  type: Exclude<PduTypeCode, typeof PduType.GetBulkRequest | typeof PduType.TrapV1>;
  requestId: number;
  errorStatus: number;
  errorIndex: number;
  varbinds: PduVarbind[];
}

/** GetBulkRequest: the two middle integers are non-repeaters and max-repetitions. */
interface BulkPdu {
  type: typeof PduType.GetBulkRequest;
  requestId: number;
  nonRepeaters: number;
  maxRepetitions: number;
  varbinds: PduVarbind[];
}

export type Pdu = BasicPdu | BulkPdu;

/**
 * A decoded or to-be-encoded message. After decodeMessage, every Uint8Array in it (community,
 * OCTET STRING/Opaque/IpAddress values) is a view into the datagram: copy what outlives it.
 */
export interface Message {
  version: SnmpVersionCode;
  /** raw community bytes (usually ASCII) */
  community: Uint8Array;
  pdu: Pdu;
}

/** Stable codes of decode failures. */
export type DecodeErrorCode =
  | 'BER_TRUNCATED'       // a length runs past the end of the datagram
  | 'BER_BAD_LENGTH'      // indefinite or oversize length form
  | 'BER_UNEXPECTED_TAG'  // a different tag than the grammar allows here
  | 'BER_BAD_VALUE'       // a value whose content is not valid for its type
  | 'SNMP_BAD_VERSION'    // version other than 0 (v1) or 1 (v2c)
  | 'SNMP_BAD_PDU'        // unknown or unsupported PDU type
  | 'SNMP_TRAILING_BYTES'; // bytes after the message

interface DecodeError {
  code: DecodeErrorCode;
  /** human text saying where: "at byte 17: …" */
  message: string;
  /** byte offset in the datagram where the problem was found */
  offset: number;
}

export type DecodeResult = { ok: true; message: Message } | { ok: false; error: DecodeError };
