import type { Generation } from '../../core/types.js';
import { compileMatcher, devicesSource, interfacesSource, type InterfaceRow, type RowSource } from '../../svcql/index.js';
import type { Device } from '../../core/types.js';
import { Budget } from '../../svcql/index.js';
import { selectMap, type MapFlags } from './map-graph.js';
import { REQUEST_LIMITS } from '../request-limits.js';

/** How to narrow a map call that ran past its time budget. */
const NARROW_MAP = 'a narrower device rule, or connecting off';

/** The time budget of one map call, from now (REQUEST_LIMITS.mapTimeBudgetMs; TIME_BUDGET past it). */
export function mapBudget(nowMs?: () => number): Budget {
  return new Budget({ timeMs: REQUEST_LIMITS.mapTimeBudgetMs, points: Infinity, narrow: NARROW_MAP }, nowMs);
}

/**
 * The rules of a map evaluated over one generation, kept for the next call. Rules read discovery
 * data only (the `devices` and `interfaces` tables), so their result is a function of the
 * generation and the rule texts: it is computed once and cached per generation (held weakly: a
 * generation the collector dropped goes with its entries), then the map's flags once per flag pair.
 */

/** What a map is computed from: the rule texts ('' matches everything) and the view flags. */
export interface MapRules {
  readonly devRule: string;
  readonly linkRule: string;
  readonly adjacent: boolean;
  readonly connecting: boolean;
}

/** The SvcQL tables of one generation and the indexes a map needs. */
interface GenerationIndex {
  readonly devices: RowSource<Device>;
  readonly interfaces: RowSource<InterfaceRow>;
  /** Device index by id. */
  readonly deviceAt: Map<number, number>;
  /** Both ends of each link as device indexes (-1: not a device of the generation). */
  readonly linkA: Int32Array;
  readonly linkB: Int32Array;
  /** The `interfaces` row of each end of each link (undefined when the device has no such interface). */
  readonly rowA: (InterfaceRow | undefined)[];
  readonly rowB: (InterfaceRow | undefined)[];
  /** Results by rules key, oldest first (a bounded LRU); and the matches of each rule text alone. */
  readonly results: Map<string, MapFlags>;
  readonly devMatches: Map<string, Uint8Array>;
  readonly linkMatches: Map<string, Uint8Array>;
}

/** The entry of `key` in an LRU map, made by `make` when absent; the oldest is dropped past `max`. */
function lru<V>(m: Map<string, V>, key: string, max: number, make: () => V): V {
  let v = m.get(key);
  if (v !== undefined) {
    m.delete(key);
  } else {
    v = make();
    if (m.size >= max) m.delete(m.keys().next().value!);
  }
  m.set(key, v);
  return v;
}

/** Rule results kept per generation: the views of a network and a few previews. */
const MAX_CACHED_RULES_PER_GENERATION = 64;

export class MapRulesCache {
  private readonly byGeneration = new WeakMap<Generation, GenerationIndex>();

  /**
   * Flags by device and link index of `gen` (indexes of `gen.devices` and `gen.links`). Throws
   * AppError SVCQL_* for a rule that does not parse or compile (the message gives its position),
   * REQUEST_LIMIT when the connecting search is over its bound in steps, TIME_BUDGET when `budget`
   * (the call's, from its start; a new one of REQUEST_LIMITS.mapTimeBudgetMs when none) is spent.
   */
  flags(gen: Generation, rules: MapRules, budget: Budget = mapBudget()): MapFlags {
    const idx = this.index(gen);
    const key = `${rules.adjacent ? 1 : 0}${rules.connecting ? 1 : 0}${rules.devRule.length}:${rules.devRule}\u0000${rules.linkRule}`;
    const max = MAX_CACHED_RULES_PER_GENERATION;
    return lru(idx.results, key, max, () => selectMap({
      deviceIds: gen.devices.map((d) => d.id),
      linkA: idx.linkA, linkB: idx.linkB,
      devMatch: lru(idx.devMatches, rules.devRule, max, () => this.matchDevices(idx, gen, rules.devRule)),
      linkMatch: lru(idx.linkMatches, rules.linkRule, max, () => this.matchLinks(idx, gen, rules.linkRule)),
      adjacent: rules.adjacent, connecting: rules.connecting,
      checkTime: () => budget.check(),
    }));
  }

  /** Device index by id in `gen`. */
  deviceIndex(gen: Generation): ReadonlyMap<number, number> {
    return this.index(gen).deviceAt;
  }

  private matchDevices(idx: GenerationIndex, gen: Generation, rule: string): Uint8Array {
    const out = new Uint8Array(gen.devices.length);
    if (rule.trim() === '') return out.fill(1);
    const match = compileMatcher(rule, idx.devices);
    for (let i = 0; i < gen.devices.length; i++) if (match(gen.devices[i]!)) out[i] = 1;
    return out;
  }

  /** A link matches when the interface row of either end matches. */
  private matchLinks(idx: GenerationIndex, gen: Generation, rule: string): Uint8Array {
    const out = new Uint8Array(gen.links.length);
    if (rule.trim() === '') return out.fill(1);
    const match = compileMatcher(rule, idx.interfaces);
    for (let l = 0; l < gen.links.length; l++) {
      const a = idx.rowA[l], b = idx.rowB[l];
      if ((a && match(a)) || (b && match(b))) out[l] = 1;
    }
    return out;
  }

  private index(gen: Generation): GenerationIndex {
    let idx = this.byGeneration.get(gen);
    if (idx) return idx;
    const deviceAt = new Map<number, number>();
    gen.devices.forEach((d, i) => deviceAt.set(d.id, i));
    const interfaces = interfacesSource(gen.devices, gen.links);
    const rowOf = new Map<string, InterfaceRow>();
    for (const r of interfaces.rows()) rowOf.set(`${r.device.id}:${r.intf.index}`, r);
    const n = gen.links.length;
    const linkA = new Int32Array(n), linkB = new Int32Array(n);
    const rowA: (InterfaceRow | undefined)[] = new Array(n), rowB: (InterfaceRow | undefined)[] = new Array(n);
    gen.links.forEach((l, i) => {
      linkA[i] = deviceAt.get(l.a.deviceId) ?? -1;
      linkB[i] = deviceAt.get(l.b.deviceId) ?? -1;
      rowA[i] = rowOf.get(`${l.a.deviceId}:${l.a.ifIndex}`);
      rowB[i] = rowOf.get(`${l.b.deviceId}:${l.b.ifIndex}`);
    });
    idx = { devices: devicesSource(gen.devices), interfaces, deviceAt, linkA, linkB, rowA, rowB, results: new Map(), devMatches: new Map(), linkMatches: new Map() };
    this.byGeneration.set(gen, idx);
    return idx;
  }
}
