import t from 'tap';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedStore } from '../../store/open-store.js';

/** A data directory whose name has a dot (`netmon.d`, mktemp's `tmp.XXXX`) is a directory, not a database file. */
t.test('data directories with a dot in their name', async (t) => {
  for (const name of ['netmon.d', 'tmp.Ab3xYz', 'data.mdb.dir']) {
    const parent = mkdtempSync(join(tmpdir(), 'netmon-dot-'));
    t.teardown(() => rmSync(parent, { recursive: true, force: true }));
    const dir = join(parent, name);
    for (let round = 0; round < 2; round++) {
      const store = await openEmbeddedStore({ dataDir: dir });
      if (round === 0) await store.meta.put('kv', 'k', { round });
      t.same(store.meta.get('kv', 'k'), { round: 0 }, `${name}: round ${round} reads what was written`);
      await store.close();
    }
    t.ok(statSync(join(dir, 'data.mdb')).isFile(), `${name}: the database lives inside the directory`);
  }
});
