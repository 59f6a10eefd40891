import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { AppError } from '../../core/errors.js';
import type { ApiResponse, RoutedRequest } from '../http/http-types.js';
import type { Router } from '../http/router.js';
import type { ApiContext } from './context.js';

/** Where `npm run build` puts the web UI (ui/ compiled, plus scripts/ui-build.mjs' copies). */
const UI_DIR = fileURLToPath(new URL('../../ui/', import.meta.url));

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** One file of the UI, with its compressed forms made once at start. */
interface StaticFile {
  readonly type: string;
  readonly etag: string;
  readonly raw: Buffer;
  readonly gzip: Buffer | null;
  readonly br: Buffer | null;
}

/** Files below this size are sent as they are (compression would gain less than its headers). */
const COMPRESS_FROM_BYTES = 1024;

/** The UI's servable files in `dir`: regular files (no symbolic link, directory or FIFO) of a known type. */
function servable(dir: string): { name: string; type: string; path: string }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const type = TYPES[extname(entry.name)];
    const path = join(dir, entry.name);
    return type !== undefined && entry.isFile() && lstatSync(path).isFile() ? [{ name: entry.name, type, path }] : [];
  });
}

const ENCODINGS = {
  gzip: { suffix: '.gz', compress: (raw: Buffer) => gzipSync(raw, { level: 9 }) },
  br: { suffix: '.br', compress: (raw: Buffer) => brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) },
} as const;

/**
 * Writes each big file's compressed forms beside it (`app.js.gz`, `app.js.br`): run by `npm run
 * build` (scripts/ui-build.mjs), so that starting the server does not compress the UI (brotli at
 * quality 11 and gzip at level 9 of the UI's files took ~1 s of the main thread).
 */
export function writeCompressedUi(dir: string = UI_DIR): void {
  for (const { path } of servable(dir)) {
    const raw = readFileSync(path);
    if (raw.length < COMPRESS_FROM_BYTES) continue;
    for (const { suffix, compress } of Object.values(ENCODINGS)) writeFileSync(path + suffix, compress(raw));
  }
}

/** A compressed form of the file at `path`: the one the build wrote when it is not older than the
 *  file (a file rebuilt without `npm run build` is compressed here), else made now. */
function compressedForm(path: string, raw: Buffer, { suffix, compress }: (typeof ENCODINGS)[keyof typeof ENCODINGS]): Buffer {
  const written = path + suffix;
  if (existsSync(written) && statSync(written).mtimeMs >= statSync(path).mtimeMs) return readFileSync(written);
  return compress(raw);
}

function loadFiles(dir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  // Read once at start, never per request.
  for (const { name, type, path } of servable(dir)) {
    const raw = readFileSync(path);
    const etag = `"${createHash('sha1').update(raw).digest('base64url').slice(0, 20)}"`;
    const big = raw.length >= COMPRESS_FROM_BYTES;
    files.set(name, {
      type, etag, raw,
      gzip: big ? compressedForm(path, raw, ENCODINGS.gzip) : null,
      br: big ? compressedForm(path, raw, ENCODINGS.br) : null,
    });
  }
  return files;
}

/**
 * The web UI (issue 15), served by the API's own server: `GET /` is the page (index.html), `GET
 * /ui/:file` its scripts, styles and vendored modules. Public: the login form must load before
 * anyone is logged in; the data it shows comes from the API's own authenticated calls.
 *
 * Caching: every answer carries an ETag and `Cache-Control: no-cache` — the browser keeps the file
 * and asks again with If-None-Match, answered 304 without a body while the file is unchanged (the
 * files are not renamed per build, so a longer max-age would show a stale UI after an upgrade).
 * Compression: brotli or gzip by Accept-Encoding, the forms the build wrote (writeCompressedUi), read
 * once when the server starts; a file without them, or newer than them, is compressed then.
 * When the UI is not built (dist/ui missing), `/` says so (503) instead of a blank page.
 */
export function registerWebUi(router: Router, _ctx: ApiContext, dir: string = UI_DIR): void {
  const files = loadFiles(dir);
  const answer = (req: RoutedRequest, name: string): ApiResponse => {
    const f = files.get(name);
    if (f === undefined) {
      if (name === 'index.html') throw new AppError('UI_NOT_BUILT', 'the web UI is not built: run `npm run build`');
      throw new AppError('NOT_FOUND', `no UI file '${name.length <= 100 ? name : `${name.slice(0, 100)}…`}'`);
    }
    const headers: Record<string, string> = { 'content-type': f.type, etag: f.etag, 'cache-control': 'no-cache', vary: 'Accept-Encoding' };
    if (req.header('if-none-match').split(/\s*,\s*/).includes(f.etag)) return { status: 304, headers, body: null };
    const accept = req.header('accept-encoding');
    if (f.br && /\bbr\b/.test(accept)) return { status: 200, headers: { ...headers, 'content-encoding': 'br' }, body: f.br };
    if (f.gzip && /\bgzip\b/.test(accept)) return { status: 200, headers: { ...headers, 'content-encoding': 'gzip' }, body: f.gzip };
    return { status: 200, headers, body: f.raw };
  };
  router.get('/', (req) => answer(req, 'index.html'), { access: 'public' });
  router.get('/ui/:file', (req) => answer(req, req.params.file!), { access: 'public' });
}
