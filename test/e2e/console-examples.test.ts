import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { startServerReady, tempDir, waitFor, writeSimulatedConfig } from '../fakes/helpers.js';

/**
 * Every example the SvcQL console ships (ui/src/console-examples.ts, imported in its built form),
 * and every statement of docs/svcql.md's `sql` blocks, runs on the built server's simulated network through the query API without an error, and an
 * example that states a meaning answers it: "Peak rate per device" is, for each device, the largest
 * of its interfaces' peaks, read through the same API interface by interface over the same range.
 */
interface ConsoleExample { title: string; svcql: string; means?: string }
const { EXAMPLES } = await import(new URL('../../ui/console-examples.js', import.meta.url).href) as { EXAMPLES: readonly ConsoleExample[] };

const POLL_MS = 2000;

/**
 * The statements of docs/svcql.md's runnable blocks (fenced as `sql`; other blocks are grammar,
 * errors or matching expressions): a statement starts on a line that starts with SELECT.
 */
function docStatements(): string[] {
  const text = readFileSync(new URL('../../../docs/svcql.md', import.meta.url), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^( *)```sql\n([\s\S]*?)^\1```$/gm)) {
    const lines = m[2]!.split('\n').map((l) => l.trim()).filter((l) => l !== '');
    for (const l of lines) {
      if (/^SELECT\b/.test(l) || out.length === 0) out.push(l);
      else out[out.length - 1] += `\n${l}`;
    }
  }
  return out;
}

t.test('every console example answers on the simulated network, and means what it says', { timeout: 180_000 }, async (t) => {
  t.ok(EXAMPLES.length >= 5, 'the console ships its examples');
  const dir = tempDir(t, 'netmon-console-examples-');
  const config = writeSimulatedConfig(dir, { devices: 4, interfacesPerDevice: 4, pollInterval: `${POLL_MS / 1000}s` });
  const { base } = await startServerReady(t, config, join(dir, 'data'));
  const query = async (svcql: string, range: { from: number; until: number }): Promise<any[]> => {
    const r = await fetch(`${base}/v2/query/net/1/data/`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: range.from, until: range.until, targets: [{ id: 'A', svcql, format: 'table' }] }),
    });
    t.equal(r.status, 200, `${svcql}: 200`);
    return r.json() as Promise<any[]>;
  };
  const from = Date.now();
  // A range that ends well before now (five poll intervals), so that no point is written into it
  // between the calls compared below; several points per interface in it.
  const range = { from, until: 0 };
  const perInterface = await waitFor(async () => {
    range.until = Date.now() - 5 * POLL_MS;
    if (range.until - from < 4 * POLL_MS) return undefined;
    const [e] = await query('SELECT device, component, tsmax(metric) AS peak FROM ifInRate', range);
    const rows = (e?.rows ?? []) as [string, string, number | null][];
    return rows.length >= 16 && rows.every((r) => typeof r[2] === 'number') ? rows : undefined;
  }, 120_000, 'every interface has a peak in the range', POLL_MS);
  const peakOf = new Map<string, number>();
  for (const [device, , peak] of perInterface) peakOf.set(device, Math.max(peakOf.get(device) ?? -Infinity, peak as number));
  t.equal(peakOf.size, 4, 'four devices');

  for (const x of EXAMPLES) {
    const entries = await query(x.svcql, range);
    t.equal(entries.length, 1, `${x.title}: one answer`);
    t.notOk('error' in entries[0], `${x.title}: no error (${entries[0]?.error ?? ''})`);
    t.equal(entries[0].type, 'table', `${x.title}: a table`);
    t.ok(entries[0].rows.length > 0 || /operStatus != 'up'/.test(x.svcql), `${x.title}: rows`);
    if (x.means === 'peak-per-device') {
      const answered = new Map((entries[0].rows as [string, number][]).map(([d, p]) => [d, p]));
      t.same(answered, peakOf, `${x.title}: each device's largest interface peak`);
    }
  }
  t.ok(EXAMPLES.some((x) => x.means === 'peak-per-device'), 'the peak example is among them');

  const docs = docStatements();
  t.ok(docs.length >= 5, `docs/svcql.md: ${docs.length} runnable statements`);
  for (const svcql of docs) {
    const entries = await query(svcql, range);
    t.ok(entries.length >= 1 && entries.every((e) => !('error' in e) && e.type === 'table'), `docs/svcql.md: ${svcql}: a table, no error (${JSON.stringify(entries[0]?.error ?? '')})`);
    if (/max\(tsmax\(metric\)\) AS peak FROM ifInRate GROUP BY device/.test(svcql)) {
      t.same(new Map((entries[0].rows as [string, number][]).map(([d, p]) => [d, p])), peakOf, `docs/svcql.md: ${svcql}: each device's largest interface peak`);
    }
  }
});
