import type { Tag } from '../../core/types.js';
import { formatTriplet } from '../../core/triplet.js';
import type { ApiContext } from '../http/context.js';
import type { ApiRequest, ApiResponse } from '../http/http-types.js';
import { byName, sortedDistinct } from '../inventory-index.js';
import { networkParam } from '../http/params.js';
import { selectByRule } from '../rule-select.js';

/**
 * Graphing workbench calls: variables chosen by the matching rule (spec 4.3) and the variable
 * summary. Legacy shapes are the spec's (2.7); the v2 item is this project's design.
 */

/** Legacy variable summary item (spec 2.7). */
export interface VariableSummaryItem {
  readonly name: string;
  readonly devices: readonly string[];
  readonly components: readonly string[];
  readonly tags: readonly Tag[];
}

/** Legacy variable instance item (spec 2.7). */
export interface VariableInstanceItem {
  readonly name: string;
  readonly component: string;
  readonly device: string;
  readonly devId: number;
  readonly index: number;
  readonly description: string;
}

/** v2 workbench item (project design): the legacy item plus triplet, category, unit and tags. */
export interface WorkbenchVariableItem extends VariableInstanceItem {
  readonly triplet: string;
  readonly category: string;
  readonly unit: string;
  readonly tags: readonly Tag[];
}

/** GET /api/monitor/networks/:netid/gw/ — one summary item per variable name, sorted by name. */
export function legacySummary(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const net = networkParam(ctx, req, 'netid');
  const items: VariableSummaryItem[] = [];
  for (const s of byName(ctx.service.variables(net.id)).values()) {
    items.push({
      name: s.name,
      devices: sortedDistinct(s.instances.map((v) => v.deviceName)),
      components: sortedDistinct(s.instances.map((v) => v.componentName)),
      tags: sortedDistinct(s.instances.flatMap((v) => v.tags)),
    });
  }
  return { status: 200, body: items };
}

/** GET /api/monitor/networks/:netid/gw?<rule> — the rule's variable instances. */
export function legacyByRule(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const net = networkParam(ctx, req, 'netid');
  const { instances } = selectByRule(req, ctx.service.variables(net.id), ctx.service.series, ctx.clock.nowMs());
  const items: VariableInstanceItem[] = instances.map((v) => ({
    name: v.name, component: v.componentName, device: v.deviceName, devId: v.deviceId, index: v.index, description: v.description,
  }));
  return { status: 200, body: items };
}

/** GET /v2/ui/net/:id/gw/variables?<rule> — the rule's variable instances (project design item). */
export function variablesByRule(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const net = networkParam(ctx, req);
  const { instances } = selectByRule(req, ctx.service.variables(net.id), ctx.service.series, ctx.clock.nowMs());
  const items: WorkbenchVariableItem[] = instances.map((v) => ({
    name: v.name, triplet: formatTriplet(v), component: v.componentName, device: v.deviceName, devId: v.deviceId,
    index: v.index, description: v.description, category: v.category, unit: v.unit, tags: v.tags,
  }));
  return { status: 200, body: items };
}
