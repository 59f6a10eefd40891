import t from 'tap';
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { createLogger } from '../../core/logger.js';
import type { CycleDone } from '../../core/ports/events.js';
import { startSimulator } from '../../sim/simulator.js';
import { decodeMessage, encodeMessage, oid, PduType, Tag, type Message, type PduVarbind } from '../../snmp/index.js';
import { getJson, randomPort, tempDir, waitFor } from '../fakes/helpers.js';

/**
 * Forged SNMP answers on the whole server. A relay stands in front of every simulated agent (the
 * server knows only the relays' addresses): it forwards each request to the real agent and the real
 * answer back, and before the request goes on it answers itself, from the relay's own address and
 * port and with the request's id (which an off-path forger could not know; the relay plays the
 * worst case of a forger that guessed it): an empty varbind list, error-status 5 with an empty
 * list, OIDs that are not the request's, another community; plus, from another port, an error for
 * the same id, and, from the relay's port, answers to the ids a sequential numbering would use next.
 * Discovery (net-snmp), the v2c fast path (network 1) and the net-snmp poll path (network 2) all go
 * through the relays: every device is found, no poll fails, the stored series have no gaps, and the
 * dropped answers are logged naming the device.
 */
const POLL_S = 2;

/** What the relays sent, by kind. */
const sent = { forged: 0, stranger: 0, guessed: 0, forwarded: 0, real: 0 };

function answer(m: Message, requestId: number, varbinds: PduVarbind[], errorStatus = 0, community = m.community): Buffer {
  return encodeMessage({ version: 1, community, pdu: { type: PduType.Response, requestId, errorStatus, errorIndex: 0, varbinds } });
}

/** A relay at `listen`:`port` for the agent at `agent`:`agentPort`; forges before forwarding. */
async function startRelay(listen: string, port: number, agent: string, agentPort: number, stranger: Socket): Promise<Socket[]> {
  const front = createSocket('udp4');
  const back = createSocket('udp4');
  /** Who asked, by request id (ids in flight are unique enough for a test). */
  const askers = new Map<number, RemoteInfo>();
  front.on('message', (msg, rinfo) => {
    const m = decodeMessage(msg);
    if (!m.ok) return;
    const id = m.message.pdu.requestId;
    const to = (b: Uint8Array, s = front) => s.send(b, rinfo.port, rinfo.address);
    const asked = m.message.pdu.varbinds;
    const zero: PduVarbind = { oid: oid('0.0'), type: Tag.Integer, value: 0 };
    const forgeries = [
      answer(m.message, id, []),
      answer(m.message, id, [], 5),
      answer(m.message, id, asked.map(() => zero)),
      answer(m.message, id, asked.map((v) => ({ oid: v.oid, type: Tag.Integer, value: 0 })), 0, Buffer.from('forger')),
    ];
    for (const f of forgeries) { to(f); sent.forged++; }
    to(answer(m.message, id, [], 5), stranger); sent.stranger++;
    for (const d of [1, 2, -1]) { to(answer(m.message, (id + d) >>> 0 & 0x7fffffff, [], 5)); sent.guessed++; }
    askers.set(id, rinfo);
    if (askers.size > 10_000) askers.clear();
    back.send(msg, agentPort, agent);
    sent.forwarded++;
  });
  back.on('message', (msg) => {
    const m = decodeMessage(msg);
    if (!m.ok) return;
    const rinfo = askers.get(m.message.pdu.requestId);
    if (!rinfo) return;
    front.send(msg, rinfo.port, rinfo.address);
    sent.real++;
  });
  await new Promise<void>((r) => front.bind(port, listen, r));
  await new Promise<void>((r) => back.bind(0, '127.0.0.1', r));
  return [front, back];
}

t.test('forged answers neither fail polls nor leave gaps, on both poll paths and in discovery', async (t) => {
  const simPort = randomPort();
  const relayPort = randomPort();
  const sim = await startSimulator({ devices: 3, interfacesPerDevice: 3, port: simPort, baseAddress: '127.1.131.1', seed: 13 });
  t.teardown(() => sim.close());
  const stranger = createSocket('udp4');
  await new Promise<void>((r) => stranger.bind(0, '127.0.0.1', r));
  const sockets: Socket[] = [stranger];
  t.teardown(() => { for (const s of sockets) s.close(); });
  const relays = sim.devices.map((d, i) => ({ relay: `127.2.131.${i + 1}`, agent: d.address }));
  for (const r of relays) sockets.push(...await startRelay(r.relay, relayPort, r.agent, simPort, stranger));

  const network = (id: number, pollPath: string) => `  - id: ${id}
    name: relayed ${pollPath}
    seeds: [${relays.map((r) => r.relay).join(', ')}]
    ranges: [127.2.131.0/24]
    snmp: { port: ${relayPort}, timeout: 1s, retries: 2, pollPath: ${pollPath} }
    pollInterval: ${POLL_S}s
    discoveryInterval: 10m`;
  const config = loadConfig({
    path: 'spoof.yaml',
    env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: tempDir(t, 'netmon-spoof-') },
    text: `networks:\n${network(1, 'auto')}\n${network(2, 'net-snmp')}\n`,
  });
  const dropped: string[] = [];
  const logger = createLogger({ level: 'debug', write: (line) => { if (line.includes('answers dropped') && dropped.length < 10_000) dropped.push(line); } });
  const app: App = await startApp(config, logger);
  t.teardown(() => app.stop());
  const base = `http://127.0.0.1:${app.port}`;

  const cycles: CycleDone[] = [];
  app.monitor.events.onCycleDone((c) => { if (c.devicesPolled + c.devicesFailed > 0) cycles.push(c); });
  const count = (net: number) => cycles.filter((c) => c.networkId === net).length;
  await waitFor(async () => (count(1) >= 6 && count(2) >= 6 ? true : undefined), 90_000, 'six polled cycles of each network').catch(async (e: Error) => {
    // Say where it stood: the cycles seen, each network's discovery and the poll states of its devices.
    const state = await Promise.all([1, 2].map(async (net) => ({
      net, cycles: count(net), discovery: (await getJson(base, `/v2/ui/net/${net}/status`)).body?.discovery ?? null,
      devices: ((await getJson(base, `/v2/ui/net/${net}/devices`)).body?.devices ?? []).map((d: { name: string; pollState?: unknown }) => ({ name: d.name, pollState: d.pollState })),
    })));
    throw new Error(`${e.message}: ${JSON.stringify(state).slice(0, 3000)}; relays: ${JSON.stringify(sent)}`);
  });

  for (const net of [1, 2]) {
    const topo = (await getJson(base, `/v2/discovery/net/${net}/topo`)).body;
    t.equal(topo.devices.length, sim.devices.length, `network ${net}: discovery (net-snmp) found every device through the forgeries`);
    const mine = cycles.filter((c) => c.networkId === net);
    t.same(mine.map((c) => c.devicesFailed), mine.map(() => 0), `network ${net}: no poll failed in ${mine.length} cycles`);
    t.ok(mine.every((c) => c.devicesPolled === sim.devices.length), `network ${net}: every device polled in every cycle`);
    t.ok(dropped.some((l) => l.includes(`[poll:${net}]`) && /device=\d+/.test(l)), `network ${net}: dropped answers logged (debug) naming the device`);

    const deviceIds: number[] = topo.devices.map((d: { id: number }) => d.id);
    for (const dev of deviceIds) {
      const iface = topo.devices.find((d: { id: number }) => d.id === dev).interfaces[0].index;
      for (const triplet of [`sysUpTime.${dev}.0`, `ifInRate.${dev}.${iface}`]) {
        const r = await getJson(base, `/v2/ui/net/${net}/data/${triplet}?intervalHr=1`);
        const rows = (r.body.info?.[0]?.timeseries ?? []).slice(1).map((s: string) => s.split(',').map(Number)) as number[][];
        // a rate's first grid step has no earlier reading; after it every step has a value
        const from = triplet.startsWith('ifInRate') ? 1 : 0;
        const steady = rows.slice(from);
        t.ok(steady.length >= 4, `network ${net} ${triplet}: ${steady.length} stored points`);
        const gaps = steady.filter(([ts, v], i) => !Number.isFinite(v) || (i > 0 && ts! - steady[i - 1]![0]! !== POLL_S * 1000));
        t.same(gaps, [], `network ${net} ${triplet}: no gap and no missing value`);
      }
    }
  }
  t.ok(sent.forged > 0 && sent.stranger > 0 && sent.guessed > 0, `forgeries sent: ${JSON.stringify(sent)}`);
  t.ok(sent.real > 0 && sent.real <= sent.forwarded, 'the real answers went through the relays');
});
