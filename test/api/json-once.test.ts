/**
 * The encode-once JSON answers of api/http/json-once.ts: the bytes are JSON.stringify's, for
 * fresh objects and for objects that share arrays and array elements with earlier ones.
 */
import t from 'tap';
import { jsonOnceEncoder } from '../../api/http/json-once.js';

t.test('the same bytes as JSON.stringify, shared parts or not', async (t) => {
  const encode = jsonOnceEncoder();
  const text = (body: object) => (encode(body).body as Buffer).toString('utf8');
  const dev = { id: 1, name: 'sw"1', tags: ['Role.Core'], x: null, y: 2.5 };
  const links = [{ a: { deviceId: 1 }, b: { deviceId: 2 }, protocol: 'lldp' }];
  const first = { networkId: 1, generation: null, rules: { devRule: "name = 'ü'" }, devices: [dev, { id: 2 }], links };
  const moved = { ...first, devices: [dev, { id: 2, x: 1 }] };
  const cases: [string, object][] = [
    ['a map', first],
    ['the same map again', first],
    ['one device moved: shared links and device', moved],
    ['arrays first and last, empty arrays', { devices: [], a: 1, links: [] }],
    ['no arrays', { status: 'ok', stored: 3 }],
    ['an empty object', {}],
    ['undefined fields left out, numbers and nulls in arrays', { a: undefined, list: [1, null, 'x', [2]], hide: true }],
  ];
  for (const [name, body] of cases) {
    t.equal(text(body), JSON.stringify(body), name);
    t.equal(encode(body).headers?.['content-type'], 'application/json; charset=utf-8', `${name}: JSON type`);
  }
  t.equal(encode(first).body, encode(first).body, 'the same answer sends the same bytes');
});
