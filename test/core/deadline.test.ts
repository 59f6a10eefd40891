/** core/deadline.ts: an outbound call's deadline always fires, the caller's signal cancels, and nothing stays armed once settled. */
import t from 'tap';
import { DeadlineError, isDeadlineError, withDeadline } from '../../core/deadline.js';

t.test('a call that never settles rejects with DeadlineError and its signal aborts', async (t) => {
  let seen: AbortSignal | null = null;
  const err = await withDeadline(30, (signal) => { seen = signal; return new Promise<never>(() => {}); }).catch((e: unknown) => e);
  t.ok(err instanceof DeadlineError);
  t.ok(isDeadlineError(err));
  t.equal((err as DeadlineError).message, 'no answer within 30 ms');
  t.equal(seen!.aborted, true, 'the call was told');
  t.equal(seen!.reason, err);
});

t.test('the outcome of a call that settles in time, and the names in messages', async (t) => {
  t.equal(await withDeadline(1000, async () => 7), 7);
  await t.rejects(withDeadline(1000, async () => { throw new Error('boom'); }), /boom/);
  await t.rejects(withDeadline(0, () => new Promise(() => {}), { what: 'the receiver' }), /^the receiver: no answer within 0 ms$/);
  t.notOk(isDeadlineError(new Error('x')));
  t.ok(isDeadlineError(Object.assign(new Error('wrapped'), { cause: new DeadlineError(5) })));
});

t.test('the caller\'s signal cancels at once with its reason; an aborted one never starts the call', async (t) => {
  const ac = new AbortController();
  const p = withDeadline(60_000, () => new Promise<never>(() => {}), { signal: ac.signal });
  ac.abort(new Error('closing'));
  await t.rejects(p, /closing/);
  let ran = false;
  await t.rejects(withDeadline(1000, async () => { ran = true; }, { signal: ac.signal }), /closing/);
  t.equal(ran, false);
});

t.test('no listener stays on the caller\'s signal once settled (many calls, one signal)', async (t) => {
  const ac = new AbortController();
  let added = 0, removed = 0;
  const add = ac.signal.addEventListener.bind(ac.signal), remove = ac.signal.removeEventListener.bind(ac.signal);
  ac.signal.addEventListener = ((...a: Parameters<typeof add>) => { added++; add(...a); }) as typeof add;
  ac.signal.removeEventListener = ((...a: Parameters<typeof remove>) => { removed++; remove(...a); }) as typeof remove;
  for (let i = 0; i < 100; i++) await withDeadline(1000, async () => i, { signal: ac.signal });
  t.equal(added, 100);
  t.equal(removed, 100);
});
