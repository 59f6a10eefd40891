import { ownerName, type Caller } from '../core/caller.js';
import type { ViewConfig } from '../core/config-schema.js';
import { AppError } from '../core/errors.js';
import type { MetaKey, MetaStore, MetaTxn } from '../store/meta/meta.js';
import { takeNextId } from '../store/meta/id-counter.js';
import { Repository, type StoredRecord } from '../store/meta/repository.js';
import type { ServiceDeps } from './deps.js';
import { DEFAULT_FILTER_OWNER } from './filter-owner.js';
import { NS_MAP_COORDINATES, type MapViewRules, type MapViewSource } from './map-view-source.js';
import {
  checkViewRule, decodeViewData, parseViewInput, toMapView, toViewTile, type MapView, type ViewData, type ViewInput,
  type ViewTile, type ViewType,
} from './view-record.js';

/** The views: a repository (ids shared by all networks, never handed out twice). */
export const NS_VIEWS = 'mapViews';
/** The views of each network: key [networkId, viewId], value 1. Lists a network's views without reading the others'. */
const NS_BY_NETWORK = 'mapViewsByNetwork';
/**
 * The views the server keeps itself: key [networkId, 'system'] (the network's SYSTEM view) or
 * [networkId, 'config', name] (a SCRIPTED view), value the view's id. It keeps their ids stable
 * across restarts and reloads.
 */
const NS_MANAGED = 'mapViewsManaged';

/** The name of every network's SYSTEM view. */
export const WHOLE_NETWORK_VIEW_NAME = 'Whole network';

/** The order of a status answer's tiles (spec 4.1 status `s`): by id (creation order) or by name. */
export type TilesOrder = 'id' | 'name';

/**
 * Who acts on views: the caller's user name, `token:<name>` for a token (core/caller.ts
 * `ownerName`), DEFAULT_FILTER_OWNER ('anonymous') with authentication off, as for filters.
 */
export const viewOwner = (caller: Caller): string => ownerName(caller) ?? DEFAULT_FILTER_OWNER;

/**
 * Map views (spec 2.1, 3.1, 4.1 "Map views", 5, 7) and the views side of the maps' contract
 * (map-view-source.ts).
 *
 * Visibility: with authentication off (an anonymous caller) every view of the network (spec 5.1).
 * Otherwise a caller sees the views it owns and every shared one; SYSTEM and SCRIPTED views are
 * shared. An administrator is no exception (spec 4.1: owned by the current user, plus shared). A
 * view the caller may not see is UNKNOWN_VIEW (404) for every call, as is a view of another
 * network: never a hint that it exists.
 *
 * - create: a blank INTERACTIVE view, private, owned by the acting user (`viewOwner`), named
 *   "New view <id>", rules '' (every device, every interface), flags false, formData ''.
 * - update, delete: the owner of an INTERACTIVE view only; SYSTEM and SCRIPTED views refuse them
 *   (VIEW_REFUSED). Delete removes the view's stored coordinates in the same transaction.
 * - validate: checks a body as update would (`parseViewInput`) and saves nothing; any visible
 *   view may be given, SYSTEM and SCRIPTED ones too (the body is checked, not the right to save it).
 * - share (spec 3.1): a private INTERACTIVE view of the caller becomes shared. Refused
 *   (VIEW_REFUSED, state unchanged): another user's view, a SYSTEM or SCRIPTED one, a view that
 *   is shared already.
 * - unshare: a shared INTERACTIVE view of the caller becomes private. Refused: another user's, a
 *   SYSTEM or SCRIPTED one, a private one.
 * - SYSTEM views: `start` makes one per configured network ("Whole network", rules ''), once:
 *   the same id after every restart. SCRIPTED views: `start` and `syncConfig` bring the views of
 *   the configuration's `views:` in step (added, changed, removed), known by network and name.
 *
 * Every change is one metadata transaction that checks and writes together, so concurrent calls
 * on one view apply one after another and none is lost. `version` counts the changes made through
 * this service: the status call's tiles are cached per network, caller and order until it moves.
 */
export class ViewService implements MapViewSource {
  private readonly repo: Repository<ViewData>;
  private changes = 0;
  /** Tile lists by network (the anonymous caller in id order: the status benchmark's call) or by network, order and caller. */
  private readonly tileCache = new Map<number | string, readonly ViewTile[]>();
  private tileCacheVersion = 0;

  constructor(private readonly deps: ServiceDeps) {
    this.repo = new Repository<ViewData>(deps.meta, NS_VIEWS, { decode: decodeViewData, noun: 'view', notFound: 'UNKNOWN_VIEW' });
  }

  /** Moves on every change of any view (write, share, delete, layout, config sync). */
  get version(): number { return this.changes; }

  /** Makes the SYSTEM views and brings the SCRIPTED ones in step with the configuration: at service start. */
  start(): Promise<void> { return this.syncConfig(); }

  /**
   * Brings the stored SYSTEM and SCRIPTED views in step with the running configuration (at start and
   * after a reload): a SYSTEM view for every configured network that has none; a SCRIPTED view per
   * entry of `views:` (created, or updated when it differs; its id kept), and the SCRIPTED views no
   * longer declared removed with their coordinates. One transaction. A rule that does not parse
   * (a configuration loaded without the rule checker) is VIEW_REFUSED naming its key: nothing is written.
   */
  async syncConfig(): Promise<void> {
    const config = this.deps.config();
    for (const v of config.views) checkConfiguredRules(v);
    const nowMs = this.deps.clock.nowMs();
    const sync = (tx: MetaTxn): void => {
      const repo = this.repo.within(tx);
      for (const net of config.networks) {
        if (tx.get<number>(NS_MANAGED, [net.id, 'system']) !== undefined) continue;
        const id = this.insert(tx, {
          networkId: net.id, name: WHOLE_NETWORK_VIEW_NAME, devRule: '', linkRule: '', adjacent: false, connecting: false,
          type: 'SYSTEM', owner: '', shared: true, formData: '', origin: 'server', configKey: '',
          createdAtMs: nowMs, updatedAtMs: nowMs, layoutUpdatedAtMs: nowMs,
        });
        tx.put(NS_MANAGED, [net.id, 'system'], id);
      }
      const declared = new Set<string>();
      for (const v of config.views) {
        declared.add(JSON.stringify([v.network, v.name]));
        const key = [v.network, 'config', v.name];
        const id = tx.get<number>(NS_MANAGED, key);
        const cur = id === undefined ? undefined : repo.get(id);
        const wanted = {
          name: v.name, devRule: v.devRule, linkRule: v.linkRule, adjacent: v.adjacent, connecting: v.connecting, formData: v.formData,
        };
        if (cur) {
          // A changed definition is an update; a view that only moved in the list keeps its updatedAt.
          const same = (Object.keys(wanted) as (keyof typeof wanted)[]).every((k) => cur.data[k] === wanted[k]);
          if (!same) repo.put(cur.id, { ...cur.data, ...wanted, configKey: v.key, updatedAtMs: nowMs });
          else if (cur.data.configKey !== v.key) repo.put(cur.id, { ...cur.data, configKey: v.key });
          continue;
        }
        const made = this.insert(tx, {
          networkId: v.network, ...wanted, configKey: v.key, type: 'SCRIPTED', owner: '', shared: true, origin: 'config',
          createdAtMs: nowMs, updatedAtMs: nowMs, layoutUpdatedAtMs: nowMs,
        });
        tx.put(NS_MANAGED, key, made);
      }
      const stale: { key: MetaKey; id: number }[] = [];
      for (const { key, value } of this.deps.meta.range<number>(NS_MANAGED)) {
        const [net, kind, name] = key as [number, string, string];
        if (kind === 'config' && !declared.has(JSON.stringify([net, name]))) stale.push({ key, id: value });
      }
      for (const s of stale) {
        const rec = repo.get(s.id);
        if (rec) this.erase(tx, rec);
        tx.remove(NS_MANAGED, s.key);
      }
    };
    // Views already in step write nothing: no transaction at all, so that a restart on a full disk
    // (writes refused) is not held up by them.
    if (!writesAnything(this.deps.meta, sync)) return;
    await this.change(() => this.deps.meta.transaction(sync));
  }

  /** The views of the network the caller sees, in id order; `type` keeps only that type. */
  list(networkId: number, caller: Caller, type: ViewType | null): MapView[] {
    const out: MapView[] = [];
    for (const rec of this.ofNetwork(networkId)) {
      if ((type === null || rec.data.type === type) && visible(rec.data, caller)) out.push(toMapView(rec.id, rec.data, editable(rec.data, caller)));
    }
    return out;
  }

  /** The view `id` as the caller sees it (UNKNOWN_VIEW when it may not). */
  get(networkId: number, caller: Caller, id: number): MapView {
    const rec = this.seen(this.repo.get(id), networkId, id, caller);
    return toMapView(rec.id, rec.data, editable(rec.data, caller));
  }

  /**
   * The tiles of the network's status: the views the caller sees, ordered by id (creation) or by
   * name (code-unit order, then id). The same array is answered until a view changes, so that the
   * memoized status answer (api/http/json-memo.ts) stays cheap for a caller who asks again.
   */
  tiles(networkId: number, caller: Caller, order: TilesOrder): readonly ViewTile[] {
    if (this.tileCacheVersion !== this.changes) { this.tileCache.clear(); this.tileCacheVersion = this.changes; }
    const key = caller.kind === 'anonymous' && order === 'id' ? networkId : `${networkId}|${order}|${caller.kind === 'anonymous' ? '' : viewOwner(caller)}`;
    const hit = this.tileCache.get(key);
    if (hit) return hit;
    const out: ViewTile[] = [];
    for (const rec of this.ofNetwork(networkId)) if (visible(rec.data, caller)) out.push(toViewTile(rec.id, rec.data, editable(rec.data, caller)));
    if (order === 'name') out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    const frozen = Object.freeze(out);
    if (this.tileCache.size >= MAX_TILE_LISTS) this.tileCache.clear();
    this.tileCache.set(key, frozen);
    return frozen;
  }

  /** Creates a blank INTERACTIVE view of the acting user; resolves with its id. */
  create(networkId: number, caller: Caller): Promise<number> {
    const owner = viewOwner(caller);
    const nowMs = this.deps.clock.nowMs();
    return this.change(() => this.deps.meta.transaction((tx) => {
      const id = takeNextId(tx, NS_VIEWS);
      this.insertAt(tx, id, {
        networkId, name: `New view ${id}`, devRule: '', linkRule: '', adjacent: false, connecting: false,
        type: 'INTERACTIVE', owner, shared: false, formData: '', origin: 'ui', configKey: '',
        createdAtMs: nowMs, updatedAtMs: nowMs, layoutUpdatedAtMs: nowMs,
      });
      return id;
    }));
  }

  /** Replaces the fields an update body gives (view-record.ts `parseViewInput`); the owner's INTERACTIVE views only. */
  async update(networkId: number, caller: Caller, id: number, body: unknown): Promise<void> {
    const nowMs = this.deps.clock.nowMs();
    const max = this.deps.config().ui.viewFormDataMaxBytes;
    // The caller's right and the body are checked first, outside the write (SvcQL compiles there);
    // the transaction checks the right again (the view may have changed meanwhile) and applies the
    // body's fields to the view as it finds it.
    const current = this.owned(this.repo.get(id), networkId, id, caller, 'update');
    const checked = parseViewInput(body, inputOf(current.data), max);
    const given = givenFields(body);
    await this.change(() => this.deps.meta.transaction((tx) => {
      const rec = this.owned(this.repo.within(tx).get(id), networkId, id, caller, 'update');
      const input: Partial<ViewInput> = {};
      for (const k of given) (input as Record<string, unknown>)[k] = checked[k];
      this.repo.within(tx).put(id, { ...rec.data, ...input, updatedAtMs: nowMs });
    }));
  }

  /** Checks an update body against the view `id` without saving anything. */
  validate(networkId: number, caller: Caller, id: number, body: unknown): void {
    const rec = this.seen(this.repo.get(id), networkId, id, caller);
    parseViewInput(body, inputOf(rec.data), this.deps.config().ui.viewFormDataMaxBytes);
  }

  /** Deletes the owner's INTERACTIVE view and its stored coordinates, together. */
  async remove(networkId: number, caller: Caller, id: number): Promise<void> {
    await this.change(() => this.deps.meta.transaction((tx) => {
      this.erase(tx, this.owned(this.repo.within(tx).get(id), networkId, id, caller, 'delete'));
    }));
  }

  /** Shares (`shared` true) or unshares the caller's INTERACTIVE view: spec 3.1. */
  async setShared(networkId: number, caller: Caller, id: number, shared: boolean): Promise<void> {
    const nowMs = this.deps.clock.nowMs();
    await this.change(() => this.deps.meta.transaction((tx) => {
      const rec = this.owned(this.repo.within(tx).get(id), networkId, id, caller, shared ? 'share' : 'unshare');
      if (rec.data.shared === shared) throw new AppError('VIEW_REFUSED', `view ${id} is already ${shared ? 'shared' : 'private'}`);
      this.repo.within(tx).put(id, { ...rec.data, shared, updatedAtMs: nowMs });
    }));
  }

  // ---- MapViewSource ----------------------------------------------------------------------------

  forMap(networkId: number, viewId: number, caller: Caller): MapViewRules {
    const { id, data } = this.seen(this.repo.get(viewId), networkId, viewId, caller);
    return { id, networkId: data.networkId, devRule: data.devRule, linkRule: data.linkRule, adjacent: data.adjacent, connecting: data.connecting };
  }

  async markLayout(networkId: number, viewId: number, atMs: number): Promise<void> {
    await this.change(() => this.deps.meta.transaction((tx) => {
      const rec = this.repo.within(tx).get(viewId);
      if (!rec || rec.data.networkId !== networkId) throw unknownView(networkId, viewId);
      this.repo.within(tx).put(viewId, { ...rec.data, layoutUpdatedAtMs: atMs });
    }));
  }

  // ---- inside ------------------------------------------------------------------------------------

  /** The views of a network, in id order. */
  private *ofNetwork(networkId: number): Iterable<StoredRecord<ViewData>> {
    for (const { key } of this.deps.meta.range(NS_BY_NETWORK, { start: [networkId], end: [networkId + 1] })) {
      const rec = this.repo.get((key as [number, number])[1]);
      if (rec) yield rec;
    }
  }

  /** `rec` when it is a view of the network the caller may see; else UNKNOWN_VIEW. */
  private seen(rec: StoredRecord<ViewData> | undefined, networkId: number, id: number, caller: Caller): StoredRecord<ViewData> {
    if (!rec || rec.data.networkId !== networkId || !visible(rec.data, caller)) throw unknownView(networkId, id);
    return rec;
  }

  /**
   * `rec` (the view `id`) when the caller may change it (`verb`: update, delete, share, unshare):
   * visible, INTERACTIVE, and the caller's own; else UNKNOWN_VIEW or VIEW_REFUSED.
   */
  private owned(rec0: StoredRecord<ViewData> | undefined, networkId: number, id: number, caller: Caller, verb: string): StoredRecord<ViewData> {
    const rec = this.seen(rec0, networkId, id, caller);
    if (rec.data.type !== 'INTERACTIVE') {
      const made = rec.data.type === 'SYSTEM' ? 'made by the server' : `declared in the configuration (${rec.data.configKey})`;
      throw new AppError('VIEW_REFUSED', `view ${id} is a ${rec.data.type} view, ${made}: it cannot be ${verb}d through the API`);
    }
    const owner = viewOwner(caller);
    if (rec.data.owner !== owner) throw new AppError('VIEW_REFUSED', `view ${id} is not owned by '${owner}': only its owner may ${verb} it`);
    return rec;
  }

  /** Stores a new view under the next id, indexed by network; returns the id. */
  private insert(tx: MetaTxn, data: ViewData): number {
    const id = takeNextId(tx, NS_VIEWS);
    this.insertAt(tx, id, data);
    return id;
  }

  private insertAt(tx: MetaTxn, id: number, data: ViewData): void {
    this.repo.within(tx).put(id, data);
    tx.put(NS_BY_NETWORK, [data.networkId, id], 1);
  }

  /**
   * Removes a view, its network index entry and its stored coordinates (map-view-source.ts: keys
   * [viewId, deviceId]). The range is read from the store inside the transaction function, which
   * runs after every earlier write and before any later one, so no coordinate of the view is left.
   */
  private erase(tx: MetaTxn, rec: StoredRecord<ViewData>): void {
    this.repo.within(tx).remove(rec.id);
    tx.remove(NS_BY_NETWORK, [rec.data.networkId, rec.id]);
    const keys: MetaKey[] = [];
    for (const { key } of this.deps.meta.range(NS_MAP_COORDINATES, { start: [rec.id], end: [rec.id + 1] })) keys.push(key);
    for (const key of keys) tx.remove(NS_MAP_COORDINATES, key);
  }

  /** Runs a write and moves `version` once it is done (or failed: a failed write changed nothing, a new tile list costs little). */
  private async change<R>(write: () => Promise<R>): Promise<R> {
    try { return await write(); } finally { this.changes++; }
  }
}

/** Whether `fn` would write: it runs against the store's current data with its writes dropped. */
function writesAnything(meta: MetaStore, fn: (tx: MetaTxn) => void): boolean {
  let writes = 0;
  fn({ get: (ns, key) => meta.get(ns, key), put: () => { writes++; }, remove: () => { writes++; } });
  return writes > 0;
}

/** Tile lists kept at most (networks × callers × orders); past it the cache starts over. */
const MAX_TILE_LISTS = 1024;

/** Anonymous callers (authentication off) see every view; others their own and the shared ones. */
function visible(d: ViewData, caller: Caller): boolean {
  return caller.kind === 'anonymous' || d.shared || d.owner === viewOwner(caller);
}

/** Spec 2.1 `editable`: an INTERACTIVE view, shown to its owner. */
function editable(d: ViewData, caller: Caller): boolean {
  return d.type === 'INTERACTIVE' && d.owner === viewOwner(caller);
}

const inputOf = (d: ViewData): ViewInput => ({
  name: d.name, devRule: d.devRule, linkRule: d.linkRule, adjacent: d.adjacent, connecting: d.connecting, formData: d.formData,
});

/** The fields of ViewInput a body gives (the others keep the view's values at the time of the write). */
function givenFields(body: unknown): (keyof ViewInput)[] {
  const b = body as Record<string, unknown>;
  return (['name', 'devRule', 'linkRule', 'adjacent', 'connecting', 'formData'] as const).filter((k) => b[k] !== undefined);
}

function checkConfiguredRules(v: ViewConfig): void {
  for (const [field, table] of [['devRule', 'devices'], ['linkRule', 'interfaces']] as const) {
    try {
      checkViewRule(v[field], table);
    } catch (err) {
      throw new AppError('VIEW_REFUSED', `${v.key}.${field}: not a matching expression over the ${table} table: ${(err as Error).message}`, { cause: err });
    }
  }
}

const unknownView = (networkId: number, id: number): AppError => new AppError('UNKNOWN_VIEW', `no view ${id} in network ${networkId}`);
