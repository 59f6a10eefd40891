import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes: scrypt (node:crypto) with a random salt per hash; the parameters are stored with
 * the hash, so that hashes made with other parameters keep verifying after the defaults change.
 * Hashing runs in libuv's thread pool (the event loop goes on meanwhile).
 */
export interface PasswordHash {
  readonly alg: 'scrypt';
  /** scrypt's cost N (a power of two), block size r and parallelism p. */
  readonly N: number;
  readonly r: number;
  readonly p: number;
  /** base64 */
  readonly salt: string;
  /** base64, KEY_BYTES long */
  readonly hash: string;
}

export interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/**
 * N = 2^15, r = 8, p = 1: 32 MiB and ≈ 50–100 ms of one core per hash on this class of machine
 * (the parameters RFC 7914 and OWASP name for interactive logins are of this order).
 */
export const DEFAULT_SCRYPT_COST: ScryptCost = Object.freeze({ N: 1 << 15, r: 8, p: 1 });
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Longest password accepted (scrypt takes any length; this bounds the work a request can ask for). */
export const MAX_PASSWORD_CHARS = 1024;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const opts: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r + (1 << 20) };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<PasswordHash> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return { alg: 'scrypt', N: cost.N, r: cost.r, p: cost.p, salt: salt.toString('base64'), hash: key.toString('base64') };
}

/** Whether `password` matches `stored`; compares in constant time. */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const key = await derive(password, Buffer.from(stored.salt, 'base64'), stored);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Checks a stored hash's shape (decoders of the user record). */
export function isPasswordHash(v: unknown): v is PasswordHash {
  const h = v as Partial<PasswordHash> | null;
  return typeof h === 'object' && h !== null && h.alg === 'scrypt' && isPow2(h.N) && isSmallInt(h.r) && isSmallInt(h.p) &&
    typeof h.salt === 'string' && typeof h.hash === 'string';
}

const isSmallInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 64;
const isPow2 = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 2 && n <= (1 << 22) && (n & (n - 1)) === 0;
