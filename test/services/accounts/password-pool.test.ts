/**
 * services/accounts/password-pool.ts and password-hash.ts: hashes made before the pool (node:crypto's async
 * scrypt, stored as they are) verify on the pool's thread and the other way round (the stored format
 * is unchanged); the pool answers a derivation from its worker file in dist/; a closed pool refuses.
 */
import t from 'tap';
import { isAppError } from '../../../core/errors.js';
import { hashPassword, libuvScrypt, verifyPassword, type PasswordHash } from '../../../services/accounts/password-hash.js';
import { PasswordPool } from '../../../services/accounts/password-pool.js';

/** Hashes as the server stored them before the pool (computed once with node:crypto's scrypt). */
const STORED: [string, string, PasswordHash][] = [
  ['N=1024, r=8, p=1', 'correct horse',
    { alg: 'scrypt', N: 1024, r: 8, p: 1, salt: 'ABEiM0RVZneImaq7zN3u/w==', hash: '9z6SbvYW9Q6FumPpnBhID5zTcxgJr8TK4Asu17Iq9HM=' }],
  ['N=2048, r=4, p=2, a password with non-ASCII letters (NFC)', 'Ünïcode pässword',
    { alg: 'scrypt', N: 2048, r: 4, p: 2, salt: 'ABEiM0RVZneImaq7zN3u/w==', hash: 'AxnCO7ZlGL4wdzjumyhJnjgJjZjGfYyKzPHTsTCtCCw=' }],
];

t.test('stored hashes verify on the pool and with libuv alike; new hashes too', async (t) => {
  const pool = new PasswordPool({ threads: 1, maxQueued: 10, maxPerCaller: 10 });
  t.teardown(() => pool.close());
  for (const [what, password, stored] of STORED) {
    for (const [how, derive] of [['pool', pool.derive], ['libuv', libuvScrypt]] as const) {
      t.equal(await verifyPassword(password, stored, derive), true, `${what}: the right password (${how})`);
      t.equal(await verifyPassword(`${password}!`, stored, derive), false, `${what}: a wrong one (${how})`);
    }
  }
  const cost = { N: 1024, r: 8, p: 1 };
  const byPool = await hashPassword('a new password', cost, pool.derive);
  const byLibuv = await hashPassword('a new password', cost);
  t.equal(await verifyPassword('a new password', byPool, libuvScrypt), true, 'a pool hash verifies with libuv');
  t.equal(await verifyPassword('a new password', byLibuv, pool.derive), true, 'a libuv hash verifies on the pool');
  t.same(Object.keys(byPool).sort(), ['N', 'alg', 'hash', 'p', 'r', 'salt'], 'the stored fields are unchanged');
  t.equal(pool.stats().threads, 1, 'one thread started');
});

t.test('a closed pool refuses at once', async (t) => {
  const pool = new PasswordPool({ threads: 1, maxQueued: 1, maxPerCaller: 1 });
  await verifyPassword('x', STORED[0][2], pool.derive);
  await pool.close();
  const refused = await verifyPassword('x', STORED[0][2], pool.derive).then(() => null, (e: unknown) => e);
  t.ok(isAppError(refused) && refused.code === 'SERVER_BUSY', 'SERVER_BUSY after close');
  t.equal(pool.stats().threads, 0, 'no thread left');
});
