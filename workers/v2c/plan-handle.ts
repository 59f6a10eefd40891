/**
 * A poll plan packed, compiled, into one SharedArrayBuffer: the only form in which the collector
 * keeps a device's plan (collector/inventory/inventory.ts) and in which it reaches the worker threads.
 *
 * Why: a PollPlan is hundreds of op objects and OID strings per switch. Kept as objects on the main
 * thread they cost ≈ 130 bytes per variable; cloned into every poll task they were the largest cost
 * of a poll; compiled by every worker thread they were duplicated per thread (op arrays, OID text,
 * encoded requests). Packed once, the op program (op-program.ts) and the pre-encoded GET requests
 * live in shared memory once (≈ 40 bytes per variable), a poll task clones three fields and a
 * buffer reference, and a worker only makes small views over it (planView).
 *
 * Layout (little-endian; every section aligned to 8 bytes, in this order):
 *   header   Int32 × 16 (H_* below); H_NET_SNMP is 1 when the plan is polled through net-snmp
 *            (pollsThroughNetSnmp of its target: SNMPv3, or `snmp.pollPath: net-snmp`), the one
 *            word a worker reads to choose the path of a poll
 *   scales   Float64 × distinct scales
 *   slot, a, b   Int32 × ops each
 *   allPos   Int32 × allPosCount
 *   oidAt, oidLen   Int32 × positions: the OID content of each position, inside its request's bytes
 *                   (oidAt is relative to the request's first byte)
 *   reqStart Int32 × (requests + 1): byte offset of each request in `req`
 *   reqIdAt  Int32 × requests: offset of the request-id content bytes inside the request
 *   reqFirst Int32 × (requests + 1): first position of each request (positions are in request order)
 *   colStart Int32 × (columns + 1): offset of each ColumnAvg column's OID content in `col`
 *   kind, width, scaleOf   Uint8 × ops each
 *   req      the GetRequests, one after another (request-id stamped per send)
 *   col      walked column OID contents (ColumnAvg, UsedFreeSum, SizeUsedSum)
 *   meta     UTF-8 JSON { target, scalars, columns }: what only the net-snmp path and readPlanHandle need
 *            (the target whole, pollPath and maxMessageBytes included)
 *
 * The request bytes are written by the thread that polls the device (its request-id); the scheduler
 * never polls one device twice at once, so no two threads write the same bytes at the same time.
 */
import { BerReader, formatOid } from '../../snmp/index.js';
import { pollsThroughNetSnmp, SYS_UPTIME_OID, type PollOp, type PollPlan } from '../poll-plan.js';
import type { SnmpTarget } from '../../snmp/types.js';
import { COMPILE_STEP_OPS, compileOpsSteps, drainSteps, OpKind, ScratchArena, type OpProgram } from './op-program.js';
import { encodeGetContents, oidContent, type EncodedRequest } from './wire.js';

export interface PlanHandle {
  readonly deviceId: number;
  /** planFingerprint() of the plan and the answer size its GETs were planned for. */
  readonly fingerprint: number;
  readonly packed: SharedArrayBuffer;
}

/** Largest answer a GET is sized for by default: below a 1500-byte Ethernet MTU with IP/UDP headers to spare. */
const MAX_RESPONSE_BYTES = 1400;
/** Bytes of a response varbind beyond its OID content: SEQUENCE header (2), OID header (2), largest value TLV (Counter64: 11). */
const VARBIND_OVERHEAD = 15;
/** Response bytes besides the varbinds: headers, version, request-id, error fields, community. */
const MESSAGE_OVERHEAD = 32;

const MAGIC = 0x504c4e31; // "PLN1"
const H_MAGIC = 0, H_DEVICE = 1, H_UPTIME_SLOT = 2, H_UPTIME_POS = 3, H_OPS = 4, H_POSITIONS = 5, H_REQUESTS = 6,
  H_ALLPOS = 7, H_COLUMNS = 8, H_REQ_BYTES = 9, H_COL_BYTES = 10, H_META_BYTES = 11, H_NET_SNMP = 12, H_SCALES = 13;
const HEADER_INTS = 16;

const align8 = (n: number): number => (n + 7) & ~7;

/** Section offsets from the counts (the same function for writing and reading). */
function layout(ops: number, scales: number, positions: number, requests: number, allPos: number, columns: number, reqBytes: number, colBytes: number, metaBytes: number) {
  let at = HEADER_INTS * 4;
  const take = (bytes: number): number => { const o = at; at = align8(at + bytes); return o; };
  const l = {
    scales: take(8 * scales), slot: take(4 * ops), a: take(4 * ops), b: take(4 * ops),
    allPos: take(4 * allPos), oidAt: take(4 * positions), oidLen: take(4 * positions),
    reqStart: take(4 * (requests + 1)), reqIdAt: take(4 * requests), reqFirst: take(4 * (requests + 1)), colStart: take(4 * (columns + 1)),
    kind: take(ops), width: take(ops), scaleOf: take(ops), req: take(reqBytes), col: take(colBytes), meta: take(metaBytes), total: 0,
  };
  l.total = at;
  return l;
}

/**
 * The answer size GETs are planned for: the network's `snmp.maxMessageBytes` (validated at config
 * load, carried in each plan's target; default 1400, below a 1500-byte MTU).
 */
export function responseBytesFor(target: SnmpTarget): number {
  return target.maxMessageBytes ?? MAX_RESPONSE_BYTES;
}

/** The fingerprint of the handle made of this plan with GETs planned for this answer size. */
export function handleFingerprint(plan: PollPlan, maxResponseBytes: number): number {
  return (planFingerprint(plan) ^ Math.imul(maxResponseBytes, 0x9e3779b1)) >>> 0;
}

/**
 * Consecutive position ranges, each read by one GET whose answer fits `maxResponseBytes`:
 * [from, to) pairs, flattened.
 */
function planGets(contents: readonly Uint8Array[], community: Uint8Array, maxResponseBytes: number): number[] {
  const budget = maxResponseBytes - MESSAGE_OVERHEAD - community.length;
  const ranges: number[] = [];
  let from = 0, bytes = 0;
  for (let p = 0; p < contents.length; p++) {
    const size = contents[p]!.length + VARBIND_OVERHEAD;
    if (p > from && bytes + size > budget) { ranges.push(from, p); from = p; bytes = 0; }
    bytes += size;
  }
  ranges.push(from, contents.length);
  return ranges;
}

export function communityBytes(target: SnmpTarget): Uint8Array {
  return new TextEncoder().encode(target.community ?? 'public');
}

/** Scratch memory of makePlanHandle (everything in it is copied into the packed plan). */
const arena = new ScratchArena();

/** Packs a plan: compiles its ops (sysUpTime.0 and the scalars get the first positions) and encodes its GETs. */
export function makePlanHandle(plan: PollPlan, maxResponseBytes = responseBytesFor(plan.target)): PlanHandle {
  return drainSteps(planHandleSteps(plan, arena, maxResponseBytes));
}

/** GET requests encoded between two pauses of planHandleSteps. */
const REQUEST_STEP = 64;

/**
 * makePlanHandle as steps (pauses after every COMPILE_STEP_OPS ops or OIDs, and every REQUEST_STEP
 * requests), for a caller that lets other work run between steps (Inventory.rebuild: one device of
 * 100,000 variables packs in ~0.3 s). The handle is the same as makePlanHandle's. `arena` is reset
 * first and used until the last step: a caller that pauses gives an arena of its own (the shared one
 * could be reset by another packing meanwhile) and packs one plan at a time in it.
 */
export function* planHandleSteps(plan: PollPlan, arena: ScratchArena, maxResponseBytes = responseBytesFor(plan.target)): Generator<void, PlanHandle, void> {
  arena.reset();
  const prog = yield* compileOpsSteps(plan.ops, [SYS_UPTIME_OID, ...plan.scalars], SYS_UPTIME_OID, arena);
  yield;
  const community = communityBytes(plan.target);
  const u8 = (n: number) => arena.u8(n);
  const contents: Uint8Array[] = new Array(prog.oids.length);
  for (let p = 0; p < contents.length; p++) {
    if (p > 0 && p % COMPILE_STEP_OPS === 0) yield;
    contents[p] = oidContent(prog.oids[p]!, u8);
  }
  yield;
  const ranges = planGets(contents, community, maxResponseBytes);
  const requests: EncodedRequest[] = [];
  for (let k = 0; k < ranges.length; k += 2) {
    if (k > 0 && (k / 2) % REQUEST_STEP === 0) yield;
    requests.push(encodeGetContents(community, contents.slice(ranges[k], ranges[k + 1])));
  }
  yield;
  const colContents = prog.columns.map((c) => oidContent(c, u8));
  const meta = Buffer.from(JSON.stringify({ target: plan.target, scalars: plan.scalars, columns: plan.columns }), 'utf8');
  const reqBytes = requests.reduce((n, r) => n + r.bytes.length, 0);
  const colBytes = colContents.reduce((n, c) => n + c.length, 0);
  const n = prog.count, positions = prog.oids.length, R = requests.length, C = colContents.length;
  const S = prog.scales.length;
  const l = layout(n, S, positions, R, prog.allPos.length, C, reqBytes, colBytes, meta.length);

  const sab = new SharedArrayBuffer(l.total);
  const h = new Int32Array(sab, 0, HEADER_INTS);
  h[H_MAGIC] = MAGIC; h[H_DEVICE] = plan.deviceId; h[H_UPTIME_SLOT] = plan.uptimeSlot; h[H_UPTIME_POS] = prog.uptimePos;
  h[H_OPS] = n; h[H_POSITIONS] = positions; h[H_REQUESTS] = R; h[H_ALLPOS] = prog.allPos.length; h[H_COLUMNS] = C;
  h[H_REQ_BYTES] = reqBytes; h[H_COL_BYTES] = colBytes; h[H_META_BYTES] = meta.length;
  h[H_NET_SNMP] = pollsThroughNetSnmp(plan.target) ? 1 : 0; h[H_SCALES] = S;
  new Float64Array(sab, l.scales, S).set(prog.scales);
  new Int32Array(sab, l.slot, n).set(prog.slot);
  new Int32Array(sab, l.a, n).set(prog.a);
  new Int32Array(sab, l.b, n).set(prog.b);
  new Uint8Array(sab, l.scaleOf, n).set(prog.scaleOf);
  new Int32Array(sab, l.allPos, prog.allPos.length).set(prog.allPos);
  new Uint8Array(sab, l.kind, n).set(prog.kind);
  new Uint8Array(sab, l.width, n).set(prog.width);
  const oidAt = new Int32Array(sab, l.oidAt, positions), oidLen = new Int32Array(sab, l.oidLen, positions);
  const reqStart = new Int32Array(sab, l.reqStart, R + 1), reqIdAt = new Int32Array(sab, l.reqIdAt, R), reqFirst = new Int32Array(sab, l.reqFirst, R + 1);
  const req = new Uint8Array(sab, l.req, reqBytes);
  let at = 0;
  requests.forEach((r, k) => {
    const first = ranges[2 * k]!;
    reqStart[k] = at; reqIdAt[k] = r.idAt; reqFirst[k] = first;
    oidAt.set(r.oidAt, first); oidLen.set(r.oidLen, first);
    req.set(r.bytes, at);
    at += r.bytes.length;
  });
  reqStart[R] = at; reqFirst[R] = positions;
  const colStart = new Int32Array(sab, l.colStart, C + 1), col = new Uint8Array(sab, l.col, colBytes);
  let c = 0;
  colContents.forEach((content, k) => { colStart[k] = c; col.set(content, c); c += content.length; });
  colStart[C] = c;
  new Uint8Array(sab, l.meta, meta.length).set(meta);
  yield;
  const fingerprint = ((yield* fingerprintSteps(plan)) ^ Math.imul(maxResponseBytes, 0x9e3779b1)) >>> 0;
  return { deviceId: plan.deviceId, fingerprint, packed: sab };
}

export function isPlanHandle(p: PollPlan | PlanHandle): p is PlanHandle {
  return (p as PlanHandle).packed instanceof SharedArrayBuffer;
}

/** A thread's view of a packed plan: typed arrays over the shared memory, nothing copied per variable. */
export interface PlanView {
  readonly deviceId: number;
  readonly uptimeSlot: number;
  readonly target: SnmpTarget;
  readonly program: OpProgram;
  readonly positions: number;
  /** The GETs of one poll, in order (the first one carries sysUpTime.0); `bytes` are shared. */
  readonly requests: readonly (EncodedRequest & { readonly first: number; readonly count: number })[];
  /** OID content of every walked column (ColumnAvg, UsedFreeSum, SizeUsedSum). */
  readonly columns: readonly Uint8Array[];
  /** OID content of a position (a view into its request's bytes). */
  oidContent(pos: number): Uint8Array;
}

function header(h: PlanHandle): Int32Array {
  const header = new Int32Array(h.packed, 0, HEADER_INTS);
  if (header[H_MAGIC] !== MAGIC) throw new Error(`plan of device ${h.deviceId} is not a packed plan`);
  return header;
}

function sections(h: PlanHandle) {
  const x = header(h);
  return { x, l: layout(x[H_OPS]!, x[H_SCALES]!, x[H_POSITIONS]!, x[H_REQUESTS]!, x[H_ALLPOS]!, x[H_COLUMNS]!, x[H_REQ_BYTES]!, x[H_COL_BYTES]!, x[H_META_BYTES]!) };
}

function readMeta(h: PlanHandle, l: ReturnType<typeof layout>, bytes: number): { target: SnmpTarget; scalars: string[]; columns: string[] } {
  return JSON.parse(Buffer.from(h.packed, l.meta, bytes).toString('utf8')) as { target: SnmpTarget; scalars: string[]; columns: string[] };
}

/**
 * True when the plan is polled through net-snmp (pollsThroughNetSnmp of its target, decided when it
 * was packed): one header word, read without decoding the rest.
 */
export function isNetSnmpPlan(h: PlanHandle): boolean {
  return header(h)[H_NET_SNMP] === 1;
}

export function planView(h: PlanHandle): PlanView {
  return viewAndMeta(h).view;
}

function viewAndMeta(h: PlanHandle): { view: PlanView; meta: ReturnType<typeof readMeta> } {
  const { x, l } = sections(h);
  const sab = h.packed;
  const n = x[H_OPS]!, positions = x[H_POSITIONS]!, R = x[H_REQUESTS]!, C = x[H_COLUMNS]!;
  const program: OpProgram = {
    count: n,
    kind: new Uint8Array(sab, l.kind, n), width: new Uint8Array(sab, l.width, n), slot: new Int32Array(sab, l.slot, n),
    a: new Int32Array(sab, l.a, n), b: new Int32Array(sab, l.b, n),
    scaleOf: new Uint8Array(sab, l.scaleOf, n), scales: new Float64Array(sab, l.scales, x[H_SCALES]!), allPos: new Int32Array(sab, l.allPos, x[H_ALLPOS]!),
    uptimePos: x[H_UPTIME_POS]!,
  };
  const oidAt = new Int32Array(sab, l.oidAt, positions), oidLen = new Int32Array(sab, l.oidLen, positions);
  const reqStart = new Int32Array(sab, l.reqStart, R + 1), reqIdAt = new Int32Array(sab, l.reqIdAt, R), reqFirst = new Int32Array(sab, l.reqFirst, R + 1);
  const requests: (EncodedRequest & { first: number; count: number })[] = [];
  for (let k = 0; k < R; k++) {
    const first = reqFirst[k]!, count = reqFirst[k + 1]! - first;
    requests.push({
      bytes: Buffer.from(sab, l.req + reqStart[k]!, reqStart[k + 1]! - reqStart[k]!), idAt: reqIdAt[k]!,
      oidAt: oidAt.subarray(first, first + count), oidLen: oidLen.subarray(first, first + count), first, count,
    });
  }
  const colStart = new Int32Array(sab, l.colStart, C + 1);
  const columns: Uint8Array[] = [];
  for (let k = 0; k < C; k++) columns.push(new Uint8Array(sab, l.col + colStart[k]!, colStart[k + 1]! - colStart[k]!));
  const meta = readMeta(h, l, x[H_META_BYTES]!);
  const reqOf = (pos: number): number => { let k = 0; while (reqFirst[k + 1]! <= pos) k++; return k; };
  const view: PlanView = {
    deviceId: x[H_DEVICE]!, uptimeSlot: x[H_UPTIME_SLOT]!, target: meta.target, program, positions, requests, columns,
    oidContent: (pos) => {
      const r = requests[reqOf(pos)]!, i = pos - r.first;
      return r.bytes.subarray(r.oidAt[i]!, r.oidAt[i]! + r.oidLen[i]!);
    },
  };
  return { view, meta };
}

const oidText = (content: Uint8Array): string => formatOid(new BerReader(content).readOidContent(content.length));

/** The plan back as a PollPlan (the net-snmp path and tests): equal to the packed plan's JSON round trip. */
export function readPlanHandle(h: PlanHandle): PollPlan {
  const { view: v, meta } = viewAndMeta(h);
  const p = v.program;
  const oid = (pos: number) => oidText(v.oidContent(pos));
  const ops: PollOp[] = [];
  let allAt = 0;
  for (let i = 0; i < p.count; i++) {
    const slot = p.slot[i]!, a = p.a[i]!, b = p.b[i]!, scale = p.scales[p.scaleOf[i]!]!;
    switch (p.kind[i]) {
      case OpKind.Counter: ops.push({ op: 'counter', slot, oid: oid(a), width: p.width[i] as 32 | 64, scale }); break;
      case OpKind.Gauge: ops.push({ op: 'gauge', slot, oid: oid(a), scale }); break;
      case OpKind.Ratio: ops.push({ op: 'ratio', slot, numSlot: p.slot[a]!, denSlot: p.slot[b]!, scale }); break;
      case OpKind.ColumnAvg: ops.push({ op: 'columnAvg', slot, column: oidText(v.columns[a]!), scale }); break;
      case OpKind.UsedFreeSum: ops.push({ op: 'usedFreeSum', slot, usedColumn: oidText(v.columns[a]!), freeColumn: oidText(v.columns[b]!) }); break;
      case OpKind.SizeUsedSum: ops.push({ op: 'sizeUsedSum', slot, sizeColumn: oidText(v.columns[a]!), usedColumn: oidText(v.columns[b]!) }); break;
      case OpKind.UsedPct: {
        const also: string[] = [];
        for (let end = allAt + p.width[i]!; allAt < end; allAt++) also.push(oid(p.allPos[allAt]!));
        ops.push(also.length > 0 ? { op: 'usedPct', slot, totalOid: oid(a), freeOid: oid(b), alsoFreeOids: also } : { op: 'usedPct', slot, totalOid: oid(a), freeOid: oid(b) });
        break;
      }
      case OpKind.FillPct: ops.push({ op: 'fillPct', slot, sizeOid: oid(a), usedOid: oid(b) }); break;
      case OpKind.CpuTicks: {
        const all: string[] = [];
        for (let end = allAt + p.width[i]!; allAt < end; allAt++) all.push(oid(p.allPos[allAt]!));
        ops.push({ op: 'cpuTicks', slot, auxSlot: b, idleOid: oid(a), allOids: all });
        break;
      }
      default: throw new Error(`packed plan of device ${v.deviceId}: unknown op kind ${p.kind[i]}`);
    }
  }
  return JSON.parse(JSON.stringify({ deviceId: v.deviceId, target: meta.target, uptimeSlot: v.uptimeSlot, scalars: meta.scalars, columns: meta.columns, ops })) as PollPlan;
}

/** A cheap digest of a plan (FNV-1a over its target and ops), to know when a cached compile is stale. */
function planFingerprint(plan: PollPlan): number {
  return drainSteps(fingerprintSteps(plan));
}

function* fingerprintSteps(plan: PollPlan): Generator<void, number, void> {
  let h = 0x811c9dc5;
  const str = (s: string) => { for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193); h = Math.imul(h ^ 0xff, 0x01000193); };
  const num = (n: number) => { f64[0] = n; h = Math.imul(h ^ u32[0]!, 0x01000193); h = Math.imul(h ^ u32[1]!, 0x01000193); };
  const t = plan.target;
  str(t.address); num(t.port); str(t.version); str(t.community ?? ''); num(t.timeoutMs); num(t.retries); num(t.maxRepetitions);
  num(t.maxMessageBytes ?? 0); str(t.pollPath ?? 'auto');
  num(plan.uptimeSlot);
  for (const s of plan.scalars) str(s);
  for (let i = 0; i < plan.ops.length; i++) {
    if (i > 0 && i % COMPILE_STEP_OPS === 0) yield;
    const op = plan.ops[i]!;
    str(op.op); num(op.slot);
    switch (op.op) {
      case 'counter': str(op.oid); num(op.width); num(op.scale); break;
      case 'gauge': str(op.oid); num(op.scale); break;
      case 'ratio': num(op.numSlot); num(op.denSlot); num(op.scale); break;
      case 'columnAvg': str(op.column); num(op.scale); break;
      case 'usedFreeSum': str(op.usedColumn); str(op.freeColumn); break;
      case 'sizeUsedSum': str(op.sizeColumn); str(op.usedColumn); break;
      case 'usedPct': str(op.totalOid); str(op.freeOid); for (const o of op.alsoFreeOids ?? []) str(o); break;
      case 'fillPct': str(op.sizeOid); str(op.usedOid); break;
      case 'cpuTicks': num(op.auxSlot); str(op.idleOid); for (const o of op.allOids) str(o); break;
    }
  }
  return h >>> 0;
}

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
