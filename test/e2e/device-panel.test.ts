import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { getJson, randomPort, simulatedConfigText, tempDir, waitFor } from '../fakes/helpers.js';

/**
 * The device panel on the simulated network (real SNMP over loopback, real HTTP socket). Expected
 * numbers are computed here from the raw series read with the data call: the latest value of a
 * variable is the last point of its series; the top interfaces are the device's interfaces ordered
 * by the larger of their last ifInUtil and ifOutUtil points, then ifIndex, the first 10. A poll
 * cycle may land between the panel call and the data calls, so each comparison reads the series
 * before and after the panel call and retries (bounded) until they agree.
 */
t.test('device panel on the simulated network', { timeout: 180_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-panel-');
  const config = loadConfig({
    path: 'panel.yaml', env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir },
    text: simulatedConfigText(randomPort(), { devices: 3, interfacesPerDevice: 14, pollInterval: '2s', networkExtra: '    discoveryInterval: 10m' }),
  });
  const app: App = await startApp(config, silentLogger);
  t.teardown(() => app.stop());
  const base = `http://127.0.0.1:${app.port}`;
  const get = (path: string) => getJson(base, path);

  const gen = await waitFor(async () => {
    const g = app.monitor.networks.generation(1, {});
    return g && g.devices.length === 3 ? g : undefined;
  }, 60_000, 'a generation of 3 devices');
  const dev = gen.devices[0]!;
  const ifIndexes = dev.interfaces.map((i) => i.index);
  const trip = (name: string, index: number) => `${name}.${dev.id}.${index}`;

  /** Last point of each triplet's series (data call, 10 ids a call): value or null. */
  const lastPoints = async (ids: string[]): Promise<Map<string, number | null>> => {
    const out = new Map<string, number | null>();
    for (let k = 0; k < ids.length; k += 10) {
      const r = await get(`/v2/ui/net/1/data/${ids.slice(k, k + 10).join(',')}?intervalHr=1`);
      t.equal(r.status, 200);
      for (const item of r.body.info) {
        const ts: string[] = item.timeseries;
        const id = ts[0]!.slice('timestamp,'.length);
        out.set(id, ts.length > 1 ? Number(ts[ts.length - 1]!.split(',')[1]) : null);
      }
    }
    return out;
  };
  /** Calls `panel` between two reads of `ids` until both reads agree (bounded); the panel answer and the series' last points. */
  const stable = async <T>(ids: string[], panel: () => Promise<T>): Promise<{ answer: T; last: Map<string, number | null> }> => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const before = await lastPoints(ids);
      const answer = await panel();
      const after = await lastPoints(ids);
      if (JSON.stringify([...before]) === JSON.stringify([...after])) return { answer, last: after };
    }
    throw new Error('the series kept changing during every attempt');
  };

  const utilIds = ifIndexes.flatMap((i) => [trip('ifInUtil', i), trip('ifOutUtil', i)]);
  // Two cycles of counters give a first utilisation point.
  await waitFor(async () => {
    const last = await lastPoints(utilIds.slice(0, 2));
    return last.size === 2 && [...last.values()].every((v) => v !== null) ? true : undefined;
  }, 60_000, 'utilisation points');

  t.test('dashboard: identity, reachability, cpu, memory and the top interfaces from the raw series', async (t) => {
    const deviceIds = ['reachable', 'cpuUtil', 'memUtil'].map((n) => trip(n, 0));
    const { answer: r, last } = await stable([...deviceIds, ...utilIds], () => get(`/v2/ui/net/1/dashboards/device/${dev.id}`));
    t.equal(r.status, 200, JSON.stringify(r.body).slice(0, 300));
    const b = r.body;
    t.equal(b.networkId, 1);
    t.equal(b.generation, gen.number);
    t.match(b.identity, {
      id: dev.id, name: dev.name, address: dev.address, vendor: dev.vendor, model: dev.model, serialNumber: dev.serialNumber,
      softwareRev: dev.softwareRev, sysDescr: dev.sysDescr, location: dev.sysLocation, contact: dev.sysContact,
    });
    t.equal(b.lastContact.state, 'ok', 'the device answers its polls');
    t.ok(b.lastContact.lastSuccessMs > 0, 'last contact is a time');
    for (const [field, name] of [['reachable', 'reachable'], ['cpu', 'cpuUtil'], ['memory', 'memUtil']] as const) {
      const want = last.get(trip(name, 0)) ?? null;
      if (want === null) t.equal(b[field], null, `${field}: no series, null`);
      else t.equal(b[field].value, want, `${field} is the last point of ${name}`);
    }
    t.equal(b.reachable.value, 1);
    t.ok(b.uptime.seconds > 0, 'uptime');

    const expected = ifIndexes.map((i) => {
      const inV = last.get(trip('ifInUtil', i)) ?? null;
      const outV = last.get(trip('ifOutUtil', i)) ?? null;
      const known = [inV, outV].filter((x): x is number => x !== null);
      return { ifIndex: i, inV, outV, util: known.length ? Math.max(...known) : null };
    }).filter((x) => x.util !== null).sort((a, c) => c.util! - a.util! || a.ifIndex - c.ifIndex).slice(0, 10);
    t.equal(expected.length, 10, 'the device has more than 10 interfaces with values');
    t.same(b.topInterfaces.map((x: any) => x.ifIndex), expected.map((x) => x.ifIndex), 'top 10 order');
    t.same(b.topInterfaces.map((x: any) => [x.inUtil.value, x.outUtil.value, x.utilPercent]), expected.map((x) => [x.inV, x.outV, x.util]), 'top 10 values');
    // The device's active alerts are those the alert list gives for it (read before and after: an alert may fire between).
    const keysOf = (xs: any[]) => xs.map((a) => a.key).sort();
    for (let attempt = 0; ; attempt++) {
      const before = await get('/v2/alerts/net/1/alerts?active=true');
      const panel = await get(`/v2/ui/net/1/dashboards/device/${dev.id}`);
      const after = await get('/v2/alerts/net/1/alerts?active=true');
      const want = keysOf(before.body.filter((a: any) => a.deviceId === dev.id));
      if (JSON.stringify(want) !== JSON.stringify(keysOf(after.body.filter((a: any) => a.deviceId === dev.id))) && attempt < 8) continue;
      t.same(keysOf(panel.body.alerts), want, 'the active alerts of the device');
      t.ok(panel.body.alerts.every((a: any) => a.active === true && a.deviceId === dev.id), 'active, of this device');
      break;
    }
  });

  t.test('data: brief and full, category filter, latest values from the raw series', async (t) => {
    const brief = await get(`/v2/ui/net/1/data/device/${dev.id}`);
    t.equal(brief.status, 200);
    t.equal(brief.body.format, 'brief');
    t.equal(brief.body.device.name, dev.name);
    t.same(brief.body.device.interfaces.map((i: any) => i.index), ifIndexes);
    t.notOk('components' in brief.body.device, 'brief has no components');
    const full = await get(`/v2/ui/net/1/data/device/${dev.id}?format=full`);
    t.equal(full.status, 200);
    t.notOk('poll' in full.body.device, 'no poll field: credentials never leave');
    t.equal(full.body.device.components.length, dev.components.length, 'components');
    t.equal(full.body.device.neighbors.length, dev.neighbors.length, 'neighbours');
    t.equal(full.body.device.pollState.state, 'ok');

    const all = full.body.variables as any[];
    const traffic = all.filter((v) => v.category === 'Traffic').map((v) => v.varId).sort();
    t.ok(traffic.length >= ifIndexes.length * 4, 'traffic variables of every interface');
    const ids = utilIds.slice(0, 6);
    const { answer: cat, last } = await stable(ids, () => get(`/v2/ui/net/1/data/device/${dev.id}?category=Traffic`));
    t.equal(cat.status, 200);
    t.same((cat.body.variables as any[]).map((v) => v.varId).sort(), traffic, 'category=Traffic: exactly the Traffic variables');
    for (const id of ids) {
      const v = (cat.body.variables as any[]).find((x) => x.varId === id);
      t.equal(v.value, last.get(id), `${id}: the last point of its series`);
    }
    const none = await get(`/v2/ui/net/1/data/device/${dev.id}?category=NoSuchCategory`);
    t.same(none.body.variables, []);
  });

  t.test('popups: device, interface and hardware components, in the graph call shape', async (t) => {
    const ifIndex = ifIndexes[0]!;
    const { answer: intf, last } = await stable([trip('ifInUtil', ifIndex), trip('ifOutUtil', ifIndex)],
      () => get(`/v2/ui/net/1/popup/device/${dev.id}/intf/${ifIndex}`));
    t.equal(intf.status, 200);
    t.same(intf.body.info.map((i: any) => i.varName), ['ifInRate', 'ifOutRate', 'ifInUtil', 'ifOutUtil', 'ifInErrors', 'ifOutErrors']);
    for (const name of ['ifInUtil', 'ifOutUtil']) {
      const item = intf.body.info.find((i: any) => i.varName === name);
      const ts: string[] = item.timeseries;
      t.equal(ts[0], `timestamp,${trip(name, ifIndex)}`);
      const want = last.get(trip(name, ifIndex))!;
      const got = Number(ts[ts.length - 1]!.split(',')[1]) * item.scale;
      t.ok(Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want)), `${name}: ends with the series' last point (${got} ≈ ${want})`);
      const firstTs = Number(ts[1]!.split(',')[0]);
      t.ok(Date.now() - firstTs <= 3_600_000 + 5000, 'within the last hour');
    }

    const { answer: devPopup, last: devLast } = await stable([trip('reachable', 0)], () => get(`/v2/ui/net/1/popup/device/${dev.id}`));
    t.equal(devPopup.status, 200);
    const names = devPopup.body.info.map((i: any) => i.varName);
    t.equal(names[0], 'reachable');
    t.ok(names.every((n: string) => ['reachable', 'cpuUtil', 'memUtil'].includes(n)));
    const reach: string[] = devPopup.body.info[0].timeseries;
    t.equal(Number(reach[reach.length - 1]!.split(',')[1]) * devPopup.body.info[0].scale, devLast.get(trip('reachable', 0)));

    const compIdx = dev.components[0]!.index;
    for (const idx of [compIdx, -1]) {
      const r = await get(`/v2/ui/net/1/popup/device/${dev.id}/hwcomp/${idx}`);
      t.equal(r.status, 200, `hwcomp ${idx}`);
      // The simulator has no sensors: no component variable has points.
      t.same(r.body.info, [], `hwcomp ${idx}: no component variables with points`);
    }
  });

  /** Reads `v2` before and after `legacy` until both v2 reads agree (bounded); the legacy and v2 answers. */
  const agree = async (v2: string, legacy: string): Promise<{ v2: any; legacy: any }> => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const a = await get(v2);
      const l = await get(legacy);
      const b = await get(v2);
      t.equal(a.status, 200, v2);
      t.equal(l.status, 200, `${legacy}: ${JSON.stringify(l.body).slice(0, 200)}`);
      if (JSON.stringify(a.body) === JSON.stringify(b.body)) return { v2: b.body, legacy: l.body };
    }
    throw new Error(`${v2} kept changing`);
  };
  const legacyBase = `/api/monitor/networks/1/nodes/${dev.id}`;

  t.test('legacy node details: the same numbers as the v2 data call, tabs and sortBy', async (t) => {
    const { v2, legacy } = await agree(`/v2/ui/net/1/data/device/${dev.id}`, legacyBase);
    t.equal(legacy.name, dev.name);
    t.same(legacy.tags, dev.tags);
    t.same(legacy.components.filter((c: any) => c.kind === 'interface').map((c: any) => c.index), ifIndexes);
    const traffic = legacy.categories.find((c: any) => c.name === 'Traffic');
    t.ok(traffic, 'a Traffic tab');
    t.same(traffic.headers.slice(0, 2).map((h: any) => h.name), ['name', 'description']);
    t.ok(traffic.headers.some((h: any) => h.name === 'ifInUtil' && h.unit === '%'));
    // Every cell of every tab is the v2 data call's latest value of that variable, and every variable has its cell.
    let cells = 0;
    for (const [tab, rows] of Object.entries(legacy.tables) as [string, any[]][]) {
      const display = legacy.categories.find((c: any) => c.name === tab).display;
      for (const row of rows) {
        for (const [name, value] of Object.entries(row.values)) {
          const v = v2.variables.find((x: any) => x.name === name && x.index === row.index && x.category === display);
          if (v) cells++;
          t.equal(value, v ? v.value : null, `${tab} ${row.index} ${name}`);
        }
      }
    }
    t.equal(cells, v2.variables.length, 'every variable of the device has its cell');

    const sorted = await get(`${legacyBase}?sortBy=Traffic.ifInUtil.desc&sortBy=Traffic.name`);
    t.equal(sorted.status, 200);
    const rows = sorted.body.tables.Traffic as any[];
    const want = [...rows].map((r) => ({ index: r.index, name: r.name, v: r.values.ifInUtil as number | null }))
      .sort((a, b) => (a.v === null ? 1 : 0) - (b.v === null ? 1 : 0) || (b.v ?? 0) - (a.v ?? 0) || a.name.localeCompare(b.name, 'en', { numeric: true }) || a.index - b.index);
    t.same(rows.map((r) => r.index), want.map((r) => r.index), 'Traffic rows by ifInUtil descending, nulls last, then by name (numeric-aware)');
    const asc = await get(`${legacyBase}?sortBy=Traffic.ifInUtil`);
    const ascVals = (asc.body.tables.Traffic as any[]).map((r) => r.values.ifInUtil).filter((v) => v !== null);
    t.same(ascVals, [...ascVals].sort((a, b) => a - b), 'ascending without an order');
  });

  t.test('legacy brief, link summary and popup graphs: the same numbers as v2', async (t) => {
    const { v2: dash, legacy: brief } = await agree(`/v2/ui/net/1/dashboards/device/${dev.id}`, `${legacyBase}/brief`);
    t.same(brief.uptime, dash.uptime, 'uptime');
    t.equal(brief.lastContactMs, dash.lastContact.lastSuccessMs, 'last contact');
    t.equal(brief.boxDescr, dev.sysDescr);
    t.equal(brief.osRevision, dev.softwareRev);

    const ifIndex = ifIndexes[1]!;
    const { v2: data, legacy: link } = await agree(`/v2/ui/net/1/data/device/${dev.id}?category=Traffic`, `${legacyBase}/interfaces/${ifIndex}/linkSummary`);
    t.equal(link.ifIndex, ifIndex);
    t.ok(link.peer === null || typeof link.peer.deviceId === 'number', 'peer');
    for (const name of ['ifInRate', 'ifOutRate', 'ifInUtil', 'ifOutUtil']) {
      const v = data.variables.find((x: any) => x.varId === trip(name, ifIndex));
      const l = link.values.find((x: any) => x.varId === trip(name, ifIndex));
      t.same(l, { varId: v.varId, name: v.name, unit: v.unit, value: v.value, tsMs: v.tsMs }, `${name}: as the v2 data call`);
    }

    const devPopup = await get(`/v2/ui/net/1/popup/device/${dev.id}`);
    const devVars = await get(`${legacyBase}/popupGraph`);
    t.same(devVars.body.variables.map((v: any) => v.varId), devPopup.body.info.map((i: any) => i.varId), 'device popup variables');
    t.equal(devVars.body.headers[0].value, dev.name);
    const ifPopup = await get(`/v2/ui/net/1/popup/device/${dev.id}/intf/${ifIndex}`);
    const ifVars = await get(`${legacyBase}/interfaces/${ifIndex}/popupGraph`);
    t.same(ifVars.body.variables.map((v: any) => v.varId), ifPopup.body.info.map((i: any) => i.varId), 'interface popup variables');
  });

  t.test('errors', async (t) => {
    const cases: [string, number, string][] = [
      [`/v2/ui/net/99/dashboards/device/${dev.id}`, 404, 'UNKNOWN_NETWORK'],
      ['/v2/ui/net/1/dashboards/device/987654', 404, 'UNKNOWN_DEVICE'],
      ['/v2/ui/net/1/dashboards/device/abc', 400, 'BAD_PARAMETER'],
      ['/v2/ui/net/1/data/device/987654', 404, 'UNKNOWN_DEVICE'],
      [`/v2/ui/net/1/data/device/${dev.id}?format=huge`, 400, 'BAD_PARAMETER'],
      [`/v2/ui/net/1/data/device/${dev.id}?category=`, 400, 'BAD_PARAMETER'],
      ['/v2/ui/net/1/popup/device/987654', 404, 'UNKNOWN_DEVICE'],
      [`/v2/ui/net/1/popup/device/${dev.id}/hwcomp/987654`, 404, 'NOT_FOUND'],
      [`/v2/ui/net/1/popup/device/${dev.id}/hwcomp/x1`, 400, 'BAD_PARAMETER'],
      [`/v2/ui/net/1/popup/device/${dev.id}/intf/987654`, 404, 'NOT_FOUND'],
      [`/v2/ui/net/1/popup/device/${dev.id}/intf/0`, 400, 'BAD_PARAMETER'],
      [`/v2/ui/net/1/popup/device/${dev.id}/intf/-3`, 400, 'BAD_PARAMETER'],
      [`/v2/ui/net/1/popup/device/${dev.id}/intf/1.5`, 400, 'BAD_PARAMETER'],
      ['/v2/ui/net/1/popup/device/987654/intf/1', 404, 'UNKNOWN_DEVICE'],
      ['/api/monitor/networks/1/nodes/987654', 404, 'UNKNOWN_DEVICE'],
      ['/api/monitor/networks/99/nodes/1/brief', 404, 'UNKNOWN_NETWORK'],
      [`/api/monitor/networks/1/nodes/${dev.id}?sortBy=Traffic`, 400, 'BAD_PARAMETER'],
      [`/api/monitor/networks/1/nodes/${dev.id}?sortBy=NoTab.name`, 400, 'BAD_PARAMETER'],
      [`/api/monitor/networks/1/nodes/${dev.id}?sortBy=Traffic.noColumn.desc`, 400, 'BAD_PARAMETER'],
      [`/api/monitor/networks/1/nodes/${dev.id}/interfaces/0/linkSummary`, 400, 'BAD_PARAMETER'],
      [`/api/monitor/networks/1/nodes/${dev.id}/interfaces/987654/linkSummary`, 404, 'NOT_FOUND'],
      [`/api/monitor/networks/1/nodes/${dev.id}/interfaces/987654/popupGraph`, 404, 'NOT_FOUND'],
      ['/api/monitor/networks/1/nodes/x/popupGraph', 400, 'BAD_PARAMETER'],
    ];
    for (const [path, status, code] of cases) {
      const r = await get(path);
      t.equal(r.status, status, path);
      t.equal(r.body.code ?? r.body.error?.code, code, `${path}: ${JSON.stringify(r.body).slice(0, 200)}`);
    }
  });
});
