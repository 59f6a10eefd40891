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
}

export interface GenerationSelector { readonly timestampMs?: number; readonly generation?: number }

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

  private constructor(private readonly meta: MetaStore, readonly networkId: number) {}

  static open(meta: MetaStore, networkId: number): GenerationLog {
    const log = new GenerationLog(meta, networkId);
    for (const { value } of meta.range<GenerationInfo>(NS_INFO, { start: [networkId], end: [networkId + 1] })) log.infos.push(value);
    log.infos.sort((a, b) => a.number - b.number);
    return log;
  }

  get count(): number { return this.infos.length; }
  get nextNumber(): number { return (this.infos.at(-1)?.number ?? 0) + 1; }
  all(): readonly GenerationInfo[] { return this.infos; }

  latestCompleted(): GenerationInfo | null {
    for (let i = this.infos.length - 1; i >= 0; i--) if (this.infos[i].status === 'completed') return this.infos[i];
    return null;
  }

  /** Stores a generation (new or updated); durable when the promise resolves. */
  async save(g: Generation): Promise<void> {
    const info: GenerationInfo = {
      number: g.number, status: g.status, startedAtMs: g.startedAtMs, completedAtMs: g.completedAtMs,
      devices: g.devices.length, links: g.links.length,
    };
    const key = [this.networkId, g.number];
    await this.meta.transaction((tx) => { tx.put(NS_FULL, key, g); tx.put(NS_INFO, key, info); });
    const at = this.infos.findIndex((x) => x.number === g.number);
    if (at >= 0) this.infos[at] = info; else { this.infos.push(info); this.infos.sort((a, b) => a.number - b.number); }
    this.remember(g);
  }

  get(number: number): Generation | undefined {
    const hit = this.cache.get(number);
    if (hit) return hit;
    const g = this.meta.get<Generation>(NS_FULL, [this.networkId, number]);
    if (g) this.remember(g);
    return g;
  }

  /**
   * Spec 4.1.1: timestamp > 0 → the latest discovery completed before it (timestamp wins when both are
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
      if (!info) throw new AppError('UNKNOWN_GENERATION', `no discovery of network ${this.networkId} completed before ${new Date(ts).toISOString()} (${ts})`);
    } else if (gen > 0) {
      info = this.infos.find((x) => x.number === gen) ?? null;
      if (!info) throw new AppError('UNKNOWN_GENERATION', `network ${this.networkId} has no discovery generation ${gen}`);
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
