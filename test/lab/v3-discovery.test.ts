/**
 * SNMPv3 end to end: the server, given no working community but the lab's authPriv user (SHA/AES),
 * discovers the 4-node ring through its real snmpd agents and polls them — every request of discovery
 * and polling goes through SNMPv3 user security.
 */
import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { getJson, tempDir, waitFor } from '../fakes/helpers.js';
import { LAB_MGMT_CIDR, LAB_V3, labDown, labGate, labLinks, labNodes, labUp, labWait } from './lab.js';

const N = 4;

if (labGate(t)) {
  t.test('discovery and polling over SNMPv3 authPriv', { timeout: 240_000 }, async (t) => {
    t.teardown(() => labDown(N));
    await labUp(N);
    await labWait(N, 60);
    const nodes = labNodes(N);
    const config = loadConfig({
      path: 'v3.yaml',
      env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: tempDir(t, 'netmon-v3-') },
      text: `
networks:
  - id: 1
    name: lab-v3
    seeds: [${nodes[0].mgmtAddress}]
    ranges: [${LAB_MGMT_CIDR}]
    snmp:
      communities: []
      v3Users:
        - name: ${LAB_V3.user}
          level: authPriv
          authProtocol: sha
          authKey: ${LAB_V3.authPassword}
          privProtocol: aes
          privKey: ${LAB_V3.privPassword}
      timeout: 2s
    pollInterval: 5s
    discoveryInterval: 10m
`,
    });
    const app: App = await startApp(config, silentLogger);
    t.teardown(() => app.stop());
    const base = `http://127.0.0.1:${app.port}`;
    const topo = await waitFor(async () => {
      const r = await getJson(base, '/v2/discovery/net/1/topo');
      return typeof r.body.generation === 'number' ? r.body : undefined;
    }, 90_000, 'discovery over SNMPv3');
    t.same(topo.devices.map((d: any) => d.name).sort(), nodes.map((n) => n.name).sort(), 'every node found over v3');
    t.equal(topo.links.length, labLinks(N).length, 'every ring link found over v3');
    const d = topo.devices[0];
    const triplet = `sysUpTime.${d.id}.0`;
    const points = await waitFor(async () => {
      const r = await getJson(base, `/api/monitor/networks/1/data/${triplet}?monitor=true`);
      const ts = r.body.info?.[0]?.timeseries ?? [];
      return ts.length >= 3 ? ts.slice(1) : undefined;
    }, 30_000, `polls of ${triplet} over v3`);
    const uptimes = points.map((p: string) => Number(p.split(',')[1]));
    t.ok(uptimes.every((u: number) => u > 0) && uptimes.at(-1)! >= uptimes[0], `sysUpTime polled and rising: ${uptimes.join(', ')}`);
  });
}
