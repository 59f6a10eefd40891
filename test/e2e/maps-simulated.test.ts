import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { randomPort, simulatedConfigText, tempDir, waitFor } from '../fakes/helpers.js';

/**
 * The acceptance of maps on the project's simulator: the server discovers a ring of 6 simulated
 * devices over SNMP (loopback); maps are built over the collector's real generation. A view whose
 * device rule selects two non-adjacent devices A and B (A – C – B on the ring) shows C with
 * `connecting: true` when the view connects, and A's and B's other neighbours with `adjacent: true`
 * when it adds adjacent devices. The views are made and edited
 * through the running server's API over a real socket.
 */
t.test('connecting and adjacent devices on a simulated ring', { timeout: 120_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-maps-sim-');
  const simPort = randomPort();
  const config = loadConfig({
    path: 'maps.yaml', env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir },
    // The simulator's default topology is a ring.
    text: simulatedConfigText(simPort, { devices: 6, interfacesPerDevice: 3, pollInterval: '10s', networkExtra: '    discoveryInterval: 10m' }),
  });
  const app: App = await startApp(config, silentLogger);
  t.teardown(() => app.stop());
  const gen = await waitFor(async () => {
    const g = app.monitor.networks.generation(1, {});
    return g && g.devices.length === 6 && g.links.length === 6 ? g : undefined;
  }, 60_000, 'a generation of 6 devices and 6 links');

  // The ring's order from the discovered links.
  const neighbours = new Map<number, number[]>();
  for (const l of gen.links) {
    neighbours.set(l.a.deviceId, [...(neighbours.get(l.a.deviceId) ?? []), l.b.deviceId]);
    neighbours.set(l.b.deviceId, [...(neighbours.get(l.b.deviceId) ?? []), l.a.deviceId]);
  }
  t.ok([...neighbours.values()].every((n) => n.length === 2), 'a ring: two neighbours each');
  const a = gen.devices[0]!.id;
  const [c, d] = neighbours.get(a)!;
  const b = neighbours.get(c!)!.find((x) => x !== a)!;
  const e = neighbours.get(b)!.find((x) => x !== c)!;
  const f = neighbours.get(d!)!.find((x) => x !== a)!;
  t.equal(new Set([a, b, c, d, e, f]).size, 6, `ring ${a}–${c}–${b}–${e}–${f}–${d}`);

  // Two views made and edited through the API of the running server (real view records, real socket).
  const base = `http://127.0.0.1:${app.port}`;
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(base + path, body === undefined ? { method } : { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    const text = await r.text();
    let json: any = null;
    try { json = JSON.parse(text); } catch { /* not JSON */ }
    return { status: r.status, text, json };
  };
  const devRule = `id IN (${a}, ${b})`;
  const makeView = async (flags: { adjacent: string; connecting: string }) => {
    const made = await call('POST', '/v2/ui/net/1/views');
    t.equal(made.status, 200, made.text);
    const upd = await call('POST', `/v2/ui/net/1/views/${made.json.id}/update`, { name: `ring ${flags.connecting}`, devRule, linkRule: '', ...flags, formData: '' });
    t.equal(upd.status, 200, upd.text);
    return made.json.id as number;
  };
  const connectingView = await makeView({ adjacent: 'false', connecting: 'true' });
  const adjacentView = await makeView({ adjacent: 'true', connecting: 'false' });
  type Dev = { id: number; matching: boolean; adjacent: boolean; connecting: boolean };
  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
  const flagged = (devs: Dev[], flag: keyof Dev) => sorted(devs.filter((x) => x[flag]).map((x) => x.id));

  const connecting = await call('GET', `/v2/ui/net/1/views/${connectingView}/map`);
  t.equal(connecting.status, 200, connecting.text.slice(0, 200));
  t.equal(connecting.json.generation, gen.number);
  t.same(flagged(connecting.json.devices, 'matching'), sorted([a, b]), 'A and B match');
  t.same(flagged(connecting.json.devices, 'connecting'), [c], 'C, between them, has connecting=true');
  t.same(sorted(connecting.json.devices.map((x: Dev) => x.id)), sorted([a, b, c]), 'nothing else is shown');
  t.equal(connecting.json.links.length, 2, 'the two links A–C and C–B');
  t.ok(connecting.json.links.every((l: { connecting: boolean }) => l.connecting), 'both connecting');

  const adjacent = await call('GET', `/api/ui/networks/1/views/${adjacentView}/map`);
  t.equal(adjacent.status, 200);
  t.same(flagged(adjacent.json.devices, 'adjacent'), sorted([c, d, e]), 'the neighbours of A and B have adjacent=true');
  t.same(flagged(adjacent.json.devices, 'connecting'), [], 'no connecting flag without the view flag');
  t.notOk(adjacent.json.devices.some((x: Dev) => x.id === f), 'the device two hops away is not shown');
  t.equal(adjacent.json.links.length, 4, 'the four links from A and B');

  const preview = await call('GET', `/v2/ui/net/1/views/${adjacentView}/preview?connecting=true&adjacent=false&hide=true`);
  t.same(flagged(preview.json.devices, 'connecting'), [c], "a preview's flags from the query, rules from the view");
});
