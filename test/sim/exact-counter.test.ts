import t from 'tap';
import { startSimulator } from '../../sim/simulator.js';
import { closeAllSessions, sessionFor } from '../../workers/netsnmp/snmp-session.js';

/**
 * Our SNMP session (net-snmp underneath) decodes Counter64 values above 2^53 exactly: with the
 * simulator's clock frozen, what we read equals the simulator's own BigInt, to the last unit.
 */
t.test('Counter64 above 2^53 read exactly over real SNMP', async (t) => {
  let nowMs = 1_800_000_000_000;
  const port = 10_000 + Math.floor(Math.random() * 50_000);
  const sim = await startSimulator({ devices: 3, interfacesPerDevice: 4, port, baseAddress: '127.1.9.1', clock: { nowMs: () => nowMs } });
  t.teardown(async () => { closeAllSessions(); await sim.close(); });
  const target = { address: sim.devices[0].address, port, version: '2c' as const, community: 'public', timeoutMs: 1000, retries: 1, maxRepetitions: 10 };
  const s = sessionFor(target);
  let above = 0;
  for (const i of sim.devices[0].interfaces) {
    const oid = `1.3.6.1.2.1.31.1.1.1.6.${i.ifIndex}`;
    const [vb] = await s.get([oid]);
    const want = sim.counterAt(sim.devices[0].name, i.ifIndex, 'ifHCInOctets', nowMs);
    t.equal(vb.value, want, `ifHCInOctets.${i.ifIndex} = ${want}`);
    if (want > 1n << 53n) above++;
  }
  nowMs += 60_000;
  const rows = (await s.walkColumns(['1.3.6.1.2.1.31.1.1.1.10'])).varbinds;
  t.ok(rows.length >= sim.devices[0].interfaces.length, 'walk returns every row');
  for (const vb of rows) {
    const ifIndex = Number(vb.oid.split('.').at(-1));
    if (!sim.devices[0].interfaces.some((i) => i.ifIndex === ifIndex)) continue;
    t.equal(vb.value, sim.counterAt(sim.devices[0].name, ifIndex, 'ifHCOutOctets', nowMs), `walked ifHCOutOctets.${ifIndex}`);
  }
  t.ok(above > 0, `at least one counter is above 2^53 (${above})`);
});
