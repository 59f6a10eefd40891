import { ownerName, type Caller } from '../../core/caller.js';
import { AppError } from '../../core/errors.js';
import type { MetaTxn } from '../../store/meta/meta.js';
import type { StoredRecord } from '../../store/meta/repository.js';
import type { ServiceDeps } from '../deps.js';
import { DEFAULT_FILTER_OWNER } from '../filters/index.js';
import type { MapViewRules, MapViewSource } from './map-view-source.js';
import {
  parseViewInput, toMapView, toViewTile, type MapView, type ViewData, type ViewInput, type ViewTile, type ViewType,
} from './view-record.js';
import { viewRuleWarnings, type RuleWarning } from './view-rule-warnings.js';
import { ViewStore } from './view-store.js';
import { syncConfiguredViews } from './view-sync.js';

export { NS_VIEWS } from './view-store.js';
export { WHOLE_NETWORK_VIEW_NAME } from './view-sync.js';

/** The order of a status answer's tiles (the status call's `s`): by id (creation order) or by name. */
export type TilesOrder = 'id' | 'name';

/**
 * Who acts on views: the caller's user name, `token:<name>` for a token (core/caller.ts
 * `ownerName`), DEFAULT_FILTER_OWNER ('anonymous') with authentication off, as for filters.
 */
export const viewOwner = (caller: Caller): string => ownerName(caller) ?? DEFAULT_FILTER_OWNER;

/**
 * Map views (docs/api.md "Map views") and the views side of the maps' contract
 * (map-view-source.ts).
 *
 * Visibility: with authentication off (an anonymous caller) every view of the network.
 * Otherwise a caller sees the views it owns and every shared one; SYSTEM and SCRIPTED views are
 * shared. An administrator is no exception (the list is the views owned by the caller, plus shared ones). A
 * view the caller may not see is UNKNOWN_VIEW (404) for every call, as is a view of another
 * network: never a hint that it exists.
 *
 * - create: a blank INTERACTIVE view, private, owned by the acting user (`viewOwner`), named
 *   "New view <id>", rules '' (every device, every interface), flags false, formData ''.
 * - update, delete: the owner of an INTERACTIVE view only; SYSTEM and SCRIPTED views refuse them
 *   (VIEW_REFUSED). Delete removes the view's stored coordinates in the same transaction.
 * - validate: checks a body as update would (`parseViewInput`) and saves nothing; any visible
 *   view may be given, SYSTEM and SCRIPTED ones too (the body is checked, not the right to save it).
 * - share: a private INTERACTIVE view of the caller becomes shared. Refused
 *   (VIEW_REFUSED, state unchanged): another user's view, a SYSTEM or SCRIPTED one, a view that
 *   is shared already.
 * - unshare: a shared INTERACTIVE view of the caller becomes private. Refused: another user's, a
 *   SYSTEM or SCRIPTED one, a private one.
 * - layout (maps' PUT coordinates and `layout=`; `forLayout`): with authentication off anyone;
 *   else administrators for every view they see, other callers only for their own INTERACTIVE
 *   views (FORBIDDEN otherwise): a SYSTEM or SCRIPTED view's layout is every user's map.
 * - SYSTEM views: `start` makes one per configured network ("Whole network", rules ''), once:
 *   the same id after every restart. SCRIPTED views: `start` and `syncConfig` bring the views of
 *   the configuration's `views:` in step (added, changed, removed), known by network and name.
 *
 * Every change is one metadata transaction that checks and writes together, so concurrent calls
 * on one view apply one after another and none is lost. `version` counts the changes made through
 * this service: the status call's tiles are cached per network, caller and order until it moves.
 */
export class ViewService implements MapViewSource {
  private readonly store: ViewStore;
  private changes = 0;
  /** Tile lists by network (the anonymous caller in id order: the status benchmark's call) or by network, order and caller. */
  private readonly tileCache = new Map<number | string, readonly ViewTile[]>();
  private tileCacheVersion = 0;

  /** Config keys read per call through the holder: a reload applies them with the swap (core/config-applier.ts). */
  static readonly configKeys: readonly string[] = ['ui.viewFormDataMaxBytes'];

  constructor(private readonly deps: ServiceDeps) {
    this.store = new ViewStore(deps.meta);
  }

  /** Moves on every change of any view (write, share, delete, layout, config sync). */
  get version(): number { return this.changes; }

  /** Makes the SYSTEM views and brings the SCRIPTED ones in step with the configuration: at service start. */
  start(): Promise<void> { return this.syncConfig(); }

  /** Tile lists held in memory (the status answer's tiles by network and order). */
  tileListsCached(): number { return this.tileCache.size; }

  /** Drops the tile lists held in memory: the next status call builds them again from the stored views. */
  dropTileLists(): void { this.tileCache.clear(); }

  /**
   * Brings the stored SYSTEM and SCRIPTED views in step with the running configuration (at start and
   * after a reload): services/views/view-sync.ts. `version` moves only when something was written.
   */
  async syncConfig(): Promise<void> {
    if (await syncConfiguredViews(this.store, this.deps.meta, this.deps.config(), this.deps.clock.nowMs())) this.changes++;
  }

  /**
   * The views' part of a config reload (core/config-applier.ts): after the swap, the stored SYSTEM
   * and SCRIPTED views follow the new `views` and `networks` (syncConfig). A failure (a store that
   * cannot write) is logged on `log` and does not stop the reload: the views are brought in step at
   * the next reload or start.
   */
  configApplier(log: ServiceDeps['logger']) {
    return {
      name: 'map views', keys: ['views'], uses: ['networks'],
      apply: () => this.syncConfig().catch((e: unknown) => {
        log.error('map views not brought in step with the reloaded configuration', { error: (e as Error).message });
      }),
    };
  }

  /** The views of the network the caller sees, in id order; `type` keeps only that type. */
  list(networkId: number, caller: Caller, type: ViewType | null): MapView[] {
    const out: MapView[] = [];
    for (const rec of this.store.ofNetwork(networkId)) {
      if ((type === null || rec.data.type === type) && visible(rec.data, caller)) out.push(toMapView(rec.id, rec.data, editable(rec.data, caller)));
    }
    return out;
  }

  /** The view `id` as the caller sees it (UNKNOWN_VIEW when it may not). */
  get(networkId: number, caller: Caller, id: number): MapView {
    const rec = this.seen(this.store.get(id), networkId, id, caller);
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
    for (const rec of this.store.ofNetwork(networkId)) if (visible(rec.data, caller)) out.push(toViewTile(rec.id, rec.data, editable(rec.data, caller)));
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
      const views = this.store.within(tx);
      const id = views.nextId();
      views.insertAt(id, {
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
    const current = this.owned(this.store.get(id), networkId, id, caller, 'update');
    const checked = parseViewInput(body, inputOf(current.data), max);
    const given = givenFields(body);
    await this.change(() => this.deps.meta.transaction((tx) => {
      const rec = this.owned(this.store.within(tx).get(id), networkId, id, caller, 'update');
      const input: Partial<ViewInput> = {};
      for (const k of given) (input as Record<string, unknown>)[k] = checked[k];
      this.store.within(tx).put(id, { ...rec.data, ...input, updatedAtMs: nowMs });
    }));
  }

  /**
   * Checks an update body against the view `id` without saving anything; a valid body's rules may
   * still name columns the network's tables do not know: those are its warnings.
   */
  validate(networkId: number, caller: Caller, id: number, body: unknown): { warnings: RuleWarning[] } {
    const rec = this.seen(this.store.get(id), networkId, id, caller);
    parseViewInput(body, inputOf(rec.data), this.deps.config().ui.viewFormDataMaxBytes);
    const gen = this.deps.collector.networks.generation(networkId, {});
    return { warnings: viewRuleWarnings(body as Record<string, unknown>, gen?.devices ?? [], gen?.links ?? []) };
  }

  /** Deletes the owner's INTERACTIVE view and its stored coordinates, together. */
  async remove(networkId: number, caller: Caller, id: number): Promise<void> {
    await this.change(() => this.deps.meta.transaction((tx) => {
      const views = this.store.within(tx);
      views.erase(this.owned(views.get(id), networkId, id, caller, 'delete'));
    }));
  }

  /** Shares (`shared` true) or unshares the caller's INTERACTIVE view (docs/api.md "Map views", Transitions). */
  async setShared(networkId: number, caller: Caller, id: number, shared: boolean): Promise<void> {
    const nowMs = this.deps.clock.nowMs();
    await this.change(() => this.deps.meta.transaction((tx) => {
      const rec = this.owned(this.store.within(tx).get(id), networkId, id, caller, shared ? 'share' : 'unshare');
      if (rec.data.shared === shared) throw new AppError('VIEW_REFUSED', `view ${id} is already ${shared ? 'shared' : 'private'}`);
      this.store.within(tx).put(id, { ...rec.data, shared, updatedAtMs: nowMs });
    }));
  }

  // ---- MapViewSource ----------------------------------------------------------------------------

  forMap(networkId: number, viewId: number, caller: Caller): MapViewRules {
    return rulesOf(this.seen(this.store.get(viewId), networkId, viewId, caller));
  }

  forLayout(networkId: number, viewId: number, caller: Caller): MapViewRules {
    const rec = this.seen(this.store.get(viewId), networkId, viewId, caller);
    if (caller.kind === 'anonymous' || caller.role === 'admin') return rulesOf(rec);
    const d = rec.data;
    if (d.type !== 'INTERACTIVE') {
      throw new AppError('FORBIDDEN', `view ${viewId} is a ${d.type} view, shown to every user: only administrators may change its layout`);
    }
    const owner = viewOwner(caller);
    if (d.owner !== owner) throw new AppError('FORBIDDEN', `view ${viewId} is not owned by '${owner}': only its owner or an administrator may change its layout`);
    return rulesOf(rec);
  }

  async markLayout(networkId: number, viewId: number, atMs: number, change?: (tx: MetaTxn) => void): Promise<void> {
    await this.change(() => this.deps.meta.transaction((tx) => {
      const views = this.store.within(tx);
      const rec = views.get(viewId);
      if (!rec || rec.data.networkId !== networkId) throw unknownView(networkId, viewId);
      change?.(tx);
      views.put(viewId, { ...rec.data, layoutUpdatedAtMs: atMs });
    }));
  }

  // ---- inside ------------------------------------------------------------------------------------

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

  /** Runs a write and moves `version` once it is done (or failed: a failed write changed nothing, a new tile list costs little). */
  private async change<R>(write: () => Promise<R>): Promise<R> {
    try { return await write(); } finally { this.changes++; }
  }
}

/** Tile lists kept at most (networks × callers × orders); past it the cache starts over. */
const MAX_TILE_LISTS = 1024;

/** Anonymous callers (authentication off) see every view; others their own and the shared ones. */
function visible(d: ViewData, caller: Caller): boolean {
  return caller.kind === 'anonymous' || d.shared || d.owner === viewOwner(caller);
}

/** `editable`: an INTERACTIVE view, shown to its owner. */
function editable(d: ViewData, caller: Caller): boolean {
  return d.type === 'INTERACTIVE' && d.owner === viewOwner(caller);
}

const rulesOf = ({ id, data }: StoredRecord<ViewData>): MapViewRules =>
  ({ id, networkId: data.networkId, devRule: data.devRule, linkRule: data.linkRule, adjacent: data.adjacent, connecting: data.connecting });

const inputOf = (d: ViewData): ViewInput => ({
  name: d.name, devRule: d.devRule, linkRule: d.linkRule, adjacent: d.adjacent, connecting: d.connecting, formData: d.formData,
});

/** The fields of ViewInput a body gives (the others keep the view's values at the time of the write). */
function givenFields(body: unknown): (keyof ViewInput)[] {
  const b = body as Record<string, unknown>;
  return (['name', 'devRule', 'linkRule', 'adjacent', 'connecting', 'formData'] as const).filter((k) => b[k] !== undefined);
}

const unknownView = (networkId: number, id: number): AppError => new AppError('UNKNOWN_VIEW', `no view ${id} in network ${networkId}`);
