// The built-in simulator's neighbour tables through the real probe: every device answers LLDP, the
// Cisco ones CDP too; resolved, the links are the simulator's ring, those with a Cisco end described
// by both protocols, and no neighbour is external.
import t from 'tap';
import { createPool } from '../../../collector/pool.js';
import { probeDevice } from '../../../collector/discovery/discovery-device.js';
import { resolveTopology } from '../../../collector/discovery/links.js';
import { simNetworkConfig } from '../../../bench/collector/sim-plans.js';
import type { Device } from '../../../core/types.js';
import { startSimulatorOnFreeAddresses } from '../../../sim/simulator.js';
import { freeUdpPort } from './snmpsim.js';

t.test('simulated ring of 6: LLDP everywhere, CDP from Cisco devices', async (t) => {
  const port = await freeUdpPort();
  const sim = await startSimulatorOnFreeAddresses({ devices: 6, interfacesPerDevice: 4, port, baseAddress: '127.13.0.1', topology: 'ring' });
  const pool = createPool({ threads: 1, maxInFlight: 32 });
  t.teardown(async () => { await pool.destroy(); await sim.close(); });
  const net = simNetworkConfig(port, { timeoutMs: 2000, retries: 1 });
  const devices: Device[] = [];
  for (const d of sim.devices) {
    const r = await probeDevice(pool, d.address, net, () => 0);
    if (!r.ok) { t.fail(`${d.address}: ${r.error}`); continue; }
    devices.push({ ...r.device, id: devices.length + 1 });
  }
  t.equal(devices.length, 6, 'every device probed');
  for (const d of devices) {
    const protocols = [...new Set(d.neighbors.map((n) => n.protocol))].sort();
    t.same(protocols, d.vendor === 'Cisco' ? ['cdp', 'lldp'] : ['lldp'], `${d.name} (${d.vendor}): neighbour protocols`);
    t.same(d.tableErrors, [], `${d.name}: every table answered`);
  }
  const cisco = new Set(devices.filter((d) => d.vendor === 'Cisco').map((d) => d.id));
  const topo = resolveTopology(devices);
  t.same(topo.links.map((l) => [l.a.deviceId, l.b.deviceId, l.protocols]),
    [[1, 2], [1, 6], [2, 3], [3, 4], [4, 5], [5, 6]].map(([a, b]) => [a, b, cisco.has(a!) || cisco.has(b!) ? ['lldp', 'cdp'] : ['lldp']]),
    'the ring, each link once, merged where CDP describes it too');
  t.same(topo.externalNeighbors, [], 'no external neighbour');
});
