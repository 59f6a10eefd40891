/**
 * Acceptance of issue 12 in the lab (real snmpd + lldpd in network namespaces): devices stay.
 *
 * A ring of 5 nodes; node 5's ring links are taken down before the server starts, so discovery
 * (seed: node 1 only) can never find it. The server runs in this process (startApp) with a 5 s
 * poll interval and discoveryMinInterval 0 (so that the API may start discoveries back to back).
 *
 *   1. After the first discovery every reachable node (1–4) is a device and is polled.
 *   2. Node 3's two ring links go down (its management interface stays up): no LLDP neighbour
 *      leads to node 3, nor to node 4 behind it. A new discovery runs. Nodes 3 and 4 stay in the
 *      devices (GET /v2/discovery/net/1/devices and GET /v2/ui/net/1/devices), stay polled (their
 *      sysUpTime series goes on after the new generation) and node 3's down interfaces' series
 *      stay readable (no `unknown variable`).
 *   3. The links come back and discovery runs again: the same device ids, and the series have no
 *      missing grid step over the whole run (node 3's ring interfaces excepted while they were down).
 *   4. Node 5, added by POST /v2/ui/net/1/devices/, has a `reachable` point within one poll
 *      interval of the end of its add task.
 *   5. Node 4's address, blocked by POST /v2/ui/net/1/devices/blocking/ before a discovery, gets
 *      no SNMP packet from the server: its agent's own snmpInPkts (SNMPv2-MIB 1.3.6.1.2.1.11.1.0),
 *      read with Net-SNMP's snmpget, grows by exactly this test's own reads over the discovery
 *      and the poll cycles after it.
 *
 * API shapes: docs/api.md and core/ports/devices.ts, core/ports/tasks.ts (ManagedDevice, TaskInfo,
 * BlockedAddress). Every wait is bounded; parts that need an earlier part's result fail, naming it,
 * when it is missing.
 */
import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { withDeadline } from '../../core/deadline.js';
import { createLogger } from '../../core/logger.js';
import { tempDir, waitFor } from '../fakes/helpers.js';
import { LAB_MGMT_CIDR, labDown, labExec, labGate, labNodes, labUp, labWait, type LabNode } from './lab.js';
import { snmpGet, snmpWalk } from './snmp-cli.js';

const N = 5;
const NETWORK_ID = 1;
const POLL_MS = 5_000;
const DISCOVERY_TIMEOUT_MS = 90_000;
/** lldpd sends every 5 s with a hold of 4: a lost neighbour is gone after at most ~20 s. */
const LLDP_TIMEOUT_MS = 60_000;
/** The per-device series whose whole run part 3 reads back. */
const SERIES_KEPT = ['sysUpTime', 'reachable'] as const;
const SNMP_IN_PKTS = '1.3.6.1.2.1.11.1.0';
const LLDP_REM_SYSNAME = '1.0.8802.1.1.2.1.4.1.1.9';

interface Point { tsMs: number; value: number }
interface Series { status: number; points: Point[]; errors: string }
interface ApiDevice {
  id: number; name: string; address: string;
  interfaces?: { index: number; name: string }[];
  pollState?: { state: string; lastSuccessMs: number | null };
}
interface TaskInfo { id: number; state: string; endedAtMs: number | null; errors: string[]; result: Record<string, unknown> | null }

/** One API call, bounded by 10 s; the body parsed when it is JSON. Never throws on a status. */
async function api(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const { r, text } = await withDeadline(10_000, async (signal) => {
    const r = await fetch(base + path, {
      method,
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    return { r, text: await r.text() };
  });
  let parsed: unknown = text;
  try { parsed = JSON.parse(text); } catch { /* not JSON */ }
  return { status: r.status, body: parsed };
}

/** The grid points of one triplet between two times (data call), and the call's error text. */
async function series(base: string, triplet: string, startMs: number, endMs: number): Promise<Series> {
  const r = await api(base, 'GET', `/v2/ui/net/${NETWORK_ID}/data/${triplet}?start=${Math.floor(startMs)}&end=${Math.ceil(endMs)}`);
  const rows: string[] = r.body?.info?.[0]?.timeseries ?? [];
  const points: Point[] = [];
  for (const row of rows.slice(1)) {
    const [ts, v] = row.split(',');
    const value = v === undefined || v === '' ? NaN : Number(v);
    if (Number.isFinite(Number(ts)) && Number.isFinite(value)) points.push({ tsMs: Number(ts), value });
  }
  return { status: r.status, points, errors: typeof r.body?.errors === 'string' ? r.body.errors : '' };
}

/** Grid times between the first and the last point (inclusive) that have no point, outside `except`. */
function missingSteps(points: readonly Point[], except?: { fromMs: number; toMs: number }): number[] {
  const out: number[] = [];
  for (let i = 1; i < points.length; i++) {
    for (let g = points[i - 1]!.tsMs + POLL_MS; g < points[i]!.tsMs; g += POLL_MS) {
      if (!except || g < except.fromMs || g > except.toMs) out.push(g);
    }
  }
  return out;
}

/** The agent's own count of SNMP messages received (each read here adds one: its own request). */
async function snmpInPkts(node: LabNode): Promise<number> {
  const rows = await snmpGet(node.mgmtAddress, [SNMP_IN_PKTS]);
  const n = Number(rows[0]?.text);
  if (!Number.isFinite(n)) throw new Error(`snmpInPkts of ${node.name}: ${JSON.stringify(rows)}`);
  return n;
}

async function lldpNeighbours(node: LabNode): Promise<string[]> {
  return (await snmpWalk(node.mgmtAddress, LLDP_REM_SYSNAME)).map((r) => r.text).sort();
}

async function setRingLinks(node: LabNode, state: 'up' | 'down'): Promise<void> {
  for (const ifName of ['ring0', 'ring1']) {
    const r = await labExec(node.name, ['ip', 'link', 'set', ifName, state], { timeoutMs: 10_000 });
    if (r.code !== 0) throw new Error(`ip link set ${ifName} ${state} in ${node.name}: ${r.stderr}`);
  }
}

/** Waits until each of `watchers` does (present) or does not (absent) list `peer` as an LLDP neighbour. */
async function waitLldp(watchers: readonly LabNode[], peer: LabNode, present: boolean): Promise<void> {
  await waitFor(async () => {
    for (const w of watchers) if ((await lldpNeighbours(w)).includes(peer.name) !== present) return undefined;
    return true;
  }, LLDP_TIMEOUT_MS, `${watchers.map((w) => w.name).join(', ')} ${present ? 'to hear' : 'to lose'} ${peer.name} over LLDP`, 1_000);
}

if (labGate(t)) {
  t.test('devices stay: links down and up, devices added and blocked (issue 12)', { timeout: 900_000 }, async (t) => {
    const logTail: string[] = [];
    const logger = createLogger({ level: 'info', write: (line) => { logTail.push(line); if (logTail.length > 400) logTail.shift(); } });
    let app: App | undefined;
    t.teardown(async () => {
      if (!t.passing()) t.comment(`server log (last lines):\n${logTail.slice(-60).join('\n')}`);
      await app?.stop();
      await labDown(N);
    });

    await labUp(N);
    await labWait(N, 60);
    const nodes = labNodes(N);
    const [n1, n2, n3, n4, n5] = nodes as [LabNode, LabNode, LabNode, LabNode, LabNode];
    // Node 5 out of the ring before the server starts: no discovery can reach it.
    await setRingLinks(n5, 'down');
    await waitLldp([n1, n4], n5, false);

    const config = loadConfig({
      path: 'devices-stay.yaml',
      env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: tempDir(t, 'nmlab-stay-') },
      text: `
networks:
  - id: ${NETWORK_ID}
    name: lab
    seeds: [${n1.mgmtAddress}]
    ranges: [${LAB_MGMT_CIDR}]
    snmp: { communities: [public], timeout: 1s, retries: 1 }
    pollInterval: ${POLL_MS / 1000}s
    discoveryInterval: 1h
    discoveryMinInterval: 0s
`,
    });
    app = await startApp(config, logger);
    const base = `http://127.0.0.1:${app.port}`;

    const generationDone = (n: number) => waitFor(async () => {
      const r = await api(base, 'GET', `/v2/discovery/net/${NETWORK_ID}/topo`);
      return typeof r.body?.generation === 'number' && r.body.generation >= n ? r.body as { generation: number; completedAtMs: number } : undefined;
    }, DISCOVERY_TIMEOUT_MS, `discovery generation ${n} of network ${NETWORK_ID}`, 500);
    const discoverNow = async (): Promise<{ generation: number; completedAtMs: number }> => {
      const r = await api(base, 'GET', `/v2/svc/discovery/net/${NETWORK_ID}/start`);
      if (r.status !== 200 || r.body?.started !== true) throw new Error(`discovery start: ${r.status} ${JSON.stringify(r.body)}`);
      return generationDone(r.body.generation);
    };
    const discoveryDevices = async (): Promise<ApiDevice[]> => {
      const r = await api(base, 'GET', `/v2/discovery/net/${NETWORK_ID}/devices`);
      if (r.status !== 200) throw new Error(`GET /v2/discovery/net/${NETWORK_ID}/devices: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.devices as ApiDevice[];
    };
    /** Resolves once `triplet` has a point after `afterMs` (bounded: `cycles` poll intervals and a margin). */
    const pointAfter = (triplet: string, afterMs: number, cycles = 3) => waitFor(async () => {
      const s = await series(base, triplet, afterMs - 60_000, Date.now() + POLL_MS);
      return s.points.find((p) => p.tsMs > afterMs);
    }, cycles * POLL_MS + 15_000, `a point of ${triplet} after ${new Date(afterMs).toISOString()}`, 1_000);

    // State carried from part to part.
    const ids = new Map<string, number>();
    /** The device records of the first generation (their interfaces name the series to read later). */
    const firstRecords = new Map<number, ApiDevice>();
    let firstGen: { generation: number; completedAtMs: number } | undefined;
    /** The first point after the first generation of each kept series (`variable.deviceId`), read in part 1. */
    const firstPointMs = new Map<string, number>();
    let downAtMs = 0;
    let upAtMs = 0;

    await t.test('1. after the first discovery every reachable node is a device and is polled', async (t) => {
      firstGen = await generationDone(1);
      const devices = await discoveryDevices();
      t.same(devices.map((d) => d.name).sort(), [n1, n2, n3, n4].map((n) => n.name), 'nodes 1–4 are devices; node 5 (out of the ring) is not');
      for (const d of devices) { ids.set(d.name, d.id); firstRecords.set(d.id, d); }
      const polled = await waitFor(async () => {
        const ds = await discoveryDevices();
        return ds.every((d) => d.pollState?.state === 'ok' && d.pollState.lastSuccessMs !== null) ? ds : undefined;
      }, 3 * POLL_MS + 15_000, 'every device answering its polls', 1_000);
      t.equal(polled.length, 4, 'every device answers its polls (pollState ok)');
      for (const d of devices) {
        const p = await pointAfter(`sysUpTime.${d.id}.0`, firstGen.completedAtMs - POLL_MS);
        t.ok(p.value > 0, `${d.name}: sysUpTime is polled (${p.value} at ${new Date(p.tsMs).toISOString()})`);
      }
      // Where each series begins after the first generation, as part 3 must find it again.
      for (const d of devices) {
        for (const v of SERIES_KEPT) {
          await pointAfter(`${v}.${d.id}.0`, firstGen.completedAtMs);
          const s = await series(base, `${v}.${d.id}.0`, firstGen.completedAtMs, Date.now());
          if (s.points[0]) firstPointMs.set(`${v}.${d.id}`, s.points[0].tsMs);
        }
      }
    });

    await t.test('2. node 3 cut off from the ring: it and node 4 behind it stay devices and stay polled', async (t) => {
      const id3 = ids.get(n3.name), id4 = ids.get(n4.name);
      if (id3 === undefined || id4 === undefined) { t.fail('needs part 1 (the device ids of nodes 3 and 4)'); return; }
      downAtMs = Date.now();
      await setRingLinks(n3, 'down');
      await waitLldp([n2, n4], n3, false);
      const gen = await discoverNow();
      t.comment(`generation ${gen.generation} completed at ${new Date(gen.completedAtMs).toISOString()} without a path to ${n3.name} and ${n4.name}`);

      const inGeneration = await discoveryDevices();
      for (const [node, id] of [[n3, id3], [n4, id4]] as const) {
        const d = inGeneration.find((x) => x.name === node.name);
        t.ok(d, `${node.name} is in GET /v2/discovery/net/${NETWORK_ID}/devices after generation ${gen.generation}`);
        if (d) t.equal(d.id, id, `${node.name} keeps its id ${id}`);
      }
      const ui = await api(base, 'GET', `/v2/ui/net/${NETWORK_ID}/devices`);
      t.equal(ui.status, 200, `GET /v2/ui/net/${NETWORK_ID}/devices answers (${ui.status}: ${JSON.stringify(ui.body).slice(0, 200)})`);
      for (const [node, id] of [[n3, id3], [n4, id4]] as const) {
        const m = (ui.body?.devices ?? []).find((x: { id: number }) => x.id === id);
        t.ok(m, `${node.name} (id ${id}) is a managed device`);
        if (m) t.equal(m.polled, true, `${node.name} is polled (ManagedDevice.polled)`);
      }

      for (const [node, id] of [[n3, id3], [n4, id4]] as const) {
        try {
          const p = await pointAfter(`sysUpTime.${id}.0`, gen.completedAtMs + POLL_MS);
          t.pass(`${node.name}: sysUpTime goes on after generation ${gen.generation} (${p.value} at ${new Date(p.tsMs).toISOString()})`);
        } catch (e) {
          t.fail(`${node.name} is no longer polled after generation ${gen.generation}: ${(e as Error).message}`);
        }
      }
      // Its interfaces as the first generation knew them: their series must be readable whatever the current generation holds.
      const ringIfs = (firstRecords.get(id3)?.interfaces ?? []).filter((i) => i.name === 'ring0' || i.name === 'ring1');
      t.equal(ringIfs.length, 2, `${n3.name}'s ring interfaces in generation ${firstGen!.generation}: ${ringIfs.map((i) => `${i.name}=${i.index}`).join(', ')}`);
      for (const i of ringIfs) {
        const s = await series(base, `ifInRate.${id3}.${i.index}`, firstGen!.completedAtMs, Date.now());
        t.equal(s.status, 200, `ifInRate of ${n3.name}/${i.name}: the data call answers`);
        t.notMatch(s.errors, /unknown variable/, `ifInRate of ${n3.name}/${i.name} is a known variable (errors: '${s.errors}')`);
        t.ok(s.points.length > 0, `ifInRate of ${n3.name}/${i.name} has its points (${s.points.length})`);
      }
    });

    await t.test('3. links back, discovery again: the same ids and no gap in the series', async (t) => {
      if (ids.size !== 4 || firstGen === undefined) { t.fail('needs part 1 (the device ids)'); return; }
      await setRingLinks(n3, 'up');
      upAtMs = Date.now();
      await waitLldp([n2, n4], n3, true);
      const gen = await discoverNow();
      const devices = await discoveryDevices();
      t.same(new Map(devices.map((d) => [d.name, d.id])), ids, `generation ${gen.generation}: the same devices with the same ids as generation ${firstGen.generation}`);

      // Let the series reach past the new generation, then read the whole run.
      await pointAfter(`sysUpTime.${ids.get(n3.name)}.0`, gen.completedAtMs + POLL_MS).catch(() => undefined);
      const fromMs = firstGen.completedAtMs, toMs = Date.now();
      for (const [name, id] of ids) {
        for (const v of SERIES_KEPT) {
          const s = await series(base, `${v}.${id}.0`, fromMs, toMs);
          const gaps = missingSteps(s.points);
          t.same(gaps.map((g) => new Date(g).toISOString()), [], `${name} ${v}: ${s.points.length} points, no grid step missing${s.errors ? ` (errors: ${s.errors})` : ''}`);
          const began = firstPointMs.get(`${v}.${id}`);
          const at = (ms: number | undefined) => (ms === undefined ? 'no point' : new Date(ms).toISOString());
          t.ok(began !== undefined && s.points[0]?.tsMs === began,
            `${name} ${v}: the series still begins where part 1 read it begin (${at(s.points[0]?.tsMs)}; part 1: ${at(began)})`);
        }
      }
      const id3 = ids.get(n3.name)!;
      const d3 = devices.find((d) => d.id === id3);
      const down = { fromMs: downAtMs - POLL_MS, toMs: upAtMs + 2 * POLL_MS };
      for (const i of d3?.interfaces ?? []) {
        const ring = i.name === 'ring0' || i.name === 'ring1';
        const s = await series(base, `ifInRate.${id3}.${i.index}`, fromMs, toMs);
        const gaps = missingSteps(s.points, ring ? down : undefined);
        t.same(gaps.map((g) => new Date(g).toISOString()), [], `${n3.name}/${i.name} ifInRate: ${s.points.length} points, no grid step missing${ring ? ' outside its own down time' : ''}`);
      }
    });

    await t.test('4. a device added by the API is polled within one poll interval', async (t) => {
      const add = await api(base, 'POST', `/v2/ui/net/${NETWORK_ID}/devices/`, { address: n5.mgmtAddress, comment: 'lab node out of the ring' });
      t.equal(add.status, 200, `POST /v2/ui/net/${NETWORK_ID}/devices/ answers 200 (${add.status}: ${JSON.stringify(add.body).slice(0, 200)})`);
      const taskId = add.body?.task?.id;
      if (add.status !== 200 || typeof taskId !== 'number') { t.fail('no task in the answer'); return; }
      const task = await waitFor(async () => {
        const r = await api(base, 'GET', `/v2/ui/net/${NETWORK_ID}/tasks/${taskId}`);
        const ti = r.body as TaskInfo;
        return ti?.state === 'completed' || ti?.state === 'failed' ? ti : undefined;
      }, 60_000, `task ${taskId} (add ${n5.mgmtAddress}) to end`, 500);
      t.equal(task.state, 'completed', `the add task completed (errors: ${JSON.stringify(task.errors)})`);
      let deviceId = typeof task.result?.deviceId === 'number' ? task.result.deviceId : undefined;
      if (deviceId === undefined) {
        const list = await api(base, 'GET', `/v2/ui/net/${NETWORK_ID}/devices`);
        deviceId = (list.body?.devices ?? []).find((d: { address: string }) => d.address === n5.mgmtAddress)?.id;
      }
      if (deviceId === undefined || task.endedAtMs === null) { t.fail(`no device id for ${n5.mgmtAddress} after the add task`); return; }
      const endedAtMs = task.endedAtMs;
      const first = await waitFor(async () => {
        const s = await series(base, `reachable.${deviceId}.0`, endedAtMs - 60_000, Date.now() + POLL_MS);
        return s.points[0];
      }, 3 * POLL_MS + 15_000, `a reachable point of device ${deviceId}`, 1_000);
      t.equal(first.value, 1, `${n5.name} (device ${deviceId}) answered its first poll`);
      t.ok(first.tsMs <= endedAtMs + POLL_MS,
        `its first poll's grid time ${new Date(first.tsMs).toISOString()} is within one interval of the add task's end ${new Date(endedAtMs).toISOString()}`);
    });

    await t.test('5. a blocked address is never probed: its agent counts only our own reads', async (t) => {
      const block = await api(base, 'POST', `/v2/ui/net/${NETWORK_ID}/devices/blocking/`, { address: n4.mgmtAddress, comment: 'lab test: never probe' });
      t.equal(block.status, 200, `POST /v2/ui/net/${NETWORK_ID}/devices/blocking/ answers 200 (${block.status}: ${JSON.stringify(block.body).slice(0, 200)})`);
      if (block.status !== 200) return;
      const id1 = ids.get(n1.name);
      if (id1 === undefined) { t.fail('needs part 1 (node 1 marks the poll cycles)'); return; }
      /** Resolves after `k` more poll cycles of the network (node 1's reachable series advancing). */
      const cycles = async (k: number) => {
        const startMs = Date.now();
        await waitFor(async () => (await series(base, `reachable.${id1}.0`, startMs - 60_000, Date.now() + POLL_MS)).points.filter((p) => p.tsMs > startMs).length >= k ? true : undefined,
          (k + 2) * POLL_MS + 15_000, `${k} poll cycles`, 1_000);
      };
      // A poll of node 4 in flight when the block landed may still arrive: start counting once two whole
      // cycles passed with nothing but our own read (bounded: the device must stop being polled).
      let before = await snmpInPkts(n4);
      const quiet = await waitFor(async () => {
        await cycles(2);
        const now = await snmpInPkts(n4);
        const got = now - before;
        before = now;
        return got === 1 ? now : undefined;
      }, 6 * POLL_MS + 60_000, `${n4.name} to receive nothing from the server for two poll cycles after the block`, 0).catch((e: Error) => {
        t.fail(`${n4.name} (${n4.mgmtAddress}) is still polled after it was blocked: ${e.message}`);
        return undefined;
      });
      if (quiet === undefined) return;
      const gen = await discoverNow();
      await cycles(2);
      const after = await snmpInPkts(n4);
      t.equal(after - quiet, 1, `${n4.name} received exactly our one read between two of our reads spanning generation ${gen.generation} and two poll cycles (snmpInPkts ${quiet} → ${after})`);
      const devices = await discoveryDevices();
      t.comment(`generation ${gen.generation}: ${devices.map((d) => d.name).join(', ')}`);
    });
  });
}
