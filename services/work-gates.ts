import type { Caller } from '../core/caller.js';
import { DEFAULT_LIMITS, LIMIT_NAMES, type LimitName, type LimitsConfig } from '../core/config-limits.js';
import type { Config } from '../core/config-schema.js';
import type { ComponentHealth } from '../core/ports/networks.js';
import { WorkGate, type WorkBounds, type WorkGateStats } from '../core/work-gate.js';

/** What a caller's key is made of: the caller, and the client's address for anonymous calls. */
interface CallerRef {
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

interface WorkGateReport extends WorkGateStats {
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

  /** Config keys read at each admission through the holder: a reload applies them with the swap (core/config-applier.ts). */
  static readonly configKeys: readonly string[] = ['limits'];

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

  /**
   * Admission of a background task under gate `name` for `key`, decided now: throws RATE_LIMITED
   * (429) or SERVER_BUSY (503) before anything is begun. The returned function hands over the work,
   * which starts on a later turn of the event loop once a place is free (at once when one is); the
   * place is held until the work settles. Not handing it over (the caller threw meanwhile) gives
   * the place back.
   */
  admit(name: LimitName, key: string): (work: () => Promise<unknown>) => void {
    let body: (() => Promise<unknown>) | null = null;
    const later = async (): Promise<void> => {
      await new Promise<void>((r) => setImmediate(r));
      if (body) await body();
    };
    void this.gate(name).start(key, later).catch(() => undefined);
    return (work) => { body = work; };
  }

  /**
   * A place under a gate without a queue of its own (`discovery`: maxQueued 0), taken now for `key`:
   * throws RATE_LIMITED (429) or SERVER_BUSY (503) before anything is begun. The caller then begins
   * the work and must call the returned function once, with what the place is held until (a task's
   * end), or with null to give it back (the work could not begin).
   */
  hold(name: LimitName, key: string): (until: Promise<unknown> | null) => void {
    // Wrapped: a promise resolved with a promise would adopt it.
    let settle!: (handed: { until: Promise<unknown> | null }) => void;
    const handed = new Promise<{ until: Promise<unknown> | null }>((r) => { settle = r; });
    void this.gate(name).start(key, async () => {
      const { until } = await handed;
      if (until) await until.catch(() => undefined);
    }).catch(() => undefined);
    return (until) => settle({ until });
  }

  /**
   * `hold` around `begin` (which begins a background task and answers at once): the place is held
   * until the task `taskOf` names has ended (`ended`), or given back at once when `begin` throws or
   * names no task.
   */
  async holdTask<T>(name: LimitName, key: string, begin: () => T | Promise<T>, taskOf: (r: T) => number | null, ended: (taskId: number) => Promise<void>): Promise<T> {
    const release = this.hold(name, key);
    let r: T;
    try { r = await begin(); } catch (e) { release(null); throw e; }
    const id = taskOf(r);
    release(id === null ? null : ended(id));
    return r;
  }

  /**
   * The healthcheck's `work` component: `degraded` (still healthy) while a gate is full — every
   * place and its whole queue taken, so new calls of that kind are refused with 503 — else `ok`;
   * the detail gives each gate's running and waiting against its bounds and its refusals since start.
   */
  health(): ComponentHealth {
    const all = this.stats();
    const full = all.filter((g) => g.running >= g.bounds.maxRunning && g.queued >= g.bounds.maxQueued);
    const detail = all.map((g) => `${g.name} ${g.running}/${g.bounds.maxRunning} running, ${g.queued}/${g.bounds.maxQueued} waiting, ` +
      `${g.refusedCaller + g.refusedFull} refused`).join('; ');
    return full.length > 0
      ? { healthy: true, status: 'degraded', detail: `full (new calls refused with 503): ${full.map((g) => g.name).join(', ')}; ${detail}` }
      : { healthy: true, status: 'ok', detail };
  }

  /** Every gate's bounds and counters (for /metrics and the healthcheck). */
  stats(): WorkGateReport[] {
    return LIMIT_NAMES.map((n) => { const g = this.gate(n); return { name: n, bounds: g.limits, ...g.stats() }; });
  }
}
