/**
 * api/middleware/refusal-delay.ts: a refused password check's answer goes after the configured
 * delay (the same answer), at once when the delay is 0 or when the bound of waiting answers is
 * reached; the delay is read at each refusal. A scheduler of the test's own: nothing waits for real time.
 */
import t from 'tap';
import { RefusalDelay } from '../../api/middleware/refusal-delay.js';
import type { ApiResponse } from '../../api/http/http-types.js';

const REFUSAL: ApiResponse = { status: 429, headers: { 'retry-after': '30' }, body: { status: 'error', code: 'LOGIN_RATE_LIMITED', error: 'x' } };

t.test('answers after the delay, at once when it is 0 or when the bound is reached', async (t) => {
  let delayMs = 500;
  const timers: { fn: () => void; ms: number }[] = [];
  const d = new RefusalDelay(() => delayMs, 2, (fn, ms) => { timers.push({ fn, ms }); });
  const first = d.answer(REFUSAL);
  const second = d.answer(REFUSAL);
  t.ok(first instanceof Promise && second instanceof Promise, 'two answers wait');
  t.equal(d.answer(REFUSAL), REFUSAL, 'the third goes at once: the bound of 2 waiting is reached');
  t.equal(d.waiting, 2);
  let settled = false;
  void (first as Promise<ApiResponse>).then(() => { settled = true; });
  await Promise.resolve();
  t.notOk(settled, 'not before its timer fires');
  t.same(timers.map((x) => x.ms), [500, 500], 'each waits the configured delay');
  for (const x of timers) x.fn();
  t.equal(await first, REFUSAL, 'the same answer, after the delay');
  t.equal(await second, REFUSAL);
  t.equal(d.waiting, 0, 'places given back');
  delayMs = 0;
  t.equal(d.answer(REFUSAL), REFUSAL, 'delay 0: at once (read at each refusal)');
});
