// startSimulator's contract: option validation, defaults, address layout, bind conflicts, close.
import t from 'tap';
import { startSimulator } from '../../sim/simulator.js';
import { isAppError } from '../../core/errors.js';

t.test('invalid options reject with CONFIG_INVALID and say which option', async (t) => {
  const cases: [object, RegExp][] = [
    [{ devices: 0 }, /devices must be an integer in 1\.\.65000, got 0/],
    [{ devices: 2.5 }, /devices must be an integer/],
    [{ interfacesPerDevice: 300 }, /interfacesPerDevice/],
    [{ port: 70000 }, /port/],
    [{ baseAddress: '10.0.0.1' }, /baseAddress must be an IPv4 address in 127\.0\.0\.0\/8/],
    [{ baseAddress: 'localhost' }, /baseAddress/],
    [{ deadFraction: 1.5 }, /deadFraction/],
    [{ topology: 'mesh' }, /topology must be 'ring' or 'tree'/],
  ];
  for (const [opts, msg] of cases) {
    const err = await startSimulator({ port: 0, ...opts }).then(() => null, (e: unknown) => e);
    t.ok(isAppError(err) && err.code === 'CONFIG_INVALID', `${JSON.stringify(opts)}: CONFIG_INVALID`);
    t.match((err as Error).message, msg);
  }
});

t.test('defaults: 6 devices, 8 ports + management, ring, addresses from the base', async (t) => {
  const sim = await startSimulator({ port: 0, baseAddress: '127.1.120.1' });
  t.teardown(() => sim.close());
  t.equal(sim.devices.length, 6);
  t.same(sim.devices.map((d) => d.address), ['127.1.120.1', '127.1.120.2', '127.1.120.3', '127.1.120.4', '127.1.120.5', '127.1.120.6']);
  t.equal(sim.devices[0]!.interfaces.length, 9);
  t.equal(sim.links.length, 6);
  t.ok(sim.port > 0, `bound on port ${sim.port}`);
  t.ok(sim.devices.every((d) => d.alive));
  t.same(sim.devices[0]!.name, 'sim-core-01');
});

t.test('a taken address:port rejects and leaves nothing bound; close is idempotent', async (t) => {
  const a = await startSimulator({ devices: 2, port: 0, baseAddress: '127.1.121.1' });
  const err = await startSimulator({ devices: 3, port: a.port, baseAddress: '127.1.121.2' }).then(() => null, (e: unknown) => e);
  t.ok(isAppError(err) && err.code === 'CONFIG_INVALID');
  t.match((err as Error).message, /cannot bind 127\.1\.121\.2:/);
  // the first device address of the failed start (127.1.121.2 is taken) aside, 127.1.121.3 must be free again
  const b = await startSimulator({ devices: 1, port: a.port, baseAddress: '127.1.121.3' });
  await b.close();
  await a.close();
  await a.close();
  t.pass('closed twice without error');
});
