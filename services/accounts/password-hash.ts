import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { DeriveKey, ScryptTask } from './password-pool.js';

/**
 * Password hashes: scrypt (node:crypto) with a random salt per hash; the parameters are stored with
 * the hash, so that hashes made with other parameters keep verifying after the defaults change.
 * Keys are derived by the `derive` given: in the server the password pool's threads
 * (password-pool.ts), never libuv's; by default (the CLI, a process of its own) node:crypto's
 * async scrypt in libuv's thread pool. The event loop goes on meanwhile either way.
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

/** node:crypto's async scrypt (libuv's thread pool): where no password pool runs. */
export const libuvScrypt: DeriveKey = (task) => {
  const opts: ScryptOptions = { N: task.N, r: task.r, p: task.p, maxmem: 256 * task.N * task.r + (1 << 20) };
  return new Promise((resolve, reject) => {
    scrypt(task.password, task.salt, task.keyBytes, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
};

/** The scrypt task of a password (NFC-normalized, as every stored hash was made). */
const task = (password: string, salt: Buffer, cost: ScryptCost, keyBytes: number): ScryptTask =>
  ({ password: password.normalize('NFC'), salt, N: cost.N, r: cost.r, p: cost.p, keyBytes });

export async function hashPassword(
  password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST, derive: DeriveKey = libuvScrypt, callerKey = 'hash',
): Promise<PasswordHash> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(task(password, salt, cost, KEY_BYTES), callerKey);
  return { alg: 'scrypt', N: cost.N, r: cost.r, p: cost.p, salt: salt.toString('base64'), hash: key.toString('base64') };
}

/**
 * Whether `password` matches `stored`; compares in constant time. `callerKey` is who asks (the
 * pool's share per caller); a refusal of the pool (RATE_LIMITED, SERVER_BUSY) is thrown.
 */
export async function verifyPassword(password: string, stored: PasswordHash, derive: DeriveKey = libuvScrypt, callerKey = 'verify'): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const key = await derive(task(password, Buffer.from(stored.salt, 'base64'), stored, KEY_BYTES), callerKey);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash no password matches but that costs a check as much as a real one of `cost` (random
 * bytes, no scrypt run): an unknown user is checked against it.
 */
export function unmatchableHash(cost: ScryptCost = DEFAULT_SCRYPT_COST): PasswordHash {
  return { alg: 'scrypt', N: cost.N, r: cost.r, p: cost.p, salt: randomBytes(SALT_BYTES).toString('base64'), hash: randomBytes(KEY_BYTES).toString('base64') };
}

/** Checks a stored hash's shape (decoders of the user record). */
export function isPasswordHash(v: unknown): v is PasswordHash {
  const h = v as Partial<PasswordHash> | null;
  return typeof h === 'object' && h !== null && h.alg === 'scrypt' && isPow2(h.N) && isSmallInt(h.r) && isSmallInt(h.p) &&
    typeof h.salt === 'string' && typeof h.hash === 'string';
}

const isSmallInt = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 64;
const isPow2 = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 2 && n <= (1 << 22) && (n & (n - 1)) === 0;
