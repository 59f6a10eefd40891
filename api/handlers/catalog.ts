import { formatTriplet, parseTriplet } from '../../core/triplet.js';
import type { Tag, VariableInstance } from '../../core/types.js';
import { facetOf } from '../../svcql/tag-set.js';
import type { ApiContext } from '../http/context.js';
import type { ApiRequest, ApiResponse } from '../http/http-types.js';
import {
  byName, categoriesOf, componentDescription, deviceIndex, sortedDistinct, variablesInCategory,
} from '../inventory-index.js';
import { networkParam, pathParam } from '../http/params.js';
import { listParam } from '../http/router.js';
import type { NetworkTablesCache } from '../svcql-catalog.js';

/**
 * Variable catalogs: the legacy catalog keyed by triplet (spec 2.7) and the v2 workbench catalog
 * (categories, variables, tag facets; shapes are this project's design). Everything is derived
 * from the variable inventory, so a variable is listed once it has an instance.
 */

/** Legacy catalog entry (spec 2.7). */
export interface CatalogEntry {
  readonly category: string;
  readonly varDescription: string;
  readonly device: string;
  readonly component: string;
  readonly componentDescription: string;
  readonly unit: string;
}

/** v2 catalog variable item (project design). */
export interface CatalogVariableItem {
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

/** The variable's description: its definition's, else the first instance's. */
function varDescription(ctx: ApiContext, v: VariableInstance): string {
  return ctx.service.variableDef(v.name)?.description ?? v.description;
}

/**
 * GET /api/monitor/networks/:netid/catalog/ and …/catalog/:triplets. Without triplets, every
 * instance; with them, the known ones in request order (an unknown triplet is left out: variables
 * come and go; one that does not parse is a 400 BAD_TRIPLET).
 */
export function legacyCatalog(ctx: ApiContext, req: ApiRequest, tables: NetworkTablesCache): ApiResponse {
  const net = networkParam(ctx, req, 'netid');
  const text = req.params.triplets;
  let chosen: VariableInstance[];
  if (text === undefined) {
    chosen = [...ctx.service.variables(net.id)];
  } else {
    chosen = [];
    for (const id of listParam(text)) {
      const t = parseTriplet(id);
      const v = ctx.service.variable(net.id, t.name, t.deviceId, t.index);
      if (v) chosen.push(v);
    }
  }
  const devices = deviceIndex(tables.get(ctx, net.id).devices);
  const out: Record<string, CatalogEntry> = {};
  for (const v of chosen) {
    out[formatTriplet(v)] = {
      category: v.category,
      varDescription: varDescription(ctx, v),
      device: v.deviceName,
      component: v.componentName,
      componentDescription: componentDescription(devices.get(v.deviceId), v),
      unit: v.unit,
    };
  }
  return { status: 200, body: out };
}

/** GET /v2/ui/net/:id/gw/catalog/categories/list — category names, sorted. */
export function categories(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const net = networkParam(ctx, req);
  return { status: 200, body: categoriesOf(ctx.service.variables(net.id)) };
}

/** GET /v2/ui/net/:id/gw/catalog/categories/:category — variable names of the category, sorted. */
export function categoryVariables(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const net = networkParam(ctx, req);
  return { status: 200, body: variablesInCategory(ctx.service.variables(net.id), pathParam(req, 'category')) };
}

/**
 * GET /v2/ui/net/:id/gw/catalog/variables/:names[/devices/:devices] — one item per known name in
 * request order (unknown names are left out). Devices are named by name or by id; with devices,
 * a variable without an instance on them is left out.
 */
export function catalogVariables(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const net = networkParam(ctx, req);
  const names = listParam(pathParam(req, 'names'));
  const devText = req.params.devices;
  const devSet = devText === undefined ? null : new Set(listParam(devText));
  const onDevices = (v: VariableInstance): boolean => devSet === null || devSet.has(v.deviceName) || devSet.has(String(v.deviceId));
  const summaries = byName(ctx.service.variables(net.id));
  const items: CatalogVariableItem[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const s = summaries.get(name);
    if (!s || seen.has(name)) continue;
    seen.add(name);
    const inst = s.instances.filter(onDevices);
    if (devSet !== null && inst.length === 0) continue;
    items.push({
      name,
      category: s.category,
      description: ctx.service.variableDef(name)?.description ?? s.instances[0]!.description,
      unit: s.unit,
      instances: inst.length,
      devices: sortedDistinct(inst.map((v) => v.deviceName)),
      components: sortedDistinct(inst.map((v) => v.componentName)),
      tags: sortedDistinct(inst.flatMap((v) => v.tags)),
    });
  }
  return { status: 200, body: items };
}

/**
 * GET /v2/ui/net/:id/gw/catalog/tags/facets/list — facet names of every tag of the network
 * (devices, interfaces, variable instances), sorted.
 */
export function tagFacets(ctx: ApiContext, req: ApiRequest, tables: NetworkTablesCache): ApiResponse {
  const net = networkParam(ctx, req);
  const t = tables.get(ctx, net.id);
  const facets: string[] = [];
  for (const d of t.devices) {
    for (const tag of d.tags) facets.push(facetOf(tag));
    for (const i of d.interfaces) for (const tag of i.tags) facets.push(facetOf(tag));
  }
  for (const v of t.instances) for (const tag of v.tags) facets.push(facetOf(tag));
  return { status: 200, body: sortedDistinct(facets) };
}
