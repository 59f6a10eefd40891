/**
 * What only the LMDB metadata store can show: transactions and repository counters survive
 * closing and reopening the environment, and a write that LMDB itself refuses when the
 * transaction commits (a key over its size limit) undoes the whole transaction.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import type { MetaStore } from '../../store/meta/meta.js';
import { Repository } from '../../store/meta/repository.js';
import { withLmdbMeta } from '../fakes/lmdb-meta.js';

const dirs: string[] = [];
t.teardown(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });

interface ReopenCase {
  name: string;
  /** Writes, then the store is closed. */
  before: (meta: MetaStore) => Promise<void>;
  /** Reads from the reopened store: [what, got, want]. */
  after: (meta: MetaStore) => Promise<[string, unknown, unknown][]>;
}

const repo = (meta: MetaStore) => new Repository<{ name: string }>(meta, 'things');

const reopenCases: ReopenCase[] = [
  {
    name: 'a transaction\'s writes in two namespaces',
    before: async (meta) => {
      await meta.put('b', 'gone', 1);
      await meta.transaction((tx) => { tx.put('a', [1, 'x'], { deep: [1, 2] }); tx.put('b', 'k', 'v'); tx.remove('b', 'gone'); });
    },
    after: async (meta) => [
      ['a [1, x]', meta.get('a', [1, 'x']), { deep: [1, 2] }],
      ['b k', meta.get('b', 'k'), 'v'],
      ['b gone', meta.get('b', 'gone'), undefined],
    ],
  },
  {
    name: 'a counter after concurrent updates',
    before: async (meta) => { await Promise.all(Array.from({ length: 200 }, () => meta.update<number>('c', 'n', (n) => (n ?? 0) + 1))); },
    after: async (meta) => [['n', meta.get('c', 'n'), 200]],
  },
  {
    name: 'a repository\'s ids and versions',
    before: async (meta) => {
      const r = repo(meta);
      for (const name of ['one', 'two', 'three']) await r.create({ name });
      await r.update(1, () => ({ name: 'ONE' }));
      await r.remove(3);
    },
    after: async (meta) => {
      const r = repo(meta);
      const listed = r.list();
      const made = await r.create({ name: 'four' });
      return [
        ['records', listed, [{ id: 1, version: 2, data: { name: 'ONE' } }, { id: 2, version: 1, data: { name: 'two' } }]],
        ['next id: the removed 3 is not handed out again', made.id, 4],
      ];
    },
  },
];

for (const c of reopenCases) {
  await t.test(`reopened: ${c.name}`, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'meta-reopen-')); dirs.push(dir);
    await withLmdbMeta(dir, c.before);
    for (const [what, got, want] of await withLmdbMeta(dir, c.after)) t.same(got, want, what);
  });
}

await t.test('a write refused at commit undoes the whole transaction', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'meta-refused-')); dirs.push(dir);
  await withLmdbMeta(dir, async (meta) => {
    await meta.put('a', 'k', 0);
    const tooLong = 'x'.repeat(3000); // LMDB keys are at most 1978 bytes
    await t.rejects(meta.transaction((tx) => {
      tx.put('a', 'k', 1);
      tx.put('fresh', 'k', 1); // a namespace first opened by this transaction
      tx.put('a', tooLong, 1);
    }));
    t.equal(meta.get('a', 'k'), 0, 'the earlier write is undone');
    t.equal(meta.get('fresh', 'k'), undefined, 'so is the one to the new namespace');
    await meta.transaction((tx) => { tx.put('fresh', 'k', 2); });
    t.equal(meta.get('fresh', 'k'), 2, 'which is usable afterwards');
  });
  await withLmdbMeta(dir, async (meta) => { t.equal(meta.get('fresh', 'k'), 2, 'and after reopening'); });
});
