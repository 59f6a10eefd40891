import dgram from 'node:dgram';
import t from 'tap';
import { startApp } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { createLogger } from '../../core/logger.js';
import { tempDir, waitFor } from '../fakes/helpers.js';

/**
 * With no configuration, the built-in simulator's default addresses (127.1.0.x, UDP 1161) may be
 * taken by another program: the server then runs the simulator on free loopback addresses (the next
 * /16, or a free port when the port is taken on every address), its network follows, discovery
 * finds the simulated devices there, and a configuration reload keeps the move.
 */
const cases = [
  { name: 'one device address taken', address: '127.1.0.3' },
  { name: 'the port taken on every address', address: '0.0.0.0' },
];

for (const c of cases) {
  t.test(`no configuration, ${c.name}: the simulator moves and is discovered`, { timeout: 120_000 }, async (t) => {
    const taker = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => {
      taker.once('error', (e) => { t.comment(`${c.address}:1161 already taken by someone else (${e.message})`); resolve(); });
      taker.bind({ address: c.address, port: 1161, exclusive: true }, () => resolve());
    });
    t.teardown(() => new Promise<void>((r) => { try { taker.close(() => r()); } catch { r(); } }));

    const env = { HOST: '127.0.0.1', PORT: '0', DATA_DIR: tempDir(t, 'netmon-simmove-') };
    const load = () => loadConfig({ env });
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', write: (l) => lines.push(l) });
    const app = await startApp(load(), logger, { load });
    t.teardown(() => app.stop());

    const sim = app.simulator!;
    t.not(`${sim.baseAddress}:${sim.port}`, '127.1.0.1:1161', `the simulator runs elsewhere: ${sim.baseAddress}:${sim.port}`);
    const net = app.config().networks[0]!;
    t.same(net.seeds, [sim.baseAddress], 'the network\'s seed follows');
    t.equal(net.snmp.port, sim.port, 'its SNMP port follows');
    t.equal(net.ranges[0]!.cidr, `${sim.baseAddress.split('.').slice(0, 2).join('.')}.0.0/16`, 'its range follows');
    t.ok(lines.some((l) => /the simulator's default addresses are taken/.test(l) && l.includes(`chose=${sim.baseAddress}:${sim.port}`)), 'a log line says where it went');

    const latest = await waitFor(async () => {
      const d = app.monitor.discoveryStatus(1).latest;
      return d && d.devices === 6 ? d : undefined;
    }, 60_000, 'discovery of the moved simulator');
    t.equal(latest.devices, 6, 'discovery finds the 6 simulated devices');

    const plan = await app.reloadConfig();
    t.same({ changed: plan.changed.length, added: plan.added.length, removed: plan.removed.length }, { changed: 0, added: 0, removed: 0 }, 'a reload keeps the move: nothing changes');
  });
}
