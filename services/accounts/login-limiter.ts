import { parseIp, unmapIPv4 } from '../../core/cidr.js';

/**
 * Failed logins per key (a client address group, a user name, or one key for all) (the login call and HTTP Basic): an address that failed
 * `maxFailures` times within a window of `windowMs` (from its first failure) is refused until
 * that window ends. A success clears the address. The table holds at most `maxAddresses`
 * addresses: when full, ended windows are dropped, then the oldest entries (an attacker with many
 * addresses can push others out, never grow the table).
 */
const MAX_LIMITED_ADDRESSES = 10_000;

interface Failures { count: number; readonly sinceMs: number }

export class LoginLimiter {
  private readonly table = new Map<string, Failures>();

  constructor(private readonly maxFailures: number, private readonly windowMs: number, private readonly maxAddresses = MAX_LIMITED_ADDRESSES) {}

  /** Seconds until `address` may try again; 0 when it may now. */
  retryAfterS(address: string, nowMs: number): number {
    const f = this.table.get(address);
    if (f === undefined) return 0;
    const endMs = f.sinceMs + this.windowMs;
    if (nowMs >= endMs) { this.table.delete(address); return 0; }
    return f.count >= this.maxFailures ? Math.max(1, Math.ceil((endMs - nowMs) / 1000)) : 0;
  }

  failed(address: string, nowMs: number): void {
    const f = this.table.get(address);
    if (f !== undefined && nowMs < f.sinceMs + this.windowMs) { f.count++; return; }
    if (f !== undefined) this.table.delete(address);
    if (this.table.size >= this.maxAddresses) this.makeRoom(nowMs);
    this.table.set(address, { count: 1, sinceMs: nowMs });
  }

  succeeded(address: string): void {
    this.table.delete(address);
  }

  /** Takes back one failure counted for `key` in its current window (a check that did not happen, or that passed). */
  forgive(key: string, nowMs: number): void {
    const f = this.table.get(key);
    if (f === undefined || nowMs >= f.sinceMs + this.windowMs) return;
    if (--f.count <= 0) this.table.delete(key);
  }

  /** Addresses held (for tests and metrics). */
  size(): number { return this.table.size; }

  private makeRoom(nowMs: number): void {
    for (const [a, f] of this.table) if (nowMs >= f.sinceMs + this.windowMs) this.table.delete(a);
    // Insertion order is the order of first failures: the oldest go first.
    for (const a of this.table.keys()) {
      if (this.table.size < this.maxAddresses) break;
      this.table.delete(a);
    }
  }
}

/**
 * The key an address's failures are counted under: an IPv4 address as it is (an IPv4-mapped IPv6
 * address, `::ffff:a.b.c.d`, as its IPv4 address), an IPv6 address by its /64 (a single host
 * usually holds a whole /64: counting its addresses apart would give it 2^64 tries), anything else
 * as written.
 */
export function addressGroup(address: string): string {
  const text = unmapIPv4(address);
  const ip = parseIp(text);
  if (ip === null) return text;
  if (ip.bits === 32) return text;
  const prefix = ip.value >> 64n;
  const hextets = [48n, 32n, 16n, 0n].map((s) => ((prefix >> s) & 0xffffn).toString(16));
  return `${hextets.join(':')}::/64`;
}

/** The failure limits of logins (config `auth.maxLoginFailures`, `…PerUser`, `…Total`, `loginFailureWindow`). */
interface LoginLimitsConfig {
  readonly perAddress: number;
  readonly perUser: number;
  readonly total: number;
  readonly windowMs: number;
}

/** Why a login is refused unchecked: which limit, and the seconds until it may be tried again. */
export interface LoginRefusal {
  readonly scope: 'address' | 'user' | 'all';
  readonly retryAfterS: number;
}

/** The one key of the limit of all failures together. */
const ALL = '*';

/**
 * The three limits of failed logins, each counted within `windowMs` from its first failure: per
 * client address group (addressGroup), per user name (existing or not), and all failures together
 * (what many addresses guessing many names would otherwise spread out). A check is refused unchecked
 * while any of its three is at its limit; each check is counted as a failure of all three before
 * its password is checked (`begin`), so that checks sent at once are limited like checks one after
 * another. A match clears its address (as before) and takes back its own count of the user and
 * the total (others' failures on that name still count); a check that did not run (refused by the
 * password pool) takes back all three.
 */
export class LoginLimits {
  readonly byAddress: LoginLimiter;
  readonly byUser: LoginLimiter;
  readonly all: LoginLimiter;

  constructor(readonly config: LoginLimitsConfig, maxKeys = MAX_LIMITED_ADDRESSES) {
    this.byAddress = new LoginLimiter(config.perAddress, config.windowMs, maxKeys);
    this.byUser = new LoginLimiter(config.perUser, config.windowMs, maxKeys);
    this.all = new LoginLimiter(config.total, config.windowMs, 1);
  }

  /** The refusal with the longest wait among the limits `group` and `user` are at, or null. */
  refusal(group: string, user: string, nowMs: number): LoginRefusal | null {
    let worst: LoginRefusal | null = null;
    for (const [scope, limiter, key] of [['address', this.byAddress, group], ['user', this.byUser, user], ['all', this.all, ALL]] as const) {
      const s = limiter.retryAfterS(key, nowMs);
      if (s > 0 && (worst === null || s > worst.retryAfterS)) worst = { scope, retryAfterS: s };
    }
    return worst;
  }

  /** Counts a check as a failure of all three, before it runs. */
  begin(group: string, user: string, nowMs: number): void {
    this.byAddress.failed(group, nowMs);
    this.byUser.failed(user, nowMs);
    this.all.failed(ALL, nowMs);
  }

  /** The check matched: its address is cleared, its own count of the user and the total taken back. */
  succeeded(group: string, user: string, nowMs: number): void {
    this.byAddress.succeeded(group);
    this.byUser.forgive(user, nowMs);
    this.all.forgive(ALL, nowMs);
  }

  /** The check did not run: its counts are taken back. */
  undo(group: string, user: string, nowMs: number): void {
    this.byAddress.forgive(group, nowMs);
    this.byUser.forgive(user, nowMs);
    this.all.forgive(ALL, nowMs);
  }
}
