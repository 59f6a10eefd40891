import { AppError } from '../../core/errors.js';
import type { Generation } from '../../core/types.js';
import type { MetaStore } from '../../store/meta/meta.js';

export interface GenerationInfo {
  readonly number: number;
  readonly status: Generation['status'];
  readonly startedAtMs: number;
  readonly completedAtMs: number | null;
  readonly devices: number;
  readonly links: number;
  /** Absent in records of earlier versions: full. */
  readonly kind?: 'full' | 'incremental';
}

interface GenerationSelector { readonly timestampMs?: number; readonly generation?: number }

/** Which generations prune() keeps (NetworkConfig keepGenerations, keepGenerationsForMs). */
export interface RetentionPolicy {
  /** The newest this many (by number), whatever their age and status. */
  readonly keepLast: number;
  /** Those started less than this ago, whatever their number. */
  readonly keepForMs: number;
}

/** Generations removed by one transaction of prune() (a long backlog goes in several). */
const PRUNE_BATCH = 256;

const NS_FULL = 'generations';
const NS_INFO = 'generationInfo';
const CACHE = 4;

/**
 * The numbered discovery generations of one network, persisted in the metadata store: the full record
 * in `generations` and its summary in `generationInfo`, both at [networkId, number], written together
 * in one transaction. Summaries are kept in memory; full records are read from the store on demand
 * (the newest few are cached).
 */
export class GenerationLog {
  private readonly infos: GenerationInfo[] = [];
  private readonly cache = new Map<number, Generation>();
  /** The highest number ever listed (numbers are never reused, even after pruning). */
  private highest = 0;
  private pruning = false;

  private constructor(private readonly meta: MetaStore, readonly networkId: number) {}

  static open(meta: MetaStore, networkId: number): GenerationLog {
    const log = new GenerationLog(meta, networkId);
    for (const { value } of meta.range<GenerationInfo>(NS_INFO, { start: [networkId], end: [networkId + 1] })) log.infos.push(value);
    log.infos.sort((a, b) => a.number - b.number);
    log.highest = log.infos.at(-1)?.number ?? 0;
    return log;
  }

  get count(): number { return this.infos.length; }
  get nextNumber(): number { return this.highest + 1; }
  /**
   * Hands out the next number at once (before its generation is saved), so that a discovery run
   * and a snapshot started together never get the same number.
   */
  reserveNumber(): number { return ++this.highest; }
  all(): readonly GenerationInfo[] { return this.infos; }
  /** The newest generation of any status (the last one started), or null. */
  latest(): GenerationInfo | null { return this.infos.at(-1) ?? null; }

  /** The newest full discovery run (of any status), or null: incremental snapshots are not runs. */
  latestFull(): GenerationInfo | null {
    for (let i = this.infos.length - 1; i >= 0; i--) if ((this.infos[i].kind ?? 'full') === 'full') return this.infos[i];
    return null;
  }

  /** The newest completed full discovery run, or null. */
  latestFullCompleted(): GenerationInfo | null {
    for (let i = this.infos.length - 1; i >= 0; i--) if ((this.infos[i].kind ?? 'full') === 'full' && this.infos[i].status === 'completed') return this.infos[i];
    return null;
  }

  latestCompleted(): GenerationInfo | null {
    for (let i = this.infos.length - 1; i >= 0; i--) if (this.infos[i].status === 'completed') return this.infos[i];
    return null;
  }

  /** Stores a generation (new or updated); durable when the promise resolves. */
  async save(g: Generation): Promise<void> {
    const info: GenerationInfo = {
      number: g.number, status: g.status, startedAtMs: g.startedAtMs, completedAtMs: g.completedAtMs,
      devices: g.devices.length, links: g.links.length,
      // Only incremental ones say so: the summary of a full run is stored as earlier versions stored it.
      ...(g.kind === 'incremental' ? { kind: 'incremental' as const } : {}),
    };
    const key = [this.networkId, g.number];
    await this.meta.transaction((tx) => { tx.put(NS_FULL, key, g); tx.put(NS_INFO, key, info); });
    const at = this.infos.findIndex((x) => x.number === g.number);
    if (at >= 0) this.infos[at] = info; else { this.infos.push(info); this.infos.sort((a, b) => a.number - b.number); }
    if (g.number > this.highest) this.highest = g.number;
    this.remember(g);
  }

  /**
   * The generations the policy does not keep, oldest first. Kept: the newest `keepLast`, those started
   * less than `keepForMs` before `nowMs`, the latest completed one, and `runningNumber` (the
   * generation being built, whose record says `running` until it ends). A record left `running` by a
   * crash is an ordinary old generation.
   */
  unkept(policy: RetentionPolicy, nowMs: number, runningNumber: number | null): GenerationInfo[] {
    const latestDone = this.latestCompleted()?.number ?? null;
    const cut = this.infos.length - Math.max(0, policy.keepLast);
    const out: GenerationInfo[] = [];
    for (let i = 0; i < cut; i++) {
      const x = this.infos[i]!;
      if (x.number === latestDone || x.number === runningNumber) continue;
      if (nowMs - x.startedAtMs < policy.keepForMs) continue;
      out.push(x);
    }
    return out;
  }

  /**
   * Removes the generations the policy does not keep (unkept()), full records and summaries together,
   * in transactions of PRUNE_BATCH. They leave the in-memory list before their records are removed, so
   * that a selection never lists a generation whose record is gone; when a transaction fails, the
   * generations it and the later batches held are listed again (a later prune retries them) and the
   * promise rejects. Resolves with how many were removed; a prune already in progress makes this one
   * a no-op (0).
   *
   * Selection (select()) is unchanged for every kept generation: a removed completed generation is
   * older than every kept completed one, so the latest completed before a timestamp is the same
   * whenever a kept one completed before it.
   */
  async prune(policy: RetentionPolicy, nowMs: number, runningNumber: number | null): Promise<number> {
    if (this.pruning) return 0;
    this.pruning = true;
    try {
      const victims = this.unkept(policy, nowMs, runningNumber);
      if (victims.length === 0) return 0;
      const gone = new Set(victims.map((v) => v.number));
      for (let i = this.infos.length - 1; i >= 0; i--) if (gone.has(this.infos[i]!.number)) this.infos.splice(i, 1);
      for (const n of gone) this.cache.delete(n);
      for (let i = 0; i < victims.length; i += PRUNE_BATCH) {
        const batch = victims.slice(i, i + PRUNE_BATCH);
        try {
          await this.meta.transaction((tx) => {
            for (const v of batch) { tx.remove(NS_FULL, [this.networkId, v.number]); tx.remove(NS_INFO, [this.networkId, v.number]); }
          });
        } catch (e) {
          this.infos.push(...victims.slice(i));
          this.infos.sort((a, b) => a.number - b.number);
          throw e;
        }
      }
      return victims.length;
    } finally {
      this.pruning = false;
    }
  }

  get(number: number): Generation | undefined {
    const hit = this.cache.get(number);
    if (hit) return hit;
    const g = this.meta.get<Generation>(NS_FULL, [this.networkId, number]);
    if (g) this.remember(g);
    return g;
  }

  /**
   * docs/api.md "Generation selection": timestamp > 0 → the latest discovery completed before it (timestamp wins when both are
   * given); else generation > 0 → that generation; else the latest completed one. Returns null when none
   * has completed and nothing explicit was asked; an explicit selection that matches nothing throws
   * UNKNOWN_GENERATION.
   */
  select(sel: GenerationSelector): Generation | null {
    const ts = sel.timestampMs ?? 0;
    const gen = sel.generation ?? 0;
    let info: GenerationInfo | null = null;
    if (ts > 0) {
      for (let i = this.infos.length - 1; i >= 0 && !info; i--) {
        const x = this.infos[i];
        if (x.status === 'completed' && x.completedAtMs !== null && x.completedAtMs < ts) info = x;
      }
      if (!info) {
        const pruned = (this.infos[0]?.number ?? 1) > 1 ? ` among the kept generations (from ${this.infos[0]!.number}; older ones were removed by the retention policy)` : '';
        throw new AppError('UNKNOWN_GENERATION', `no discovery of network ${this.networkId} completed before ${new Date(ts).toISOString()} (${ts})${pruned}`);
      }
    } else if (gen > 0) {
      info = this.infos.find((x) => x.number === gen) ?? null;
      if (!info) {
        const pruned = gen <= this.highest ? ' (it was removed by the retention policy: networks[].keepGenerations, keepGenerationsFor)' : '';
        throw new AppError('UNKNOWN_GENERATION', `network ${this.networkId} has no discovery generation ${gen}${pruned}`);
      }
      if (info.status !== 'completed') throw new AppError('UNKNOWN_GENERATION', `discovery generation ${gen} of network ${this.networkId} is ${info.status}, not completed`);
    } else {
      info = this.latestCompleted();
      if (!info) return null;
    }
    const g = this.get(info.number);
    if (!g) throw new AppError('INTERNAL', `generation ${info.number} of network ${this.networkId} is listed but its record is missing`);
    return g;
  }

  private remember(g: Generation): void {
    this.cache.set(g.number, g);
    while (this.cache.size > CACHE) this.cache.delete(Math.min(...this.cache.keys()));
  }
}
