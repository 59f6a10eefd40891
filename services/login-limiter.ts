/**
 * Failed logins per client address (the login call and HTTP Basic): an address that failed
 * `maxFailures` times within a window of `windowMs` (from its first failure) is refused until
 * that window ends. A success clears the address. The table holds at most `maxAddresses`
 * addresses: when full, ended windows are dropped, then the oldest entries (an attacker with many
 * addresses can push others out, never grow the table).
 */
export const MAX_LIMITED_ADDRESSES = 10_000;

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
