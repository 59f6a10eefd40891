/**
 * The web UI's files and their compressed forms (api/routes/web-ui.ts): the build writes each big
 * file's .gz and .br beside it; the server sends those, and compresses a file itself when its
 * written forms are missing or older than the file (a file rebuilt without `npm run build`).
 */
import t from 'tap';
import type { Test } from 'tap';
import { mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { silentLogger } from '../../core/logger.js';
import { Router } from '../../api/http/router.js';
import { registerWebUi, writeCompressedUi } from '../../api/routes/web-ui.js';
import type { ApiContext } from '../../api/routes/context.js';

function uiDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-ui-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(join(dir, 'app.js'), `export const big = ${JSON.stringify('a'.repeat(5_000))};\n`);
  return dir;
}

/** A server of the UI in `dir` (its files read now, as at start); GET /ui/<file> with an Accept-Encoding. */
function serve(dir: string) {
  const router = new Router({ logger: silentLogger });
  registerWebUi(router, {} as ApiContext, dir);
  return async (file: string, encoding: string) => {
    const res = await router.handle({ method: 'GET', path: `/ui/${file}`, params: {}, query: new URLSearchParams(), headers: { 'accept-encoding': encoding }, body: Buffer.alloc(0) });
    return { status: res.status, encoding: res.headers['content-encoding'], body: Buffer.from(res.body) };
  };
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

t.test('the build writes the big files\' compressed forms; small files are left as they are', async (t) => {
  const dir = uiDir(t);
  writeCompressedUi(dir);
  t.ok(existsSync(join(dir, 'app.js.br')) && existsSync(join(dir, 'app.js.gz')), 'app.js.br and app.js.gz written');
  t.notOk(existsSync(join(dir, 'index.html.br')) || existsSync(join(dir, 'index.html.gz')), 'none for a file under 1 KiB');
  const get = serve(dir);
  t.equal((await get('app.js.br', 'br')).status, 404, 'a compressed form is not a UI file of its own');
});

// [case, prepare the directory, the content each encoding must decode to]
const cases: [string, (dir: string) => void, string][] = [
  ['written forms are sent', (dir) => writeCompressedUi(dir), `export const big = ${JSON.stringify('a'.repeat(5_000))};\n`],
  ['no written forms: compressed at start', () => {}, `export const big = ${JSON.stringify('a'.repeat(5_000))};\n`],
  ['written forms older than the file: the file is compressed again', (dir) => {
    writeCompressedUi(dir);
    writeFileSync(join(dir, 'app.js'), `export const big = ${JSON.stringify('b'.repeat(5_000))};\n`);
    const old = new Date(Date.now() - 60_000);
    for (const f of ['app.js.br', 'app.js.gz']) utimesSync(join(dir, f), old, old);
  }, `export const big = ${JSON.stringify('b'.repeat(5_000))};\n`],
];

t.test('each encoding sends the file\'s current content (table)', async (t) => {
  for (const [name, prepare, content] of cases) {
    const dir = uiDir(t);
    prepare(dir);
    const get = serve(dir);
    for (const encoding of ['br', 'gzip'] as const) {
      const r = await get('app.js', encoding);
      t.equal(r.encoding, encoding, `${name}: ${encoding}`);
      t.equal(decode[encoding](r.body).toString('utf8'), content, `${name}: ${encoding} decodes to the file`);
    }
    const plain = await get('app.js', 'identity');
    t.equal(plain.body.toString('utf8'), content, `${name}: sent as it is without Accept-Encoding`);
  }
});
