import { AppError } from '../../core/errors.js';
import type { SeriesPoints, VariableInstance } from '../../core/types.js';
import type { ApiContext } from '../http/context.js';
import { JSON_TYPE, type ApiRequest, type ApiResponse } from '../http/http-types.js';
import { graphValue, writeGraphPoint } from '../http/graph-value.js';
import { JsonWriter } from '../http/json-writer.js';
import { networkParam, pathParam, queryFlag, queryInteger } from '../http/params.js';
import { listParam } from '../http/router.js';
import { reduceMinMax } from '../series-reduce.js';
import { parseTimeWindow, type TimeWindow } from '../http/time-window.js';
import { unitScale } from '../unit-scale.js';
import { resolveIds } from '../variable-ids.js';
import { selectByRule } from '../rule-select.js';
import { formatTriplet } from '../../core/triplet.js';

/**
 * Graph and data calls by explicit ids (spec 2.7, 4.1 "Graphs and raw data", 4.5 "Graphs and
 * data"). One implementation serves the v2 paths (`:id`, `:triplets`) and the legacy ones
 * (`:netid`, `:varids`). Per-id problems go to the result's `errors` string (status 200); a
 * malformed window or flag is a 400, an unknown network a 404.
 *
 * The rule forms (legacy `graph/` and `data/` without ids) choose the variables by the matching
 * rule of spec 4.3 and answer the same shapes. The 10-id limit does not apply to them; they
 * answer at most MAX_RULE_VARIABLES and say so in `warnings` when the rule matched more. In
 * these calls `start` is the window's start, so the rule pages with `count` only.
 */

/** Variables a rule-form graph or data call answers at most (a rule can match the whole inventory). */
export const MAX_RULE_VARIABLES = 100;

/** Digits a client should show; values are sent with more, this is a display hint. */
export const SIGNIFICANT_FIGURES = 3;

export interface GraphInfo {
  readonly varName: string;
  readonly legend: string;
  readonly legendEmbedded: string;
  readonly index: number;
  readonly varId: string;
  readonly unit: string;
  readonly range: readonly [number, number];
  readonly significantFigures: number;
  readonly scale: number;
  readonly axisSide: 'left' | 'right';
  readonly timeseries: readonly string[];
}

export interface DataInfo {
  readonly varName: string;
  readonly deviceId: number;
  readonly index: number;
  readonly device: string;
  readonly component: string;
  readonly unit: string;
  readonly timeseries: readonly string[];
}

export interface SeriesResult<T> {
  readonly info: readonly T[];
  readonly warnings: string;
  readonly errors: string;
}

interface CallIds {
  readonly netId: number;
  readonly ids: readonly string[];
}

function callIds(ctx: ApiContext, req: ApiRequest): CallIds {
  const netParam = req.params.netid !== undefined ? 'netid' : 'id';
  const idsParam = req.params.varids !== undefined ? 'varids' : 'triplets';
  const net = networkParam(ctx, req, netParam);
  return { netId: net.id, ids: listParam(pathParam(req, idsParam)) };
}

const errorText = (ids: readonly string[], errors: readonly string[]): string =>
  (ids.length === 0 ? ['no variable ids given'] : errors).join('; ');

/** `length`: an integer ≥ 2, or undefined. */
function parseLength(req: ApiRequest): number | undefined {
  const length = queryInteger(req, 'length');
  if (length !== undefined && length < 2) throw new AppError('BAD_PARAMETER', `parameter 'length' must be an integer ≥ 2, got ${length}`);
  return length;
}

export { graphValue } from '../http/graph-value.js';

function legendOf(v: VariableInstance): string {
  const label = v.description !== '' ? v.description : v.name;
  return v.componentName !== '' ? `${label} ${v.componentName}` : label;
}

type Found = readonly { readonly varId: string; readonly instance: VariableInstance }[];

/** GET …/graph/:ids */
export function graph(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const { netId, ids } = callIds(ctx, req);
  const window = parseTimeWindow(req.query, ctx.clock.nowMs());
  const length = parseLength(req);
  const { found, errors } = resolveIds(ctx.service, netId, ids);
  return graphAnswer(ctx, found, window, length, '', errorText(ids, errors));
}

/**
 * The variables of a rule-form call: the rule's selection (curr/min/max of sortBy over the
 * request's window, the last hour without one), cut to MAX_RULE_VARIABLES with a warning.
 */
function byRule(ctx: ApiContext, req: ApiRequest): { found: Found; warnings: string[] } {
  const net = networkParam(ctx, req, 'netid');
  const nowMs = ctx.clock.nowMs();
  const { rule, instances } = selectByRule(req, ctx.service.variables(net.id), ctx.service.series, nowMs, 'time');
  const warnings: string[] = [];
  if (rule.empty) warnings.push('empty matching rule: give name, devices, components or tags');
  let chosen = instances;
  if (chosen.length > MAX_RULE_VARIABLES) {
    warnings.push(`the rule selected ${chosen.length} variables; answered the first ${MAX_RULE_VARIABLES} (narrow the rule, or use limit, start and count)`);
    chosen = chosen.slice(0, MAX_RULE_VARIABLES);
  }
  return { found: chosen.map((instance) => ({ varId: formatTriplet(instance), instance })), warnings };
}

/** GET /api/monitor/networks/:netid/graph/ with a matching rule. */
export function graphByRule(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const { found, warnings } = byRule(ctx, req);
  const window = parseTimeWindow(req.query, ctx.clock.nowMs());
  const length = parseLength(req);
  return graphAnswer(ctx, found, window, length, warnings.join('; '), '');
}

const GRAPH_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'content-type': JSON_TYPE });

/** Bytes a point takes in the answer, about (`,"1763784000000,123.456789"`), to size the buffer. */
const BYTES_PER_POINT_ESTIMATE = 28;

/**
 * The graph answer, a `SeriesResult<GraphInfo>`, written as JSON text directly: the bytes are
 * exactly those of JSON.stringify of that object (test/api/graph-writer.test.ts compares them), without
 * building a `"timestamp,value"` string per point.
 */
function graphAnswer(ctx: ApiContext, found: Found, window: TimeWindow, length: number | undefined, warnings: string, errors: string): ApiResponse {
  // One pass over each series: its raw extremes (division by a positive scale keeps order, so
  // scaled they are the extremes of the scaled values) and, per unit, the largest magnitude
  // (NaN when a value is NaN, as Math.max over every value would give).
  const series = found.map(({ varId, instance }) => {
    let points = ctx.service.series.read(instance.slot, window.fromMs, window.toMs);
    if (length !== undefined) points = reduceMinMax(points, window.fromMs, window.toMs, length);
    const values = points.values;
    let rawMin = Infinity;
    let rawMax = -Infinity;
    let nan = false;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v < rawMin) rawMin = v;
      if (v > rawMax) rawMax = v;
      if (v !== v) nan = true;
    }
    return { varId, instance, points, rawMin, rawMax, nan };
  });

  // Variables sharing a unit share a scale and an axis: units in order of first appearance go
  // left, right, left, right…
  const byUnit = new Map<string, { maxAbs: number; rank: number }>();
  let pointCount = 0;
  for (const s of series) {
    const u = byUnit.get(s.instance.unit) ?? { maxAbs: 0, rank: byUnit.size };
    if (s.nan) u.maxAbs = NaN;
    else if (s.points.values.length > 0) u.maxAbs = Math.max(u.maxAbs, Math.abs(s.rawMin), Math.abs(s.rawMax));
    byUnit.set(s.instance.unit, u);
    pointCount += s.points.values.length;
  }

  const w = new JsonWriter(pointCount * BYTES_PER_POINT_ESTIMATE + series.length * 512 + 256, ctx.answerBuffers);
  w.raw('{"info":[');
  for (let k = 0; k < series.length; k++) {
    const { varId, instance, points, rawMin, rawMax } = series[k];
    const u = byUnit.get(instance.unit)!;
    const { unit, scale } = unitScale(instance.unit, u.maxAbs);
    const { tsMs, values } = points;
    const min = rawMin / scale;
    const max = rawMax / scale;
    const legend = legendOf(instance);
    const info: Omit<GraphInfo, 'timeseries'> = {
      varName: instance.name,
      legend,
      legendEmbedded: `${instance.deviceName} ${legend}`,
      index: instance.index,
      varId,
      unit,
      range: tsMs.length > 0 ? [Number(graphValue(min)), Number(graphValue(max))] : [0, 0],
      significantFigures: SIGNIFICANT_FIGURES,
      scale,
      axisSide: u.rank % 2 === 0 ? 'left' : 'right',
    };
    if (k > 0) w.byte(44 /* , */);
    const head = JSON.stringify(info);
    w.raw(head.slice(0, -1)); // the object without its closing brace; timeseries is its last member
    w.raw(',"timeseries":[');
    w.jsonString(`timestamp,${varId}`);
    w.reserve(tsMs.length * BYTES_PER_POINT_ESTIMATE);
    for (let i = 0; i < tsMs.length; i++) writeGraphPoint(w, tsMs[i], values[i] / scale);
    w.raw(']}');
  }
  w.raw('],"warnings":');
  w.jsonString(warnings);
  w.raw(',"errors":');
  w.jsonString(errors);
  w.byte(125 /* } */);
  return { status: 200, headers: GRAPH_HEADERS, body: w.finish(), release: w.release };
}

type DataSource = 'store' | 'monitor';

/** The source of a data call from `monitor`, `forceDb`, `forceMem`, with any warning it implies. */
function dataSource(req: ApiRequest): { source: DataSource; warnings: string[] } {
  const monitor = queryFlag(req, 'monitor');
  const forceDb = queryFlag(req, 'forceDb');
  const forceMem = queryFlag(req, 'forceMem');
  if (forceDb && forceMem) throw new AppError('BAD_PARAMETER', `parameters 'forceDb' and 'forceMem' exclude each other`);
  const warnings: string[] = [];
  if (monitor) {
    if (forceDb || forceMem) warnings.push(`'monitor' given: '${forceDb ? 'forceDb' : 'forceMem'}' ignored`);
    return { source: 'monitor', warnings };
  }
  if (forceMem) warnings.push(`'forceMem': this server keeps no separate in-memory series; answered from the series store for the requested interval`);
  return { source: 'store', warnings };
}

function monitorPoints(ctx: ApiContext, slot: number): SeriesPoints {
  const { tsMs, values } = ctx.service.ring.read(slot);
  const ts: number[] = [];
  const vs: number[] = [];
  for (let i = 0; i < tsMs.length; i++) {
    if (Number.isNaN(values[i])) continue; // a poll that yielded no value
    ts.push(tsMs[i]);
    vs.push(values[i]);
  }
  return { tsMs: Float64Array.from(ts), values: Float64Array.from(vs) };
}

function storePoints(ctx: ApiContext, slot: number, window: TimeWindow): SeriesPoints {
  return ctx.service.series.read(slot, window.fromMs, window.toMs);
}

/** GET …/data/:ids */
export function data(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const { netId, ids } = callIds(ctx, req);
  const window = parseTimeWindow(req.query, ctx.clock.nowMs());
  const { source, warnings } = dataSource(req);
  const { found, errors } = resolveIds(ctx.service, netId, ids);
  const body: SeriesResult<DataInfo> = { info: dataInfo(ctx, found, source, window), warnings: warnings.join('; '), errors: errorText(ids, errors) };
  return { status: 200, body };
}

/** GET /api/monitor/networks/:netid/data/ with a matching rule. */
export function dataByRule(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const { found, warnings: ruleWarnings } = byRule(ctx, req);
  const window = parseTimeWindow(req.query, ctx.clock.nowMs());
  const { source, warnings } = dataSource(req);
  const body: SeriesResult<DataInfo> = {
    info: dataInfo(ctx, found, source, window), warnings: [...ruleWarnings, ...warnings].join('; '), errors: '',
  };
  return { status: 200, body };
}

function dataInfo(ctx: ApiContext, found: Found, source: DataSource, window: TimeWindow): DataInfo[] {
  return found.map(({ varId, instance }) => {
    const points = source === 'monitor' ? monitorPoints(ctx, instance.slot) : storePoints(ctx, instance.slot, window);
    const timeseries = [`timestamp,${varId}`];
    for (let i = 0; i < points.tsMs.length; i++) timeseries.push(`${points.tsMs[i]},${points.values[i]}`);
    return {
      varName: instance.name,
      deviceId: instance.deviceId,
      index: instance.index,
      device: instance.deviceName,
      component: instance.componentName,
      unit: instance.unit,
      timeseries,
    };
  });
}
