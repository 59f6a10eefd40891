import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Random secrets (access tokens, session ids) and their digests. A secret is 32 random bytes
 * (256 bits) in base64url; only its SHA-256 digest is stored. A fast hash is enough for secrets of
 * that entropy — nobody can try 2^256 of them, so a slow KDF (as for passwords, which people
 * choose) would only make the per-request check costly — and a digest found in the store or a
 * backup is no credential.
 */
const TOKEN_PREFIX = 'nmt_';

/** A new access token: `nmt_` and 43 base64url characters. */
export const newToken = (): string => TOKEN_PREFIX + randomBytes(32).toString('base64url');

/** A new session id: 43 base64url characters. */
export const newSessionId = (): string => randomBytes(32).toString('base64url');

/** The stored form of a secret: SHA-256, hex (64 characters). */
export const secretDigest = (secret: string): string => hash('sha256', secret, 'hex');

/** A digest's bytes for `sameDigest` (made once per stored digest). */
export const digestBytes = (digest: string): Buffer => Buffer.from(digest, 'latin1');

/** Where `sameDigest` puts a request's digest (no allocation per call; JavaScript runs one call at a time). */
const scratch = Buffer.alloc(64);

/** Constant-time equality of a hex digest and a stored one's bytes (false when the lengths differ). */
export function sameDigest(digest: string, stored: Buffer): boolean {
  if (digest.length !== stored.length || digest.length !== scratch.length) return false;
  scratch.write(digest, 0, 'latin1');
  return timingSafeEqual(scratch, stored);
}

/** Longest credential text looked at (a token, a session id, a Basic header): longer is bad at once. */
export const MAX_CREDENTIAL_CHARS = 4096;
