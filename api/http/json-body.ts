import { AppError } from '../../core/errors.js';
import { excerpt } from './errors.js';
import type { ApiRequest } from './http-types.js';

/** Default cap of a request body: 1 MiB is far above any JSON this API accepts. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * Collects a request body in chunks up to `maxBytes`. Past the limit it keeps counting but stops
 * storing, so a transport can drain the rest of the request and still answer 413 cleanly.
 * Chunks are copied: a transport may reuse or neuter its buffers after the call.
 */
export class BodyCollector {
  readonly maxBytes: number;
  private readonly chunks: Buffer[] = [];
  private stored = 0;
  private seen = 0;

  constructor(maxBytes: number = DEFAULT_MAX_BODY_BYTES) {
    if (!Number.isInteger(maxBytes) || maxBytes < 0) throw new Error(`maxBodyBytes must be a non-negative integer, got ${maxBytes}`);
    this.maxBytes = maxBytes;
  }

  /** Adds a chunk; returns false once the body is over the limit. */
  push(chunk: Uint8Array): boolean {
    this.seen += chunk.byteLength;
    if (this.seen > this.maxBytes) return false;
    this.chunks.push(Buffer.from(chunk)); // copy
    this.stored += chunk.byteLength;
    return true;
  }

  get tooLarge(): boolean { return this.seen > this.maxBytes; }
  get bytesSeen(): number { return this.seen; }

  /** The whole body; throws AppError BODY_TOO_LARGE when over the limit. */
  body(): Buffer {
    if (this.tooLarge) throw bodyTooLarge(this.maxBytes);
    return this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.stored);
  }
}

export const bodyTooLarge = (maxBytes: number): AppError =>
  new AppError('BODY_TOO_LARGE', `request body exceeds the limit of ${maxBytes} bytes`);

/**
 * The declared Content-Length (given as the headers or as the header's value), or undefined when
 * absent or empty. Throws AppError BAD_REQUEST when the header is not a plain decimal number.
 */
export function declaredLength(headers: Readonly<Record<string, string>> | string | undefined): number | undefined {
  const v = typeof headers === 'object' ? headers['content-length'] : headers;
  if (v === undefined || v === '') return undefined;
  if (!/^[0-9]{1,15}$/.test(v.trim())) throw new AppError('BAD_REQUEST', `Content-Length '${excerpt(v)}' is not a number`);
  return Number(v.trim());
}

/**
 * The declared length of a request whose Content-Length header came `values.length` times (a
 * transport that sees repeated headers separately passes each): the same number every time is
 * that number; different numbers are AppError BAD_REQUEST. Framing that two parties may read two
 * ways is how requests are smuggled past a proxy, so the transport answers it and closes.
 */
export function declaredLengthOf(values: readonly string[]): number | undefined {
  let length: number | undefined;
  for (let i = 0; i < values.length; i++) {
    const n = declaredLength(values[i]);
    if (i > 0 && n !== length) {
      throw new AppError('BAD_REQUEST', `conflicting Content-Length headers: '${excerpt(values[0])}' and '${excerpt(values[i])}'`);
    }
    length = n;
  }
  return length;
}

/** A JSON media type: `application/json` or `application/<anything>+json`, parameters allowed. */
const JSON_MEDIA_TYPE = /^\s*application\/(?:[!#$%&'*.^_`|~0-9a-z-]+\+)?json\s*(?:;|$)/i;

/**
 * Parses the request body as JSON. The content type must be JSON (`application/json`,
 * `application/<x>+json`, with or without parameters): any other type, or none, is AppError
 * UNSUPPORTED_MEDIA_TYPE (415) — a browser sends a cross-site POST without a preflight only with a
 * form or text type, so a JSON call refuses those. An empty body → BAD_JSON; a syntax error →
 * BAD_JSON naming it.
 */
export function readJson(req: ApiRequest): unknown {
  const type = req.headers['content-type'];
  if (type === undefined || !JSON_MEDIA_TYPE.test(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', type === undefined || type === ''
      ? 'expected a JSON body with content type application/json, got no content type'
      : `expected a JSON body with content type application/json, got '${excerpt(type)}'`);
  }
  if (req.body.length === 0) throw new AppError('BAD_JSON', 'request body is empty; expected JSON');
  try {
    return JSON.parse(req.body.toString('utf8'));
  } catch (err) {
    throw new AppError('BAD_JSON', `request body is not valid JSON: ${excerpt((err as Error).message)}`, { cause: err });
  }
}
