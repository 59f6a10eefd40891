/**
 * The v2c fast path for one device, over its packed plan (plan-handle.ts): the op program and the
 * pre-encoded GET requests of every OID the ops read live in shared memory, made once by the
 * collector; this object holds only the device's poll state (interface cells are read by their
 * instance OIDs, which discovery knows, instead of walking columns; only ColumnAvg columns such as
 * hrProcessorLoad are walked, by GETBULK). One poll sends the first GET (it carries sysUpTime.0)
 * and, once the device has answered it, the other GETs and the walk at once; a dead device costs
 * one request's timeout and retries, not one per GET.
 *
 * Same results as the net-snmp path (task.ts pollViaSession): same op rules, same reboot rule, the
 * poll fails as a whole when any of its requests fails. Not reentrant: the scheduler never polls a
 * device twice at once.
 */
import type { RingBuffer } from '../../store/ring.js';
import type { PollResult } from '../poll-plan.js';
import { checkReboot, evaluateProgram, type StateView } from './op-eval.js';
import { communityBytes, type PlanView } from './plan-handle.js';
import type { PollScratch, Readings } from './readings.js';
import type { Exchange, UdpClient } from './udp-client.js';
import { decodeFailureText, decodeGetResponse, decodeWalkResponse, encodeBulk, encodeGetContents, lastDecoded, type EncodedRequest, type WalkColumn } from './wire.js';

const MAX_WALK_ROUNDS = 100_000;

/**
 * One request of a poll to a device, as the UdpClient carries it. Classes, not object spreads: a
 * FastDevice is made per poll with about ten of these, and a spread copy of an object literal was
 * ~700 bytes against ~100 for a class's shape.
 */
abstract class DeviceExchange implements Exchange {
  probe = false;
  id = 0;
  deadlineMs = 0;
  triesLeft = 0;
  readonly address: string;
  readonly port: number;
  readonly timeoutMs: number;
  readonly retries: number;
  constructor(public req: EncodedRequest, target: PlanView['target'], readonly onReply: Exchange['onReply'], readonly onTimeout: Exchange['onTimeout']) {
    this.address = target.address; this.port = target.port; this.timeoutMs = target.timeoutMs; this.retries = target.retries;
  }
}

/** One GET of a poll: positions [positions[0], …] of the plan. */
class GetExchange extends DeviceExchange {
  constructor(req: EncodedRequest, readonly positions: Int32Array, target: PlanView['target'], onReply: Exchange['onReply'], onTimeout: Exchange['onTimeout']) {
    super(req, target, onReply, onTimeout);
  }
}

/** The walk of a poll's ColumnAvg columns: one GETBULK per round (`req` is encoded per round). */
class WalkExchange extends DeviceExchange {
  round = 0;
  /** Rows (varbinds) this poll's walk has read, over its columns. */
  rows = 0;
  constructor(req: EncodedRequest, public maxRepetitions: number, target: PlanView['target'], onReply: Exchange['onReply'], onTimeout: Exchange['onTimeout']) {
    super(req, target, onReply, onTimeout);
  }
}

/** Placeholder request of a walk exchange until its first round is encoded. */
const EMPTY_BULK = encodeBulk(new Uint8Array(0), [], 1);

/** Active columns of the walk round being decoded or sent (synchronous use only: one per thread). */
let walkActive = new Int32Array(16);

/** Community bytes, shared by the devices of one community. */
const communities = new Map<string, Uint8Array>();
function communityOf(target: PlanView['target']): Uint8Array {
  const c = target.community ?? 'public';
  let b = communities.get(c);
  if (!b) { b = communityBytes(target); if (communities.size < 1024) communities.set(c, b); }
  return b;
}

/** 0, 1, 2, … : GET exchanges take their positions as views of it (positions of a GET are consecutive). */
let iota = new Int32Array(0);
function positionsOf(from: number, to: number): Int32Array {
  if (iota.length < to) {
    iota = new Int32Array(Math.max(to, 2 * iota.length, 1024));
    for (let i = 0; i < iota.length; i++) iota[i] = i;
  }
  return iota.subarray(from, to);
}

export class FastDevice {
  private readonly community: Uint8Array;
  /** Lent by the scratch for the poll in progress. */
  private readings: Readings | null = null;
  private gets: GetExchange[] = [];
  private readonly walkCols: WalkColumn[];
  private readonly walk: WalkExchange | null;
  /** The walk ends (as done) once it has read this many rows: the target's maxTableRows per walked column. */
  private readonly walkMaxRows: number;
  // the poll in progress
  private outstanding = 0;
  /** Before the first GET has been answered (the others are not sent yet). */
  private firstPhase = false;
  private error = '';
  private timedOut = false;
  /** Answers of this poll that did not fit their request (dropped), and why the first did not. */
  private rejected = 0;
  private rejectedWhy = '';
  /** Varbinds of the answers accepted in this poll. */
  private varbinds = 0;
  /** The last poll timed out: the next one starts with a probe (udp-client.ts Exchange.probe). */
  lastTimedOut = false;
  private startMs = 0;
  private resolve: ((r: PollResult) => void) | null = null;
  private sv: StateView | null = null;
  private ring: RingBuffer | null = null;
  private client: UdpClient | null = null;

  constructor(readonly plan: PlanView, readonly fingerprint: number, private readonly nowMs: () => number, private readonly scratch: PollScratch) {
    this.community = communityOf(plan.target);
    for (const r of plan.requests) this.gets.push(this.exchangeOf(r, r.first, r.first + r.count));
    this.walkCols = plan.columns.map((prefix) => ({ prefix, cursor: prefix.slice(), cursorLen: prefix.length, done: false }));
    this.walk = this.walkCols.length === 0 ? null
      : new WalkExchange(EMPTY_BULK, Math.max(1, plan.target.maxRepetitions), plan.target, this.onWalkReply, this.onExchangeTimeout);
    this.walkMaxRows = (plan.target.maxTableRows ?? Infinity) * this.walkCols.length;
    if (walkActive.length < this.walkCols.length) walkActive = new Int32Array(this.walkCols.length);
  }

  /** A poll is running. */
  get busy(): boolean { return this.resolve !== null; }

  /** Number of GET requests a poll sends (after tooBig splits). */
  get requestCount(): number { return this.gets.length; }

  /**
   * The device answered tooBig and its requests were adapted (GETs split, walk repetitions lowered):
   * this object must be kept for later polls, as a fresh one would start from the plan again.
   */
  get adapted(): boolean {
    return this.gets.length !== this.plan.requests.length || (this.walk !== null && this.walk.maxRepetitions !== Math.max(1, this.plan.target.maxRepetitions));
  }

  poll(sv: StateView, ring: RingBuffer, client: UdpClient): Promise<PollResult> {
    this.sv = sv; this.ring = ring; this.client = client;
    this.readings = this.scratch.readings(this.plan.positions, this.walkCols.length);
    this.error = ''; this.timedOut = false; this.rejected = 0; this.rejectedWhy = ''; this.varbinds = 0;
    this.startMs = this.nowMs();
    this.outstanding = 1;
    this.firstPhase = true;
    return new Promise<PollResult>((resolve) => {
      this.resolve = resolve;
      this.gets[0]!.probe = this.lastTimedOut;
      client.start(this.gets[0]!);
    });
  }

  private exchangeOf(req: EncodedRequest, from: number, to: number): GetExchange {
    return new GetExchange(req, positionsOf(from, to), this.plan.target, this.onGetReply, this.onExchangeTimeout);
  }

  /** A GET of positions [from, to), encoded here (after a tooBig split; this thread's own bytes). */
  private getExchange(from: number, to: number): GetExchange {
    const contents: Uint8Array[] = [];
    for (let p = from; p < to; p++) contents.push(this.plan.oidContent(p));
    return this.exchangeOf(encodeGetContents(this.community, contents), from, to);
  }

  /**
   * An answer that does not fit its request (a negative Decode status): dropped, counted for the poll's
   * result; the request goes on waiting (udp-client.ts). A GET's positions it may have filled are
   * overwritten by the real answer.
   */
  private reject(status: number): false {
    if (this.rejected++ === 0) this.rejectedWhy = decodeFailureText(status);
    return false;
  }

  private readonly onGetReply = (ex: Exchange, d: Buffer): boolean => {
    const g = ex as GetExchange;
    const status = decodeGetResponse(d, g.req, g.positions, this.readings!);
    if (status < 0) return this.reject(status);
    if (status === 1 /* tooBig */ && g.positions.length > 1) { this.split(g); return true; }
    if (status !== 0) { this.fail(decodeFailureText(status)); return true; }
    this.varbinds += lastDecoded.varbinds;
    if (this.firstPhase) { this.firstPhase = false; if (this.error === '') this.startRest(); }
    this.done();
    return true;
  };

  private readonly onWalkReply = (ex: Exchange, d: Buffer): boolean => {
    const w = ex as WalkExchange;
    const status = decodeWalkResponse(d, w.req, this.walkCols, walkActive, this.activeCount(), this.readings!);
    if (status < 0) return this.reject(status);
    if (status === 1 && w.maxRepetitions > 1) { w.maxRepetitions = Math.max(1, w.maxRepetitions >> 1); this.walkRound(); return true; }
    if (status !== 0) { this.fail(decodeFailureText(status)); return true; }
    this.varbinds += lastDecoded.varbinds;
    w.rows += lastDecoded.varbinds;
    // An agent with more rows than the bound: the columns' averages are over the rows read.
    if (this.activeCount() > 0 && w.rows < this.walkMaxRows) {
      if (++w.round >= MAX_WALK_ROUNDS) { this.fail(`walk did not end after ${MAX_WALK_ROUNDS} requests`); return true; }
      this.walkRound();
      return true;
    }
    this.done();
    return true;
  };

  private readonly onExchangeTimeout = (): void => {
    this.timedOut = true;
    this.fail(this.rejected === 0 ? 'Request timed out'
      : `Request timed out; ${this.rejected} answer(s) that did not fit their request were dropped (first: ${this.rejectedWhy})`);
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
      this.walk.rows = 0;
      this.outstanding++;
      this.walkRound();
    }
  }

  private activeCount(): number {
    let n = 0;
    for (let c = 0; c < this.walkCols.length; c++) if (!this.walkCols[c]!.done) walkActive[n++] = c;
    return n;
  }

  /** Sends the next GETBULK of the walk over the columns not yet done (one request per round). */
  private walkRound(): void {
    const w = this.walk!;
    const n = this.activeCount();
    const starts: Uint8Array[] = [];
    for (let j = 0; j < n; j++) { const col = this.walkCols[walkActive[j]!]!; starts.push(col.cursor.subarray(0, col.cursorLen)); }
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
    const base = {
      deviceId: this.plan.deviceId, durationMs: endMs - this.startMs, timeout: this.timedOut,
      rejectedAnswers: this.rejected, rejectedWhy: this.rejectedWhy, varbinds: this.varbinds,
    };
    this.lastTimedOut = this.timedOut;
    const readings = this.readings!;
    this.readings = null;
    if (this.error !== '') {
      this.scratch.release(readings);
      resolve({ ok: false, ...base, varbinds: 0, tsMs: this.startMs, error: `${t.address}:${t.port}: ${this.error}`, rebooted: false, slots: new Int32Array(0), values: new Float64Array(0), count: 0 });
      return;
    }
    const tsMs = Math.round((this.startMs + endMs) / 2);
    const p = this.plan.program;
    const rebooted = checkReboot(this.sv!, this.plan.uptimeSlot, readings, p.uptimePos);
    const out = { slots: new Int32Array(p.count), values: new Float64Array(p.count), count: 0 };
    evaluateProgram(p, readings, tsMs, rebooted, this.sv!, this.ring!, out, this.scratch.local(p.count));
    this.scratch.release(readings);
    resolve({ ok: true, ...base, tsMs, error: '', rebooted, slots: out.slots, values: out.values, count: out.count });
  }
}
