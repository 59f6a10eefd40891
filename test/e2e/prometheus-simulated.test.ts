import t from 'tap';
import { startApp } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import type { VariableInstance } from '../../core/types.js';
import { randomPort, simulatedConfigText, tempDir, waitFor, gridSteps } from '../fakes/helpers.js';

/**
 * The Prometheus HTTP API (Grafana's built-in data source) on the project's simulator, over a real
 * socket: selectors → the series they match (expected sets computed here from the catalog), the
 * values of query_range and query checked against the raw series read independently with the data
 * call (the rule: the last point at or before each step within 5 minutes), and the errors.
 */
const LOOKBACK_MS = 5 * 60_000;
const POLL_S = 2;

t.test('Prometheus API on a simulated network', { timeout: 120_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-prom-');
  const config = loadConfig({
    path: 'prom.yaml', env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir },
    text: simulatedConfigText(randomPort(), { devices: 3, interfacesPerDevice: 3, pollInterval: `${POLL_S}s`, networkExtra: '    discoveryInterval: 10m' }),
  });
  const app = await startApp(config, silentLogger);
  t.teardown(() => app.stop());
  await gridSteps(app, 4);
  const base = `http://127.0.0.1:${app.port}`;
  const get = async (path: string) => {
    const r = await fetch(base + path);
    const text = await r.text();
    return { status: r.status, json: JSON.parse(text) };
  };
  const post = async (path: string, form: Record<string, string>, type = 'application/x-www-form-urlencoded') => {
    const r = await fetch(base + path, { method: 'POST', body: new URLSearchParams(form).toString(), headers: { 'content-type': type } });
    return { status: r.status, json: JSON.parse(await r.text()) };
  };
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

  const instances = app.monitor.catalog.instances(1);
  const devices = [...new Set(instances.map((i) => i.deviceName))].filter((d) => d !== '').sort();
  t.equal(devices.length, 3, 'three devices discovered');
  const [d0, d1] = devices as [string, string, string];
  const d0Components = instances.filter((i) => i.deviceName === d0 && i.name === 'ifInRate').map((i) => i.componentName).sort();
  t.ok(d0Components.length >= 2, 'interfaces of d0');
  const firstComponent = d0Components[0]!;
  const key = (i: { name: string; deviceName: string; index: number }) => `${i.name}|${i.deviceName}|${i.index}`;
  const keyOfLabels = (m: Record<string, string>) => `${m['__name__']}|${m['device'] ?? ''}|${m['index']}`;
  const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  // selector → which instances it matches, written independently as a predicate
  const cases: [string, (i: VariableInstance) => boolean][] = [
    ['ifInRate', (i) => i.name === 'ifInRate'],
    [`ifInRate{device="${d0}"}`, (i) => i.name === 'ifInRate' && i.deviceName === d0],
    [`ifInRate{device="${d0}", component=~"${escapeRe(firstComponent)}|nomatch"}`, (i) => i.name === 'ifInRate' && i.deviceName === d0 && i.componentName === firstComponent],
    [`ifOutRate{component!="${firstComponent}"}`, (i) => i.name === 'ifOutRate' && i.componentName !== firstComponent],
    [`{__name__=~"if(In|Out)Rate", device!~"${escapeRe(d0)}|${escapeRe(d1)}"}`, (i) => (i.name === 'ifInRate' || i.name === 'ifOutRate') && i.deviceName !== d0 && i.deviceName !== d1],
    ['cpuUtil{network="1"}', (i) => i.name === 'cpuUtil'],
    ['cpuUtil{component=""}', (i) => i.name === 'cpuUtil' && i.componentName === ''],
    [`{__name__="ifInRate", index="${instances.find((i) => i.name === 'ifInRate')!.index}"}`, (i) => i.name === 'ifInRate' && i.index === instances.find((x) => x.name === 'ifInRate')!.index],
    ['ifInRate{component=""}', () => false],
    ['nosuchvariable', () => false],
    ['{device=~".+"}', (i) => i.deviceName !== ''],
    ['{__name__=~".+", device=""}', (i) => i.deviceName === ''],
  ];
  for (const [selector, pred] of cases) {
    const r = await get(`/api/v1/series?${q({ 'match[]': selector })}`);
    t.equal(r.status, 200, selector);
    t.equal(r.json.status, 'success', selector);
    const got = (r.json.data as Record<string, string>[]).map(keyOfLabels).sort();
    const want = instances.filter(pred).map(key).sort();
    t.same(got, want, `series ${selector}: ${want.length} matched`);
    if (selector === 'cpuUtil{network="1"}') {
      t.ok(want.length > 0, 'cpuUtil has instances');
      t.same(Object.keys(r.json.data[0]).filter((k) => !k.startsWith('tag_')).sort(), ['__name__', 'device', 'index', 'network']);
      t.equal(r.json.data[0].network, '1');
    }
  }

  // values: query_range and query against the raw series (the data call)
  const selector = `ifInRate{device="${d0}"}`;
  const targets = instances.filter((i) => i.name === 'ifInRate' && i.deviceName === d0);
  const raw = new Map<string, [number, number][]>();
  let lastTs = 0;
  for (const inst of targets) {
    const r = await get(`/v2/ui/net/1/data/ifInRate.${inst.deviceId}.${inst.index}?intervalHr=1`);
    const lines = (r.json.info[0].timeseries as string[]).slice(1).map((l) => l.split(',').map(Number) as [number, number]);
    raw.set(key(inst), lines);
    lastTs = Math.max(lastTs, ...lines.map((l) => l[0]));
  }
  t.ok(lastTs > 0, 'raw points read');
  const expectedAt = (points: [number, number][], tMs: number): number | undefined => {
    let found: number | undefined;
    for (const [ts, v] of points) if (ts <= tMs && ts > tMs - LOOKBACK_MS) found = v;
    return found;
  };
  const endMs = lastTs;
  for (const [startMs, stepS] of [[endMs - 20_000, 2], [endMs - 21_500, 3.5], [endMs - 10 * 60_000, 60]] as const) {
    const params = { query: selector, start: String(startMs / 1000), end: String(endMs / 1000), step: String(stepS) };
    const r = await get(`/api/v1/query_range?${q(params)}`);
    t.equal(r.status, 200, JSON.stringify(params));
    t.equal(r.json.data.resultType, 'matrix');
    const bySeries = new Map<string, [number, string][]>((r.json.data.result as { metric: Record<string, string>; values: [number, string][] }[]).map((s) => [keyOfLabels(s.metric), s.values]));
    for (const inst of targets) {
      const want: [number, string][] = [];
      for (let tMs = startMs; tMs <= endMs; tMs += stepS * 1000) {
        const v = expectedAt(raw.get(key(inst))!, tMs);
        if (v !== undefined) want.push([tMs / 1000, String(v)]);
      }
      t.same(bySeries.get(key(inst)) ?? [], want, `query_range step ${stepS}s ${key(inst)}: ${want.length} values`);
    }
    const viaPost = await post('/api/v1/query_range', params);
    t.same(viaPost.json, r.json, 'POST form body answers as GET');
  }
  const rfc = await get(`/api/v1/query_range?${q({ query: selector, start: new Date(endMs - 4000).toISOString(), end: new Date(endMs).toISOString(), step: '2s' })}`);
  t.equal(rfc.status, 200, 'RFC 3339 times and a duration step');
  t.equal(rfc.json.data.result.length, targets.length);

  const inst = await get(`/api/v1/query?${q({ query: selector, time: String(endMs / 1000) })}`);
  t.equal(inst.json.data.resultType, 'vector');
  t.same((inst.json.data.result as { metric: Record<string, string>; value: [number, string] }[]).map((s) => [keyOfLabels(s.metric), s.value]).sort(),
    targets.map((i) => [key(i), [endMs / 1000, String(expectedAt(raw.get(key(i))!, endMs))]]).sort(), 'query at end: the last raw value of each');
  const scalar = await get(`/api/v1/query?${q({ query: '1+1', time: '1700000000' })}`);
  t.same(scalar.json, { status: 'success', data: { resultType: 'scalar', result: [1700000000, '2'] } }, "Grafana's connection test 1+1");

  // labels and label values
  const labels = await get('/api/v1/labels');
  for (const l of ['__name__', 'component', 'device', 'index', 'network']) t.ok(labels.json.data.includes(l), `label ${l}`);
  t.same((await get('/api/v1/label/device/values')).json.data, devices, 'device values');
  t.same((await get('/api/v1/label/__name__/values')).json.data, [...new Set(instances.map((i) => i.name))].sort(), 'variable names');
  t.same((await get(`/api/v1/label/component/values?${q({ 'match[]': `ifInRate{device="${d0}"}` })}`)).json.data, d0Components, 'components of d0 by match[]');
  t.same((await post('/api/v1/labels', { 'match[]': 'cpuUtil' })).json.data.filter((l: string) => !l.startsWith('tag_')), ['__name__', 'device', 'index', 'network']);

  // errors: Prometheus' shape, 4xx
  const rangeOf = (query: string, extra: Record<string, string> = {}) =>
    `/api/v1/query_range?${q({ query, start: String(endMs / 1000 - 60), end: String(endMs / 1000), step: '15', ...extra })}`;
  const errors: [string, number, string, string][] = [
    [rangeOf('rate(ifInRate[5m])'), 400, 'bad_data', 'a function call "rate(ifInRate[5m])" is not supported; supported: a vector selector'],
    [rangeOf('sum(ifInRate)'), 400, 'bad_data', 'an aggregation'],
    [rangeOf('ifInRate[5m]'), 400, 'bad_data', 'a range selector'],
    [rangeOf('ifInRate offset 5m'), 400, 'bad_data', 'offset'],
    [rangeOf('ifInRate * 2'), 400, 'bad_data', 'a binary operation on series'],
    [rangeOf('{}'), 400, 'bad_data', 'at least one matcher that does not match the empty value'],
    [rangeOf('{device=~".*"}'), 400, 'bad_data', 'at least one matcher'],
    [rangeOf('ifInRate{'), 400, 'bad_data', 'syntax error'],
    [rangeOf('ifInRate{device=~"("}'), 400, 'bad_data', 'label matcher device=~"("'],
    [rangeOf('ifInRate{network="9"}'), 404, 'not_found', 'network'],
    [rangeOf('ifInRate{network="x"}'), 400, 'bad_data', 'network id'],
    [rangeOf('ifInRate', { step: '0' }), 400, 'bad_data', 'zero or negative query resolution'],
    [rangeOf('ifInRate', { step: '0.001' }), 400, 'bad_data', 'maximum resolution of 11000 points'],
    [rangeOf('ifInRate', { start: 'yesterday' }), 400, 'bad_data', "cannot parse 'yesterday' to a valid timestamp"],
    [rangeOf('ifInRate', { end: String(endMs / 1000 - 3600) }), 400, 'bad_data', 'end timestamp must not be before start'],
    [rangeOf('ifInRate', { step: 'fast' }), 400, 'bad_data', 'valid duration'],
    ['/api/v1/query_range?query=ifInRate', 400, 'bad_data', "parameter 'start' is missing"],
    ['/api/v1/query', 400, 'bad_data', "parameter 'query' is missing"],
    ['/api/v1/query?query=%22text%22', 400, 'bad_data', 'a string literal'],
    ['/api/v1/series', 400, 'bad_data', 'no match[] parameter'],
    [`/api/v1/series?${q({ 'match[]': '1+1' })}`, 400, 'bad_data', 'not a series selector'],
  ];
  for (const [path, status, errorType, message] of errors) {
    const r = await get(path);
    t.equal(r.status, status, path);
    t.equal(r.json.status, 'error', path);
    t.equal(r.json.errorType, errorType, path);
    t.match(r.json.error, message, path);
  }
  const json = await post('/api/v1/query', { query: 'cpuUtil' }, 'application/json');
  t.equal(json.status, 415, 'POST with a JSON body');
  t.equal(json.json.errorType, 'bad_data');
});
