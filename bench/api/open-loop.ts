/**
 * Child process: an open-loop, fixed-rate HTTP/1.1 load generator on raw keep-alive sockets.
 *
 * Request k is due at t0 + k / rate and is written on connection k mod `connections` at that time
 * whatever happened to earlier requests (pipelined behind them when the connection is still busy).
 * Its latency runs from the time it was DUE to the end of its response, so time a request spends
 * waiting to be sent — because the generator fell behind or its connection was busy — is counted
 * (no coordinated omission). Raw sockets rather than http.Agent or undici: both queue a request
 * while its connection is busy instead of writing it, which turns a fixed rate into a closed loop,
 * and their per-request objects would load the generator more than the server under test.
 *
 * Responses are framed by Content-Length (the API always sends one); anything else is an error.
 * Requests still unanswered `drainMs` after the last send are reported as unanswered, with their
 * latency counted as the time waited so far. Prints `RESULT {…}`.
 *
 *   node dist/bench/api/open-loop.js --port 8080 --rate 200 --connections 50 --duration-s 10 --slots 10000 --hours 24
 */
import { connect, type Socket } from 'node:net';
import { percentileOfSorted } from '../harness/stats.js';
import { RESULT } from '../harness/process.js';
import { graphPath } from './synthetic-vars.js';

export interface OpenLoopResult {
  readonly sent: number;
  readonly answered: number;
  readonly non200: number;
  readonly unanswered: number;
  readonly offeredPerS: number;
  readonly p50Ms: number;
  readonly p90Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Largest delay between a request's due time and its write (generator lag). */
  readonly maxSendLagMs: number;
  readonly meanResponseBytes: number;
}

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
}

const CRLF2 = Buffer.from('\r\n\r\n');

/** One keep-alive connection: FIFO of due times, and a Content-Length response parser. */
class Conn {
  readonly due: number[] = [];
  private head: Buffer = Buffer.alloc(0);
  private bodyLeft = -1; // −1: reading the status line and headers
  private status = 0;
  private bodyBytes = 0;

  constructor(readonly socket: Socket, private readonly done: (dueMs: number, status: number, bytes: number) => void, private readonly fail: (e: Error) => void) {
    socket.setNoDelay(true);
    socket.on('data', (b: Buffer) => this.onData(b));
  }

  private onData(b: Buffer): void {
    let at = 0;
    while (at < b.length) {
      if (this.bodyLeft < 0) {
        this.head = this.head.length === 0 ? b.subarray(at) : Buffer.concat([this.head, b.subarray(at)]);
        at = b.length;
        const end = this.head.indexOf(CRLF2);
        if (end < 0) return;
        const text = this.head.subarray(0, end).toString('latin1');
        const rest = this.head.subarray(end + 4);
        this.head = Buffer.alloc(0);
        this.status = Number(text.slice(9, 12));
        const m = /\r\ncontent-length:\s*(\d+)/i.exec(text);
        if (!m) { this.fail(new Error(`response without Content-Length: ${text.split('\r\n')[0]}`)); return; }
        this.bodyLeft = Number(m[1]);
        this.bodyBytes = this.bodyLeft;
        // Continue with what followed the headers.
        b = rest; at = 0;
        if (this.bodyLeft === 0) this.finish();
        continue;
      }
      const take = Math.min(this.bodyLeft, b.length - at);
      this.bodyLeft -= take;
      at += take;
      if (this.bodyLeft === 0) this.finish();
    }
  }

  private finish(): void {
    this.bodyLeft = -1;
    const dueMs = this.due.shift();
    if (dueMs === undefined) { this.fail(new Error('a response arrived for no request')); return; }
    this.done(dueMs, this.status, this.bodyBytes);
  }
}

async function main(): Promise<void> {
  const port = arg('port', 0);
  const rate = arg('rate', 200);
  const connections = arg('connections', 50);
  const durationS = arg('duration-s', 10);
  const slots = arg('slots', 10_000);
  const hours = arg('hours', 24);
  const offset = arg('offset', 0);
  const drainMs = 10_000;
  const total = Math.round(rate * durationS);
  const periodMs = 1000 / rate;

  // Requests are prepared before the clock starts, so that building them costs no send time.
  const requests = Array.from({ length: Math.min(total, 1000) }, (_, k) =>
    Buffer.from(`GET ${graphPath(offset + k, slots, hours)} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`, 'latin1'));

  const latencies = new Float64Array(total);
  let answered = 0, non200 = 0, bytes = 0, maxSendLagMs = 0;
  let failure: Error | null = null;
  let finished: () => void = () => {};
  const allDone = new Promise<void>((resolve) => { finished = resolve; });
  const onDone = (dueMs: number, status: number, n: number) => {
    latencies[answered++] = performance.now() - dueMs;
    if (status !== 200) non200++;
    bytes += n;
    if (answered === total) finished();
  };
  const onFail = (e: Error) => { failure ??= e; finished(); };

  const conns = await Promise.all(Array.from({ length: connections }, () => new Promise<Conn>((resolve, reject) => {
    const s = connect({ host: '127.0.0.1', port });
    s.once('connect', () => resolve(new Conn(s, onDone, onFail)));
    s.once('error', reject);
  })));
  for (const c of conns) c.socket.on('error', (e) => onFail(e));

  const t0 = performance.now() + 20;
  let k = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (k < total && t0 + k * periodMs <= now) {
        const due = t0 + k * periodMs;
        const c = conns[k % connections];
        c.due.push(due);
        c.socket.write(requests[k % requests.length]);
        maxSendLagMs = Math.max(maxSendLagMs, performance.now() - due);
        k++;
      }
      if (k >= total) { resolve(); return; }
      setTimeout(tick, Math.max(0, t0 + k * periodMs - performance.now()));
    };
    setTimeout(tick, 20);
  });
  const drain = setTimeout(finished, drainMs);
  await allDone;
  clearTimeout(drain);
  const endedAt = performance.now();
  // Unanswered requests count with the time they have waited so far (a lower bound of their latency).
  let unanswered = 0;
  for (const c of conns) {
    for (const due of c.due) { latencies[answered + unanswered++] = endedAt - due; }
    c.socket.destroy();
  }
  const n = answered + unanswered;
  const sorted = latencies.subarray(0, n).sort();
  const result: OpenLoopResult & { error?: string } = {
    sent: k, answered, non200, unanswered,
    offeredPerS: rate,
    p50Ms: percentileOfSorted(sorted, 50),
    p90Ms: percentileOfSorted(sorted, 90),
    p99Ms: percentileOfSorted(sorted, 99),
    maxMs: n > 0 ? sorted[n - 1] : NaN,
    maxSendLagMs,
    meanResponseBytes: answered > 0 ? bytes / answered : 0,
    ...(failure ? { error: (failure as Error).message } : {}),
  };
  process.stdout.write(`${RESULT}${JSON.stringify(result)}\n`);
}

main().catch((e) => { process.stderr.write(`open-loop: ${(e as Error).stack}\n`); process.exit(1); });
