import { formatSample, type RangeResult } from '../../services/query/index.js';
import type { BufferPool } from './buffer-pool.js';
import { JSON_TYPE, type ApiResponse } from './http-types.js';
import { JsonWriter } from './json-writer.js';

const HEADERS = Object.freeze({ 'content-type': JSON_TYPE });

/**
 * The query_range answer in Prometheus' shape,
 * `{"status":"success","data":{"resultType":"matrix","result":[{"metric":{…},"values":[[t,"v"],…]},…]}}`,
 * written straight into a pooled buffer (JsonWriter): timestamps are unix seconds as
 * String(ms / 1000) writes them, values strings as Prometheus writes them (formatSample).
 */
export function matrixAnswer(r: RangeResult, pool: BufferPool): ApiResponse {
  let pairs = 0;
  for (const s of r.series) pairs += s.steps.length;
  const w = new JsonWriter(256 + pairs * 30, pool);
  const stamps = new Map<number, string>();
  const stamp = (i: number): string => {
    let s = stamps.get(i);
    if (s === undefined) stamps.set(i, s = `[${(r.startMs + i * r.stepMs) / 1000},"`);
    return s;
  };
  w.raw('{"status":"success","data":{"resultType":"matrix","result":[');
  for (let k = 0; k < r.series.length; k++) {
    const s = r.series[k]!;
    if (k > 0) w.byte(0x2c);
    w.raw('{"metric":');
    w.json(s.metric);
    w.raw(',"values":[');
    for (let j = 0; j < s.steps.length; j++) {
      if (j > 0) w.byte(0x2c);
      w.raw(stamp(s.steps[j]!));
      const v = s.values[j]!;
      if (Number.isInteger(v) && v >= 0 && v < 1e15) w.uint(v);
      else w.raw(formatSample(v));
      w.raw('"]');
    }
    w.raw(']}');
  }
  w.raw(']}}');
  return { status: 200, headers: HEADERS, body: w.finish(), release: w.release };
}
