import t from 'tap';
import { JsonMemo, MAX_MEMO_TOKENS, memoizeJson } from '../../api/http/json-memo.js';
import type { ApiResponse, RoutedRequest } from '../../api/http/http-types.js';
import { ANONYMOUS } from '../../core/caller.js';
import { rng } from '../fakes/rng.js';


const KEYS = ['a', 'b', 'id', 'name', '0', '1', 'x y', 'é', ''];
const LEAVES: unknown[] = [0, -0, 1, -1.5, 1e21, NaN, Infinity, '', 'a', '{', ']', 'é', null, true, false, undefined];

function randomValue(r: () => number, depth: number): unknown {
  const k = r();
  if (depth <= 0 || k < 0.4) return LEAVES[Math.floor(r() * LEAVES.length)];
  if (k < 0.7) return Array.from({ length: Math.floor(r() * 4) }, () => randomValue(r, depth - 1));
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(r() * 4); i > 0; i--) o[KEYS[Math.floor(r() * KEYS.length)]] = randomValue(r, depth - 1);
  return o;
}

/** A small change somewhere in `v` (in place where possible), or a new value. */
function mutate(r: () => number, v: unknown): unknown {
  if (typeof v !== 'object' || v === null || r() < 0.2) return randomValue(r, 2);
  if (Array.isArray(v)) {
    if (v.length === 0 || r() < 0.3) { v.push(randomValue(r, 1)); return v; }
    const i = Math.floor(r() * v.length);
    v[i] = mutate(r, v[i]);
    return v;
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 0 || r() < 0.3) { o[KEYS[Math.floor(r() * KEYS.length)]] = randomValue(r, 1); return o; }
  const key = keys[Math.floor(r() * keys.length)];
  if (r() < 0.2) { delete o[key]; o[key] = o[key] ?? 1; return o; } // same keys, another order
  o[key] = mutate(r, o[key]);
  return o;
}

t.test('JsonMemo answers exactly what JSON.stringify answers, over random values mutated in place', async (t) => {
  let checked = 0, mismatches = 0;
  for (let seed = 1; seed <= 200; seed++) {
    const r = rng(seed);
    const memo = new JsonMemo();
    let v = randomValue(r, 4);
    if (v === undefined) v = null;
    for (let step = 0; step < 30; step++) {
      // Every other call repeats the same value unchanged (the case the memo is for).
      if (step % 2 === 1) { v = mutate(r, v); if (v === undefined) v = null; }
      const got = memo.encode(v).toString('utf8');
      if (got !== JSON.stringify(v)) mismatches++;
      checked++;
    }
  }
  t.equal(mismatches, 0, `${checked} encodings compared`);
});

t.test('JsonMemo cases', async (t) => {
  class Point { constructor(readonly x: number) {} }
  const cases: { name: string; first: unknown; then: (first: any) => unknown }[] = [
    { name: 'same object, a number changed in place', first: { a: { b: 1 } }, then: (f) => { f.a.b = 2; return f; } },
    { name: 'same object, a key added', first: { a: 1 }, then: (f) => { f.b = 2; return f; } },
    { name: 'same keys, other order', first: { a: 1, b: 2 }, then: () => ({ b: 2, a: 1 }) },
    { name: 'key renamed to a value of the same text', first: { a: 'b' }, then: () => ({ b: 'a' }) },
    { name: 'string "1" and number 1', first: [1], then: () => ['1'] },
    { name: 'null and undefined in an array', first: [null], then: () => [undefined] },
    { name: 'undefined member and missing member', first: { a: undefined, b: 1 }, then: () => ({ b: 1 }) },
    { name: 'array grown', first: [1, 2], then: (f) => { f.push(3); return f; } },
    { name: 'nested array and object swapped', first: { a: [] }, then: () => ({ a: {} }) },
    { name: 'a Date (not memoized)', first: { at: new Date(0) }, then: () => ({ at: new Date(1000) }) },
    { name: 'a class instance (not memoized)', first: { p: new Point(1) }, then: (f) => { (f.p as { x: number }).x = 2; return f; } },
    { name: 'toJSON (not memoized)', first: { a: { toJSON: () => 1 } }, then: () => ({ a: { toJSON: () => 2 } }) },
    { name: 'NaN stays null', first: { a: NaN }, then: (f) => f },
    { name: 'unchanged', first: { a: [1, 'x', { b: null }] }, then: (f) => f },
  ];
  for (const c of cases) {
    const memo = new JsonMemo();
    t.equal(memo.encode(c.first).toString(), JSON.stringify(c.first), `${c.name}: first`);
    const second = c.then(c.first);
    t.equal(memo.encode(second).toString(), JSON.stringify(second), `${c.name}: second`);
    t.equal(memo.encode(second).toString(), JSON.stringify(second), `${c.name}: again`);
  }
});

t.test('JsonMemo reuses the bytes of an unchanged value and not of a large one', async (t) => {
  const memo = new JsonMemo();
  const v = { a: [1, 2, 3], b: 'x' };
  const first = memo.encode(v);
  t.equal(memo.encode({ a: [1, 2, 3], b: 'x' }), first, 'an equal value gets the same Buffer');
  v.a[1] = 5;
  t.not(memo.encode(v), first, 'a changed value is encoded again');
  const big = Array.from({ length: MAX_MEMO_TOKENS + 10 }, (_, i) => i);
  const b1 = memo.encode(big);
  t.not(memo.encode(big), b1, 'a value past MAX_MEMO_TOKENS is not kept');
  t.equal(memo.encode(big).toString(), JSON.stringify(big));
  t.throws(() => memo.encode({ n: 1n }), TypeError, 'what JSON.stringify throws is thrown');
});

t.test('memoizeJson wraps only 200 JSON answers without headers of their own', async (t) => {
  const req = (id: string): RoutedRequest => ({ method: 'GET', path: `/n/${id}`, params: { id }, query: new URLSearchParams(), headers: {}, body: Buffer.alloc(0), caller: ANONYMOUS, header: () => '', remoteAddress: '' });
  let next: ApiResponse | Promise<ApiResponse> = { status: 200, body: { a: 1 } };
  const h = memoizeJson(() => next, (r) => r.params.id);
  const cases: { name: string; res: ApiResponse | Promise<ApiResponse>; wrapped: boolean }[] = [
    { name: 'JSON 200', res: { status: 200, body: { a: 1 } }, wrapped: true },
    { name: 'JSON array 200', res: { status: 200, body: [1] }, wrapped: true },
    { name: 'text', res: { status: 200, body: 'pong' }, wrapped: false },
    { name: 'Buffer', res: { status: 200, body: Buffer.from('x') }, wrapped: false },
    { name: 'null', res: { status: 204, body: null }, wrapped: false },
    { name: 'an error', res: { status: 400, body: { status: 'error' } }, wrapped: false },
    { name: 'own headers', res: { status: 200, headers: { 'x-a': '1' }, body: { a: 1 } }, wrapped: false },
  ];
  for (const c of cases) {
    next = c.res;
    const out = h(req('1')) as ApiResponse;
    if (c.wrapped) {
      t.ok(Buffer.isBuffer(out.body), `${c.name}: encoded`);
      t.equal((out.body as Buffer).toString(), JSON.stringify((c.res as ApiResponse).body), `${c.name}: bytes`);
      t.equal(out.headers?.['content-type'], 'application/json; charset=utf-8', `${c.name}: type`);
    } else {
      t.equal(out, c.res, `${c.name}: untouched`);
    }
  }
  next = { status: 200, body: { net: 1 } };
  const one = (h(req('1')) as ApiResponse).body;
  next = { status: 200, body: { net: 2 } };
  const two = (h(req('2')) as ApiResponse).body;
  next = { status: 200, body: { net: 1 } };
  t.equal((h(req('1')) as ApiResponse).body, one, 'one memo per key');
  t.equal((two as Buffer).toString(), '{"net":2}');
  const p = Promise.resolve({ status: 200, body: { a: 1 } });
  next = p;
  t.equal(h(req('1')), p, 'a promise passes through');
});
