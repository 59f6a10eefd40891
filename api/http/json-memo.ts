/**
 * Remembers the JSON encoding of the last value it encoded, so that an answer which has not
 * changed since the previous call (a network's status between two poll cycles) is sent as the
 * same bytes without running JSON.stringify and the UTF-8 encoding again.
 *
 * Equality is decided on a snapshot, not on object identity: the last value is recorded as the
 * flat list of what JSON.stringify visits (keys in their enumeration order, primitives, markers
 * where objects and arrays open and close). A new value whose walk yields the same list encodes
 * to the same text. Only plain objects (prototype Object.prototype or null), arrays, strings,
 * numbers, booleans, null and undefined are walked; any other value (a Date, a Map, a class
 * instance, a BigInt, an object with `toJSON`) makes the value not memoizable and it is simply
 * encoded each time. The snapshot holds primitives only, so later mutation of the encoded objects
 * by their owner cannot make a stale answer look current.
 */
import { JSON_TYPE, type Handler, type RoutedRequest } from './http-types.js';

/** Markers in a snapshot; objects, so that no key or value can be mistaken for one. */
const OPEN_OBJECT = { marker: '{' };
const OPEN_ARRAY = { marker: '[' };
const CLOSE = { marker: '}' };

/** Values a snapshot may hold besides the markers. */
type Token = string | number | boolean | null | undefined | typeof OPEN_OBJECT;

/** A snapshot longer than this is not kept (memoizing large answers costs more than it saves). */
export const MAX_MEMO_TOKENS = 4096;

const isPlainObject = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return (proto === Object.prototype || proto === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
};

/**
 * Appends the snapshot of `v` to `out`; false when `v` holds something this memo does not walk or
 * the snapshot grows past MAX_MEMO_TOKENS.
 */
function snapshot(v: unknown, out: Token[]): boolean {
  if (out.length > MAX_MEMO_TOKENS) return false;
  switch (typeof v) {
    case 'string': case 'number': case 'boolean': case 'undefined':
      out.push(v);
      return true;
    case 'object':
      break;
    default:
      return false; // function, symbol, bigint
  }
  if (v === null) { out.push(null); return true; }
  if (Array.isArray(v)) {
    out.push(OPEN_ARRAY);
    for (let i = 0; i < v.length; i++) if (!snapshot(v[i], out)) return false;
    out.push(CLOSE);
    return true;
  }
  if (!isPlainObject(v)) return false;
  out.push(OPEN_OBJECT);
  const o = v as Record<string, unknown>;
  for (const k in o) {
    out.push(k);
    if (!snapshot(o[k], out)) return false;
  }
  out.push(CLOSE);
  return true;
}

/**
 * Whether the walk of `v` from position `at` of `snap` yields the same tokens; returns the position
 * after `v`, or -1 on the first difference.
 */
function matchAt(v: unknown, snap: readonly Token[], at: number): number {
  if (at >= snap.length) return -1;
  if (typeof v !== 'object' || v === null) return snap[at] === v ? at + 1 : -1;
  if (Array.isArray(v)) {
    if (snap[at] !== OPEN_ARRAY) return -1;
    at++;
    for (let i = 0; i < v.length; i++) {
      at = matchAt(v[i], snap, at);
      if (at < 0) return -1;
    }
    return snap[at] === CLOSE ? at + 1 : -1;
  }
  if (snap[at] !== OPEN_OBJECT || !isPlainObject(v)) return -1;
  at++;
  const o = v as Record<string, unknown>;
  for (const k in o) {
    if (snap[at] !== k) return -1;
    at = matchAt(o[k], snap, at + 1);
    if (at < 0) return -1;
  }
  return snap[at] === CLOSE ? at + 1 : -1;
}

export class JsonMemo {
  private snap: Token[] = [];
  private bytes: Buffer | null = null;

  /**
   * `Buffer.from(JSON.stringify(value))`, reusing the previous result when `value` walks the same
   * as the last value encoded. Throws what JSON.stringify throws.
   */
  encode(value: unknown): Buffer {
    if (this.bytes !== null && matchAt(value, this.snap, 0) === this.snap.length) return this.bytes;
    const bytes = Buffer.from(JSON.stringify(value), 'utf8');
    const snap: Token[] = [];
    if (snapshot(value, snap)) {
      this.snap = snap;
      this.bytes = bytes;
    } else {
      this.snap = [];
      this.bytes = null;
    }
    return bytes;
  }
}

/** A memo is kept for at most this many keys of one route; past it the memos start over. */
const MAX_MEMO_KEYS = 256;

const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'content-type': JSON_TYPE });

/**
 * Wraps a synchronous JSON handler so that its 200 answers without headers of their own are
 * encoded through a JsonMemo per `keyOf(req)` (e.g. the network id): the bytes are the same as
 * the router's own encoding, and an unchanged answer is not encoded again. Other answers, promises
 * and thrown errors pass through untouched.
 */
export function memoizeJson(handler: Handler, keyOf: (req: RoutedRequest) => string): Handler {
  const memos = new Map<string, JsonMemo>();
  return (req) => {
    const res = handler(req);
    if (res instanceof Promise || res.status !== 200 || res.headers !== undefined) return res;
    const body = res.body;
    if (typeof body !== 'object' || body === null || Buffer.isBuffer(body)) return res;
    const key = keyOf(req);
    let memo = memos.get(key);
    if (memo === undefined) {
      if (memos.size >= MAX_MEMO_KEYS) memos.clear();
      memos.set(key, memo = new JsonMemo());
    }
    return { status: 200, headers: JSON_HEADERS, body: memo.encode(body) };
  };
}
