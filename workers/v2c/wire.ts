/**
 * SNMPv2c on the fast poll path: GET and GETBULK requests encoded once with the project's codec
 * (snmp/) and then only re-stamped with a request-id, and responses decoded by position
 * straight into Readings: each answered OID is checked by a byte compare against the request's own
 * OID bytes, values go into typed arrays, nothing is allocated per varbind.
 *
 * Every reader here is bounds-checked; malformed input yields a negative status, never a throw.
 */
import { arcLength, BerWriter, beginMessage, finishMessage, PduType, writeArc } from '../../snmp/index.js';
import type { Readings } from './readings.js';
import { textNumber } from './readings.js';

/** Request-ids are always 4 content bytes (2^24 ≤ id < 2^31), so re-stamping never moves a byte. */
export const REQUEST_ID_MIN = 0x01000000;
export const REQUEST_ID_SPAN = 0x7f000000;

/**
 * Decode outcome: ≥ 0 is the PDU's error-status (0 = fine); negative is one of these, and means the
 * answer does not fit its request: the caller drops it and keeps waiting for the real answer (an
 * answer carrying the request's id may be forged: see checkAnswer).
 */
export const Decode = {
  Malformed: -1,
  NotResponse: -2,
  WrongCount: -3,
  WrongOid: -4,
  WrongCommunity: -5,
  /** A GETBULK/GETNEXT answer whose OID does not follow the one before it in its column. */
  OutOfOrder: -6,
} as const;

export function decodeFailureText(code: number): string {
  switch (code) {
    case Decode.Malformed: return 'malformed response';
    case Decode.NotResponse: return 'not a v2c Response PDU';
    case Decode.WrongCount: return 'response varbind count differs from the request';
    case Decode.WrongOid: return 'response OIDs differ from the request';
    case Decode.WrongCommunity: return 'response community differs from the request';
    case Decode.OutOfOrder: return 'response OIDs do not follow the requested columns';
    default: return `error-status ${code}`;
  }
}

/** A request's bytes and where its varbinds' OIDs are (what checkAnswer needs of it). */
export interface RequestView {
  readonly bytes: Uint8Array;
  /** Offset and length of each varbind's OID content bytes inside `bytes`. */
  readonly oidAt: Int32Array;
  readonly oidLen: Int32Array;
}

/** A pre-encoded request and where its pieces are. */
export interface EncodedRequest extends RequestView {
  readonly bytes: Buffer;
  /** Offset of the 4 request-id content bytes. */
  readonly idAt: number;
}

/** One reusable writer per thread for building requests (only at compile time and for walk rounds). */
const writer = new BerWriter(64 * 1024);

function finish(community: Uint8Array, pduType: number, a: number, b: number, n: number): EncodedRequest {
  const view = finishMessage(writer, 1, community, pduType, REQUEST_ID_MIN, a, b);
  const bytes = Buffer.from(view);
  const r = new Cursor(bytes);
  r.enter(0x30); r.skipTlv(0x02); r.skipTlv(0x04); r.enter(pduType);
  if (bytes[r.pos] !== 0x02 || bytes[r.pos + 1] !== 4) throw new Error('request-id is not 4 bytes');
  const idAt = r.pos + 2;
  r.skipTlv(0x02); r.skipTlv(0x02); r.skipTlv(0x02); r.enter(0x30);
  const oidAt = new Int32Array(n), oidLen = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const end = r.enter(0x30);
    const len = r.enter(0x06) - r.pos;
    oidAt[k] = r.pos; oidLen[k] = len;
    r.pos = end;
  }
  return { bytes, idAt, oidAt, oidLen };
}

/** A GetRequest of these OIDs (dotted text; invalid text is a bug in the plan and throws). */
export function encodeGet(community: Uint8Array, oids: readonly string[]): EncodedRequest {
  return encodeGetContents(community, oids.map((o) => oidContent(o)));
}

/** A GetRequest of these OID contents. */
export function encodeGetContents(community: Uint8Array, contents: readonly Uint8Array[]): EncodedRequest {
  beginMessage(writer, community);
  for (const content of contents) {
    const m = writer.beginSequence(0x30);
    writer.writeBytes(0x06, content);
    writer.writeNull(0x05);
    writer.endSequence(m);
  }
  return finish(community, PduType.GetRequest, 0, 0, contents.length);
}

/** A GetBulkRequest (non-repeaters 0) starting after each of these OID contents. */
export function encodeBulk(community: Uint8Array, starts: readonly Uint8Array[], maxRepetitions: number): EncodedRequest {
  beginMessage(writer, community);
  for (const content of starts) {
    const m = writer.beginSequence(0x30);
    writer.writeBytes(0x06, content);
    writer.writeNull(0x05);
    writer.endSequence(m);
  }
  return finish(community, PduType.GetBulkRequest, 0, maxRepetitions, starts.length);
}

/**
 * OID content bytes of dotted text, straight from the characters (plans hold hundreds of OIDs per
 * device: compiling them is most of a device's first poll). Invalid text throws (a plan bug).
 */
export function oidContent(text: string, alloc: (n: number) => Uint8Array = (n) => new Uint8Array(n)): Uint8Array {
  let n = 0, first = -1, len = 0, arc = 0, digits = 0;
  const t = text.charCodeAt(0) === 46 ? text.slice(1) : text;
  // pass 1: validate and size
  for (let i = 0; i <= t.length; i++) {
    const c = i < t.length ? t.charCodeAt(i) : 46;
    if (c >= 48 && c <= 57) { arc = arc * 10 + (c - 48); if (++digits > 10 || arc > 0xffffffff) break; continue; }
    if (c !== 46 || digits === 0) { n = -1; break; }
    if (n === 0) { if (arc > 2) { n = -1; break; } first = arc; }
    else if (n === 1) { if (first < 2 && arc >= 40) { n = -1; break; } len += arcLength(first * 40 + arc); }
    else len += arcLength(arc);
    n++; arc = 0; digits = 0;
  }
  if (n < 2 || digits > 0) throw new Error(`invalid OID '${text}' in a poll plan`);
  // pass 2: write
  const out = alloc(len);
  let p = 0, k = 0;
  arc = 0;
  for (let i = 0; i <= t.length; i++) {
    const c = i < t.length ? t.charCodeAt(i) : 46;
    if (c !== 46) { arc = arc * 10 + (c - 48); continue; }
    if (k === 1) p = writeArc(out, p, first * 40 + arc);
    else if (k > 1) p = writeArc(out, p, arc);
    k++; arc = 0;
  }
  return out;
}

export function stampRequestId(req: EncodedRequest, id: number): void {
  const b = req.bytes, at = req.idAt;
  b[at] = id >>> 24; b[at + 1] = (id >>> 16) & 0xff; b[at + 2] = (id >>> 8) & 0xff; b[at + 3] = id & 0xff;
}

/**
 * The request-id of a v1/v2c message, or −1 when the datagram does not look like one. Cheap: used
 * to route every datagram to its request before decoding it.
 */
export function peekRequestId(d: Uint8Array): number {
  const r = scratchCursor(d);
  if (r.enter(0x30) < 0 || r.skipTlv(0x02) < 0 || r.skipTlv(0x04) < 0) return -1;
  const tag = d[r.pos];
  if (tag === undefined || tag < 0xa0 || tag > 0xa8) return -1;
  if (r.enter(tag) < 0) return -1;
  return r.readInt();
}

const scratch = { cursor: null as Cursor | null };
function scratchCursor(d: Uint8Array): Cursor {
  const c = scratch.cursor ??= new Cursor(d);
  c.reset(d);
  return c;
}

/** The PDU's varbind list, positioned: error-status, error-index and where the list starts and ends. */
interface PduView { status: number; errorIndex: number; listAt: number; listEnd: number }
const view: PduView = { status: 0, errorIndex: 0, listAt: 0, listEnd: 0 };

/** Where a request's community is, and its PDU's type and two middle integers (synchronous use only). */
const reqHead = { communityAt: 0, communityLen: 0, pduType: 0, nonRepeaters: 0, maxRepetitions: 0 };
let reqCursor: Cursor | null = null;

/** Reads a v1/v2c request's head into reqHead; false when the bytes are not one. */
function readRequestHead(q: Uint8Array): boolean {
  const c = reqCursor ??= new Cursor(q);
  c.reset(q);
  if (c.enter(0x30) < 0 || c.skipTlv(0x02) < 0) return false;
  const end = c.enter(0x04);
  if (end < 0) return false;
  reqHead.communityAt = c.pos; reqHead.communityLen = end - c.pos;
  c.pos = end;
  const tag = q[c.pos];
  if (tag === undefined || tag < 0xa0 || tag > 0xa8 || c.enter(tag) < 0) return false;
  reqHead.pduType = tag;
  c.skipTlv(0x02);
  reqHead.nonRepeaters = c.readInt();
  reqHead.maxRepetitions = c.readInt();
  return !c.bad;
}

/**
 * Opens a Response: the version must be 2c and, when `req` is given, the community that of the request.
 * Positions `view` on the varbind list.
 */
function openResponse(r: Cursor, req: Uint8Array | null): number {
  const msgEnd = r.enter(0x30);
  if (msgEnd < 0 || msgEnd !== r.end) return Decode.Malformed;
  if (r.readInt() !== 1) return Decode.NotResponse;
  const communityEnd = r.enter(0x04);
  if (communityEnd < 0) return Decode.Malformed;
  if (req !== null) {
    if (!readRequestHead(req)) return Decode.WrongCommunity;
    const len = communityEnd - r.pos, at = reqHead.communityAt;
    if (len !== reqHead.communityLen) return Decode.WrongCommunity;
    for (let i = 0; i < len; i++) if (r.buf[r.pos + i] !== req[at + i]) return Decode.WrongCommunity;
  }
  r.pos = communityEnd;
  if (r.buf[r.pos] !== PduType.Response) return Decode.NotResponse;
  const pduEnd = r.enter(PduType.Response);
  if (pduEnd !== msgEnd) return Decode.Malformed;
  r.readInt();
  const status = r.readInt();
  const errorIndex = r.readInt();
  if (r.bad) return Decode.Malformed;
  const listEnd = r.enter(0x30);
  if (listEnd !== pduEnd) return Decode.Malformed;
  view.status = status; view.errorIndex = errorIndex; view.listAt = r.pos; view.listEnd = listEnd;
  return 0;
}

/**
 * Decodes a GET response into `out` at `positions[k]` for the k-th varbind. Returns 0, the PDU's
 * error-status when it is not 0 (nothing is stored then), or a negative Decode code when the answer
 * does not fit the request (checkAnswer's rules for a GET); then some positions may hold its values,
 * which the real answer overwrites (it fills every position of the request).
 */
/**
 * The varbinds of the last answer decodeGetResponse or decodeWalkResponse accepted (status 0), for
 * the poll's count of varbinds (PollResult.varbinds). Module state: decoding is synchronous, one
 * answer at a time per thread.
 */
export const lastDecoded = { varbinds: 0 };

export function decodeGetResponse(d: Uint8Array, req: EncodedRequest, positions: Int32Array, out: Readings): number {
  const r = scratchCursor(d);
  const opened = openResponse(r, req.bytes);
  if (opened < 0) return opened;
  if (view.status !== 0) return checkEcho(r, req, view.status);
  const n = positions.length;
  let k = 0;
  while (r.pos < view.listEnd) {
    if (k >= n) return Decode.WrongCount;
    const vbEnd = enterRequestedVarbind(r, req, k);
    if (vbEnd < 0) return vbEnd;
    if (readValue(r, vbEnd, positions[k]!, out) < 0) return Decode.Malformed;
    k++;
  }
  if (k !== n) return Decode.WrongCount;
  lastDecoded.varbinds = k;
  return 0;
}

/**
 * Enters the varbind at r.pos, which must name the request's k-th OID: returns the varbind's end
 * with r.pos on its value, or a negative Decode code (Malformed, WrongOid).
 */
function enterRequestedVarbind(r: Cursor, req: RequestView, k: number): number {
  const vbEnd = r.enter(0x30);
  if (vbEnd < 0) return Decode.Malformed;
  const oidEnd = r.enter(0x06);
  if (oidEnd < 0) return Decode.Malformed;
  const len = oidEnd - r.pos;
  if (len !== req.oidLen[k]) return Decode.WrongOid;
  const d = r.buf, q = req.bytes;
  for (let i = 0, a = r.pos, b = req.oidAt[k]!; i < len; i++) if (d[a + i] !== q[b + i]) return Decode.WrongOid;
  r.pos = oidEnd;
  return vbEnd;
}

/** What a walk round found for one column. */
export interface WalkColumn {
  /** The column's OID content (rows are strictly under it). */
  readonly prefix: Uint8Array;
  /** The last row's OID content (the next round starts after it). */
  cursor: Uint8Array;
  cursorLen: number;
  done: boolean;
}

/**
 * Decodes a GETBULK response to `req` over `active` columns (non-repeaters 0, so varbind k belongs to
 * column active[k % active.length]); every row under its column adds its number to
 * out.addRow(column). Ends a column (done) at the first row outside it, an exception, or when it got
 * no rows. The answer is first checked against the request (checkAnswer): one that does not fit
 * changes nothing and yields its negative Decode code.
 */
export function decodeWalkResponse(d: Uint8Array, req: RequestView, cols: WalkColumn[], active: Int32Array, activeCount: number, out: Readings): number {
  const checked = checkAnswer(d, req);
  if (checked !== 0) return checked;
  const r = scratchCursor(d);
  const opened = openResponse(r, null);
  if (opened < 0) return opened;
  const seen = seenRows.length >= activeCount ? seenRows : (seenRows = new Int32Array(activeCount * 2));
  seen.fill(0, 0, activeCount);
  let k = 0;
  while (r.pos < view.listEnd) {
    const j = k % activeCount;
    const c = active[j]!;
    const col = cols[c]!;
    const vbEnd = r.enter(0x30);
    if (vbEnd < 0) return Decode.Malformed;
    const oidEnd = r.enter(0x06);
    if (oidEnd < 0) return Decode.Malformed;
    const at = r.pos, len = oidEnd - at;
    r.pos = oidEnd;
    k++;
    if (col.done) { r.pos = vbEnd; continue; }
    seen[j] = 1;
    const p = col.prefix;
    let under = len > p.length;
    for (let i = 0; under && i < p.length; i++) if (d[at + i] !== p[i]) under = false;
    const tag = d[r.pos];
    if (!under || tag === undefined || tag === 0x80 || tag === 0x81 || tag === 0x82) { col.done = true; r.pos = vbEnd; continue; }
    const x = readNumber(r, vbEnd);
    if (r.bad) return Decode.Malformed;
    out.addRow(c, x);
    if (col.cursor.length < len) col.cursor = new Uint8Array(len * 2);
    col.cursor.set(d.subarray(at, oidEnd));
    col.cursorLen = len;
  }
  for (let j = 0; j < activeCount; j++) if (seen[j] === 0) cols[active[j]!]!.done = true;
  lastDecoded.varbinds = k;
  return 0;
}
let seenRows = new Int32Array(16);

/**
 * Whether an answer fits its request, before it may end the exchange. An answer that carries a
 * request's id and comes from the agent's address and port may still be forged (request ids can be
 * guessed, source addresses spoofed); these rules drop what is not an answer to this request:
 *
 * - a v2c Response with the request's community;
 * - error-status ≠ 0: the varbind list is the request's (same count, same OIDs, RFC 3416 4.2.1), or
 *   empty for tooBig (RFC 3416 4.2.1 sends tooBig with an empty list);
 * - GetRequest: exactly the request's OIDs in the request's order;
 * - GetNextRequest: one varbind per requested OID, each after it (or equal with an exception value);
 * - GetBulkRequest (N non-repeaters, R repeaters, max-repetitions M): at least one varbind and at most
 *   N + R·M; varbind k < N follows requested OID k; a repeater follows the previous varbind of its
 *   column (the requested OID for the first repetition) — "follows": lexicographically after it, or
 *   equal when its value is an exception (endOfMibView repeats the name);
 * - other request types: only the community and the PDU type are checked.
 *
 * Returns the answer's error-status (≥ 0) when it fits, else a negative Decode code. Values are only
 * checked to be single well-formed TLVs. A forger that sees the request (on the path) can still answer
 * to fit it: SNMPv2c has no answer to that; SNMPv3 with authentication has.
 */
export function checkAnswer(d: Uint8Array, req: RequestView): number {
  const r = scratchCursor(d);
  const opened = openResponse(r, req.bytes);
  if (opened < 0) return opened;
  if (view.status !== 0) return checkEcho(r, req, view.status);
  const type = reqHead.pduType, n = req.oidAt.length;
  if (type === PduType.GetRequest) return checkEcho(r, req, 0);
  if (type !== PduType.GetNextRequest && type !== PduType.GetBulkRequest) return 0;
  const bulk = type === PduType.GetBulkRequest;
  const nonRep = bulk ? Math.min(Math.max(0, reqHead.nonRepeaters), n) : n;
  const reps = n - nonRep;
  const maxCount = bulk ? nonRep + reps * Math.max(0, reqHead.maxRepetitions) : n;
  // the previous OID of each repeater column: [at, len] in `d`, or in the request while k < nonRep + reps
  const prev = prevOids.length >= 2 * reps ? prevOids : (prevOids = new Int32Array(4 * reps));
  const q = req.bytes;
  let k = 0;
  while (r.pos < view.listEnd) {
    if (k >= maxCount) return Decode.WrongCount;
    const vbEnd = r.enter(0x30);
    if (vbEnd < 0) return Decode.Malformed;
    const oidEnd = r.enter(0x06);
    if (oidEnd < 0) return Decode.Malformed;
    const at = r.pos, len = oidEnd - at;
    r.pos = oidEnd;
    const tag = d[r.pos];
    if (tag === undefined || r.skipTlv(tag) !== vbEnd) return Decode.Malformed;
    const exception = tag === 0x80 || tag === 0x81 || tag === 0x82;
    let c: number;
    if (k < nonRep) c = compareOid(d, at, len, q, req.oidAt[k]!, req.oidLen[k]!);
    else {
      const j = (k - nonRep) % reps;
      c = k < nonRep + reps ? compareOid(d, at, len, q, req.oidAt[nonRep + j]!, req.oidLen[nonRep + j]!)
        : compareOid(d, at, len, d, prev[2 * j]!, prev[2 * j + 1]!);
      prev[2 * j] = at; prev[2 * j + 1] = len;
    }
    if (c < 0 || (c === 0 && !exception)) return Decode.OutOfOrder;
    k++;
  }
  if (bulk ? k === 0 && n > 0 : k !== n) return Decode.WrongCount;
  return 0;
}
let prevOids = new Int32Array(32);

/**
 * The varbind list at r.pos is the request's (same count, same OIDs in order; values any single TLV),
 * or empty when `status` is tooBig (1). Returns `status` when so, else a negative Decode code.
 */
function checkEcho(r: Cursor, req: RequestView, status: number): number {
  const d = r.buf, n = req.oidAt.length;
  if (status === 1 && r.pos === view.listEnd) return status;
  let k = 0;
  while (r.pos < view.listEnd) {
    if (k >= n) return Decode.WrongCount;
    const vbEnd = enterRequestedVarbind(r, req, k);
    if (vbEnd < 0) return vbEnd;
    const tag = d[r.pos];
    if (tag === undefined || r.skipTlv(tag) !== vbEnd) return Decode.Malformed;
    k++;
  }
  return k === n ? status : Decode.WrongCount;
}

/**
 * Orders two OIDs given as BER content bytes, arc by arc (a byte compare is wrong across arcs of
 * different lengths: 16383 is ff 7f, 16384 is 81 80 00). Negative, 0 or positive as a < b, a = b,
 * a > b; a proper prefix is smaller. Minimal encodings assumed (no leading 0x80 bytes in an arc).
 */
export function compareOid(a: Uint8Array, aAt: number, aLen: number, b: Uint8Array, bAt: number, bLen: number): number {
  let i = aAt, j = bAt;
  const ae = aAt + aLen, be = bAt + bLen;
  while (i < ae && j < be) {
    let ei = i, ej = j;
    while (ei < ae - 1 && (a[ei]! & 0x80) !== 0) ei++;
    while (ej < be - 1 && (b[ej]! & 0x80) !== 0) ej++;
    if (ei - i !== ej - j) return (ei - i) - (ej - j);
    for (; i <= ei; i++, j++) if (a[i] !== b[j]) return a[i]! - b[j]!;
  }
  return (ae - i) - (be - j);
}

/**
 * The OIDs of a v1/v2c request (bytes as sent: GET, GETNEXT, GETBULK…), for checkAnswer; null when
 * the bytes are not such a request (an SNMPv3 message, say).
 */
export function parseRequest(bytes: Uint8Array): RequestView | null {
  if (!readRequestHead(bytes)) return null;
  const r = new Cursor(bytes);
  r.enter(0x30); r.skipTlv(0x02); r.skipTlv(0x04); r.enter(reqHead.pduType);
  r.skipTlv(0x02); r.skipTlv(0x02); r.skipTlv(0x02);
  const listEnd = r.enter(0x30);
  if (listEnd < 0) return null;
  const at: number[] = [], lens: number[] = [];
  while (r.pos < listEnd) {
    const end = r.enter(0x30);
    const oidEnd = r.enter(0x06);
    if (end < 0 || oidEnd < 0) return null;
    at.push(r.pos); lens.push(oidEnd - r.pos);
    r.pos = end;
  }
  return { bytes, oidAt: Int32Array.from(at), oidLen: Int32Array.from(lens) };
}

/** Reads a varbind value into a position; −1 when malformed. */
function readValue(r: Cursor, vbEnd: number, pos: number, out: Readings): number {
  const d = r.buf;
  const tag = d[r.pos];
  if (tag === undefined) return -1;
  const end = r.enter(tag);
  if (end < 0 || end !== vbEnd) return -1;
  const len = end - r.pos;
  switch (tag) {
    case 0x02: { const v = r.intContent(len); if (r.bad || v > 0x7fffffff) return -1; out.setInt(pos, tag, v); break; }
    case 0x41: case 0x42: case 0x43: { const v = r.intContent(len); if (r.bad) return -1; out.setInt(pos, tag, v < 0 ? v >>> 0 : v); break; }
    case 0x46: {
      if (len < 1 || len > 9 || (len === 9 && d[r.pos] !== 0)) return -1;
      let hi = 0, lo = 0;
      for (let i = r.pos; i < end; i++) { hi = ((hi * 256) + Math.floor(lo / 0x1000000)) >>> 0; lo = ((lo & 0xffffff) * 256 + d[i]!) >>> 0; }
      out.setU64(pos, hi, lo);
      break;
    }
    case 0x04: out.setText(pos, d, r.pos, end); break;
    case 0x05: case 0x80: case 0x81: case 0x82: if (len !== 0) return -1; out.setNone(pos, tag); break;
    case 0x06: case 0x40: case 0x44: out.setNone(pos, tag); break;
    default: return -1;
  }
  r.pos = end;
  return 0;
}

/** A walked row's value as a number (numberOf of poll-eval.ts); sets r.bad when malformed. */
function readNumber(r: Cursor, vbEnd: number): number {
  const d = r.buf;
  const tag = d[r.pos]!;
  const end = r.enter(tag);
  if (end < 0 || end !== vbEnd) { r.bad = true; return NaN; }
  const len = end - r.pos;
  let x = NaN;
  switch (tag) {
    case 0x02: x = r.intContent(len); if (x > 0x7fffffff) r.bad = true; break;
    case 0x41: case 0x42: case 0x43: { const v = r.intContent(len); x = v < 0 ? v >>> 0 : v; break; }
    case 0x46: {
      if (len < 1 || len > 9) { r.bad = true; break; }
      let hi = 0, lo = 0;
      for (let i = r.pos; i < end; i++) { hi = ((hi * 256) + Math.floor(lo / 0x1000000)) >>> 0; lo = ((lo & 0xffffff) * 256 + d[i]!) >>> 0; }
      x = hi * 4294967296 + lo;
      break;
    }
    case 0x04: x = textNumber(d, r.pos, end); break;
  }
  r.pos = end;
  return x;
}

/** A minimal bounds-checked TLV cursor: failures set `bad` and return −1 instead of throwing. */
class Cursor {
  pos = 0;
  end = 0;
  bad = false;
  constructor(public buf: Uint8Array) { this.reset(buf); }

  reset(buf: Uint8Array): void { this.buf = buf; this.pos = 0; this.end = buf.length; this.bad = false; }

  /** Reads a header with this tag; returns the content's end (pos is at the content), or −1. */
  enter(tag: number): number {
    const b = this.buf;
    if (this.bad || this.pos + 2 > this.end || b[this.pos] !== tag) { this.bad = true; return -1; }
    let len = b[this.pos + 1]!;
    this.pos += 2;
    if (len & 0x80) {
      const n = len & 0x7f;
      if (n === 0 || n > 3 || this.pos + n > this.end) { this.bad = true; return -1; }
      len = 0;
      for (let i = 0; i < n; i++) len = len * 256 + b[this.pos++]!;
    }
    if (len > this.end - this.pos) { this.bad = true; return -1; }
    return this.pos + len;
  }

  skipTlv(tag: number): number {
    const end = this.enter(tag);
    if (end >= 0) this.pos = end;
    return end;
  }

  /** INTEGER as signed 32-bit (up to 5 content bytes); sets bad on a malformed one. */
  readInt(): number {
    const end = this.enter(0x02);
    if (end < 0) return -1;
    return this.intContent(end - this.pos);
  }

  intContent(len: number): number {
    const b = this.buf;
    if (len < 1 || len > 5) { this.bad = true; return -1; }
    let v = b[this.pos]! & 0x80 ? -1 : 0;
    for (let i = 0; i < len; i++) v = v * 256 + b[this.pos + i]!;
    this.pos += len;
    if (v < -0x80000000 || v > 0xffffffff) { this.bad = true; return -1; }
    return v;
  }
}
