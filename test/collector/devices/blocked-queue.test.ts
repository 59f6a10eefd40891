// The blocked list (config entries read-only, ids stable across restarts; API entries persisted)
// and the submission queue (order, concurrency, pause, one drain notice after changes).
import t from 'tap';
import { BlockedList } from '../../../collector/devices/blocked-list.js';
import { SubmissionQueue, type Submission } from '../../../collector/devices/submission-queue.js';
import type { TaskHandle } from '../../../core/ports/tasks.js';
import { MemoryMetaStore } from '../../../store/meta/memory-meta.js';

t.test('blocked list', async (t) => {
  const meta = new MemoryMetaStore();
  const b = await BlockedList.open(meta, 1, ['10.0.0.9', '10.1.0.0/16'], 5);
  const [c1, c2] = b.all();
  t.match([c1, c2], [{ address: '10.0.0.9', origin: 'config', user: 'config' }, { address: '10.1.0.0/16', origin: 'config' }]);
  const api = await b.add({ address: '192.0.2.0/30', comment: 'lab' }, 'alice', 7);
  t.match(api, { origin: 'api', comment: 'lab', user: 'alice', createdAtMs: 7 });
  const cases: [string, boolean][] = [['10.0.0.9', true], ['10.0.0.8', false], ['10.1.200.3', true], ['192.0.2.3', true], ['192.0.2.4', false], ['fd00::1', false]];
  for (const [a, want] of cases) t.equal(b.isBlocked(a), want, a);

  await t.rejects(b.add({ address: 'host.example' }, 'alice', 8), { code: 'BAD_PARAMETER' }, 'a name is not an address or range');
  await t.rejects(b.add({ address: '10.0.0.0/33' }, 'alice', 8), { code: 'BAD_PARAMETER' });
  await t.rejects(b.update(c1!.id, { address: '10.0.0.10' }), { code: 'READ_ONLY' }, 'config entries are read-only');
  await t.rejects(b.update(999, { address: '10.0.0.10' }), { code: 'UNKNOWN_BLOCK' });
  await t.rejects(b.remove([api.id, c2!.id]), { code: 'READ_ONLY' });
  t.ok(b.isBlocked('192.0.2.1'), 'a refused removal removes nothing');
  t.match(await b.update(api.id, { address: '192.0.2.8/30' }), { id: api.id, address: '192.0.2.8/30', comment: 'lab' });

  // A restart with one config entry gone and one added: ids of kept entries stay.
  const again = await BlockedList.open(meta, 1, ['10.1.0.0/16', '10.2.0.1'], 9);
  t.same(again.all().map((e) => [e.id, e.address, e.origin]), [[c2!.id, '10.1.0.0/16', 'config'], [api.id, '192.0.2.8/30', 'api'], [api.id + 1, '10.2.0.1', 'config']]);
  t.same(await again.remove([api.id, api.id, 4242]), { removed: [api.id], unknown: [4242] });
  t.notOk((await BlockedList.open(meta, 1, [], 10)).all().length, 'no config entries, the API one removed: empty');
  t.same((await BlockedList.open(meta, 2, [], 10)).all(), [], 'networks do not share lists');
});

t.test('submission queue', async (t) => {
  const events: string[] = [];
  let drained = 0;
  const q = new SubmissionQueue(2, () => drained++);
  const task = { fail: (e: string) => events.push(`fail ${e}`) } as unknown as TaskHandle;
  const gates = new Map<string, () => void>();
  const sub = (address: string, changed: boolean): Submission => ({
    address, taskId: 1, queuedAtMs: 0, reason: 'api', task,
    run: () => { events.push(`run ${address}`); return new Promise<boolean>((r) => gates.set(address, () => r(changed))); },
  });
  q.pause();
  q.push(sub('a', false)); q.push(sub('b', true)); q.push(sub('c', false));
  t.match(q.view(2), { paused: true, running: [], queued: [{ address: 'a' }, { address: 'b' }], total: 3 }, 'paused: nothing runs; the view is limited');
  q.resume();
  t.same(events, ['run a', 'run b'], 'two at once, in order');
  t.ok(q.has('c') && q.has('a') && !q.has('d'));
  gates.get('a')!(); await new Promise((r) => setImmediate(r));
  t.same(events, ['run a', 'run b', 'run c']);
  gates.get('b')!(); gates.get('c')!(); await new Promise((r) => setImmediate(r));
  t.equal(drained, 1, 'one drain notice after a change');
  q.push(sub('d', false)); gates.get('d')!(); await new Promise((r) => setImmediate(r));
  t.equal(drained, 1, 'no notice when nothing changed');
  q.pause(); q.push(sub('e', true));
  await q.stop();
  t.same(events.at(-1), 'fail the collector is stopping', 'stop fails what waits');
});
