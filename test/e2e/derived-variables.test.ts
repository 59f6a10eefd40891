import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { checkViewRule } from '../../services/views/view-record.js';
import { checkDerivedExpression } from '../../svcql/derived-expr.js';
import { getJson, randomPort, simulatedConfigText, tempDir, waitFor } from '../fakes/helpers.js';

/**
 * Derived variables on the simulated network (real SNMP over loopback, real LMDB, real HTTP): the
 * values read back through the v2 graph call equal what this test computes from the raw series of
 * the inputs (the data call) at the same grid times; a reload adds a derived variable.
 */

const DERIVED = `
variables:
  derived:
    - name: devTotalTraffic
      expression: sum(ifInRate) + sum(ifOutRate)
    - name: ifInErrorRatio
      scope: interface
      unit: '%'
      expression: ifInErrors / ifInUcastPkts * 100
`;
const ADDED = `
    - name: cpuTwice
      expression: cpuUtil * 2 + 0 * devTotalTraffic
`;

t.test('derived variables computed on grid steps, graphed, added by a reload', { timeout: 180_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-derived-');
  const simPort = randomPort();
  let extra = DERIVED;
  const load = () => loadConfig({
    path: 'derived.yaml', env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir }, checkViewRule, checkDerivedExpression,
    text: simulatedConfigText(simPort, { devices: 2, interfacesPerDevice: 4, pollInterval: '2s', networkExtra: '    discoveryInterval: 10m', extra }),
  });
  const app: App = await startApp(load(), silentLogger, { load });
  t.teardown(() => app.stop());
  const base = `http://127.0.0.1:${app.port}`;

  const gen = await waitFor(async () => {
    const g = app.monitor.networks.generation(1, {});
    return g && g.devices.length === 2 ? g : undefined;
  }, 60_000, 'a generation of 2 devices');
  const dev = gen.devices[0]!;
  const ifIndexes = dev.interfaces.map((i) => i.index);

  /** Points (time → value) of each triplet, from the v2 `graph` or `data` call over the last hour. */
  const series = async (call: 'graph' | 'data', ids: string[]): Promise<Map<string, Map<number, number>>> => {
    const out = new Map<string, Map<number, number>>();
    for (let k = 0; k < ids.length; k += 10) {
      const r = await getJson(base, `/v2/ui/net/1/${call}/${ids.slice(k, k + 10).join(',')}?intervalHr=1`);
      if (r.status !== 200) throw new Error(`${call}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      for (const item of r.body.info) {
        const ts: string[] = item.timeseries;
        const scale = call === 'graph' ? Number(item.scale ?? 1) : 1;
        const points = new Map<number, number>();
        for (const line of ts.slice(1)) {
          const [time, value] = line.split(',');
          points.set(Number(time), Number(value) * scale);
        }
        out.set(ts[0]!.slice('timestamp,'.length), points);
      }
    }
    return out;
  };
  const close = (got: number, want: number) => Math.abs(got - want) <= 1e-6 * Math.max(1, Math.abs(want));

  const total = `devTotalTraffic.${dev.id}.0`;
  await waitFor(async () => ((await series('graph', [total])).get(total)?.size ?? 0) >= 3 ? true : undefined, 90_000, 'three points of devTotalTraffic');

  t.test('devTotalTraffic = sum(ifInRate) + sum(ifOutRate) at each grid time', async (t) => {
    const derived = (await series('graph', [total])).get(total)!;
    const inputs = await series('data', ifIndexes.flatMap((i) => [`ifInRate.${dev.id}.${i}`, `ifOutRate.${dev.id}.${i}`]));
    let checked = 0;
    for (const [time, got] of derived) {
      let want = 0;
      let n = 0;
      for (const pts of inputs.values()) { const v = pts.get(time); if (v !== undefined) { want += v; n++; } }
      if (n === 0) { t.fail(`a derived value at ${time} without any input`); continue; }
      t.ok(close(got, want), `at ${time}: ${got} = ${want}`);
      checked++;
    }
    t.ok(checked >= 3, `${checked} grid times checked`);
    // A grid time where every input has a value has a derived value.
    const full = [...inputs.values()].reduce<number[] | null>((acc, pts) => (acc === null ? [...pts.keys()] : acc.filter((x) => pts.has(x))), null) ?? [];
    const lastDerived = Math.max(...derived.keys());
    for (const time of full.filter((x) => x <= lastDerived)) t.ok(derived.has(time), `a value at ${time}`);
  });

  t.test('ifInErrorRatio = ifInErrors / ifInUcastPkts * 100 per interface', async (t) => {
    const ids = ifIndexes.map((i) => `ifInErrorRatio.${dev.id}.${i}`);
    await waitFor(async () => ((await series('graph', ids)).get(ids[0]!)?.size ?? 0) >= 2 ? true : undefined, 60_000, 'ratio points');
    const derived = await series('graph', ids);
    const inputs = await series('data', ifIndexes.flatMap((i) => [`ifInErrors.${dev.id}.${i}`, `ifInUcastPkts.${dev.id}.${i}`]));
    let checked = 0;
    for (const i of ifIndexes) {
      const errors = inputs.get(`ifInErrors.${dev.id}.${i}`)!;
      const pkts = inputs.get(`ifInUcastPkts.${dev.id}.${i}`)!;
      for (const [time, got] of derived.get(`ifInErrorRatio.${dev.id}.${i}`) ?? []) {
        const e = errors.get(time);
        const p = pkts.get(time);
        if (e === undefined || p === undefined || p === 0) { t.fail(`ifIndex ${i} at ${time}: a value without its inputs`); continue; }
        t.ok(close(got, (e / p) * 100), `ifIndex ${i} at ${time}: ${got} = ${(e / p) * 100}`);
        checked++;
      }
    }
    t.ok(checked >= ifIndexes.length, `${checked} values checked`);
  });

  t.test('a reload adds a derived variable; the catalog has its definition', async (t) => {
    extra = DERIVED + ADDED;
    await app.reloadConfig();
    const id = `cpuTwice.${dev.id}.0`;
    await waitFor(async () => ((await series('graph', [id])).get(id)?.size ?? 0) >= 2 ? true : undefined, 60_000, 'points of cpuTwice');
    const got = (await series('graph', [id])).get(id)!;
    const cpu = (await series('data', [`cpuUtil.${dev.id}.0`])).get(`cpuUtil.${dev.id}.0`)!;
    for (const [time, v] of got) {
      const c = cpu.get(time);
      t.ok(c !== undefined && close(v, c * 2), `at ${time}: ${v} = 2 × ${c}`);
    }
    t.equal(app.monitor.catalog.definition('cpuTwice')?.category, 'Derived');
    t.equal(app.monitor.catalog.definition('cpuTwice')?.description, 'cpuUtil * 2 + 0 * devTotalTraffic');
  });
});
