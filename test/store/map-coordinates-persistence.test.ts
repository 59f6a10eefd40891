/**
 * Map coordinates on the real LMDB store: stored coordinates survive a close and reopen, and a
 * kill -9 of the process that stored them right after its calls answered (a write is durable when
 * its promise resolves); a reset (the layout of a new view, stored whole) survives too.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { ANONYMOUS } from '../../core/caller.js';
import { silentLogger } from '../../core/logger.js';
import type { Services } from '../../services/index.js';
import { openEmbeddedStore } from '../../store/open-store.js';
import { NOW_MS } from '../fakes/fake-service.js';
import { FakeMapViews, mapCollector, mapServices } from '../fakes/map-fixture.js';

const CHILD = fileURLToPath(new URL('./map-coordinates-child.js', import.meta.url));
const dirs: string[] = [];
t.teardown(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
const tempStoreDir = () => { const d = mkdtempSync(join(tmpdir(), 'netmon-map-coords-')); dirs.push(d); return d; };

/** Runs `fn` on services over the embedded store in `dir` (view 1: sw1 and sw4 connected), closing it after. */
async function withMaps<R>(dir: string, fn: (s: Services) => Promise<R>): Promise<R> {
  const store = await openEmbeddedStore({ dataDir: dir, logger: silentLogger });
  const views = new FakeMapViews();
  views.set({ id: 1, devRule: "Role = 'Core'", connecting: true });
  views.set({ id: 2, devRule: '' });
  try { return await fn(mapServices(mapCollector(), views, { nowMs: () => NOW_MS }, store.meta)); } finally { await store.close(); }
}

const positions = async (s: Services, view: number) => (await s.maps.map(1, view, ANONYMOUS, {})).devices.map((d) => [d.id, d.x, d.y]);

t.test('coordinates survive a reopen; views keep their own', async (t) => {
  const dir = tempStoreDir();
  const before = await withMaps(dir, async (s) => {
    await s.maps.setCoordinates(1, 1, ANONYMOUS, [{ id: 1, x: 1.5, y: -2 }, { id: 3, x: 30, y: 40 }]);
    await s.maps.layout(1, 2, ANONYMOUS, {}, 'auto');
    return { one: await positions(s, 1), two: await positions(s, 2) };
  });
  t.ok(before.one.every(([, x, y]) => x !== null && y !== null), 'view 1: every device placed (the map call stores the rest)');
  await withMaps(dir, async (s) => {
    t.same(await positions(s, 1), before.one, 'view 1 as stored');
    t.same(await positions(s, 2), before.two, 'view 2: the auto layout as stored');
    await s.maps.setCoordinates(1, 2, ANONYMOUS, [{ id: 5, x: 9999, y: 9999 }]);
    t.not(JSON.stringify(await positions(s, 2)), JSON.stringify(before.two), 'view 2: a device moved');
    await s.maps.layout(1, 2, ANONYMOUS, {}, 'reset');
  });
  await withMaps(dir, async (s) => {
    t.same(await positions(s, 2), before.two, 'the reset persisted: the layout of a new view again (the moved device back)');
    t.same(await positions(s, 1), before.one, 'the other view untouched');
  });
});

t.test('coordinates survive kill -9 of the process that stored them', { timeout: 60_000 }, async (t) => {
  const dir = tempStoreDir();
  const child = spawn(process.execPath, [CHILD, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  t.teardown(() => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL'); });
  const stored = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no STORED line in 30 s: ${out}`)), 30_000);
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /^STORED (.*)$/m.exec(out);
      if (m) { clearTimeout(timer); resolve(m[1]!); }
    });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`child exited with ${code}: ${out}`)); });
  });
  child.kill('SIGKILL');
  await exited;
  t.equal(child.signalCode, 'SIGKILL', 'killed with SIGKILL after its calls answered');
  const answered = JSON.parse(stored) as [number, number | null, number | null][];
  t.ok(answered.some(([, x]) => x !== null), 'the child stored coordinates');
  await withMaps(dir, async (s) => {
    t.same(await positions(s, 1), answered, 'every coordinate the child answered is there after the restart');
  });
});
