import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { createLogger } from '../../core/logger.js';
import { randomPort, simulatedConfigText, tempDir, waitFor } from '../fakes/helpers.js';

/**
 * Replay of the NetSpyGlass Grafana datasource (repository happygears/netspyglass-grafana, the
 * structured-target releases: src/datasource.js, class NetSpyGlassDatasource; and the NsgQL
 * releases: src/services/api.js, NSGQLApi/SQLQuery) against the whole server over its simulated
 * network, with authentication on and the token sent as the datasource sends it (`?access_token=`).
 *
 * The request bodies are built by a port of the datasource's own pipeline (`pluginBody` below:
 * templateSrvParameters → removeBlanks → transformTagMatch → buildQueryFromQueryDialogData), and
 * every answer is read the way the datasource reads it (mapToTextValue, mapToTextText, the
 * `series.id`/`series.tags` reads of query() and getSeriesName). Expected values come from the
 * inventory (a SvcQL listing) and the raw points of each series (the v2 raw data call).
 */

const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));
const POLL = '1s';

// ---- A port of the datasource's request building (src/datasource.js, NetSpyGlassDatasource) ----

/** constructor: `targetName` (blank value of each dialog field; later releases add aggregator ' -- ' and description ''). */
const BLANKS: Record<string, unknown> = {
  alias: '', variable: 'select variable', device: 'select device', component: 'select component', description: '',
  sortByEl: 'select sorting', selector: ' -- ', aggregator: ' -- ', limit: 'select limit', group: 'select group',
  tagFacet: '---', tagWord: '---', interval: 'select interval', tagData: [], format: '', columns: '', unique: '', refId: '',
};
const CLEAR = '-- clear selection --';

/** A query-dialog target as the query editor keeps it (refId, the dropdowns' texts, tagData). */
type DialogTarget = Record<string, unknown> & { refId: string };
interface TagMatch { tagFacet: string; tagOperation: '==' | '<>'; tagWord: string }

/** transformTagMatch: [{tagFacet, tagWord, tagOperation}] → "Facet.Word,!Facet.Word". */
function transformTagMatch(tms: readonly TagMatch[]): string {
  return tms.map((tm) => (tm.tagOperation === '<>' ? '!' : '') + tm.tagFacet + (tm.tagWord !== '' ? `.${tm.tagWord}` : '')).join(',');
}

/** removeBlanks (+ isBlankTagMatch). */
function removeBlanks(item: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(item)) {
    if (!(key in BLANKS)) continue;
    const v = item[key];
    if (v === undefined || v === CLEAR || v === BLANKS[key]) continue;
    if (key === 'tagFacet' || key === 'tagWord') continue;
    out[key] = key === 'tagData'
      ? (v as TagMatch[]).filter((tm) => !(tm.tagFacet === '' || tm.tagFacet === '---' || tm.tagWord === '' || tm.tagWord === '---'))
      : v;
  }
  return out;
}

/**
 * buildQueryFromQueryDialogData (templateSrvParameters with no template variables: `limit: ''`
 * becomes -1; hidden targets dropped; targets in reverse order, as its loop runs), then query()'s
 * `sortByEl = 'metric:' + sortByEl` unless 'none' (so a target without sorting sends 'metric:undefined').
 */
function pluginBody(targets: readonly DialogTarget[], range?: { from: unknown; to: unknown; interval?: string }, forGraph = false) {
  const body: Record<string, unknown> & { targets: Record<string, unknown>[] } = { targets: [] };
  const visible = targets.map((tg): DialogTarget => ({ ...tg, limit: tg.limit === '' ? -1 : tg.limit })).filter((tg) => !tg.hide);
  for (let i = visible.length - 1; i >= 0; --i) {
    const target = removeBlanks(visible[i]!);
    if (target.tagData !== undefined) target.tags = transformTagMatch(target.tagData as TagMatch[]);
    delete target.tagData;
    delete target.alias;
    target.id = target.refId;
    delete target.refId;
    body.targets.push(target);
  }
  if (range) { body.from = range.from; body.until = range.to; body.groupByTime = range.interval; }
  if (forGraph) for (const tg of body.targets) tg.sortByEl = tg.sortByEl !== 'none' ? `metric:${tg.sortByEl as string}` : tg.sortByEl;
  return body;
}

/** A dialog target as a fresh query editor holds it: every field at its blank. */
const dialog = (refId: string, fields: Record<string, unknown> = {}): DialogTarget => ({
  refId, category: 'select category', variable: 'select variable', device: 'select device', component: 'select component',
  sortByEl: 'select sorting', selector: ' -- ', aggregator: ' -- ', limit: 'select limit', tagFacet: '---', tagWord: '---',
  tagOperation: '==', tagData: [], format: '', columns: '', alias: '', ...fields,
});

/** findDevices / findComponents / findTagFacets / findTagWordsQuery: the list target they send. */
function listLookup(kind: 'device' | 'component' | 'tagFacet' | { facet: string }, options: DialogTarget) {
  const body = pluginBody([options]);
  const target = body.targets[0]!;
  const column = typeof kind === 'string' ? kind : kind.facet;
  if (kind === 'device') { target.device = ''; target.component = ''; }
  if (kind === 'component') target.component = '';
  Object.assign(target, { columns: column, unique: column, sortByEl: `${column}:ascending`, format: 'list', limit: -1 });
  return body;
}

/** mapToTextValue / mapToTextText: `_.map(result.data, (d, i) => …)`; the text must be a string. */
const mapToTextValue = (data: unknown): { text: unknown; value: unknown }[] => (Array.isArray(data) ? data.map((d, i) => ({ text: d, value: i })) : Object.entries(data as object).map(([k, d]) => ({ text: d, value: k })));
const mapToTextText = (data: unknown): { text: unknown; value: unknown }[] => mapToTextValue(data).map(({ text }) => ({ text, value: text }));

// ---- The independent reference: inventory and raw points ----

interface Instance { triplet: string; variable: string; device: string; component: string; category: string; tags: string[] }

const sortText = (xs: Iterable<string>): string[] => [...new Set(xs)].sort((a, b) => a.localeCompare(b));

t.test('the NetSpyGlass Grafana datasource, replayed', { timeout: 120_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-grafana-');
  const dataDir = join(dir, 'data');
  const made = spawnSync(process.execPath, [MAIN, 'token', 'create', 'grafana'], { env: { ...process.env, DATA_DIR: dataDir, NETMON_CONFIG: '' }, encoding: 'utf8', timeout: 60_000 });
  t.equal(made.status, 0, `token create: ${made.stderr}`);
  const token = made.stdout.trim();
  const config = loadConfig({
    path: 'grafana.yaml', env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
    text: simulatedConfigText(randomPort(), { devices: 3, interfacesPerDevice: 2, pollInterval: POLL, extra: 'auth: { enabled: true }' }),
  });
  const app: App = await startApp(config, createLogger({ level: 'error', write: () => {} }));
  t.teardown(() => app.stop());
  const base = `http://127.0.0.1:${app.port}`;
  const tok = `?access_token=${encodeURIComponent(token)}`;
  // _apiCall: POST with Content-Type application/json, the body as the datasource gives it.
  const post = async (path: string, body: unknown) => {
    const r = await fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    const text = await r.text();
    return { status: r.status, data: text === '' ? undefined : JSON.parse(text) };
  };
  const data = async (body: unknown) => {
    const r = await post(`/v2/query/net/1/data/${tok}`, body);
    if (r.status !== 200) throw new Error(`data call answered ${r.status}: ${JSON.stringify(r.data)}`);
    return r.data as any[];
  };
  const inventory = async (): Promise<Instance[]> => {
    const [ids, tagRows] = await data({ targets: [
      { id: 'I', format: 'table', svcql: 'SELECT triplet, variable, device, component, category FROM variables' },
      { id: 'T', format: 'table', svcql: 'SELECT triplet, tag FROM variables' },
    ] });
    const tags = new Map<string, string[]>();
    for (const [tr, tag] of tagRows.rows as [string, string | null][]) if (tag) tags.set(tr, [...(tags.get(tr) ?? []), tag]);
    return (ids.rows as string[][]).map(([triplet, variable, device, component, category]) => ({
      triplet: triplet!, variable: variable!, device: device!, component: component!, category: category!, tags: tags.get(triplet!) ?? [],
    }));
  };
  const raw = async (triplet: string): Promise<[number | null, number][]> => {
    const r = await fetch(`${base}/v2/ui/net/1/data/${triplet}${tok}&intervalHr=1`).then((x) => x.json()) as any;
    return (r.info?.[0]?.timeseries ?? []).slice(1).map((line: string) => {
      const [ts, v] = line.split(',').map(Number);
      return [Number.isFinite(v) ? v! : null, ts!];
    });
  };

  // Wait for the inventory and a few polls of every interface's ifInRate.
  const inv = await waitFor(async () => {
    const all = await inventory();
    const ifIn = all.filter((i) => i.variable === 'ifInRate');
    if (ifIn.length < 6) return undefined;
    for (const i of ifIn) if ((await raw(i.triplet)).filter(([v]) => v !== null).length < 3) return undefined;
    return all;
  }, 60_000, 'ifInRate of 6 interfaces with 3 points each');
  const ifIn = inv.filter((i) => i.variable === 'ifInRate');
  const facetOf = (tag: string) => tag.slice(0, tag.indexOf('.') < 0 ? tag.length : tag.indexOf('.'));
  const wordOf = (tag: string) => (tag.indexOf('.') < 0 ? '' : tag.slice(tag.indexOf('.') + 1));

  t.test('testDatasource: GET endpoints.test, success when the status is 200', async (t) => {
    // constructor: endpoints.test = '/v2/ping/net/' + networkId + "/test/" + accessToken
    const ok = await fetch(`${base}/v2/ping/net/1/test/${tok}`);
    t.equal(ok.status, 200, 'the connection test passes with the token');
    t.equal((await fetch(`${base}/v2/ping/net/1/test/`)).status, 401, 'and fails without it (authentication on)');
    t.equal((await fetch(`${base}/v2/ping/net/7/test/${tok}`)).status, 404, 'and for a network id that does not exist');
  });

  t.test('findCategoriesQuery and findVariablesQuery: POST with an empty body', async (t) => {
    // findCategoriesQuery: this._apiCall(endpoints.category, 'POST', '') then mapToTextValue.
    const cats = await post(`/v2/query/net/1/categories/${tok}`, '');
    t.equal(cats.status, 200);
    const catItems = mapToTextValue(cats.data);
    t.ok(catItems.every((c) => typeof c.text === 'string' && c.text !== ''), 'every category item has a text');
    t.same(sortText(catItems.map((c) => c.text as string)), sortText(inv.map((i) => i.category).filter((c) => c !== '')), 'the categories of the inventory');
    // findVariablesQuery: endpoints.variable + options.category + accessToken, body ''.
    for (const category of sortText(inv.map((i) => i.category).filter((c) => c !== ''))) {
      const vars = await post(`/v2/query/net/1/variables/${encodeURIComponent(category)}${tok}`, '');
      t.equal(vars.status, 200, category);
      t.same(sortText(mapToTextValue(vars.data).map((v) => v.text as string)), sortText(inv.filter((i) => i.category === category).map((i) => i.variable)), `the variables of ${category}`);
    }
  });

  // A tag facet of ifInRate with a word, for the tag dropdowns and the negated match.
  // Preferably one that some interfaces have and others not, so that the negated match splits them.
  const words = ifIn.flatMap((i) => i.tags).filter((tg) => wordOf(tg) !== '');
  const tagged = words.find((tg) => ifIn.some((i) => !i.tags.includes(tg))) ?? words[0];
  t.ok(tagged, 'ifInRate has a tag with a word');
  t.comment(`tag used: ${tagged}`);
  const facet = facetOf(tagged!);
  const word = wordOf(tagged!);
  const hasTag = (i: Instance, tg: string) => i.tags.includes(tg);

  t.test('the dropdown lookups: list targets with format list, unique, limit -1, erased fields', async (t) => {
    const options = dialog('A', { category: 'Traffic', variable: 'ifInRate', device: ifIn[0]!.device, component: ifIn[0]!.component });
    const cases: [string, ReturnType<typeof listLookup>, string[]][] = [
      // findDevices: device and component erased; variable kept.
      ['findDevices', listLookup('device', options), sortText(ifIn.map((i) => i.device))],
      // findComponents: component erased, the selected device kept.
      ['findComponents', listLookup('component', options), sortText(ifIn.filter((i) => i.device === ifIn[0]!.device).map((i) => i.component))],
      // findTagFacets: facets of the variable's tags.
      ['findTagFacets', listLookup('tagFacet', { ...options, device: 'select device', component: 'select component' }), sortText(ifIn.flatMap((i) => i.tags.map(facetOf)))],
      // findTagWordsQuery(options, facet): the words of that facet.
      ['findTagWordsQuery', listLookup({ facet }, { ...options, device: 'select device', component: 'select component' }),
        sortText(ifIn.flatMap((i) => i.tags.filter((tg) => facetOf(tg) === facet).map(wordOf)).filter((w) => w !== ''))],
      // findDevices with a negated tag match in the dialog (tagOperation '<>').
      ['findDevices, negated tag', listLookup('device', { ...options, tagData: [{ tagFacet: facet, tagOperation: '<>', tagWord: word }] }),
        sortText(ifIn.filter((i) => !hasTag(i, tagged!)).map((i) => i.device))],
      ['findDevices, tag', listLookup('device', { ...options, tagData: [{ tagFacet: facet, tagOperation: '==', tagWord: word }, { tagFacet: '---', tagOperation: '==', tagWord: '---' }] }),
        sortText(ifIn.filter((i) => hasTag(i, tagged!)).map((i) => i.device))],
    ];
    for (const [name, body, want] of cases) {
      t.equal(body.targets[0]!.format, 'list', `${name} sends format list`);
      t.ok(want.length > 0 || name.includes('negated'), `${name}: the expected list is not empty`);
      const items = mapToTextText(await data(body));
      t.ok(items.every((x) => typeof x.text === 'string'), `${name}: every item is a text`);
      t.same(items.map((x) => x.text), want, `${name}: the values, unique, ascending`);
    }
  });

  t.test('metricFindQuery: a template variable query typed as JSON, forced to format list', async (t) => {
    // metricFindQuery: buildQueryFromText(JSON.parse(query)) then target.format = 'list'; no range.
    const body = pluginBody([JSON.parse('{"variable":"ifInRate","columns":"device","refId":"T"}')]);
    body.targets[0]!.format = 'list';
    t.same(mapToTextText(await data(body)).map((x) => x.text), [...new Set(ifIn.map((i) => i.device))], 'the devices, each once');
  });

  // An absolute range already past: until one second ago, from a minute before.
  const untilS = Math.floor(Date.now() / 1000) - 1;
  const fromS = untilS - 60;
  const inRange = (p: [number | null, number][]) => p.filter(([, ts]) => ts >= fromS * 1000 && ts <= untilS * 1000);
  const points = new Map<string, [number | null, number][]>();
  for (const i of ifIn) points.set(i.triplet, inRange(await raw(i.triplet)));
  const maxOf = (tr: string) => Math.max(...points.get(tr)!.filter(([v]) => v !== null).map(([v]) => v!));

  t.test('query(): graph targets, every time form, sorting, selector, limit, tags, aggregator', async (t) => {
    const dev = ifIn[0]!.device;
    // getTimeForApiCall: absolute ranges as `<epoch s>s`; the oldest releases send rangeRaw as is
    // (a moment, i.e. its ISO text); both must give the same answer.
    const forms: [string, unknown, unknown][] = [
      ['epoch seconds', `${fromS}s`, `${untilS}s`],
      ['ISO (a moment serialised)', new Date(fromS * 1000).toISOString(), new Date(untilS * 1000).toISOString()],
    ];
    for (const [form, from, to] of forms) {
      const body = pluginBody([dialog('A', { variable: 'ifInRate', device: dev }), dialog('B', { variable: 'ifInRate', hide: true })], { from, to }, true);
      t.same(body.targets.map((x) => x.sortByEl), ['metric:undefined'], 'no sorting chosen: the datasource sends metric:undefined');
      const series = await data(body);
      const want = ifIn.filter((i) => i.device === dev);
      t.equal(series.length, want.length, `${form}: one series per interface of ${dev}`);
      for (const s of series) {
        const inst = want.find((i) => i.component === s.component)!;
        t.ok(inst, `${form}: ${s.target} is one of them`);
        t.equal(s.id, 'A', 'series.id is the refId (query() looks its alias up by it)');
        t.same([s.target, s.variable, s.device], [`ifInRate:${dev}:${inst.component}`, 'ifInRate', dev]);
        t.same(s.datapoints, points.get(inst.triplet), `${form}: ${s.target} datapoints are its raw points in the range`);
        // getSeriesName: `$<facet>` in an alias is series.tags[facet] (the facet's first word).
        const firstWords: Record<string, string> = {};
        for (const tg of inst.tags) if (!(facetOf(tg) in firstWords)) firstWords[facetOf(tg)] = wordOf(tg);
        t.same(s.tags, firstWords, `${form}: series.tags maps each facet to its word`);
      }
    }

    // Sorted by metric (max over the range), descending, top 2 (limit from its dropdown, a string).
    const top = await data(pluginBody([dialog('C', { variable: 'ifInRate', sortByEl: 'descending', selector: 'max', limit: '2' })], { from: `${fromS}s`, to: `${untilS}s` }, true));
    const wantTop = [...ifIn].sort((a, b) => maxOf(b.triplet) - maxOf(a.triplet)).slice(0, 2).map((i) => `ifInRate:${i.device}:${i.component}`);
    t.same(top.map((s) => s.target), wantTop, 'the two interfaces with the highest max, highest first');

    // Negated tag match in a graph target.
    const neg = await data(pluginBody([dialog('D', { variable: 'ifInRate', tagData: [{ tagFacet: facet, tagOperation: '<>', tagWord: word }] })], { from: `${fromS}s`, to: `${untilS}s` }, true));
    t.same(sortText(neg.map((s) => s.target)), sortText(ifIn.filter((i) => !hasTag(i, tagged!)).map((i) => `ifInRate:${i.device}:${i.component}`)), 'a <> tag match leaves out the tagged');

    // aggregator: one series, the sum at each timestamp of the selected series.
    const sum = await data(pluginBody([dialog('E', { variable: 'ifInRate', aggregator: 'sum' })], { from: `${fromS}s`, to: `${untilS}s` }, true));
    const byTs = new Map<number, number>();
    for (const i of ifIn) for (const [v, ts] of points.get(i.triplet)!) byTs.set(ts, (byTs.get(ts) ?? 0) + (v ?? 0));
    t.equal(sum.length, 1, 'one aggregated series');
    t.same(sum[0].datapoints, [...byTs.entries()].sort((a, b) => a[0] - b[0]).map(([ts, v]) => [v, ts]), 'the sum per timestamp of the raw points');

    // groupByTime (options.interval): the mean per bucket.
    const grouped = await data(pluginBody([dialog('F', { variable: 'ifInRate', device: dev, component: ifIn[0]!.component })], { from: `${fromS}s`, to: `${untilS}s`, interval: '20s' }, true));
    const buckets = new Map<number, number[]>();
    for (const [v, ts] of points.get(ifIn[0]!.triplet)!) if (v !== null) buckets.set(Math.floor(ts / 20_000) * 20_000, [...(buckets.get(Math.floor(ts / 20_000) * 20_000) ?? []), v]);
    t.same(grouped[0].datapoints, [...buckets.entries()].map(([b, vs]) => [vs.reduce((x, y) => x + y, 0) / vs.length, b]), 'the 20 s bucket means');

    // Relative forms as the time picker gives them: an answer of series, each datapoint [value|null, ms].
    for (const [from, to] of [['now-6h', 'now'], ['now-1M', 'now'], ['now/d', 'now/d'], ['now-1d/d', 'now']]) {
      const r = await data(pluginBody([dialog('G', { variable: 'ifInRate', device: dev })], { from, to, interval: '1m' }, true));
      t.ok(r.length > 0 && r.every((s) => Array.isArray(s.datapoints) && s.datapoints.every((p: unknown[]) => p.length === 2 && typeof p[1] === 'number')), `${from} .. ${to}: series with datapoints`);
    }

    // A new panel: no variable chosen. No entry (the graph would choke on one without datapoints).
    t.same(await data(pluginBody([dialog('H')], { from: 'now-6h', to: 'now', interval: '1m' }, true)), [], 'a blank target answers nothing');
  });

  t.test('table panel: format table, columns', async (t) => {
    const body = pluginBody([dialog('A', { variable: 'ifInRate', format: 'table', columns: 'device,component,metric', selector: 'max', sortByEl: 'ascending' })], { from: `${fromS}s`, to: `${untilS}s` }, true);
    const [table] = await data(body);
    t.same([table.type, table.id, table.columns], ['table', 'A', [{ text: 'device' }, { text: 'component' }, { text: 'metric' }]], 'Grafana table shape');
    const want = [...ifIn].sort((a, b) => maxOf(a.triplet) - maxOf(b.triplet)).map((i) => [i.device, i.component, maxOf(i.triplet)]);
    t.same(table.rows, want, 'rows by max ascending, the max computed from the raw points');
  });

  t.test('NsgQL releases: {nsgql, format, id} targets (src/services/api.js)', async (t) => {
    // SQLQuery.facets(from) with NSGQLApi.FORMAT_LIST; generateTarget(nsgql, format, id).
    const facets = await data({ targets: [{ nsgql: 'SELECT DISTINCT tagFacet FROM ifInRate ORDER BY tagFacet', format: 'list', id: 'A' }] });
    t.same(facets, sortText(ifIn.flatMap((i) => i.tags.map(facetOf))), 'the facets of ifInRate');
    // SQLQuery.suggestion('device', 'ifInRate'): SELECT DISTINCT device FROM ifInRate ORDER BY device.
    const devices = await data({ targets: [{ nsgql: 'SELECT DISTINCT device FROM ifInRate ORDER BY device', format: 'list', id: 'A' }] });
    t.same(devices, sortText(ifIn.map((i) => i.device)));
  });

  t.test('newest releases: the FROM menu in format json (src/services/nsgql-helper.ts variablesSQL)', async (t) => {
    // NSQLQuery({select: ['*'], distinct: true, from: 'variables', where: [AND, {category: ['<>', '']}], orderBy: ['category']}).compile()
    const nsgql = "SELECT DISTINCT * FROM variables WHERE category <> '' ORDER BY 'category'";
    const [entry] = await data({ targets: [{ nsgql, format: 'json', id: 'A' }] });
    t.same(Object.keys(entry).sort(), ['age', 'dataFreshness', 'id', 'queryId', 'rows', 'server'], 'NSGQLResponseJSON fields');
    t.equal(entry.id, 'A');
    // getNSGVariables groups rows by `category`; the menu shows each row's `name`: one row per variable.
    const names = entry.rows.map((r: { name: string }) => r.name);
    t.same(names.length, new Set(names).size, 'each variable once');
    t.ok(names.includes('ifInRate') && names.includes('cpuUtil'), 'polled variables listed');
    t.ok(entry.rows.every((r: { category: string; unit: unknown }) => typeof r.category === 'string' && r.category !== '' && typeof r.unit === 'string'), 'rows carry category and unit');
    const cats = entry.rows.map((r: { category: string }) => r.category);
    t.same(cats, [...cats].sort(), 'ordered by category');
    // columnsSQL(table): SELECT * FROM <table> LIMIT 0 — no rows, no error.
    const [cols] = await data({ targets: [{ nsgql: 'SELECT * FROM ifInRate LIMIT 0', format: 'json', id: 'B' }] });
    t.same([cols.id, cols.rows], ['B', []], 'LIMIT 0 answers no rows');
    // Ad hoc filters: getTagKeysForAdHocSQL and getTagValuesForAdHoc(facet), both format list.
    const keys = await data({ targets: [{ nsgql: "SELECT facet FROM tags ORDER BY 'facet'", format: 'list', id: 'A' }] });
    t.ok(keys.length > 0 && keys.every((k: unknown) => typeof k === 'string'), 'tag facets for ad hoc keys');
    const facet = keys[0] as string;
    const values = await data({ targets: [
      { nsgql: `SELECT DISTINCT ${facet} FROM devices WHERE ${facet} NOTNULL ORDER BY '${facet}'`, format: 'list', id: 'A' },
      { nsgql: `SELECT DISTINCT ${facet} FROM interfaces WHERE ${facet} NOTNULL ORDER BY '${facet}'`, format: 'list', id: 'B' },
    ] });
    t.ok(values.length > 0 && values.every((v: unknown) => typeof v === 'string'), `words of facet ${facet} for ad hoc values`);
  });
});
