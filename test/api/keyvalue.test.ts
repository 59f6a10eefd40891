/**
 * The key-value store through the router (docs/api.md "Key-value store (v2 and
 * legacy)"): handles, identical data, updates and the content index, 404s, opaque bytes, the size
 * limit, v2 and legacy paths on the same records, networks apart.
 */
import t from 'tap';
import { loadConfig } from '../../core/config-load.js';
import { apiFor, call } from '../fakes/call.js';
import { fixture, NOW_MS } from '../fakes/fake-service.js';

const V2 = '/v2/ui/net/1/keyvalue';
const LEGACY = '/api/ui/networks/1/keyvalue';
const HANDLE = /^[A-Za-z0-9_-]{22}$/;

function api(keyValueMaxBytes?: number) {
  const fake = fixture();
  if (keyValueMaxBytes !== undefined) fake.config = loadConfig({ text: `simulator: true\nui: { keyValueMaxBytes: ${keyValueMaxBytes} }\n`, env: {} });
  const { router } = apiFor(fake, NOW_MS);
  const post = (url: string, data: string | Buffer, type?: string) =>
    call(router, 'POST', url, Buffer.isBuffer(data) ? data : Buffer.from(data), type === undefined ? {} : { 'content-type': type });
  /** Creates and returns the handle (fails the test run on anything but 200). */
  const create = async (data: string | Buffer, type?: string, base = V2) => {
    const res = await post(base, data, type);
    if (res.status !== 200) throw new Error(`create: ${res.status} ${res.text}`);
    return res.json.handle as string;
  };
  const read = (handle: string, base = V2) => call(router, 'GET', `${base}/${handle}`);
  /** The answer's bytes as the router encoded them (`call` decodes bodies as UTF-8 text). */
  const readBytes = async (handle: string, base = V2) =>
    router.handle({ method: 'GET', path: `${base}/${handle}`, params: {}, query: new URLSearchParams(), headers: {}, body: Buffer.alloc(0) });
  return { router, post, create, read, readBytes };
}

t.test('create: a handle; identical data gives the same handle', async (t) => {
  const { create, read } = api();
  const h = await create('{"layout":[1,2,3]}', 'application/json');
  t.match(h, HANDLE, 'a URL-safe handle of 22 characters');
  t.equal(await create('{"layout":[1,2,3]}', 'application/json'), h, 'identical data: the existing handle');
  t.equal(await create('{"layout":[1,2,3]}', 'application/json', LEGACY), h, 'the legacy call finds it too');
  t.not(await create('{"layout":[1,2,4]}', 'application/json'), h, 'other data: another handle');
  t.not(await create('{"layout":[1,2,3]}', 'text/plain'), h, 'the same bytes with another content type are other data');
  t.not(await create('{"layout":[1,2,3]}', 'application/json', '/v2/ui/net/2/keyvalue'), h, 'another network has its own records');
  const handles = new Set<string>();
  for (let i = 0; i < 50; i++) handles.add(await create(`block ${i}`));
  t.equal(handles.size, 50, 'distinct data, distinct handles');
  t.notOk([...handles].some((x) => x.includes('block')), 'handles say nothing of the content');
  t.equal((await read(h)).status, 200);
});

t.test('concurrent creates of identical data: one handle', async (t) => {
  const { post } = api();
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i % 2 ? V2 : LEGACY, 'same block')));
  t.same([...new Set(answers.map((a) => a.json.handle))].length, 1, 'every create answered the same handle');
});

t.test('read: exactly the stored bytes, with the content type given at creation or text/plain', async (t) => {
  const { create, readBytes } = api();
  const bytes = Buffer.from([0x00, 0xff, 0xfe, 0xc3, 0x28, 0x0d, 0x0a, 0x7b, 0x00]); // NULs, invalid UTF-8, CRLF
  const cases: { what: string; data: Buffer; type?: string; want: string }[] = [
    { what: 'binary bytes, no content type', data: bytes, want: 'text/plain; charset=utf-8' },
    { what: 'binary bytes as octets', data: Buffer.concat([bytes, Buffer.from([1])]), type: 'application/octet-stream', want: 'application/octet-stream' },
    { what: 'not JSON, a form type', data: Buffer.from('a=1&b=%20'), type: 'application/x-www-form-urlencoded', want: 'application/x-www-form-urlencoded' },
    { what: 'JSON with a charset', data: Buffer.from('{"é":"ü"}'), type: 'application/json; charset=utf-8', want: 'application/json; charset=utf-8' },
    { what: 'an empty block', data: Buffer.alloc(0), want: 'text/plain; charset=utf-8' },
    { what: 'HTML stays inert', data: Buffer.from('<script>alert(1)</script>'), type: 'text/html', want: 'text/html' },
    { what: '200 KiB of random bytes', data: Buffer.from(Array.from({ length: 200 * 1024 }, (_, i) => (i * 7919) % 256)), want: 'text/plain; charset=utf-8' },
  ];
  for (const c of cases) {
    const h = await create(c.data, c.type);
    for (const base of [V2, LEGACY]) {
      const res = await readBytes(h, base);
      t.equal(res.status, 200, `${c.what} (${base}): 200`);
      t.ok(res.body.equals(c.data), `${c.what}: the same bytes`);
      t.equal(res.headers['content-type'], c.want, `${c.what}: content type`);
      t.equal(res.headers['x-content-type-options'], 'nosniff', `${c.what}: not sniffed`);
      t.equal(res.headers['content-security-policy'], "default-src 'none'; sandbox", `${c.what}: sandboxed`);
    }
  }
});

t.test('update: replaces the data; unknown and malformed handles are 404', async (t) => {
  const { post, create, read, router } = api();
  const h = await create('version 1');
  const up = await post(`${V2}/${h}`, '{"version":2}', 'application/json');
  t.equal(up.status, 200, 'update: 200');
  t.equal(up.text, '', 'with an empty body');
  const now = await read(h);
  t.equal(now.text, '{"version":2}', 'read answers the new data');
  t.equal(now.headers['content-type'], 'application/json', 'and the update\'s content type');
  t.equal((await post(`${LEGACY}/${h}`, 'version 3')).status, 200, 'a legacy update of a v2 record');
  t.equal((await read(h)).text, 'version 3');
  t.equal((await read(h)).headers['content-type'], 'text/plain; charset=utf-8', 'no content type: text/plain');

  const unknown = 'AAAAAAAAAAAAAAAAAAAAAA';
  const notFound: [string, string, string][] = [
    ['POST', `${V2}/${unknown}`, 'update, unknown handle'],
    ['POST', `${LEGACY}/${unknown}`, 'legacy update, unknown handle'],
    ['POST', `${V2}/not-a-handle`, 'update, malformed handle'],
    ['GET', `${V2}/${unknown}`, 'read, unknown handle'],
    ['GET', `${LEGACY}/${unknown}`, 'legacy read, unknown handle'],
    ['GET', `${V2}/short`, 'read, malformed handle'],
    ['GET', `${V2}/${'x'.repeat(300)}`, 'read, a long handle'],
    ['GET', `${V2}/${h}%00`, 'read, a handle with a NUL'],
    ['GET', `/v2/ui/net/2/keyvalue/${h}`, 'read, a handle of another network'],
    ['POST', `/v2/ui/net/2/keyvalue/${h}`, 'update, a handle of another network'],
  ];
  for (const [method, url, what] of notFound) {
    const res = await call(router, method, url, Buffer.from('x'));
    t.equal(res.status, 404, `${what}: 404`);
    t.equal(res.json.code, 'UNKNOWN_HANDLE', `${what}: UNKNOWN_HANDLE`);
  }
  t.equal((await read(unknown)).json.error.length < 200, true, 'the message is short');
  t.equal((await call(router, 'GET', '/v2/ui/net/99/keyvalue/AAAAAAAAAAAAAAAAAAAAAA')).json.code, 'UNKNOWN_NETWORK', 'an unknown network is a 404 of its own');
  t.equal((await post(V2, 'x', 'not a type')).status, 400, 'a content type that is not a media type is a 400');
});

t.test('updates keep the content index right', async (t) => {
  const { post, create } = api();
  const a = await create('x');
  const b = await create('y');
  t.equal((await post(`${V2}/${b}`, 'x')).status, 200, 'b now holds what a holds');
  t.equal(await create('x'), a, 'identical data in two records: a create answers the older one');
  t.not(await create('y'), b, 'b\'s old data is no longer b: a create makes a new record');
  t.equal((await post(`${V2}/${a}`, 'z')).status, 200, 'a moves on');
  t.equal(await create('x'), b, 'then b is the one holding x');
  t.equal(await create('z'), a, 'and a holds z');
  t.equal((await post(`${V2}/${a}`, 'z')).status, 200, 'an update with the same data');
  t.equal(await create('z'), a, 'changes nothing');
});

t.test('size limit: ui.keyValueMaxBytes, 413 over it, for creates and updates', async (t) => {
  const { post, create, read } = api(100);
  t.equal((await post(V2, 'a'.repeat(100))).status, 200, '100 bytes: stored');
  const over = await post(V2, 'a'.repeat(101));
  t.equal(over.status, 413, '101 bytes: 413');
  t.equal(over.json.code, 'BODY_TOO_LARGE');
  t.match(over.json.error, /101 bytes is over the limit of 100 bytes \(ui\.keyValueMaxBytes\)/);
  const h = await create('small');
  t.equal((await post(`${V2}/${h}`, 'b'.repeat(101))).status, 413, 'an update over the limit: 413');
  t.equal((await read(h)).text, 'small', 'and the record is unchanged');
  t.equal((await post(LEGACY, Buffer.alloc(101))).status, 413, 'legacy create');
  const dflt = api();
  t.equal((await dflt.post(V2, Buffer.alloc(256 * 1024, 1))).status, 200, 'default limit: 256 KiB stored');
  t.equal((await dflt.post(V2, Buffer.alloc(256 * 1024 + 1, 1))).status, 413, 'one byte more: 413');
});
