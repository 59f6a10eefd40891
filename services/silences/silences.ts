import type { Caller } from '../../core/caller.js';
import { AppError } from '../../core/errors.js';
import { Repository } from '../../store/meta/repository.js';
import type { AlertRecord, SilenceLookup } from '../alert-types.js';
import type { ServiceDeps } from '../deps.js';
import { SilenceIndex } from './silence-index.js';
import { decodeSilenceData, parseSilenceBody, silenceUser, toSilence, type Silence, type SilenceData } from './silence-record.js';

/** The silences of every network: one repository (ids shared by all networks, never handed out twice). */
const NS_SILENCES = 'alertSilences';

/** How long an expired silence is kept before the pruning removes it: a week, for a look back at what was silenced. */
export const PRUNE_AFTER_MS = 7 * 24 * 3_600_000;
/** How often (at most) a pruning pass starts: one an hour, after a write or the first read. */
export const PRUNE_INTERVAL_MS = 3_600_000;
/** Silences removed by one pruning pass (one metadata transaction): a pass stays short. */
const PRUNE_BATCH = 200;

/**
 * Alert silences (docs/api.md "Alerts and silences"), per network, in the metadata
 * store; also the evaluator's SilenceLookup.
 *
 * - A silence is active while the clock is below its expiry, expired from then on; that is decided
 *   by the time of each call (no timer). List and get return active silences only; an update of an
 *   expired silence is UNKNOWN_SILENCE, like an unknown id.
 * - Create and update take `expirationTimeMs` as an interval from the call's time (docs/api.md
 *   "Alerts and silences", Expiry: so for creation; the update body is read the same way) and store the absolute expiry, which
 *   the API answers as `expirationTimeMs`.
 * - `user` is who made or last changed the silence (silence-record.ts `silenceUser`). Any caller
 *   of the network may update any of its silences: the specification gives silences no owner.
 * - An update replaces the fields its body gives and keeps the others.
 * - The silences of every network are held in memory (read from the store at first use, kept up to
 *   date by this service's writes, which go to the store first), so `matching` reads no store; this
 *   service must be the store's only writer of silences.
 * - Silences expired for over PRUNE_AFTER_MS are removed from the store, at most PRUNE_BATCH per
 *   pass, in passes started at most every PRUNE_INTERVAL_MS after a write or the first read.
 */
/**
 * Active silences a network keeps at most: far more than operators make by hand, and a bound on
 * what every alert is matched against at every grid step (a create past it is refused).
 */
const MAX_ACTIVE_SILENCES = 10_000;

export class SilenceService implements SilenceLookup {
  private readonly repo: Repository<SilenceData>;
  /** networkId → id → record; null until first use. */
  private byNetwork: Map<number, Map<number, SilenceData>> | null = null;
  /** Compiled matching of a network, rebuilt after a change of its silences. */
  private readonly indexes = new Map<number, SilenceIndex>();
  private lastPruneMs = -Infinity;

  /** `maxActive`: MAX_ACTIVE_SILENCES unless given (tests lower it). */
  constructor(private readonly deps: ServiceDeps, private readonly maxActive = MAX_ACTIVE_SILENCES) {
    this.repo = new Repository<SilenceData>(deps.meta, NS_SILENCES, { decode: decodeSilenceData, noun: 'silence', notFound: 'UNKNOWN_SILENCE' });
  }

  /** The network's active silences, in id order. */
  list(networkId: number): Silence[] {
    const nowMs = this.deps.clock.nowMs();
    const out: Silence[] = [];
    for (const [id, d] of this.network(networkId) ?? []) if (d.expiresAtMs > nowMs) out.push(toSilence(id, d));
    return out.sort((a, b) => a.id - b.id);
  }

  /** An array holding silence `id` of the network if it is active, else an empty array (docs/api.md "Alerts and silences"). */
  get(networkId: number, id: number): Silence[] {
    const d = this.network(networkId)?.get(id);
    return d && d.expiresAtMs > this.deps.clock.nowMs() ? [toSilence(id, d)] : [];
  }

  /** Creates a silence from a create body (silence-record.ts `parseSilenceBody`). */
  async create(networkId: number, caller: Caller, body: unknown): Promise<Silence> {
    const input = parseSilenceBody(body, 'create');
    const user = silenceUser(caller, input.user);
    const nowMs = this.deps.clock.nowMs();
    let active = 0;
    for (const d of this.records().get(networkId)?.values() ?? []) if (d.expiresAtMs > nowMs) active++;
    if (active >= this.maxActive) {
      throw new AppError('REQUEST_LIMIT', `network ${networkId} has ${active} active silences, the most it keeps (${this.maxActive}): update or let some expire first`);
    }
    const rec = await this.repo.create({
      networkId, user, reason: input.reason ?? '', match: input.match!,
      createdAtMs: nowMs, updatedAtMs: nowMs, expiresAtMs: nowMs + input.expiresInMs!,
    });
    this.refresh(rec.id);
    this.maybePrune(nowMs);
    return toSilence(rec.id, rec.data);
  }

  /** Updates the active silence `id` of the network from an update body; UNKNOWN_SILENCE when there is none. */
  async update(networkId: number, caller: Caller, id: number, body: unknown): Promise<Silence> {
    const input = parseSilenceBody(body, 'update');
    const user = silenceUser(caller, input.user);
    this.records();
    const nowMs = this.deps.clock.nowMs();
    const rec = await this.deps.meta.transaction((tx) => {
      const repo = this.repo.within(tx);
      const cur = repo.get(id);
      if (!cur || cur.data.networkId !== networkId) throw new AppError('UNKNOWN_SILENCE', `no silence ${id} in network ${networkId}`);
      if (cur.data.expiresAtMs <= nowMs) throw new AppError('UNKNOWN_SILENCE', `silence ${id} of network ${networkId} has expired`);
      return repo.put(id, {
        ...cur.data, user, reason: input.reason ?? cur.data.reason, match: input.match ?? cur.data.match, updatedAtMs: nowMs,
        expiresAtMs: input.expiresInMs === undefined ? cur.data.expiresAtMs : nowMs + input.expiresInMs,
      });
    });
    this.refresh(id);
    this.maybePrune(nowMs);
    return toSilence(rec.id, rec.data);
  }

  /** SilenceLookup: the lowest id of a silence of the network active at `nowMs` that matches the alert, or 0. */
  matching(networkId: number, alert: AlertRecord, nowMs: number): number {
    let index = this.indexes.get(networkId);
    if (!index) {
      const net = this.network(networkId);
      if (!net || net.size === 0) return 0;
      index = new SilenceIndex([...net].map(([id, data]) => ({ id, data })));
      this.indexes.set(networkId, index);
    }
    return index.first(alert, nowMs);
  }

  /**
   * Removes up to PRUNE_BATCH silences (of any network) expired for over PRUNE_AFTER_MS at `nowMs`,
   * in one transaction; resolves with how many were removed.
   */
  async prune(nowMs: number): Promise<number> {
    const cutoffMs = nowMs - PRUNE_AFTER_MS;
    const due: number[] = [];
    for (const net of this.records().values()) {
      for (const [id, d] of net) {
        if (d.expiresAtMs < cutoffMs) due.push(id);
        if (due.length >= PRUNE_BATCH) break;
      }
      if (due.length >= PRUNE_BATCH) break;
    }
    if (due.length === 0) return 0;
    const removed = await this.deps.meta.transaction((tx) => {
      const repo = this.repo.within(tx);
      return due.filter((id) => {
        const cur = repo.get(id);
        return cur !== undefined && cur.data.expiresAtMs < cutoffMs && repo.remove(id);
      });
    });
    for (const id of removed) this.refresh(id);
    return removed.length;
  }

  private network(networkId: number): Map<number, SilenceData> | undefined {
    return this.records().get(networkId);
  }

  /** Every network's silences, read from the store at first use. */
  private records(): Map<number, Map<number, SilenceData>> {
    if (this.byNetwork) return this.byNetwork;
    const all = new Map<number, Map<number, SilenceData>>();
    for (const rec of this.repo.list()) setIn(all, rec.id, rec.data);
    this.byNetwork = all;
    this.maybePrune(this.deps.clock.nowMs());
    return all;
  }

  /** Takes silence `id` as the store now has it (or its absence) into memory and drops the network's index. */
  private refresh(id: number): void {
    const all = this.records();
    for (const [netId, net] of all) {
      if (net.delete(id)) this.indexes.delete(netId);
    }
    const rec = this.repo.get(id);
    if (rec) {
      setIn(all, id, rec.data);
      this.indexes.delete(rec.data.networkId);
    }
  }

  private maybePrune(nowMs: number): void {
    if (nowMs - this.lastPruneMs < PRUNE_INTERVAL_MS) return;
    this.lastPruneMs = nowMs;
    this.prune(nowMs).then(
      (n) => { if (n > 0) this.deps.logger.info('expired silences pruned', { count: n }); },
      (err: unknown) => this.deps.logger.warn('pruning expired silences failed', { error: (err as Error).message }),
    );
  }
}

function setIn(all: Map<number, Map<number, SilenceData>>, id: number, d: SilenceData): void {
  let net = all.get(d.networkId);
  if (!net) { net = new Map(); all.set(d.networkId, net); }
  net.set(id, d);
}
