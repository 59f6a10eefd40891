/**
 * One UDP socket per worker thread for every v2c poll it runs: requests are told apart by request-id,
 * each has its own timeout and retries (the same bytes re-sent), and at most `maxInFlight` are out at
 * once (the rest wait in a FIFO). A datagram that is malformed, late, or from the wrong address is
 * counted and dropped; nothing a peer sends can throw out of here.
 *
 * Forged answers: request-ids are drawn from a cryptographic random source (uniform over the
 * 4-byte ids, never one in flight), so an off-path sender cannot predict them; an answer is taken
 * only from the request's address and port; and the exchange's `onReply` checks it against the
 * request (wire.ts checkAnswer rules) before it ends the exchange: one that does not fit is dropped
 * and counted, and the request goes on waiting (same deadline, same retries) for its real answer.
 */
import { randomFillSync } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { peekRequestId, REQUEST_ID_MIN, REQUEST_ID_SPAN, stampRequestId, type EncodedRequest } from './wire.js';

/** Random 32-bit words drawn at once (one crypto call per this many request-ids). */
const RANDOM_BATCH = 1024;

/** One request in flight. Reused from poll to poll; `onReply`/`onTimeout` are called exactly once per start. */
export interface Exchange {
  req: EncodedRequest;
  address: string;
  port: number;
  timeoutMs: number;
  retries: number;
  /**
   * Sent outside the in-flight budget: the first request to a device whose last poll timed out.
   * Dead devices then do not hold the budget for their whole timeout; if one answers, it is one answer.
   */
  probe: boolean;
  /**
   * An answer from the request's address and port carrying its id (a Buffer owned by the callee
   * until it returns). Returns true when it took the answer: the exchange is over (the callee may
   * start it again, under a new id). Returns false when the answer does not fit the request: the
   * callee must then have changed nothing of the exchange; the answer is dropped and the request goes
   * on waiting for its real answer.
   */
  onReply(ex: Exchange, datagram: Buffer): boolean;
  onTimeout(ex: Exchange): void;
  /** Client bookkeeping. */
  id: number;
  deadlineMs: number;
  triesLeft: number;
}

interface UdpClientStats {
  sent: number;
  retried: number;
  answered: number;
  timedOut: number;
  /** Datagrams with no readable request-id. */
  malformed: number;
  /** Datagrams whose request-id is not waiting (late answers after a timeout, duplicates). */
  unmatched: number;
  wrongSender: number;
  /** Answers to a waiting request, from its address and port, that did not fit it (onReply false): dropped. */
  rejected: number;
  socketErrors: number;
  sendErrors: number;
  /** Thread busy time the timeouts were extended by. */
  stalledMs: number;
}

export class UdpClient {
  private readonly pending = new Map<number, Exchange>();
  private readonly queue: Exchange[] = [];
  private queueHead = 0;
  private readonly random = new Uint32Array(RANDOM_BATCH);
  private randomAt = RANDOM_BATCH;
  private sock4: Socket | null = null;
  private sock6: Socket | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** No deadline of a pending request is earlier than this (ticks before it scan nothing). */
  private earliestMs = Infinity;
  /** When the timeout scan last ran: a late scan means the thread was busy (not the network slow). */
  private lastTickMs = 0;
  readonly stats: UdpClientStats = { sent: 0, retried: 0, answered: 0, timedOut: 0, malformed: 0, unmatched: 0, wrongSender: 0, rejected: 0, socketErrors: 0, sendErrors: 0, stalledMs: 0 };

  constructor(private readonly opts: { maxInFlight: number; tickMs: number; recvBufferBytes: number; nowMs: () => number }) {}

  get inFlight(): number { return this.pending.size; }

  private probes = 0;

  start(ex: Exchange): void {
    if (!ex.probe && this.pending.size - this.probes >= this.opts.maxInFlight) { this.queue.push(ex); return; }
    this.launch(ex);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sock4?.close(); this.sock6?.close();
    this.sock4 = this.sock6 = null;
  }

  /**
   * A request-id uniform over [REQUEST_ID_MIN, REQUEST_ID_MIN + REQUEST_ID_SPAN) (4 content bytes),
   * from a cryptographic source, not in flight. Rejection sampling: a draw is kept with probability
   * 127/128, and one in flight is hit with probability (in flight)/2^31; the bounded loop ends on a
   * draw in practice, and on a scan from the last draw otherwise (some id is always free).
   */
  private freshId(): number {
    let id = REQUEST_ID_MIN;
    for (let tries = 0; tries < 64; tries++) {
      if (this.randomAt >= RANDOM_BATCH) { randomFillSync(this.random); this.randomAt = 0; }
      id = this.random[this.randomAt++]! >>> 1;
      if (id >= REQUEST_ID_MIN && !this.pending.has(id)) return id;
    }
    const end = REQUEST_ID_MIN + REQUEST_ID_SPAN;
    if (id < REQUEST_ID_MIN) id = REQUEST_ID_MIN;
    for (let n = 0; n <= this.pending.size; n++) {
      if (!this.pending.has(id)) return id;
      if (++id >= end) id = REQUEST_ID_MIN;
    }
    return id;
  }

  private launch(ex: Exchange): void {
    const id = this.freshId();
    ex.id = id;
    ex.triesLeft = ex.retries;
    if (ex.probe) this.probes++;
    stampRequestId(ex.req, id);
    this.pending.set(id, ex);
    this.send(ex);
    if (!this.timer) {
      // referenced: a process waiting only on polls stays alive until they end (the timer stops when none is left)
      this.timer = setInterval(this.tick, this.opts.tickMs);
      this.lastTickMs = this.opts.nowMs();
    }
  }

  private send(ex: Exchange): void {
    ex.deadlineMs = this.opts.nowMs() + ex.timeoutMs;
    if (ex.deadlineMs < this.earliestMs) this.earliestMs = ex.deadlineMs;
    this.stats.sent++;
    this.socketFor(ex.address).send(ex.req.bytes, ex.port, ex.address, this.onSent);
  }

  private readonly onSent = (err: Error | null): void => { if (err) this.stats.sendErrors++; };

  private socketFor(address: string): Socket {
    const v6 = address.includes(':');
    let s = v6 ? this.sock6 : this.sock4;
    if (s) return s;
    s = createSocket({ type: v6 ? 'udp6' : 'udp4', recvBufferSize: this.opts.recvBufferBytes });
    s.on('message', this.onMessage);
    s.on('error', () => { this.stats.socketErrors++; });
    s.unref();
    if (v6) this.sock6 = s; else this.sock4 = s;
    return s;
  }

  private readonly onMessage = (msg: Buffer, rinfo: { address: string; port: number }): void => {
    const id = peekRequestId(msg);
    if (id < 0) { this.stats.malformed++; return; }
    const ex = this.pending.get(id);
    if (!ex) { this.stats.unmatched++; return; }
    if (rinfo.port !== ex.port || rinfo.address !== ex.address) { this.stats.wrongSender++; return; }
    // The exchange stays pending while the callee looks at the answer: a rejected one leaves it as it was.
    const probe = ex.probe;
    if (!ex.onReply(ex, msg)) { this.stats.rejected++; return; }
    // Taken: this id's registration ends (the callee may have started the exchange again under another id).
    this.pending.delete(id);
    if (probe) this.probes--;
    this.stats.answered++;
    this.drain();
  };

  private readonly tick = (): void => {
    const now = this.opts.nowMs();
    // Time the thread spent busy (compiling plans, a GC pause) does not count against a request:
    // its answer may be waiting unread in the socket buffer, and timers run before sockets are read.
    const stalledMs = now - this.lastTickMs - 2 * this.opts.tickMs;
    this.lastTickMs = now;
    if (stalledMs > 0) {
      this.stats.stalledMs += stalledMs;
      for (const ex of this.pending.values()) ex.deadlineMs += stalledMs;
      this.earliestMs += stalledMs;
      return;
    }
    if (now < this.earliestMs) return;
    // recomputed by the scan: every deadline still ahead, and every send made meanwhile, lowers it
    this.earliestMs = Infinity;
    for (const ex of this.pending.values()) {
      if (ex.deadlineMs > now) { if (ex.deadlineMs < this.earliestMs) this.earliestMs = ex.deadlineMs; continue; }
      if (ex.triesLeft > 0) { ex.triesLeft--; this.stats.retried++; this.send(ex); continue; }
      this.pending.delete(ex.id);
      if (ex.probe) this.probes--;
      this.stats.timedOut++;
      ex.onTimeout(ex);
    }
    this.drain();
    if (this.pending.size === 0 && this.timer) { clearInterval(this.timer); this.timer = null; this.earliestMs = Infinity; }
  };

  private drain(): void {
    while (this.queueHead < this.queue.length && this.pending.size - this.probes < this.opts.maxInFlight) {
      this.launch(this.queue[this.queueHead++]!);
    }
    if (this.queueHead > 1024 && this.queueHead * 2 > this.queue.length) {
      this.queue.splice(0, this.queueHead);
      this.queueHead = 0;
    }
  }
}
