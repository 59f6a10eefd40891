/**
 * The on-disk layout of a chunk: the points of one slot within one hour, keyed `[hourStartMs, slot]`.
 *
 * Every version starts with the same 48-byte header, so that rollups are read without decoding:
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
 * (12 bytes per point). Version 2 body (written now): u32 words of a bit stream of
 * delta-of-delta offsets and XOR-encoded values (see chunk-xor.ts); a regular grid with slowly
 * changing values costs a few bits per point. Decoders dispatch on the first byte, so chunks of
 * both versions live side by side. All numbers are little-endian.
 */
export const CHUNK_V1 = 1;
export const CHUNK_V2 = 2;
export const CHUNK_HEADER_BYTES = 48;
export const HOUR_MS = 3_600_000;

export const hourStartOf = (tsMs: number): number => Math.floor(tsMs / HOUR_MS) * HOUR_MS;
