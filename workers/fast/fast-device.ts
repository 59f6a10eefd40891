/**
 * The v2c fast path for one device: its PollPlan compiled once (per worker) into an op program,
 * pre-encoded GET requests of every OID the ops read (interface cells are read by their instance
 * OIDs, which discovery knows, instead of walking columns) and, only for ColumnAvg columns such as
 * hrProcessorLoad, a GETBULK walk. One poll then sends the first GET (it carries sysUpTime.0) and,
 * once the device has answered it, the other GETs and the walk at once; a dead device costs one
 * request's timeout and retries, not one per GET.
 *
 * Same results as the net-snmp path (task.ts pollViaSession): same op rules, same reboot rule, the
 * poll fails as a whole when any of its requests fails. Not reentrant: the scheduler never polls a
 * device twice at once, and the compiled state (readings, exchanges) is reused from poll to poll.
 */
import type { RingBuffer } from '../../store/ring.js';
import { SYS_UPTIME_OID, type PollPlan, type PollResult } from '../poll-plan.js';
import { checkReboot, evaluateProgram, type StateView } from './op-eval.js';
import { compileOps, type OpProgram } from './op-program.js';
import { Readings } from './readings.js';
import type { Exchange, UdpClient } from './udp-client.js';
import { decodeFailureText, decodeGetResponse, decodeWalkResponse, encodeBulk, encodeGet, oidContent, type EncodedRequest, type WalkColumn } from './wire.js';

/** Largest answer a GET is sized for: below a 1500-byte Ethernet MTU with IP/UDP headers to spare. */
export const MAX_RESPONSE_BYTES = 1400;
/** Bytes of a response varbind beyond its OID content: SEQUENCE header (2), OID header (2), largest value TLV (Counter64: 11). */
const VARBIND_OVERHEAD = 15;
/** Response bytes besides the varbinds: headers, version, request-id, error fields, community. */
const MESSAGE_OVERHEAD = 32;
const MAX_WALK_ROUNDS = 100_000;

interface GetExchange extends Exchange { positions: Int32Array; oids: string[] }
interface WalkExchange extends Exchange { round: number; maxRepetitions: number }

export class FastDevice {
  readonly program: OpProgram;
  readonly readings: Readings;
  private readonly community: Uint8Array;
  private gets: GetExchange[] = [];
  private readonly walkCols: WalkColumn[];
  private readonly walkActive: Int32Array;
  private readonly walk: WalkExchange | null;
  private readonly out: { slots: Int32Array; values: Float64Array; count: number };
  // the poll in progress
  private outstanding = 0;
  /** Before the first GET has been answered (the others are not sent yet). */
  private firstPhase = false;
  private error = '';
  private timedOut = false;
  /** The last poll timed out: the next one starts with a probe (udp-client.ts Exchange.probe). */
  private lastTimedOut = false;
  private startMs = 0;
  private resolve: ((r: PollResult) => void) | null = null;
  private sv: StateView | null = null;
  private ring: RingBuffer | null = null;
  private client: UdpClient | null = null;

  /** `maxResponseBytes`: the answer size each GET is planned for (tooBig answers split it further). */
  constructor(readonly plan: PollPlan, readonly fingerprint: number, private readonly nowMs: () => number, maxResponseBytes = MAX_RESPONSE_BYTES) {
    const t = plan.target;
    this.community = new TextEncoder().encode(t.community ?? 'public');
    this.program = compileOps(plan.ops, [SYS_UPTIME_OID, ...plan.scalars], SYS_UPTIME_OID);
    this.readings = new Readings(this.program.oids.length, this.program.columns.length);
    this.out = { slots: new Int32Array(0), values: new Float64Array(0), count: 0 };

    // GETs of every position, in order (sysUpTime.0 first), each sized for one datagram's answer
    const oids = this.program.oids;
    const budget = maxResponseBytes - MESSAGE_OVERHEAD - this.community.length;
    let from = 0, bytes = 0;
    for (let p = 0; p < oids.length; p++) {
      const size = oidContent(oids[p]!).length + VARBIND_OVERHEAD;
      if (p > from && bytes + size > budget) { this.gets.push(this.getExchange(from, p)); from = p; bytes = 0; }
      bytes += size;
    }
    this.gets.push(this.getExchange(from, oids.length));

    this.walkCols = this.program.columns.map((c) => { const prefix = oidContent(c); return { prefix, cursor: prefix.slice(), cursorLen: prefix.length, done: false }; });
    this.walkActive = new Int32Array(this.walkCols.length);
    this.walk = this.walkCols.length === 0 ? null : {
      ...this.exchangeBase(encodeBulk(this.community, [], 1)), round: 0, maxRepetitions: Math.max(1, t.maxRepetitions),
      onReply: this.onWalkReply, onTimeout: this.onExchangeTimeout,
    };
  }

  /** A poll is running. */
  get busy(): boolean { return this.resolve !== null; }

  /** Number of GET requests a poll sends (after tooBig splits). */
  get requestCount(): number { return this.gets.length; }

  poll(sv: StateView, ring: RingBuffer, client: UdpClient): Promise<PollResult> {
    this.sv = sv; this.ring = ring; this.client = client;
    this.readings.clear();
    this.error = ''; this.timedOut = false;
    this.startMs = this.nowMs();
    this.outstanding = 1;
    this.firstPhase = true;
    return new Promise<PollResult>((resolve) => {
      this.resolve = resolve;
      this.gets[0]!.probe = this.lastTimedOut;
      client.start(this.gets[0]!);
    });
  }

  private exchangeBase(req: EncodedRequest): Exchange {
    const t = this.plan.target;
    return {
      req, address: t.address, port: t.port, timeoutMs: t.timeoutMs, retries: t.retries,
      onReply: this.onGetReply, onTimeout: this.onExchangeTimeout, probe: false, id: 0, deadlineMs: 0, triesLeft: 0,
    };
  }

  private getExchange(from: number, to: number): GetExchange {
    const oids = this.program.oids.slice(from, to);
    const positions = new Int32Array(to - from);
    for (let i = 0; i < positions.length; i++) positions[i] = from + i;
    return { ...this.exchangeBase(encodeGet(this.community, oids)), positions, oids };
  }

  private readonly onGetReply = (ex: Exchange, d: Buffer): void => {
    const g = ex as GetExchange;
    const status = decodeGetResponse(d, g.req, g.positions, this.readings);
    if (status === 1 /* tooBig */ && g.positions.length > 1) { this.split(g); return; }
    if (status !== 0) { if (status < 0) this.client!.stats.badAnswers++; this.fail(decodeFailureText(status)); return; }
    if (this.firstPhase) { this.firstPhase = false; if (this.error === '') this.startRest(); }
    this.done();
  };

  private readonly onWalkReply = (ex: Exchange, d: Buffer): void => {
    const w = ex as WalkExchange;
    const status = decodeWalkResponse(d, this.walkCols, this.walkActive, this.activeCount(), this.readings);
    if (status === 1 && w.maxRepetitions > 1) { w.maxRepetitions = Math.max(1, w.maxRepetitions >> 1); this.walkRound(); return; }
    if (status !== 0) { if (status < 0) this.client!.stats.badAnswers++; this.fail(decodeFailureText(status)); return; }
    if (this.activeCount() > 0) {
      if (++w.round >= MAX_WALK_ROUNDS) { this.fail(`walk did not end after ${MAX_WALK_ROUNDS} requests`); return; }
      this.walkRound();
      return;
    }
    this.done();
  };

  private readonly onExchangeTimeout = (): void => {
    this.timedOut = true;
    this.fail('Request timed out');
  };

  /** Splits a GET answered with tooBig into two halves, for this poll and every later one. */
  private split(g: GetExchange): void {
    const at = this.gets.indexOf(g);
    const from = g.positions[0]!, to = from + g.positions.length, mid = from + (g.positions.length >> 1);
    const a = this.getExchange(from, mid), b = this.getExchange(mid, to);
    this.gets.splice(at, 1, a, b);
    this.client!.start(a);
    // in the first phase the second half goes out with the other GETs once the first half is answered
    if (!this.firstPhase) { this.outstanding++; this.client!.start(b); }
  }

  private startRest(): void {
    const c = this.client!;
    for (let i = 1; i < this.gets.length; i++) { this.outstanding++; c.start(this.gets[i]!); }
    if (this.walk) {
      for (const col of this.walkCols) { col.done = false; col.cursor.set(col.prefix); col.cursorLen = col.prefix.length; }
      this.walk.round = 0;
      this.outstanding++;
      this.walkRound();
    }
  }

  private activeCount(): number {
    let n = 0;
    for (let c = 0; c < this.walkCols.length; c++) if (!this.walkCols[c]!.done) this.walkActive[n++] = c;
    return n;
  }

  /** Sends the next GETBULK of the walk over the columns not yet done (one request per round). */
  private walkRound(): void {
    const w = this.walk!;
    const n = this.activeCount();
    const starts: Uint8Array[] = [];
    for (let j = 0; j < n; j++) { const col = this.walkCols[this.walkActive[j]!]!; starts.push(col.cursor.subarray(0, col.cursorLen)); }
    w.req = encodeBulk(this.community, starts, w.maxRepetitions);
    this.client!.start(w);
  }

  private fail(message: string): void {
    if (this.error === '') this.error = message;
    this.done();
  }

  private done(): void {
    if (--this.outstanding > 0) return;
    const endMs = this.nowMs();
    const resolve = this.resolve!;
    this.resolve = null;
    const t = this.plan.target;
    const base = { deviceId: this.plan.deviceId, durationMs: endMs - this.startMs, timeout: this.timedOut };
    this.lastTimedOut = this.timedOut;
    if (this.error !== '') {
      resolve({ ok: false, ...base, tsMs: this.startMs, error: `${t.address}:${t.port}: ${this.error}`, rebooted: false, slots: new Int32Array(0), values: new Float64Array(0), count: 0 });
      return;
    }
    const tsMs = Math.round((this.startMs + endMs) / 2);
    const rebooted = checkReboot(this.sv!, this.plan.uptimeSlot, this.readings, this.program.uptimePos);
    const n = this.program.count;
    const out = this.out as { slots: Int32Array; values: Float64Array; count: number };
    out.slots = new Int32Array(n); out.values = new Float64Array(n); out.count = 0;
    evaluateProgram(this.program, this.readings, tsMs, rebooted, this.sv!, this.ring!, out);
    resolve({ ok: true, ...base, tsMs, error: '', rebooted, slots: out.slots, values: out.values, count: out.count });
  }
}

/** A cheap digest of a plan (FNV-1a over its target and ops), to know when a cached compile is stale. */
export function planFingerprint(plan: PollPlan): number {
  let h = 0x811c9dc5;
  const str = (s: string) => { for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193); h = Math.imul(h ^ 0xff, 0x01000193); };
  const num = (n: number) => { f64[0] = n; h = Math.imul(h ^ u32[0]!, 0x01000193); h = Math.imul(h ^ u32[1]!, 0x01000193); };
  const t = plan.target;
  str(t.address); num(t.port); str(t.version); str(t.community ?? ''); num(t.timeoutMs); num(t.retries); num(t.maxRepetitions);
  num(t.maxMessageBytes ?? 0);
  num(plan.uptimeSlot);
  for (const s of plan.scalars) str(s);
  for (const op of plan.ops) {
    str(op.op); num(op.slot);
    switch (op.op) {
      case 'counter': str(op.oid); num(op.width); num(op.scale); break;
      case 'gauge': str(op.oid); num(op.scale); break;
      case 'ratio': num(op.numSlot); num(op.denSlot); num(op.scale); break;
      case 'columnAvg': str(op.column); num(op.scale); break;
      case 'usedPct': str(op.totalOid); str(op.freeOid); break;
      case 'fillPct': str(op.sizeOid); str(op.usedOid); break;
      case 'cpuTicks': num(op.auxSlot); str(op.idleOid); for (const o of op.allOids) str(o); break;
    }
  }
  return h >>> 0;
}

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
