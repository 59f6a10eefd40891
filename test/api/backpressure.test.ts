/**
 * Backpressure over real sockets (startApi on 127.0.0.1): clients that pipeline requests with
 * large answers and do not read them. What the server holds for one connection is bounded (one
 * answer's unsent part plus uWS's 16 KiB cork buffer; docs/api.md "Connections"), so its memory
 * stays bounded however much the clients ask for; other clients are served meanwhile; and what
 * a stalled client reads afterwards is its answers in order, each complete and byte-for-byte the
 * answer of the same request read normally — all of them when the socket buffers held them, else
 * up to where the server closed the connection (a request that arrives while an answer of its
 * connection waits for the client closes it).
 */
import t from 'tap';
import { silentLogger } from '../../core/logger.js';
import { withDeadline } from '../../core/deadline.js';
import { startApi } from '../../api/server.js';
import { fixture, NOW_MS, servicesOf, variable, type FakeService } from '../fakes/fake-service.js';
import { RawClient, type RawAnswer } from '../fakes/raw-http.js';

/** The standard fixture plus 100 more ifInRate variables with 2 h of 1-minute points each. */
function bigFixture(): FakeService {
  const s = fixture();
  const ts: number[] = [];
  for (let i = 119; i >= 0; i--) ts.push(NOW_MS - i * 60_000);
  const more = [];
  for (let i = 0; i < 100; i++) {
    more.push(variable(100 + i, 'ifInRate', 10, 100 + i, 'bit/s'));
    s.series.set(100 + i, ts, ts.map((_, j) => j * 1000.123 + i));
  }
  s.vars.set(1, [...s.vars.get(1)!, ...more]);
  return s;
}

const MB = 1024 * 1024;

interface Case {
  readonly name: string;
  readonly url: string;
  readonly sockets: number;
  readonly pipelined: number;
  /** The answer must be at least this large for the case to mean something. */
  readonly minAnswerBytes: number;
}

const CASES: readonly Case[] = [
  // Pooled answer buffers (graph answers): released only once a pending answer is written or dropped.
  { name: 'graph by rule', url: '/api/monitor/networks/1/graph/?name=ifInRate&intervalHr=2', sockets: 20, pipelined: 60, minAnswerBytes: 200_000 },
  { name: 'data by rule', url: '/api/monitor/networks/1/data/?name=ifInRate&intervalHr=2', sockets: 8, pipelined: 50, minAnswerBytes: 200_000 },
  // Small answers: they go to uWS's cork buffer first, which overflows into uWS's own buffer once.
  { name: 'status, small answers', url: '/v2/ui/net/1/status', sockets: 4, pipelined: 40_000, minAnswerBytes: 300 },
];

/** Sleeps; only to pace the polls of a bounded loop, never as an assertion. */
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

for (const c of CASES) {
  t.test(`${c.name}: ${c.sockets} sockets × ${c.pipelined} pipelined requests, not read`, async (t) => {
    const api = await startApi({ host: '127.0.0.1', port: 0, services: servicesOf(bigFixture()), logger: silentLogger, clock: { nowMs: () => NOW_MS } });
    t.teardown(() => api.close());
    const base = `http://127.0.0.1:${api.port}`;

    // The answer as a client that reads gets it (and a warm server: JIT, answer buffer pool).
    let expected = Buffer.alloc(0);
    for (let i = 0; i < 5; i++) {
      const r = await fetch(base + c.url);
      t.equal(r.status, 200);
      expected = Buffer.from(await r.arrayBuffer());
    }
    t.ok(expected.length >= c.minAnswerBytes, `the answer is large enough to matter (${expected.length} bytes)`);
    const perSocket = c.pipelined * expected.length;
    t.ok(perSocket >= 16 * MB, `each socket asks for ${(perSocket / MB).toFixed(0)} MiB, more than loopback socket buffers hold`);

    const mem0 = process.memoryUsage();
    const request = `GET ${c.url} HTTP/1.1\r\nHost: test\r\n\r\n`.repeat(c.pipelined);
    const clients: RawClient[] = [];
    for (let i = 0; i < c.sockets; i++) {
      const client = await RawClient.connect(api.port);
      client.pause();
      client.write(request);
      clients.push(client);
    }
    t.teardown(() => { for (const client of clients) client.destroy(); });

    // Until the server has done what the stalled clients let it do: the count of answered
    // requests (other than these polls) stops moving; bounded in count and time. Meanwhile a
    // fresh connection is answered at every poll.
    let peakRss = 0;
    let peakOutsideHeap = 0;
    let last = -1;
    let still = 0;
    for (let poll = 0; poll < 300 && still < 3; poll++) {
      await pause(200);
      const ping = await withDeadline(30_000, (signal) => fetch(`${base}/api/metrics/ping`, { signal }));
      t.equal(await ping.text(), 'pong', `poll ${poll}: a fresh connection is answered`, { diagnostic: false });
      const { http } = await (await fetch(`${base}/api/metrics/metrics`)).json();
      const answered = http.requests - http.routes['GET /api/metrics/ping'].count - http.routes['GET /api/metrics/metrics'].count;
      const mem = process.memoryUsage();
      peakRss = Math.max(peakRss, mem.rss - mem0.rss);
      peakOutsideHeap = Math.max(peakOutsideHeap, (mem.rss - mem.heapTotal) - (mem0.rss - mem0.heapTotal));
      still = answered === last ? still + 1 : 0;
      last = answered;
    }
    t.equal(still, 3, `the server settled after answering ${last} requests`);

    // What the server may hold: one answer (and 16 KiB) per connection; generously ×4. Outside
    // the JS heap (uWS's buffers, Buffers) that is what grows; the heap also grows while the
    // answers are built, and gets more room. Without backpressure uWS held everything past the
    // socket buffers: over 12 MiB per socket here.
    const capPerConnection = expected.length + 16 * 1024;
    const held = 4 * c.sockets * capPerConnection;
    const outsideBound = held + 32 * MB;
    const rssBound = held + 160 * MB;
    t.ok(peakOutsideHeap < outsideBound, `memory outside the JS heap grew by ${(peakOutsideHeap / MB).toFixed(1)} MiB, under ${(outsideBound / MB).toFixed(1)} MiB`);
    t.ok(peakRss < rssBound, `RSS grew by ${(peakRss / MB).toFixed(1)} MiB, under ${(rssBound / MB).toFixed(1)} MiB`);

    // Now the clients read: answers in order, each complete and correct, up to the close.
    let closedEarly = 0;
    await Promise.all(clients.map(async (client, i) => {
      client.resume();
      const answers: RawAnswer[] = [];
      for (let k = 0; k < c.pipelined; k++) {
        const a = await client.next(false, 60_000);
        if (a === null) break;
        answers.push(a);
      }
      const good = answers.filter((a) => a.status === 200 && a.body.equals(expected)).length;
      t.equal(good, answers.length, `socket ${i}: all ${answers.length} answers complete and correct`, { diagnostic: false });
      t.ok(answers.length >= 1, `socket ${i}: at least one answer`, { diagnostic: false });
      if (answers.length < c.pipelined) {
        closedEarly++;
        t.ok(client.closed, `socket ${i}: fewer answers (${answers.length}) only because the server closed`, { diagnostic: false });
        const rest = client.pending.toString('latin1');
        // The close may cut the next answer anywhere, its status line too.
        const statusLine = 'HTTP/1.1 200 OK\r\n';
        const nextStarts = rest.startsWith(statusLine) || statusLine.startsWith(rest);
        t.ok(nextStarts, `socket ${i}: what follows the last answer is the start of the next one${nextStarts ? '' : ` (${JSON.stringify(rest.slice(0, 60))})`}`, { diagnostic: false });
      }
    }));
    t.ok(closedEarly > 0, `${closedEarly} of ${c.sockets} sockets were closed: they asked for more than the socket buffers hold`);

    const after = await fetch(`${base}/api/metrics/ping`);
    t.equal(await after.text(), 'pong', 'still serving');
  });
}
