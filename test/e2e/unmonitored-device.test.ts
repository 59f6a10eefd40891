/**
 * Nothing silently unmonitored, on the built server over its simulated network: a device added
 * through the API at an address where nothing answers SNMP (no agent listens there: every request
 * times out, as with a wrong community or an ACL) is listed as never answered with its reason, in
 * the discovery device list, polled, raises the built-in deviceUnreachable alert; the healthcheck
 * and the status name it; a WARN line of the log names its address. A seed that does not answer is
 * named with its reason by the healthcheck, the status and a WARN line. Once an agent answers at the
 * device's address, its poll answers, it is probed again and gets its record under the same id.
 */
import t from 'tap';
import { startSimulator } from '../../sim/simulator.js';
import { getJson, randomPort, simulatedConfigText, startServerReady, tempDir, waitFor } from '../fakes/helpers.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const POLL_S = 2;
/** Addresses in the simulated range where no simulated agent listens. */
const SILENT_DEVICE = '127.1.0.240';
const SILENT_SEED = '127.1.0.250';

t.test('a device that never answers is listed, polled, alerted on and named by the healthcheck', { timeout: 180_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-unmon-');
  const config = join(dir, 'netmon.yaml');
  const simPort = randomPort();
  writeFileSync(config, simulatedConfigText(simPort, {
    devices: 3, interfacesPerDevice: 2, pollInterval: `${POLL_S}s`, timeout: '300ms', retries: 0,
    networkExtra: '    discoveryInterval: 1h',
  }).replace('seeds: [127.1.0.1]', `seeds: [127.1.0.1, ${SILENT_SEED}]`));
  const { server, base } = await startServerReady(t, config, join(dir, 'data'));

  await waitFor(async () => {
    const s = (await getJson(base, '/v2/ui/net/1/status')).body;
    return s.latestDiscovery?.status === 'completed' ? s : undefined;
  }, 60_000, 'the first discovery');

  const added = await fetch(`${base}/v2/ui/net/1/devices/`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: SILENT_DEVICE, name: 'silent-box' }),
  });
  t.equal(added.status, 200, 'the device is added');

  // One poll interval, plus the probe's and the poll's timeouts, plus a margin for a loaded machine.
  const listed = await waitFor(async () => {
    const { devices } = (await getJson(base, '/v2/ui/net/1/devices')).body as { devices: any[] };
    const d = devices.find((x) => x.address === SILENT_DEVICE);
    return d?.pollState?.reasonKind ? d : undefined;
  }, 30_000, 'the silent device listed with its reason');
  t.match(listed, {
    name: 'silent-box', polled: true, presence: { answered: false },
    pollState: { state: 'failing', reachability: 'neverAnswered', reasonKind: 'timeout' },
  }, 'listed as never answered, polled, with the reason');
  t.match(listed.pollState.summary, /^never answered: timeout/, 'the reason in words');
  t.match(listed.pollState.reason, SILENT_DEVICE, 'the error text names the address');

  const one = (await getJson(base, `/v2/ui/net/1/devices/${listed.id}`)).body;
  t.match(one, { id: listed.id, record: null, pollState: { reachability: 'neverAnswered' } }, 'its page says so (no record yet)');

  const panel = await getJson(base, `/v2/ui/net/1/dashboards/device/${listed.id}`);
  t.equal(panel.status, 200, 'its panel answers (it is in the generation)');
  t.match(panel.body.lastContact, { reachability: 'neverAnswered', reasonKind: 'timeout' }, 'the panel says never answered');

  // On the map of a view that selects it.
  const post = async (path: string, body?: unknown) => {
    const r = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    t.equal(r.status, 200, `${path}: ${r.status}`);
    return r.json() as Promise<any>;
  };
  const view = await post('/v2/ui/net/1/views');
  await post(`/v2/ui/net/1/views/${view.id}/update`, { name: 'silent', devRule: "name = 'silent-box'", linkRule: '', adjacent: 'false', connecting: 'false', formData: '' });
  const map = (await getJson(base, `/v2/ui/net/1/views/${view.id}/map`)).body;
  t.same(map.devices.filter((d: any) => d.matching).map((d: any) => d.id), [listed.id], 'the map of a view selecting it shows it');

  const inDiscovery = (await getJson(base, '/v2/discovery/net/1/devices')).body.devices.find((d: any) => d.id === listed.id);
  t.match(inDiscovery, { address: SILENT_DEVICE, pollState: { reachability: 'neverAnswered', reasonKind: 'timeout' } }, 'in the discovery device list');

  const alert = await waitFor(async () => {
    const list = (await getJson(base, '/v2/alerts/net/1/alerts?active=true')).body as any[];
    return list.find((a) => a.name === 'deviceUnreachable' && a.deviceId === listed.id);
  }, 10 * POLL_S * 1000, 'the unreachable alert of the silent device');
  t.match(alert, { active: true, deviceName: 'silent-box', value: '0' }, 'deviceUnreachable is active for it');

  const health = (await getJson(base, '/api/metrics/healthcheck')).body;
  t.equal(health.status, 'degraded', 'the healthcheck is degraded');
  t.match(health.reason, `silent-box (${SILENT_DEVICE}) never answered: timeout`, 'it names the device and why');
  t.match(health.reason, `${SILENT_SEED}: timeout`, 'and the seed that did not answer, and why');

  const status = (await getJson(base, '/v2/ui/net/1/status')).body;
  t.match(status.polling.failing.find((f: any) => f.id === listed.id), { reachability: 'neverAnswered', reasonKind: 'timeout' }, 'the status names the device');
  t.match(status.failingSeeds, [{ address: SILENT_SEED, reasonKind: 'timeout' }], 'the status names the seed');

  const warns = server.log().split('\n').filter((l) => /warn/i.test(l));
  t.ok(warns.some((l) => l.includes(SILENT_DEVICE)), 'a WARN line names the device');
  t.ok(warns.some((l) => l.includes(SILENT_SEED) && /seed/.test(l)), 'a WARN line names the seed');

  // An agent starts answering at the device's address (the network's community and port).
  const late = await startSimulator({ devices: 1, interfacesPerDevice: 2, port: simPort, baseAddress: SILENT_DEVICE, seed: 26 });
  t.teardown(() => late.close());
  const answered = await waitFor(async () => {
    const { devices } = (await getJson(base, '/v2/ui/net/1/devices')).body as { devices: any[] };
    const d = devices.find((x) => x.id === listed.id);
    return d?.presence.answered && d.pollState.reachability === 'answering' ? d : undefined;
  }, 30_000, 'the device answering with its record');
  t.match(answered, { name: 'silent-box', address: SILENT_DEVICE, polled: true }, 'the same device, under the same id');
  t.not(answered.vendor, '', `its record is made by the probe its answered poll started (vendor ${answered.vendor})`);
  t.ok(answered.interfaces > 0, 'with its interfaces');
  await waitFor(async () => {
    const list = (await getJson(base, '/v2/alerts/net/1/alerts?active=true')).body as any[];
    return list.some((a) => a.name === 'deviceUnreachable' && a.deviceId === listed.id) ? undefined : true;
  }, 10 * POLL_S * 1000, 'the unreachable alert to clear');
  t.pass('deviceUnreachable cleared');
});
