/**
 * Answers one request datagram for one simulated device: GET, GETNEXT and GETBULK (v2c), GET and
 * GETNEXT (v1). Returns the response bytes (a view into the shared writer, valid until the next
 * call) or undefined when the datagram gets no answer (malformed, wrong community, not a request).
 * Never throws on input: malformed datagrams are counted by the caller from `outcome`.
 */
import {
  beginMessage, BerWriter, decodeMessage, ErrorStatus, finishMessage, PduType, Tag,
  type Message, type Oid,
} from '../snmp/index.js';
import type { DeviceModel } from './model.js';
import type { MibTable } from './mib-table.js';
import { advance, Cursor, findExact, findNext } from './mib-walk.js';

type Outcome = 'answered' | 'malformed' | 'wrongCommunity' | 'ignored';

/** v2c SET answer: notWritable */
const NOT_WRITABLE = 17;
/** Most varbinds one GETBULK answers, whatever max-repetitions asks (datagram size limits it anyway). */
const MAX_BULK_VARBINDS = 10_000;

export class Agent {
  readonly writer = new BerWriter(70_000);
  outcome: Outcome = 'ignored';
  /** varbinds in the last answer */
  varbinds = 0;
  private readonly cursors: Cursor[] = [];
  private readonly lastT: number[] = [];
  private readonly lastC: number[] = [];
  private readonly lastR: number[] = [];

  constructor(
    private readonly tables: readonly MibTable[],
    private readonly community: Buffer,
    private readonly maxResponseBytes: number,
  ) {}

  private cursor(i: number): Cursor {
    while (this.cursors.length <= i) this.cursors.push(new Cursor());
    return this.cursors[i]!;
  }

  /** `s`: seconds since the simulator's start, the time every value is computed at. */
  handle(dev: DeviceModel, datagram: Uint8Array, s: number): Buffer | undefined {
    this.varbinds = 0;
    const r = decodeMessage(datagram);
    if (!r.ok) { this.outcome = 'malformed'; return undefined; }
    const msg = r.message;
    if (!this.community.equals(msg.community)) { this.outcome = 'wrongCommunity'; return undefined; }
    const p = msg.pdu;
    switch (p.type) {
      case PduType.GetRequest: return this.answer(dev, msg, s, 'get');
      case PduType.GetNextRequest: return this.answer(dev, msg, s, 'next');
      case PduType.GetBulkRequest: return this.answer(dev, msg, s, 'bulk');
      case PduType.SetRequest: return this.refuseSet(msg);
      default: this.outcome = 'ignored'; return undefined;
    }
  }

  private overhead(msg: Message): number {
    return 48 + msg.community.length;
  }

  private refuseSet(msg: Message): Buffer {
    const w = this.writer;
    beginMessage(w, msg.community);
    // echo the request's varbinds: re-encode them from the decoded values
    for (const vb of msg.pdu.varbinds) {
      const mark = w.beginSequence();
      w.writeOid(Tag.ObjectIdentifier, vb.oid);
      w.writeNull();
      w.endSequence(mark);
    }
    this.outcome = 'answered';
    const status = msg.version === 0 ? ErrorStatus.ReadOnly : NOT_WRITABLE;
    return finishMessage(w, msg.version, msg.community, PduType.Response, msg.pdu.requestId, status, msg.pdu.varbinds.length ? 1 : 0);
  }

  private writeAt(dev: DeviceModel, cur: Cursor, s: number): void {
    const tb = this.tables[cur.t]!;
    const w = this.writer;
    const mark = w.beginSequence();
    w.writeOidParts(tb.baseEnc, tb.colEnc[cur.c]!, tb.rows(dev).enc[cur.r]!);
    tb.write(dev, tb.columns[cur.c]!, cur.r, s, w);
    w.endSequence(mark);
    this.varbinds++;
  }

  private writeException(o: Oid, tag: number): void {
    const w = this.writer;
    const mark = w.beginSequence();
    w.writeOid(Tag.ObjectIdentifier, o);
    w.writeNull(tag);
    w.endSequence(mark);
    this.varbinds++;
  }

  /** SNMPv1 cannot carry Counter64: v1 GETNEXT skips those instances (RFC 3584 §4.2.2.1). */
  private isCounter64(cur: Cursor): boolean {
    return this.tables[cur.t]!.colTypes[cur.c] === Tag.Counter64;
  }

  private answer(dev: DeviceModel, msg: Message, s: number, kind: 'get' | 'next' | 'bulk'): Buffer {
    const w = this.writer;
    const p = msg.pdu;
    const vbs = p.varbinds;
    const limit = this.maxResponseBytes - this.overhead(msg);
    const v1 = msg.version === 0;
    beginMessage(w, msg.community);
    const body = w.pos;
    this.outcome = 'answered';
    const v1Error = (index: number) => {
      // v1: noSuchName with the request's varbinds echoed
      w.pos = body;
      this.varbinds = 0;
      for (const vb of vbs) this.writeException(vb.oid, Tag.Null);
      return finishMessage(w, 0, msg.community, PduType.Response, p.requestId, ErrorStatus.NoSuchName, index + 1);
    };
    const tooBig = () => {
      w.pos = body;
      this.varbinds = 0;
      return finishMessage(w, msg.version, msg.community, PduType.Response, p.requestId, ErrorStatus.TooBig, 0);
    };

    if (kind !== 'bulk') {
      const cur = this.cursor(0);
      for (let i = 0; i < vbs.length; i++) {
        const o = vbs[i]!.oid;
        if (kind === 'get') {
          const found = findExact(this.tables, dev, o, cur);
          if (found === 'found' && !(v1 && this.isCounter64(cur))) this.writeAt(dev, cur, s);
          else if (v1) return v1Error(i);
          else this.writeException(o, found === 'noSuchInstance' ? Tag.NoSuchInstance : Tag.NoSuchObject);
        } else {
          findNext(this.tables, dev, o, cur);
          if (v1) while (!cur.ended && this.isCounter64(cur)) advance(this.tables, dev, cur);
          if (!cur.ended) this.writeAt(dev, cur, s);
          else if (v1) return v1Error(i);
          else this.writeException(o, Tag.EndOfMibView);
        }
        if (w.pos - body > limit) return tooBig();
      }
      return finishMessage(w, msg.version, msg.community, PduType.Response, p.requestId, 0, 0);
    }

    // GETBULK (RFC 3416 §4.2.3)
    if (p.type !== PduType.GetBulkRequest) throw new Error('unreachable: bulk without a GetBulkRequest');
    const n = Math.min(Math.max(p.nonRepeaters, 0), vbs.length);
    const m = Math.max(p.maxRepetitions, 0);
    const rep = vbs.length - n;
    let kept = body;
    let keptVarbinds = 0;
    let full = false;
    const commit = () => {
      if (w.pos - body > limit) { full = true; w.pos = kept; this.varbinds = keptVarbinds; return false; }
      kept = w.pos; keptVarbinds = this.varbinds;
      return true;
    };
    const cur0 = this.cursor(0);
    for (let i = 0; i < n && !full; i++) {
      findNext(this.tables, dev, vbs[i]!.oid, cur0);
      if (!cur0.ended) this.writeAt(dev, cur0, s);
      else this.writeException(vbs[i]!.oid, Tag.EndOfMibView);
      commit();
    }
    if (full && keptVarbinds < n) return tooBig();
    const maxRows = rep > 0 ? Math.min(m, Math.floor(MAX_BULK_VARBINDS / rep)) : 0;
    for (let j = 0; j < rep; j++) {
      this.cursor(j).ended = false;
      this.lastT[j] = -1;
    }
    for (let row = 0; row < maxRows && !full; row++) {
      let live = 0;
      for (let j = 0; j < rep && !full; j++) {
        const cur = this.cursor(j);
        if (row === 0) findNext(this.tables, dev, vbs[n + j]!.oid, cur);
        else advance(this.tables, dev, cur);
        if (!cur.ended) {
          this.writeAt(dev, cur, s);
          this.lastT[j] = cur.t; this.lastC[j] = cur.c; this.lastR[j] = cur.r;
          live++;
        } else if (this.lastT[j]! < 0) {
          this.writeException(vbs[n + j]!.oid, Tag.EndOfMibView);
        } else {
          // past the end: repeat the last name returned with endOfMibView
          const tb = this.tables[this.lastT[j]!]!;
          const mark = w.beginSequence();
          w.writeOidParts(tb.baseEnc, tb.colEnc[this.lastC[j]!]!, tb.rows(dev).enc[this.lastR[j]!]!);
          w.writeNull(Tag.EndOfMibView);
          w.endSequence(mark);
          this.varbinds++;
        }
        if (!commit()) break;
      }
      if (live === 0) break;
    }
    return finishMessage(w, msg.version, msg.community, PduType.Response, p.requestId, 0, 0);
  }
}
