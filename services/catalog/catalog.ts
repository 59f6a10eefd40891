import { formatTriplet, parseTriplet } from '../../core/triplet.js';
import type { DevicePollState } from '../../core/ports/networks.js';
import type { Tag, VariableInstance } from '../../core/types.js';
import { Budget, jsonBytes, textBytes } from '../../svcql/index.js';
import { facetOf } from '../../svcql/tag-set.js';
import { AnswerBound } from '../answer-bound.js';
import type { ServiceDeps } from '../deps.js';
import {
  byName, categoriesOf, compareText, componentDescription, deviceIndex, sortedDistinct, variablesInCategory,
} from '../inventory-index.js';
import type { NetworkService } from '../networks/index.js';
import { selectByRule, type StatsWindow } from '../rule-select.js';
import { REQUEST_LIMITS } from '../request-limits.js';
import { latestValuesWithTimes, type NetworkTablesCache } from '../svcql-tables.js';
import { unitScale } from './unit-scale.js';
import { colorLevel, thresholdsByName } from './variable-thresholds.js';

/**
 * Variable catalogs and the graphing workbench: the legacy catalog keyed by triplet,
 * the v2 workbench catalog (categories, variables, tag facets; shapes are this project's design),
 * variables chosen by the matching rule (docs/api.md "The variable matching rule"), the variable summary, and last values (legacy
 * `vars`). Everything is derived from the variable inventory, so a variable is listed once it has
 * an instance. Answers that grow with the inventory are bounded in bytes (AnswerBound:
 * REQUEST_LIMITS.maxAnswerBytes, AppError REQUEST_LIMIT saying how to narrow the call) and in
 * main-thread time (a Budget of REQUEST_LIMITS.inventoryTimeBudgetMs per call, charged per
 * instance tested, per sort comparison and per answer item: AppError TIME_BUDGET). Passes over the
 * inventory that neither sort it nor answer per instance (categories, tag facets) are not charged:
 * they cost what building the network's tables costs.
 */

/** How to narrow a call that takes a matching rule. */
const NARROW_RULE = 'narrow the rule (name, devices, components, tags) or page it with limit, start and count';

/** Legacy catalog entry (docs/api.md "Workbench and catalog (legacy)"). */
interface CatalogEntry {
  readonly category: string;
  readonly varDescription: string;
  readonly device: string;
  readonly component: string;
  readonly componentDescription: string;
  readonly unit: string;
}

/** v2 catalog variable item (project design). */
interface CatalogVariableItem {
  readonly name: string;
  readonly category: string;
  readonly description: string;
  readonly unit: string;
  /** Instances counted (within the named devices when the call names some). */
  readonly instances: number;
  readonly devices: readonly string[];
  readonly components: readonly string[];
  readonly tags: readonly Tag[];
}

/** Legacy variable summary item (docs/api.md "Workbench and catalog (legacy)"). */
interface VariableSummaryItem {
  readonly name: string;
  readonly devices: readonly string[];
  readonly components: readonly string[];
  readonly tags: readonly Tag[];
}

/** Legacy variable instance item (docs/api.md "Workbench and catalog (legacy)"). */
interface VariableInstanceItem {
  readonly name: string;
  readonly component: string;
  readonly device: string;
  readonly devId: number;
  readonly index: number;
  readonly description: string;
}

/** v2 workbench item (project design): the legacy item plus triplet, category, unit and tags. */
interface WorkbenchVariableItem extends VariableInstanceItem {
  readonly triplet: string;
  readonly category: string;
  readonly unit: string;
  readonly tags: readonly Tag[];
}

/** Last-value item (docs/api.md "Workbench and catalog (legacy)"). */
interface LastValueItem {
  readonly device: string;
  readonly address: string;
  readonly component: string;
  readonly color: string;
  readonly colorLevel: string;
  readonly value: string;
  readonly scaledValue: string;
  readonly unit: string;
  readonly scaledUnit: string;
  readonly tags: string;
}

/**
 * Colours of last values (project design): `colorLevel` is services/catalog/variable-thresholds.ts
 * `colorLevel` — `critical` (red) and `warning` (orange) a current value past the variable's
 * configured thresholds (`variables.thresholds`, `variables.snmp[].thresholds`,
 * `variables.derived[].thresholds`), `normal` (green) any other current value, `stale` (amber) the
 * last one known but no longer current (see `isStale`; thresholds are not applied to it), `none`
 * (grey) no value in the past hour. A stale item keeps its value.
 */
export const COLORS = Object.freeze({
  normal: '#2e7d32', warning: '#ef6c00', critical: '#c62828', stale: '#f9a825', none: '#9e9e9e',
});

/**
 * A value older than this many poll intervals is stale: two intervals (one missed poll) and half
 * of one more for the poll's own time (timeouts and retries).
 */
const STALE_AFTER_INTERVALS = 2.5;

/**
 * Whether a value observed at `tsMs` is stale now: older than STALE_AFTER_INTERVALS poll intervals,
 * or older than its device's current run of failed polls (the last value the device gave before it
 * stopped answering). A value written since (the collector's own `reachable`) is current.
 */
function isStale(tsMs: number, nowMs: number, pollIntervalMs: number, device: DevicePollState | undefined): boolean {
  if (nowMs - tsMs > STALE_AFTER_INTERVALS * pollIntervalMs) return true;
  return device !== undefined && device.failing && device.failingSinceMs !== null && tsMs < device.failingSinceMs;
}

const valueText = (v: number): string => String(Number(v.toPrecision(12)));

export class CatalogService {
  /** Config keys read per call (the colours of values) through the holder: a reload applies them with the swap (core/config-applier.ts). */
  static readonly configKeys: readonly string[] = ['variables.thresholds'];

  /** `monotonicMs`: the clock of the calls' time budgets (default performance.now; tests pass their own). */
  constructor(
    private readonly deps: ServiceDeps, private readonly networks: NetworkService, private readonly tables: NetworkTablesCache,
    private readonly monotonicMs?: () => number,
  ) {}

  /** The time budget of one call, from now; `narrow` ends its TIME_BUDGET message. */
  private budget(narrow: string): Budget {
    return new Budget({ timeMs: REQUEST_LIMITS.inventoryTimeBudgetMs, points: REQUEST_LIMITS.maxPointsPerRequest, narrow }, this.monotonicMs);
  }

  private instances(netId: number): readonly VariableInstance[] {
    return this.deps.collector.catalog.instances(this.networks.need(netId).id);
  }

  /** The variable's description: its definition's, else the instance's. */
  private description(v: VariableInstance): string {
    return this.deps.collector.catalog.definition(v.name)?.description ?? v.description;
  }

  /**
   * Legacy catalog: without triplets every instance; with them the known ones in request order (an
   * unknown triplet is left out: variables come and go; one that does not parse is AppError BAD_TRIPLET).
   */
  legacyCatalog(netId: number, triplets: readonly string[] | undefined): Record<string, CatalogEntry> {
    const net = this.networks.need(netId);
    const narrow = 'ask for the entries of some variables: /catalog/<triplets>, or the v2 catalog calls';
    let chosen: VariableInstance[];
    if (triplets === undefined) {
      chosen = [...this.instances(net.id)];
    } else {
      chosen = [];
      for (const id of triplets) {
        const t = parseTriplet(id);
        const v = this.deps.collector.catalog.find(net.id, t.name, t.deviceId, t.index);
        if (v) chosen.push(v);
      }
    }
    const devices = deviceIndex(this.tables.get(net.id).devices);
    const bound = new AnswerBound(narrow, {}, this.budget(narrow));
    const out: Record<string, CatalogEntry> = {};
    for (const v of chosen) {
      const key = formatTriplet(v);
      const entry: CatalogEntry = {
        category: v.category,
        varDescription: this.description(v),
        device: v.deviceName,
        component: v.componentName,
        componentDescription: componentDescription(devices.get(v.deviceId), v),
        unit: v.unit,
      };
      bound.row(textBytes(key) + 1 + jsonBytes(entry));
      out[key] = entry;
    }
    return out;
  }

  /** Category names, sorted. */
  categories(netId: number): string[] { return categoriesOf(this.instances(netId)); }

  /** Variable names of a category, sorted. */
  categoryVariables(netId: number, category: string): string[] { return variablesInCategory(this.instances(netId), category); }

  /**
   * One item per known name in request order (unknown names are left out). `devices` (names or ids)
   * restricts the instances counted; then a variable without an instance on them is left out.
   */
  catalogVariables(netId: number, names: readonly string[], devices: readonly string[] | null): CatalogVariableItem[] {
    const devSet = devices === null ? null : new Set(devices);
    const onDevices = (v: VariableInstance): boolean => devSet === null || devSet.has(v.deviceName) || devSet.has(String(v.deviceId));
    const narrow = 'name fewer variables, or restrict them to some devices';
    const budget = this.budget(narrow);
    const all = this.instances(netId);
    const summaries = byName(all);
    budget.spend(all.length);
    const bound = new AnswerBound(narrow, {}, budget);
    const items: CatalogVariableItem[] = [];
    const seen = new Set<string>();
    for (const name of names) {
      const s = summaries.get(name);
      if (!s || seen.has(name)) continue;
      seen.add(name);
      budget.spend(s.instances.length);
      const inst = s.instances.filter(onDevices);
      if (devSet !== null && inst.length === 0) continue;
      items.push(bound.item({
        name,
        category: s.category,
        description: this.deps.collector.catalog.definition(name)?.description ?? s.instances[0]!.description,
        unit: s.unit,
        instances: inst.length,
        devices: sortedDistinct(inst.map((v) => v.deviceName)),
        components: sortedDistinct(inst.map((v) => v.componentName)),
        tags: sortedDistinct(inst.flatMap((v) => v.tags)),
      }));
    }
    return items;
  }

  /** Facet names of every tag of the network (devices, interfaces, variable instances), sorted. */
  tagFacets(netId: number): string[] {
    const t = this.tables.get(this.networks.need(netId).id);
    const facets: string[] = [];
    for (const d of t.devices) {
      for (const tag of d.tags) facets.push(facetOf(tag));
      for (const i of d.interfaces) for (const tag of i.tags) facets.push(facetOf(tag));
    }
    for (const v of t.instances) for (const tag of v.tags) facets.push(facetOf(tag));
    return sortedDistinct(facets);
  }

  /** One summary item per variable name, sorted by name. */
  summary(netId: number): VariableSummaryItem[] {
    const narrow = 'use the catalog calls of some variables instead';
    const budget = this.budget(narrow);
    const all = this.instances(netId);
    const summaries = byName(all);
    budget.spend(all.length);
    const bound = new AnswerBound(narrow, {}, budget);
    const items: VariableSummaryItem[] = [];
    for (const s of summaries.values()) {
      budget.spend(s.instances.length);
      items.push(bound.item({
        name: s.name,
        devices: sortedDistinct(s.instances.map((v) => v.deviceName)),
        components: sortedDistinct(s.instances.map((v) => v.componentName)),
        tags: sortedDistinct(s.instances.flatMap((v) => v.tags)),
      }));
    }
    return items;
  }

  /** The instances a matching rule selects (sortBy statistics over `statsWindow`), within `budget`. */
  private select(netId: number, params: URLSearchParams, statsWindow: StatsWindow, budget: Budget): VariableInstance[] {
    return selectByRule(params, this.instances(netId), this.deps.series, statsWindow, budget).instances;
  }

  /** Legacy items of the rule's instances. */
  legacyByRule(netId: number, params: URLSearchParams, statsWindow: StatsWindow): VariableInstanceItem[] {
    const budget = this.budget(NARROW_RULE);
    const bound = new AnswerBound(NARROW_RULE, {}, budget);
    return this.select(netId, params, statsWindow, budget).map((v) => bound.item({
      name: v.name, component: v.componentName, device: v.deviceName, devId: v.deviceId, index: v.index, description: v.description,
    }));
  }

  /** v2 workbench items of the rule's instances. */
  workbench(netId: number, params: URLSearchParams, statsWindow: StatsWindow): WorkbenchVariableItem[] {
    const budget = this.budget(NARROW_RULE);
    const bound = new AnswerBound(NARROW_RULE, {}, budget);
    return this.select(netId, params, statsWindow, budget).map((v) => bound.item({
      name: v.name, triplet: formatTriplet(v), component: v.componentName, device: v.deviceName, devId: v.deviceId,
      index: v.index, description: v.description, category: v.category, unit: v.unit, tags: v.tags,
    }));
  }

  /** Last values of every instance of one variable, sorted by device, then component index. */
  lastValuesOf(netId: number, name: string): LastValueItem[] {
    const narrow = 'use the rule form (/vars with name, devices, components, tags) and page it with limit, start and count';
    const budget = this.budget(narrow);
    const all = this.instances(netId);
    const chosen = all.filter((v) => v.name === name);
    budget.spend(all.length);
    chosen.sort((a, b) => { budget.spend(); return compareText(a.deviceName, b.deviceName) || a.index - b.index; });
    return this.lastValues(netId, chosen, narrow, budget);
  }

  /** Last values of the rule's instances, in the rule's order. */
  lastValuesByRule(netId: number, params: URLSearchParams, statsWindow: StatsWindow): LastValueItem[] {
    const budget = this.budget(NARROW_RULE);
    return this.lastValues(netId, this.select(netId, params, statsWindow, budget), NARROW_RULE, budget);
  }

  /**
   * The newest poll (ring buffer), else the store's last point of the past hour (one rollup for
   * all); a value that is not current is `stale` (isStale).
   */
  private lastValues(netId: number, chosen: readonly VariableInstance[], narrow: string, budget: Budget): LastValueItem[] {
    const devices = deviceIndex(this.tables.get(netId).devices);
    const { values, tsMs } = latestValuesWithTimes(this.deps, chosen.map((v) => v.slot));
    const states = this.networks.deviceStates(netId);
    const intervalMs = this.networks.need(netId).pollIntervalMs;
    const now = this.deps.clock.nowMs();
    const thresholds = thresholdsByName(this.deps.config().variables);
    budget.check();
    const bound = new AnswerBound(narrow, {}, budget);
    return chosen.map((v, i) => {
      const value = values[i]!;
      const has = Number.isFinite(value);
      const level = colorLevel(value, has && isStale(tsMs[i]!, now, intervalMs, states.get(v.deviceId)), thresholds.get(v.name));
      const { unit: scaledUnit, scale } = unitScale(v.unit, has ? Math.abs(value) : 0);
      return bound.item({
        device: v.deviceName,
        address: devices.get(v.deviceId)?.address ?? '',
        component: v.componentName,
        color: COLORS[level],
        colorLevel: level,
        value: has ? valueText(value) : '',
        scaledValue: has ? valueText(value / scale) : '',
        unit: v.unit,
        scaledUnit,
        tags: v.tags.join(','),
      });
    });
  }
}
