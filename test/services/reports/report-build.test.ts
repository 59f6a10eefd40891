// The utilisation report's build (services/reports/report-build.ts) over a large interface set: store
// rollups asked in batches of UTILISATION_BATCH_SLOTS slots, the window from the start of the hour
// holding now − 24 h, and the content given in pieces (never one string).
import t from 'tap';
import type { VariableInstance } from '../../../core/types.js';
import { UTILISATION_BATCH_SLOTS, UTILISATION_HEADER, buildReport } from '../../../services/reports/report-build.js';
import { ROWS_PER_CHUNK } from '../../../services/reports/report-format.js';
import { MemorySeriesStore } from '../../../store/series/memory-series.js';
import type { SeriesStore } from '../../../store/series/series.js';
import { FakeService } from '../../fakes/fake-service.js';

const H = 3_600_000;
const NOW = Date.UTC(2026, 0, 10, 12, 30);
const WINDOW_START = Date.UTC(2026, 0, 9, 12, 0);
const VARS = ['ifInUtil', 'ifOutUtil', 'ifInRate', 'ifOutRate'];

t.test('utilisation: batched rollups over an aligned window, written in pieces', async (t) => {
  const interfaces = Math.ceil((2 * UTILISATION_BATCH_SLOTS + 5) / VARS.length);
  const instances: VariableInstance[] = [];
  const store = new MemorySeriesStore();
  // Interface i (device 1 + i % 7, index i): every variable gets points at four times; which ones
  // are in the window is the point of the case. Values: slot + k.
  const times = [
    { ts: WINDOW_START - 1, inside: false },      // just before the hour start: out
    { ts: WINDOW_START + 60_000, inside: true },  // before now − 24 h, but in its hour: in
    { ts: NOW - H, inside: true },
    { ts: NOW + 1, inside: false },               // after the run
  ];
  for (let i = 0; i < interfaces; i++) {
    VARS.forEach((name, k) => {
      const slot = i * VARS.length + k;
      instances.push({ slot, name, deviceId: 1 + (i % 7), index: i + 1, deviceName: `d${1 + (i % 7)}`, componentName: `if${i + 1}`, description: '', unit: '', category: '', tags: [] });
      times.forEach((x, j) => store.appendStep(x.ts, Int32Array.of(slot), Float64Array.of(slot + j)));
    });
  }
  let rollups = 0;
  const counting: SeriesStore = Object.assign(Object.create(store) as SeriesStore, {
    rollup: (s: ArrayLike<number>, f: number, to: number) => {
      rollups++;
      t.ok(s.length <= UTILISATION_BATCH_SLOTS && f === WINDOW_START && to === NOW, 'a batch over the aligned window');
      return store.rollup(s, f, to);
    },
  });
  const collector = new FakeService(); // no discovery completed: generation() answers null
  collector.vars.set(1, instances);
  const content = await buildReport({ collector, series: counting }, 'utilisation', 1, 'lab', NOW);
  t.equal(rollups, Math.ceil(interfaces * VARS.length / UTILISATION_BATCH_SLOTS), 'one rollup per batch of slots');
  t.equal(content.rows, interfaces);
  const pieces = [...content.csv()];
  t.equal(pieces.length, 1 + Math.ceil(interfaces / ROWS_PER_CHUNK), 'the CSV in pieces: the header, then ROWS_PER_CHUNK rows each');
  const rows = pieces.join('').split('\r\n').filter((l) => l !== '').map((l) => l.split(','));
  t.same(rows[0], [...UTILISATION_HEADER]);
  const inside = times.map((x, j) => (x.inside ? j : -1)).filter((j) => j >= 0);
  let wrong = 0;
  rows.slice(1).forEach((r, n) => {
    const i = Number(r[2]) - 1;
    if (n === 0) t.same(r.slice(0, 4), ['1', 'd1', '1', 'if1'], 'rows by device, then interface');
    const want: string[] = [];
    for (let k = 0; k < VARS.length; k++) {
      const v = inside.map((j) => i * VARS.length + k + j);
      want.push(String(v.reduce((a, b) => a + b, 0) / v.length), String(Math.max(...v)));
    }
    want.push(String(inside.length));
    if (JSON.stringify(r.slice(5)) !== JSON.stringify(want)) wrong++;
  });
  t.equal(wrong, 0, 'every row: mean and max of the points in the window, and the samples');
  const html = [...content.html()];
  t.ok(html.length > 2 + Math.ceil(interfaces / ROWS_PER_CHUNK) - 1, 'the HTML in pieces too');
  t.ok(html.join('').endsWith('</body></html>\n'));
});
