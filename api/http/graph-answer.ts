import type { SeriesPoints, VariableInstance } from '../../core/types.js';
import { AppError } from '../../core/errors.js';
import { REQUEST_LIMITS } from '../../services/request-limits.js';
import { NARROW_SERIES, type ChosenVariable, type SeriesLegend } from '../../services/series/index.js';
import { unitScale } from '../../services/catalog/index.js';
import type { BufferPool } from './buffer-pool.js';
import { graphValue, writeGraphPoint } from './graph-value.js';
import { JSON_TYPE, type ApiResponse } from './http-types.js';
import { JsonWriter } from './json-writer.js';

/** Digits a client should show; values are sent with more, this is a display hint. */
const SIGNIFICANT_FIGURES = 3;

interface GraphInfo {
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

export interface SeriesResult<T> {
  readonly info: readonly T[];
  readonly warnings: string;
  readonly errors: string;
}

const GRAPH_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'content-type': JSON_TYPE });

/** Bytes a point takes in the answer, about (`,"1763784000000,123.456789"`), to size the buffer. */
const BYTES_PER_POINT_ESTIMATE = 28;

/**
 * The graph answer, a `SeriesResult<GraphInfo>`, written as JSON text directly: the bytes are
 * exactly those of JSON.stringify of that object (test/api/graph-writer.test.ts compares them), without
 * building a `"timestamp,value"` string per point. `legends` are the series' legends in `found`'s
 * order (SeriesService.legends); `pointsOf` gives each variable's points. An
 * answer estimated over REQUEST_LIMITS.maxAnswerBytes is AppError REQUEST_LIMIT (before writing).
 */
export function graphAnswer(
  buffers: BufferPool, found: readonly ChosenVariable[], legends: readonly SeriesLegend[], pointsOf: (v: VariableInstance) => SeriesPoints, warnings: string, errors: string,
): ApiResponse {
  // One pass over each series: its raw extremes (division by a positive scale keeps order, so
  // scaled they are the extremes of the scaled values) and, per unit, the largest magnitude
  // (NaN when a value is NaN, as Math.max over every value would give).
  const series = found.map(({ varId, instance }) => {
    const points = pointsOf(instance);
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

  const estimateBytes = pointCount * BYTES_PER_POINT_ESTIMATE + series.length * 512 + 256;
  if (estimateBytes > REQUEST_LIMITS.maxAnswerBytes) {
    throw new AppError('REQUEST_LIMIT',
      `the graph has ${pointCount} points, about ${estimateBytes} bytes of JSON, more than ${REQUEST_LIMITS.maxAnswerBytes} ` +
      `(answer bytes per request); ${NARROW_SERIES}`);
  }
  const w = new JsonWriter(estimateBytes, buffers);
  w.raw('{"info":[');
  for (let k = 0; k < series.length; k++) {
    const { varId, instance, points, rawMin, rawMax } = series[k];
    const u = byUnit.get(instance.unit)!;
    const { unit, scale } = unitScale(instance.unit, u.maxAbs);
    const { tsMs, values } = points;
    const min = rawMin / scale;
    const max = rawMax / scale;
    const { legend, legendEmbedded } = legends[k]!;
    const info: Omit<GraphInfo, 'timeseries'> = {
      varName: instance.name,
      legend,
      legendEmbedded,
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
