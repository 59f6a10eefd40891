/**
 * The batches a collector publishes to the central, on the wire: grid steps of points, and the
 * definitions of the collector's slots they use (a slot of a collector means nothing to the
 * central until a definition names it: network, device identity, variable, component).
 *
 * One batch, little-endian:
 *   u8 'N' (0x4e), u8 version (1), u8 kind (1: points), u8 length of the collector's name, its UTF-8
 *   f64 boot (the collector's start, ms), f64 seq (its batch number since that start), f64 sentAtMs
 *   u32 network id
 *   u32 number of definitions, each: i32 slot, u16 length of its key, the key's UTF-8
 *   u32 number of steps, each: f64 grid time (ms), u32 count, count × i32 slots, count × f64 values
 * A definition rides with the points until a batch carrying it is stored (points-publisher.ts), so a
 * batch never uses a slot that no stored batch defined before or with it.
 * (boot, seq) names the batch: its message id is `<collector>.<boot>.<seq>`, so a batch published
 * again after a lost answer is stored once, and a restarted collector's batches never collide with
 * its earlier ones.
 */

const MAGIC = 0x4e;
const VERSION = 1;
export const KIND_POINTS = 1;
/** A part of a collector's inventory (inventory-codec.ts). */
export const KIND_INVENTORY = 2;
/** A collector's poll states of a network (states-codec.ts). */
export const KIND_STATES = 3;
const MAX_NAME = 255;
const MAX_KEY = 65_535;

export interface SlotDefinition {
  readonly slot: number;
  /** What the slot holds, as the central resolves it (device identity, variable, component). */
  readonly key: string;
}

export interface GridStep {
  readonly gridTsMs: number;
  readonly slots: Int32Array;
  readonly values: Float64Array;
}

export interface PointsBatch {
  readonly collector: string;
  readonly boot: number;
  readonly seq: number;
  readonly sentAtMs: number;
  readonly networkId: number;
  readonly definitions: readonly SlotDefinition[];
  readonly steps: readonly GridStep[];
}

/** A batch that is not one of ours or is cut short: the central counts it and moves on. */
export class BatchFormatError extends Error {}

export const batchMessageId = (b: Pick<PointsBatch, 'collector' | 'boot' | 'seq'>): string => `${b.collector}.${b.boot}.${b.seq}`;

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder('utf-8', { fatal: true });

export function pointsInBatch(b: Pick<PointsBatch, 'steps'>): number {
  let n = 0;
  for (const s of b.steps) n += s.slots.length;
  return n;
}

export function encodePointsBatch(b: PointsBatch): Uint8Array {
  const name = utf8.encode(b.collector);
  if (name.length === 0 || name.length > MAX_NAME) throw new RangeError(`a collector name of 1–${MAX_NAME} bytes, not ${name.length}`);
  const keys = b.definitions.map((d) => utf8.encode(d.key));
  let size = 4 + name.length + 24 + 4 + 4 + 4;
  for (const k of keys) {
    if (k.length > MAX_KEY) throw new RangeError(`a slot key of at most ${MAX_KEY} bytes, not ${k.length}`);
    size += 6 + k.length;
  }
  for (const s of b.steps) {
    if (s.slots.length !== s.values.length) throw new RangeError('a step with as many values as slots');
    size += 12 + 12 * s.slots.length;
  }
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  let at = 0;
  out[at++] = MAGIC; out[at++] = VERSION; out[at++] = KIND_POINTS; out[at++] = name.length;
  out.set(name, at); at += name.length;
  v.setFloat64(at, b.boot, true); at += 8;
  v.setFloat64(at, b.seq, true); at += 8;
  v.setFloat64(at, b.sentAtMs, true); at += 8;
  v.setUint32(at, b.networkId, true); at += 4;
  v.setUint32(at, keys.length, true); at += 4;
  b.definitions.forEach((d, i) => {
    const k = keys[i]!;
    v.setInt32(at, d.slot, true); at += 4;
    v.setUint16(at, k.length, true); at += 2;
    out.set(k, at); at += k.length;
  });
  v.setUint32(at, b.steps.length, true); at += 4;
  for (const s of b.steps) {
    const n = s.slots.length;
    v.setFloat64(at, s.gridTsMs, true); at += 8;
    v.setUint32(at, n, true); at += 4;
    for (let i = 0; i < n; i++, at += 4) v.setInt32(at, s.slots[i]!, true);
    for (let i = 0; i < n; i++, at += 8) v.setFloat64(at, s.values[i]!, true);
  }
  return out;
}

/** The kind of a batch (KIND_POINTS, KIND_INVENTORY), or undefined when it is not one of ours. */
export function batchKind(data: Uint8Array): number | undefined {
  return data.length >= 3 && data[0] === MAGIC && data[1] === VERSION ? data[2] : undefined;
}

/** The three bytes that begin a batch of `kind`. */
export const batchHeader = (kind: number): Uint8Array => Uint8Array.of(MAGIC, VERSION, kind);

export function decodePointsBatch(data: Uint8Array): PointsBatch {
  const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let at = 0;
  const need = (n: number, what: string) => {
    if (at + n > data.length) throw new BatchFormatError(`batch cut short: ${what} at byte ${at} of ${data.length}`);
  };
  need(4, 'the header');
  if (data[0] !== MAGIC) throw new BatchFormatError('not a netmon batch (first byte)');
  if (data[1] !== VERSION) throw new BatchFormatError(`batch version ${data[1]}, this server reads ${VERSION}`);
  if (data[2] !== KIND_POINTS) throw new BatchFormatError(`batch kind ${data[2]} unknown`);
  const nameLength = data[3]!;
  at = 4;
  need(nameLength + 32, 'the collector and sequence');
  const collector = text(data, at, nameLength);
  at += nameLength;
  const boot = v.getFloat64(at, true); at += 8;
  const seq = v.getFloat64(at, true); at += 8;
  const sentAtMs = v.getFloat64(at, true); at += 8;
  const networkId = v.getUint32(at, true); at += 4;
  const definitionCount = v.getUint32(at, true); at += 4;
  const definitions: SlotDefinition[] = [];
  for (let i = 0; i < definitionCount; i++) {
    need(6, 'a definition');
    const slot = v.getInt32(at, true); at += 4;
    const length = v.getUint16(at, true); at += 2;
    need(length, 'a definition\'s key');
    definitions.push({ slot, key: text(data, at, length) });
    at += length;
  }
  need(4, 'the step count');
  const stepCount = v.getUint32(at, true); at += 4;
  const steps: GridStep[] = [];
  for (let i = 0; i < stepCount; i++) {
    need(12, 'a step');
    const gridTsMs = v.getFloat64(at, true); at += 8;
    const n = v.getUint32(at, true); at += 4;
    need(12 * n, `the ${n} points of a step`);
    const slots = new Int32Array(n);
    const values = new Float64Array(n);
    for (let k = 0; k < n; k++, at += 4) slots[k] = v.getInt32(at, true);
    for (let k = 0; k < n; k++, at += 8) values[k] = v.getFloat64(at, true);
    steps.push({ gridTsMs, slots, values });
  }
  if (at !== data.length) throw new BatchFormatError(`${data.length - at} bytes after the batch`);
  return { collector, boot, seq, sentAtMs, networkId, definitions, steps };
}

function text(data: Uint8Array, at: number, length: number): string {
  try {
    return fromUtf8.decode(data.subarray(at, at + length));
  } catch {
    throw new BatchFormatError(`text at byte ${at} is not UTF-8`);
  }
}

/** A message of `kind` whose body is JSON (inventories, poll states): the header, then the JSON's UTF-8. */
export function encodeJsonMessage(kind: number, body: unknown): Uint8Array {
  const header = batchHeader(kind);
  const json = utf8.encode(JSON.stringify(body));
  const data = new Uint8Array(header.length + json.length);
  data.set(header);
  data.set(json, header.length);
  return data;
}

/** The JSON body of a message of `kind` (BatchFormatError naming `what` when it is another kind or not JSON). */
export function decodeJsonMessage(data: Uint8Array, kind: number, what: string): unknown {
  if (batchKind(data) !== kind) throw new BatchFormatError(`not ${what} of a netmon collector`);
  try {
    return JSON.parse(fromUtf8.decode(data.subarray(3)));
  } catch (e) {
    throw new BatchFormatError(`${what} that is not JSON: ${(e as Error).message}`);
  }
}
