import type { Caller } from '../../core/caller.js';
import { AppError, isAppError } from '../../core/errors.js';
import type { GenerationSelector } from '../../core/ports/networks.js';
import type { Generation } from '../../core/types.js';
import type { ServiceDeps } from '../deps.js';
import { mapAnswer, type MapAnswer } from './map-answer.js';
import { MapCoordinates, parsePositions, type CoordinateChange } from './map-coordinates.js';
import { autoLayout, fitLayout, type Point, type Viewport } from './map-layout.js';
import { placeMissing } from './map-placement.js';
import { MapRulesCache, type MapRules } from './map-rules.js';
import { linkValues, type LinkValuesAnswer } from './map-values.js';
import type { MapViewRules, MapViewSource } from '../views/index.js';
import type { NetworkService } from '../networks/index.js';

/**
 * Maps of views (map, layout, preview, coordinates, linkGraphVars, linkVar/nodeVar; docs/api.md
 * "Maps of views"). The view's rules and flags, and who may see it, come from
 * the MapViewSource; the devices and links from the selected generation (docs/api.md "Generation selection"); the rules'
 * results are cached per generation (map-rules.ts); coordinates are stored per view and device
 * (map-coordinates.ts). A map's layout is stored whole: a map call places every device of the map
 * that has no stored position (map-placement.ts) and stores it, so a device stays where it is until
 * a drag or a layout moves it.
 */

/** Largest generation a map is built from; a larger one is a REQUEST_LIMIT (answers stay bounded). */
const MAX_MAP_DEVICES = 10_000;
const MAX_MAP_LINKS = 40_000;

/**
 * Largest map `layout=auto` lays out: the force layout runs on the request's thread, about a
 * quarter of a second of one core per 1,000 devices (bench/RESULTS.md, maps).
 */
const MAX_AUTO_LAYOUT_DEVICES = 5_000;

/**
 * Built answers kept for repeated calls (most recently used first out): a map of 5,000 devices
 * holds a few MB with its encoded bytes, so a handful of large views at most.
 */
const MAX_CACHED_ANSWERS = 16;

/** The viewport of `layout=fit` when the call names none. */
export const DEFAULT_VIEWPORT: Viewport = Object.freeze({ x: 0, y: 0, width: 1000, height: 1000, margin: 20 });

export type LayoutKind = 'auto' | 'reset' | 'fit';

/** What a preview call may override; absent fields keep the view's. */
export interface PreviewOptions {
  readonly devRule?: string;
  readonly linkRule?: string;
  readonly adjacent?: boolean;
  readonly connecting?: boolean;
  /** True: only the devices and links the map shows; false (default): every one of the generation. */
  readonly hide?: boolean;
}

/** A variable offered for a map's links (config `deviceDetailsComponents.Interface`). */
interface LinkGraphVar {
  readonly name: string;
  /** False when no variable of that name is defined (a configuration naming a variable this server lacks). */
  readonly defined: boolean;
  readonly description: string;
  readonly unit: string;
  readonly category: string;
}

/** A built answer and what it was built from (the rest is its key). */
/** Auto layouts kept (a few views' worth: each holds one position per device of its map). */
const MAX_CACHED_AUTO_LAYOUTS = 16;

/** What selects a map's devices and links: network, generation, rules and flags (not the view, not coordinates). */
function selectionKey(networkId: number, gen: Generation | null, rules: MapRules): string {
  return [
    networkId, gen?.number ?? 0,
    rules.adjacent ? 1 : 0, rules.connecting ? 1 : 0, rules.devRule.length, rules.devRule + '\u0000' + rules.linkRule,
  ].join(':');
}

interface CachedAnswer { readonly gen: Generation | null; readonly coordsVersion: number; readonly answer: MapAnswer }

export class MapService {
  private readonly rules = new MapRulesCache();
  private readonly coords: MapCoordinates;
  /**
   * The latest map (not preview) by view, generation and rules, with the coordinates version it
   * shows (LRU). An answer is immutable once built; the same object is returned while nothing it
   * was built from changed, and its parts are shared with the next one (map-answer.ts), so that the
   * API encodes each object once (api/http/json-once.ts).
   */
  private readonly answers = new Map<string, CachedAnswer>();
  /**
   * Changes of each view's coordinates made by this service (bumped once a write committed): part
   * of the answers' key. Coordinates are written by this service only (a view's removal takes them
   * with it, and view ids are never reused).
   */
  private readonly coordsVersion = new Map<number, number>();
  /** Auto layouts by selection (selectionKey), at most MAX_CACHED_AUTO_LAYOUTS, oldest dropped. */
  private readonly autoLayouts = new Map<string, { readonly gen: Generation | null; readonly points: Map<number, Point> }>();

  /** Entries of the service's in-memory caches (the server's cache registry, services/index.ts). */
  cacheSizes(): { readonly answers: number; readonly autoLayouts: number; readonly coordinates: number } {
    return { answers: this.answers.size, autoLayouts: this.autoLayouts.size, coordinates: this.coords.cachedViews() };
  }

  /**
   * Empties one in-memory cache: the next read builds it again from the store, the generation and
   * the view's rules (an automatic layout is computed again).
   */
  clearCache(which: 'answers' | 'autoLayouts' | 'coordinates'): void {
    if (which === 'answers') this.answers.clear();
    else if (which === 'autoLayouts') this.autoLayouts.clear();
    else this.coords.forget();
  }

  /** Config keys read per call through the holder: a reload applies them with the swap (core/config-applier.ts). */
  static readonly configKeys: readonly string[] = ['deviceDetailsComponents'];

  constructor(private readonly deps: ServiceDeps, private readonly networks: NetworkService, private readonly views: MapViewSource) {
    this.coords = new MapCoordinates(deps.meta);
  }

  /**
   * The view's map over the selected generation, with stored coordinates; devices of the map
   * without one are placed first and their positions stored (`placed`), whoever the caller: the
   * server completes its own layout, the caller chooses nothing.
   */
  async map(networkId: number, viewId: number, caller: Caller, sel: GenerationSelector): Promise<MapAnswer> {
    const view = this.view(networkId, viewId, caller);
    const gen = this.generation(networkId, sel);
    return this.placed(view, gen);
  }

  /**
   * Preview: the map with the rules and flags of `opts` (absent ones: the view's), nothing stored.
   * Every device and link carries `matching`; `hide` keeps only those the map shows.
   */
  preview(networkId: number, viewId: number, caller: Caller, sel: GenerationSelector, opts: PreviewOptions): MapAnswer {
    const view = this.view(networkId, viewId, caller);
    const gen = this.generation(networkId, sel);
    const rules: MapRules = {
      devRule: opts.devRule ?? view.devRule, linkRule: opts.linkRule ?? view.linkRule,
      adjacent: opts.adjacent ?? view.adjacent, connecting: opts.connecting ?? view.connecting,
    };
    // Built each time: previews are one-off (a rule being typed); only their rules' results are cached.
    const flags = gen ? this.rules.flags(gen, rules) : null;
    return mapAnswer(view.networkId, view.id, gen, rules, flags, this.coords.read(view.id), { hide: opts.hide ?? false });
  }

  /**
   * Runs a layout and returns the new map. `auto`: positions of every device on the map from the
   * force layout (map-layout.ts), stored (other devices' stored coordinates are kept). `reset`:
   * every stored coordinate of the view replaced by the placement of a new view (the force layout
   * of the map), in one transaction. `fit`: the devices on the map placed (as by `map`), then
   * their coordinates scaled linearly into `viewport` and stored. Each marks the view's layout
   * changed. Only a caller that may change the view's layout (MapViewSource.forLayout: FORBIDDEN
   * otherwise, nothing stored).
   */
  async layout(
    networkId: number, viewId: number, caller: Caller, sel: GenerationSelector, kind: LayoutKind, viewport: Viewport = DEFAULT_VIEWPORT,
  ): Promise<MapAnswer> {
    const view = this.layoutView(networkId, viewId, caller);
    const gen = this.generation(networkId, sel);
    const inViewTxn = this.layoutChange(networkId, viewId);
    if (kind === 'reset') {
      await this.coords.replace(viewId, this.placement(this.answer(view, gen, view), new Map()), inViewTxn);
    } else {
      const shown = kind === 'fit' ? await this.placed(view, gen) : this.answer(view, gen, view);
      let points: Map<number, Point>;
      if (kind === 'auto') {
        if (shown.devices.length > MAX_AUTO_LAYOUT_DEVICES) {
          throw new AppError('REQUEST_LIMIT',
            `the map shows ${shown.devices.length} devices; layout=auto lays out at most ${MAX_AUTO_LAYOUT_DEVICES}: narrow the view's rules`);
        }
        points = this.autoPoints(view.networkId, gen, view, shown);
      } else {
        const placed = new Map<number, Point>();
        for (const d of shown.devices) if (d.x !== null && d.y !== null) placed.set(d.id, { x: d.x, y: d.y });
        points = fitLayout(placed, viewport);
      }
      await this.coords.write(viewId, points, inViewTxn);
    }
    this.coordsChanged(viewId);
    return this.answer(view, gen, view);
  }

  /**
   * Stores coordinates `[{id, x, y}]` (parsePositions) of devices of the network's latest
   * generation, in one transaction, and marks the view's layout changed. An id that is not a device
   * of that generation refuses the whole call (BAD_REQUEST naming it): nothing is stored. Only a
   * caller that may change the view's layout (as `layout`).
   */
  async setCoordinates(networkId: number, viewId: number, caller: Caller, body: unknown): Promise<{ status: 'ok'; stored: number }> {
    this.layoutView(networkId, viewId, caller);
    const positions = parsePositions(body);
    const gen = this.generation(networkId, {});
    const known = gen ? this.rules.deviceIndex(gen) : new Map<number, number>();
    const unknown = positions.filter((p) => !known.has(p.id)).map((p) => p.id);
    if (unknown.length > 0) {
      const where = gen ? `generation ${gen.number}` : 'any completed discovery (none has completed yet)';
      throw new AppError('BAD_REQUEST', `device(s) ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ', …' : ''} not in ${where}: no coordinates stored`);
    }
    await this.coords.write(viewId, new Map(positions.map((p) => [p.id, { x: p.x, y: p.y }])), this.layoutChange(networkId, viewId));
    this.coordsChanged(viewId);
    return { status: 'ok', stored: positions.length };
  }

  /**
   * The auto layout of a map's devices and links: a pure function of them, so computed once per
   * network, generation and rules (the same selection) and kept for the next `layout=auto`.
   */
  private autoPoints(networkId: number, gen: Generation | null, rules: MapRules, shown: MapAnswer): Map<number, Point> {
    const key = selectionKey(networkId, gen, rules);
    const hit = this.autoLayouts.get(key);
    if (hit && hit.gen === gen) return hit.points;
    const points = autoLayout(shown.devices.map((d) => d.id), shown.links.map((l) => [l.a.deviceId, l.b.deviceId] as const));
    this.autoLayouts.delete(key);
    this.autoLayouts.set(key, { gen, points });
    if (this.autoLayouts.size > MAX_CACHED_AUTO_LAYOUTS) this.autoLayouts.delete(this.autoLayouts.keys().next().value!);
    return points;
  }

  /**
   * The answer with every device placed: when some device of the map has no stored position, the
   * positions of those (placement) are stored — only where none was stored meanwhile — and the
   * answer is built again. A store that refuses writes (STORE_WRITE_FAILED: a full disk) does not
   * hide the map: it is answered with the placed positions, unstored (a later call stores them).
   */
  private async placed(view: MapViewRules, gen: Generation | null): Promise<MapAnswer> {
    const shown = this.answer(view, gen, view);
    if (shown.devices.every((d) => d.x !== null && d.y !== null)) return shown;
    const stored = new Map<number, Point>();
    for (const d of shown.devices) if (d.x !== null && d.y !== null) stored.set(d.id, { x: d.x, y: d.y });
    const points = this.placement(shown, stored);
    try {
      await this.coords.writeMissing(view.id, points, this.layoutChange(view.networkId, view.id));
    } catch (e) {
      if (!isAppError(e) || e.code !== 'STORE_WRITE_FAILED') throw e;
      this.deps.logger.warn('map positions not stored (answered unstored)', { view: view.id, devices: points.size, error: e.message });
      const flags = gen ? this.rules.flags(gen, view) : null;
      return mapAnswer(view.networkId, view.id, gen, view, flags, new Map([...this.coords.read(view.id), ...points]), null, shown);
    }
    this.coordsChanged(view.id);
    return this.answer(view, gen, view);
  }

  /** Positions for the devices of `shown` that `stored` lacks (map-placement.ts; the force layout up to MAX_AUTO_LAYOUT_DEVICES). */
  private placement(shown: MapAnswer, stored: ReadonlyMap<number, Point>): Map<number, Point> {
    return placeMissing(
      shown.devices.map((d) => d.id), shown.links.map((l) => [l.a.deviceId, l.b.deviceId] as const), stored, MAX_AUTO_LAYOUT_DEVICES,
    );
  }

  /** A coordinate change run in the view's transaction that marks its layout changed now (MapViewSource.markLayout). */
  private layoutChange(networkId: number, viewId: number): CoordinateChange {
    return (change) => this.views.markLayout(networkId, viewId, this.deps.clock.nowMs(), change);
  }

  /** The variables of config `deviceDetailsComponents.Interface`, with their definitions. */
  linkGraphVars(networkId: number, viewId: number, caller: Caller): LinkGraphVar[] {
    this.view(networkId, viewId, caller);
    return this.deps.config().deviceDetailsComponents.Interface.map((name) => {
      const def = this.deps.collector.catalog.definition(name);
      return { name, defined: def !== undefined, description: def?.description ?? '', unit: def?.unit ?? '', category: def?.category ?? '' };
    });
  }

  /**
   * Values of interface variable `linkVar` at both ends of each link of the view's map, and of
   * device variable `nodeVar` per device (map-values.ts); with `timestampMs`, the map and the values
   * at that time.
   */
  linkValues(networkId: number, viewId: number, caller: Caller, linkVar: string, nodeVar: string, timestampMs?: number): LinkValuesAnswer {
    const view = this.view(networkId, viewId, caller);
    const sel: GenerationSelector = timestampMs === undefined ? {} : { timestampMs };
    const gen = this.generation(networkId, sel);
    const shown = this.answer(view, gen, view);
    return linkValues(this.deps, networkId, viewId, shown, linkVar, nodeVar, timestampMs);
  }

  private view(networkId: number, viewId: number, caller: Caller): MapViewRules {
    this.networks.need(networkId);
    return this.views.forMap(networkId, viewId, caller);
  }

  /** The view of a layout change: FORBIDDEN when the caller may not change its layout (MapViewSource.forLayout). */
  private layoutView(networkId: number, viewId: number, caller: Caller): MapViewRules {
    this.networks.need(networkId);
    return this.views.forLayout(networkId, viewId, caller);
  }

  private generation(networkId: number, sel: GenerationSelector): Generation | null {
    const gen = this.deps.collector.networks.generation(networkId, sel);
    if (gen && (gen.devices.length > MAX_MAP_DEVICES || gen.links.length > MAX_MAP_LINKS)) {
      throw new AppError('REQUEST_LIMIT',
        `generation ${gen.number} has ${gen.devices.length} devices and ${gen.links.length} links; maps are built of at most ${MAX_MAP_DEVICES} devices and ${MAX_MAP_LINKS} links`);
    }
    return gen;
  }

  /**
   * After a committed change of the view's coordinates: a new version. The view's answers stay
   * cached until pushed out, as the base of their next build (only moved devices are rebuilt).
   */
  private coordsChanged(viewId: number): void {
    this.coordsVersion.set(viewId, (this.coordsVersion.get(viewId) ?? 0) + 1);
  }

  /**
   * The answer for these inputs: the cached one when nothing changed; after a change of the view's
   * coordinates, one built from the cached one (moved devices rebuilt, the rest shared); else built.
   */
  private answer(view: MapViewRules, gen: Generation | null, rules: MapRules): MapAnswer {
    const key = `${view.id}:${selectionKey(view.networkId, gen, rules)}`;
    const version = this.coordsVersion.get(view.id) ?? 0;
    const hit = this.answers.get(key);
    const base = hit && hit.gen === gen ? hit : null;
    if (base) this.answers.delete(key);
    let answer: MapAnswer;
    if (base && base.coordsVersion === version) {
      answer = base.answer;
    } else {
      const flags = gen ? this.rules.flags(gen, rules) : null;
      answer = mapAnswer(view.networkId, view.id, gen, rules, flags, this.coords.read(view.id), null, base ? base.answer : null);
    }
    this.answers.set(key, { gen, coordsVersion: version, answer });
    if (this.answers.size > MAX_CACHED_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
    return answer;
  }
}
