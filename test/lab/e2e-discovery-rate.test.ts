/**
 * End-to-end acceptance: the built server (dist/main.js), pointed at the 4-node lab, discovers exactly the ring
 * (4 devices, 4 LLDP links between the right interfaces) and reports an interface's outgoing rate that agrees
 * with the kernel's own byte counter during a known flood.
 *
 * Contract used (the server's side):
 *   - `node dist/main.js --config <yaml>` with env PORT, HOST, DATA_DIR;
 *   - GET /v2/discovery/net/1/topo → { generation: number|null, devices: [{id, name, interfaces: [{index, name}]}],
 *     links: [{a: {deviceId, ifIndex, ifName}, b: {...}, protocol}] };
 *   - GET /api/monitor/networks/1/data/<triplet>?monitor=true → the device monitor's ring (last 4 raw polls);
 *   - GET /v2/ui/net/1/data/<triplet>?start=<ms>&end=<ms> → the data processor's grid points;
 *     both answer { info: [{ timeseries: ['timestamp,<varId>', '<tsMs>,<value>', ...] }], warnings, errors };
 *   - ifOutRate is bit/s.
 * The management network is 203.0.113.0/24 (see README.md: why not 192.0.2.0/24).
 *
 * Every wait is bounded and gives up at once when the server process exits.
 */
import t from 'tap';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { withDeadline } from '../../core/deadline.js';
import { LAB_MGMT_CIDR, labDown, labGate, labLinks, labNodes, labRepoRoot, labUp, labWait } from './lab.js';
import { labUdpFlood, type FloodResult } from './udp-flood.js';

const N = 4;
const NETWORK_ID = 1;
const POLL_INTERVAL_MS = 5_000;
/** snmpd re-reads interface counters about every 3 s: a value it returns may be that old. */
const COUNTER_CACHE_MS = 3_500;
/** Long enough that ≥ 6 whole poll intervals fall inside the flood after the cache margin. */
const FLOOD_MS = 40_000;
const FLOOD_BYTES_PER_S = 4_000_000; // 32 Mbit/s of Ethernet frames
const TOLERANCE = 0.2;
const TOPO_TIMEOUT_MS = 90_000;

interface TopoInterface {
  index: number;
  name: string;
}
interface TopoDevice {
  id: number;
  name: string;
  address: string;
  interfaces: TopoInterface[];
}
interface TopoEnd {
  deviceId: number;
  ifIndex: number;
  ifName?: string;
}
interface Topo {
  networkId: number;
  generation: number | null;
  devices: TopoDevice[];
  links: { a: TopoEnd; b: TopoEnd; protocol?: string }[];
}
interface DataResult {
  info: { varName: string; deviceId: number; index: number; timeseries: string[] }[];
}
interface Point {
  tsMs: number;
  value: number;
}

/** A port that was free a moment ago: bind port 0 on loopback, read it, close. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The server as a child process: its output tail for diagnostics, its exit, and stop() by PID. */
class ServerProcess {
  readonly child: ChildProcess;
  exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private readonly tail: string[] = [];
  private readonly exitPromise: Promise<void>;

  constructor(mainJs: string, configPath: string, env: NodeJS.ProcessEnv, cwd: string) {
    this.child = spawn(process.execPath, [mainJs, '--config', configPath], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (d: Buffer): void => {
      for (const line of d.toString('utf8').split('\n')) if (line) this.tail.push(line);
      if (this.tail.length > 200) this.tail.splice(0, this.tail.length - 200);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    this.exitPromise = new Promise((resolve) => {
      this.child.on('error', (err) => this.tail.push(`spawn error: ${err.message}`));
      this.child.on('close', (code, signal) => {
        this.exited = { code, signal };
        resolve();
      });
    });
  }

  output(): string {
    return this.tail.slice(-60).join('\n');
  }

  /** Throws, with the output tail, when the server is no longer running. */
  assertRunning(): void {
    if (this.exited) {
      const { code, signal } = this.exited;
      throw new Error(`server exited (${signal ?? `code ${code}`}); last output:\n${this.output()}`);
    }
  }

  /** SIGTERM by PID, SIGKILL after 5 s; resolves when it has exited (bounded). */
  async stop(): Promise<void> {
    const pid = this.child.pid;
    if (this.exited || pid === undefined) return;
    process.kill(pid, 'SIGTERM');
    const killed = await Promise.race([this.exitPromise.then(() => true), sleep(5_000).then(() => false)]);
    if (!killed && !this.exited) {
      process.kill(pid, 'SIGKILL');
      await Promise.race([this.exitPromise, sleep(2_000)]);
    }
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** GET a JSON body; undefined when the server is unreachable or answers non-2xx (bounded by 5 s). */
async function getJson<T>(url: string): Promise<{ status: number; body: T } | undefined> {
  try {
    const { res, text } = await withDeadline(5_000, async (signal) => {
      const res = await fetch(url, { signal });
      return { res, text: await res.text() };
    });
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  } catch {
    return undefined;
  }
}

/** Calls probe every intervalMs until it returns a value; throws after timeoutMs or when the server exits. */
async function pollUntil<T>(
  what: string,
  server: ServerProcess,
  timeoutMs: number,
  intervalMs: number,
  probe: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    server.assertRunning();
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() >= deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; server output:\n${server.output()}`);
    await sleep(intervalMs);
  }
}

/** The (tsMs, value) points of the first series of a data result; gaps (non-numbers) dropped. */
function points(body: DataResult | undefined): Point[] {
  const series = body?.info?.[0]?.timeseries ?? [];
  const out: Point[] = [];
  for (const row of series.slice(1)) {
    const [ts, v] = row.split(',');
    const tsMs = Number(ts);
    const value = v === undefined || v === '' ? NaN : Number(v);
    if (Number.isFinite(tsMs) && Number.isFinite(value)) out.push({ tsMs, value });
  }
  return out;
}

const endKey = (deviceName: string, ifName: string): string => `${deviceName}/${ifName}`;
const linkKey = (x: string, y: string): string => [x, y].sort().join(' <-> ');

if (labGate(t)) {
  // Lab (≤ ~70 s, after waiting for another lab test to finish), discovery (≤ 90 s), polls, a 40 s flood and
  // the grid catching up: more than tap's default per-file time, so ask the runner for more.
  t.setTimeout(480_000);

  t.test('server discovers the lab ring and measures an interface rate', async (t) => {
    const root = labRepoRoot();
    const mainJs = path.join(root, 'dist', 'main.js');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nmlab-e2e-'));
    let server: ServerProcess | undefined;
    t.teardown(async () => {
      await server?.stop();
      await labDown(N);
      rmSync(dataDir, { recursive: true, force: true });
    });

    await labUp(N);
    await labWait(N, 60);
    if (!existsSync(mainJs)) {
      t.fail(`${path.relative(root, mainJs)} does not exist: build the server first (npx tsc -p .)`);
      return;
    }

    const nodes = labNodes(N);
    const configPath = path.join(dataDir, 'config.yaml');
    writeFileSync(
      configPath,
      [
        'networks:',
        `  - id: ${NETWORK_ID}`,
        '    name: lab',
        `    seeds: [${nodes[0]!.mgmtAddress}]`,
        '    ranges:',
        `      - cidr: ${LAB_MGMT_CIDR}`,
        '    snmp:',
        '      communities: [public]',
        `    pollInterval: ${POLL_INTERVAL_MS / 1000}s`,
        '    discoveryInterval: 10m',
        '',
      ].join('\n'),
    );
    const port = await freePort();
    server = new ServerProcess(
      mainJs,
      configPath,
      { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'data') },
      root,
    );
    const base = `http://127.0.0.1:${port}`;
    const srv = server;

    // ---- discovery ------------------------------------------------------------------------------------------
    const topo = await pollUntil('a completed discovery generation', srv, TOPO_TIMEOUT_MS, 1_000, async () => {
      const r = await getJson<Topo>(`${base}/v2/discovery/net/${NETWORK_ID}/topo`);
      return r && r.status === 200 && typeof r.body?.generation === 'number' ? r.body : undefined;
    });
    t.comment(`generation ${topo.generation}: ${topo.devices.length} devices, ${topo.links.length} links`);

    const names = topo.devices.map((d) => d.name).sort();
    t.same(names, nodes.map((n) => n.name).sort(), 'exactly the lab nodes are discovered');
    const devById = new Map(topo.devices.map((d) => [d.id, d]));
    const endName = (e: TopoEnd): string => {
      const dev = devById.get(e.deviceId);
      const ifName = e.ifName ?? dev?.interfaces.find((i) => i.index === e.ifIndex)?.name;
      return endKey(dev?.name ?? `device ${e.deviceId}`, ifName ?? `ifIndex ${e.ifIndex}`);
    };
    const gotLinks = topo.links.map((l) => linkKey(endName(l.a), endName(l.b))).sort();
    const wantLinks = labLinks(N).map((l) => linkKey(endKey(l.a.node, l.a.ifName), endKey(l.b.node, l.b.ifName))).sort();
    t.equal(topo.links.length, N, `exactly ${N} links`);
    t.same(gotLinks, wantLinks, 'the links are the ring veth pairs');

    // ---- rate -----------------------------------------------------------------------------------------------
    // Node 1's ring0 faces node 2: flood node 2's ring1 address from node 1 and watch node 1's ring0 ifOutRate.
    const src = nodes[0]!;
    const ring0 = src.ring.find((r) => r.name === 'ring0')!;
    const dev = topo.devices.find((d) => d.name === src.name);
    const ifIndex = dev?.interfaces.find((i) => i.name === ring0.name)?.index;
    if (!dev || ifIndex === undefined) {
      t.fail(`no device ${src.name} with interface ${ring0.name} in the topology`);
      return;
    }
    const triplet = `ifOutRate.${dev.id}.${ifIndex}`;
    const monitorUrl = `${base}/api/monitor/networks/${NETWORK_ID}/data/${triplet}?monitor=true`;

    // The ring holds the last 4 polls; wait until the poller has been round at least twice (a rate needs two).
    await pollUntil(`2 polls of ${triplet}`, srv, 60_000, 1_000, async () => {
      const r = await getJson<DataResult>(monitorUrl);
      return r?.status === 200 && points(r.body).length >= 2 ? true : undefined;
    });

    // Collect the ring's points for the whole flood: it keeps only 4 (≈ 20 s), so read it every second and
    // merge by time stamp. A point (t_i, r_i) is the mean rate over (t_{i-1}, t_i], t_{i-1} the previous poll.
    const seen = new Map<number, number>();
    let collecting = true;
    const collector = (async () => {
      while (collecting) {
        const r = await getJson<DataResult>(monitorUrl);
        if (r?.status === 200) for (const p of points(r.body)) seen.set(p.tsMs, p.value);
        await sleep(1_000);
      }
    })();

    let flood: FloodResult;
    try {
      flood = await labUdpFlood(src.name, {
        dst: ring0.peerAddress,
        ifName: ring0.name,
        durationMs: FLOOD_MS,
        bytesPerSecond: FLOOD_BYTES_PER_S,
        payloadBytes: 1400,
      });
      // Keep collecting until a poll after the flood's end is in: then every poll inside it has been seen.
      await pollUntil('a poll after the flood', srv, 4 * POLL_INTERVAL_MS, 500, async () =>
        [...seen.keys()].some((ts) => ts > flood.endMs) ? true : undefined,
      );
    } finally {
      collecting = false;
      await collector;
    }

    const windowS = (flood.endMs - flood.startMs) / 1000;
    const txBytes = Number(flood.txBytesEnd - flood.txBytesStart);
    const expectedBps = (8 * txBytes) / windowS;
    t.comment(
      `flood: ${flood.packets} datagrams, ${txBytes} bytes on ${src.name}/${ring0.name} in ${windowS.toFixed(1)} s ` +
        `= ${(expectedBps / 1e6).toFixed(2)} Mbit/s (send errors: ${flood.sendErrors})`,
    );
    t.ok(txBytes > 0, 'the flood moved the interface tx counter');

    // Window alignment (ring points). Polls are every 5 s, the flood lasts 40 s. An interval (t_{i-1}, t_i] is
    // compared only when it lies entirely inside the flood, and its start is at least COUNTER_CACHE_MS after the
    // flood's start: snmpd may answer with a counter read up to ~3 s earlier, and that earlier reading must
    // already be inside the flood too. Averaging over several whole intervals (weighted by their length) makes
    // the per-poll error of that cache telescope: what remains is at most ~3 s over ≥ 30 s.
    const ring = [...seen.entries()].map(([tsMs, value]) => ({ tsMs, value })).sort((a, b) => a.tsMs - b.tsMs);
    let bitsTimesMs = 0;
    let spanMs = 0;
    let intervals = 0;
    for (let i = 1; i < ring.length; i++) {
      const from = ring[i - 1]!.tsMs;
      const to = ring[i]!.tsMs;
      if (from < flood.startMs + COUNTER_CACHE_MS || to > flood.endMs) continue;
      if (to - from > 1.5 * POLL_INTERVAL_MS) continue; // a missed poll: the interval of point i is unknown
      bitsTimesMs += ring[i]!.value * (to - from);
      spanMs += to - from;
      intervals++;
    }
    t.comment(`ring points: ${ring.map((p) => `${p.tsMs - flood.startMs}ms:${(p.value / 1e6).toFixed(2)}`).join(' ')} (ms from flood start: Mbit/s)`);
    t.ok(intervals >= 3, `at least 3 whole poll intervals inside the flood (got ${intervals})`);
    if (intervals > 0) {
      const meanBps = bitsTimesMs / spanMs;
      const err = Math.abs(meanBps / expectedBps - 1);
      t.ok(
        err <= TOLERANCE,
        `monitor ifOutRate mean ${(meanBps / 1e6).toFixed(2)} Mbit/s vs ${(expectedBps / 1e6).toFixed(2)} Mbit/s ` +
          `from tx_bytes: ${(err * 100).toFixed(1)}% off (≤ ${TOLERANCE * 100}%)`,
      );
    }

    // Window alignment (grid points). The grid value at g is the time-weighted mean of the per-poll rates that
    // overlap (g - 5 s, g]; those polls reach back to g - 10 s and forward to g + 5 s. So a grid point is
    // compared only when [g - 10 s - cache margin, g + 5 s] lies inside the flood.
    const gridUrl = `${base}/v2/ui/net/${NETWORK_ID}/data/${triplet}?start=${flood.startMs - 30_000}&end=${flood.endMs + 30_000}`;
    const grid = await pollUntil('grid points past the flood', srv, 6 * POLL_INTERVAL_MS, 1_000, async () => {
      const r = await getJson<DataResult>(gridUrl);
      const pts = r?.status === 200 ? points(r.body) : [];
      return pts.some((p) => p.tsMs >= flood.endMs) ? pts : undefined;
    });
    const inside = grid.filter(
      (p) => p.tsMs - 2 * POLL_INTERVAL_MS >= flood.startMs + COUNTER_CACHE_MS && p.tsMs + POLL_INTERVAL_MS <= flood.endMs,
    );
    t.comment(`grid points: ${grid.map((p) => `${p.tsMs - flood.startMs}ms:${(p.value / 1e6).toFixed(2)}`).join(' ')}`);
    t.ok(inside.length >= 2, `at least 2 grid points wholly inside the flood (got ${inside.length})`);
    if (inside.length > 0) {
      const meanBps = inside.reduce((s, p) => s + p.value, 0) / inside.length;
      const err = Math.abs(meanBps / expectedBps - 1);
      t.ok(
        err <= TOLERANCE,
        `grid ifOutRate mean ${(meanBps / 1e6).toFixed(2)} Mbit/s vs ${(expectedBps / 1e6).toFixed(2)} Mbit/s ` +
          `from tx_bytes: ${(err * 100).toFixed(1)}% off (≤ ${TOLERANCE * 100}%)`,
      );
    }
  });
}
