import type { VariableInstance } from '../../core/types.js';
import type { ApiContext } from '../http/context.js';
import type { ApiRequest, ApiResponse } from '../http/http-types.js';
import { compareText, deviceIndex } from '../inventory-index.js';
import { networkParam, pathParam } from '../http/params.js';
import { selectByRule } from '../rule-select.js';
import type { NetworkTablesCache } from '../svcql-catalog.js';
import { unitScale } from '../unit-scale.js';

/**
 * Legacy last values (spec 4.5 `vars`, item 2.7): every instance of one variable, or the
 * instances a matching rule selects. The value is the newest poll (ring buffer), else the store's
 * last point of the past hour.
 *
 * Colours (project design): this server has no thresholds on variables yet, so `colorLevel` only
 * says whether there is a value: `normal` (green) or `none` (grey).
 */

/** Last-value item (spec 2.7). */
export interface LastValueItem {
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

export const COLORS = Object.freeze({ normal: '#2e7d32', none: '#9e9e9e' });

const text = (v: number): string => String(Number(v.toPrecision(12)));

function items(ctx: ApiContext, cache: NetworkTablesCache, netId: number, chosen: readonly VariableInstance[]): LastValueItem[] {
  const tables = cache.get(ctx, netId);
  const devices = deviceIndex(tables.devices);
  return chosen.map((v) => {
    const value = tables.latest(v.slot);
    const has = Number.isFinite(value);
    const { unit: scaledUnit, scale } = unitScale(v.unit, has ? Math.abs(value) : 0);
    return {
      device: v.deviceName,
      address: devices.get(v.deviceId)?.address ?? '',
      component: v.componentName,
      color: has ? COLORS.normal : COLORS.none,
      colorLevel: has ? 'normal' : 'none',
      value: has ? text(value) : '',
      scaledValue: has ? text(value / scale) : '',
      unit: v.unit,
      scaledUnit,
      tags: v.tags.join(','),
    };
  });
}

/** GET /api/monitor/networks/:netid/vars/:varname — sorted by device, then component index. */
export function lastValuesOf(ctx: ApiContext, req: ApiRequest, tables: NetworkTablesCache): ApiResponse {
  const net = networkParam(ctx, req, 'netid');
  const name = pathParam(req, 'varname');
  const chosen = ctx.service.variables(net.id).filter((v) => v.name === name)
    .sort((a, b) => compareText(a.deviceName, b.deviceName) || a.index - b.index);
  return { status: 200, body: items(ctx, tables, net.id, chosen) };
}

/** GET /api/monitor/networks/:netid/vars?<rule> — the rule's instances, in the rule's order. */
export function lastValuesByRule(ctx: ApiContext, req: ApiRequest, tables: NetworkTablesCache): ApiResponse {
  const net = networkParam(ctx, req, 'netid');
  const { instances } = selectByRule(req, ctx.service.variables(net.id), ctx.service.series, ctx.clock.nowMs());
  return { status: 200, body: items(ctx, tables, net.id, instances) };
}
