/**
 * The on-disk layout of a chunk: the points of one slot within one hour, keyed `[hourStartMs, slot]`.
 * Decoders dispatch on the first byte, so chunks of every version live side by side. All
 * numbers are little-endian unless said otherwise.
 *
 * Version 3 (written now):
 *
 *   0  u8   version (3)
 *   1  u8   modes: bits 0–1 the time column's mode (chunk-time.ts), bits 2–3 the value column's
 *           (chunk-values.ts)
 *   2  …    a bit stream, most significant bit first, in as many bytes as it needs: the point
 *           count (22 bits, ≥ 1), the time column, then the value column.
 *
 * A constant series on a regular grid costs about 19 bytes per chunk, whatever its point count.
 * Version-3 chunks carry no rollup header: the hour's rollup value (hour-rollup.ts) holds each
 * chunk's count/min/max/sum/last, written when the hour closes.
 *
 * Versions 1 and 2 (written by earlier builds, still read) start with a 48-byte rollup header:
 *
 *   0  u8   version            (1: plain values and offsets; 2: compressed bit stream)
 *   1  u8×3 reserved, zero
 *   4  u32  count              points in the chunk (≥ 1)
 *   8  f64  min
 *  16  f64  max
 *  24  f64  sum
 *  32  f64  last value
 *  40  u32  last offset ms     from the hour start
 *  44  u32  reserved, zero
 *
 * Version 1 body: f64 × count values, then u32 × count offsets ms from the hour start, ascending
 * (12 bytes per point). Version 2 body: u32 words of one bit stream of interleaved
 * delta-of-delta offsets and XOR-encoded values (chunk-xor.ts).
 */
export const CHUNK_V1 = 1;
export const CHUNK_V2 = 2;
export const CHUNK_V3 = 3;
export const CHUNK_HEADER_BYTES = 48;
export const HOUR_MS = 3_600_000;

export const hourStartOf = (tsMs: number): number => Math.floor(tsMs / HOUR_MS) * HOUR_MS;
