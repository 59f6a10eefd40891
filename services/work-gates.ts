import type { Caller } from '../core/caller.js';
import { DEFAULT_LIMITS, LIMIT_NAMES, type LimitName, type LimitsConfig } from '../core/config-limits.js';
import type { Config } from '../core/config-schema.js';
import { WorkGate, type WorkBounds, type WorkGateStats } from '../core/work-gate.js';

/** What a caller's key is made of: the caller, and the client's address for anonymous calls. */
export interface CallerRef {
  readonly caller: Caller;
  readonly address: string;
}

/**
 * The key a gate counts a caller's share under: the user's name, the token's id, or — when
 * authentication is off (anonymous) — the client's address.
 */
export function callerKey(ref: CallerRef): string {
  const c = ref.caller;
  switch (c.kind) {
    case 'user': return `user:${c.name}`;
    case 'token': return `token:${c.tokenId}`;
    default: return `address:${ref.address || 'unknown'}`;
  }
}

/** What the gates are named in their refusals (and in /metrics: the config key). */
const LABELS: Readonly<Record<LimitName, string>> = {
  reportRuns: 'report runs (limits.reportRuns)',
  actions: 'long actions (limits.actions)',
  discovery: 'discovery submissions and starts (limits.discovery)',
};

export interface WorkGateReport extends WorkGateStats {
  readonly name: LimitName;
  readonly bounds: WorkBounds;
}

/**
 * The server's work gates (core/work-gate.ts), one per kind of expensive work a caller can start
 * (config `limits:`, core/config-limits.ts). The bounds follow the running configuration: a reload
 * (which swaps the Config whole) is seen at the next admission, work already admitted keeps its place.
 */
export class WorkGates {
  private readonly gates = new Map<LimitName, WorkGate>();
  private seen: LimitsConfig | undefined;

  constructor(private readonly config: () => Config) {
    const limits = this.limits();
    for (const n of LIMIT_NAMES) this.gates.set(n, new WorkGate(LABELS[n], limits[n]));
    this.seen = limits;
  }

  private limits(): LimitsConfig { return this.config().limits ?? DEFAULT_LIMITS; }

  /** The gate `name`, with the running configuration's bounds. */
  gate(name: LimitName): WorkGate {
    const limits = this.limits();
    if (limits !== this.seen) {
      for (const n of LIMIT_NAMES) this.gates.get(n)!.setBounds(limits[n]);
      this.seen = limits;
    }
    return this.gates.get(name)!;
  }

  /** Every gate's bounds and counters (for /metrics and the healthcheck). */
  stats(): WorkGateReport[] {
    return LIMIT_NAMES.map((n) => { const g = this.gate(n); return { name: n, bounds: g.limits, ...g.stats() }; });
  }
}
