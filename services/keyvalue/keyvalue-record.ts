import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../core/errors.js';

/** The content type of data stored without one. */
const DEFAULT_CONTENT_TYPE = 'text/plain; charset=utf-8';

/** A key-value record as it is stored; the key is [networkId, handle]. */
export interface KeyValueRecord {
  /** The bytes as they were sent. */
  readonly data: Buffer;
  readonly contentType: string;
  /** `contentKey` of data and type: the record's entry in the content index. */
  readonly contentKey: string;
  readonly createdAtMs: number;
  readonly updatedAtMs: number;
}

/** 128 random bits, base64url: 22 characters, URL-safe, unrelated to the content. */
const HANDLE_BYTES = 16;
const HANDLE_RE = /^[A-Za-z0-9_-]{22}$/;

export const newHandle = (): string => randomBytes(HANDLE_BYTES).toString('base64url');

/** Whether `text` can be a handle at all: a malformed one names no record, without a store read. */
export const isHandle = (text: string): boolean => HANDLE_RE.test(text);

/**
 * The identity of a record's content: SHA-256 of the content type and the bytes, base64url. Two
 * records have identical data when both are the same (text/plain and application/json bytes that
 * happen to match are different data: each is answered with its own type).
 */
export function contentKey(contentType: string, data: Buffer): string {
  return createHash('sha256').update(contentType).update('\n').update(data).digest('base64url');
}

/** Longest content type kept: media types are short; the value is sent back as a header. */
const MAX_CONTENT_TYPE_CHARS = 200;
/** `type/subtype` (RFC 9110 tokens), then optional parameters of printable ASCII. */
const MEDIA_TYPE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*;[\x20-\x7e]*)?$/;

/**
 * The content type to store: the request's (trimmed), or DEFAULT_CONTENT_TYPE when it sent none.
 * One that is not a media type (or over 200 characters) is a BAD_REQUEST: it would be sent back
 * as a header.
 */
export function storedContentType(header: string | undefined): string {
  const t = header?.trim() ?? '';
  if (t === '') return DEFAULT_CONTENT_TYPE;
  if (t.length > MAX_CONTENT_TYPE_CHARS || !MEDIA_TYPE.test(t)) {
    throw new AppError('BAD_REQUEST', `content type '${t.length > 100 ? `${t.slice(0, 100)}…` : t}' is not a media type (type/subtype[; parameters])`);
  }
  return t;
}

/** Checks a stored record (the store hands bytes back as a Buffer or, in memory, a Uint8Array). */
export function decodeKeyValueRecord(raw: unknown, what: string): KeyValueRecord {
  const r = raw as Partial<Record<keyof KeyValueRecord, unknown>> | null;
  const ok = typeof r === 'object' && r !== null && r.data instanceof Uint8Array && typeof r.contentType === 'string' &&
    typeof r.contentKey === 'string' && typeof r.createdAtMs === 'number' && typeof r.updatedAtMs === 'number';
  if (!ok) throw new AppError('INTERNAL', `${what}: bad stored key-value record`);
  const data = r.data as Uint8Array;
  return { ...(r as KeyValueRecord), data: Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength) };
}
