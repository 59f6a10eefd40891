import { RingBuffer } from '../store/ring.js';
import { evaluateOps } from './netsnmp/poll-eval.js';
import { pollsThroughNetSnmp, SYS_UPTIME_OID, type PollPlan, type PollResult } from './poll-plan.js';
import { SlotState } from './slot-state.js';
import { dropSession, sessionFor, type WalkLimits, type WalkTruncation } from './netsnmp/snmp-session.js';

import { pollFast } from './v2c/fast-poll.js';
import { isNetSnmpPlan, isPlanHandle, readPlanHandle, type PlanHandle } from './v2c/plan-handle.js';
import type { SnmpTarget, Varbind } from '../snmp/types.js';

/**
 * The Piscina task module: every task is a plain object with a `kind`. Tasks never throw across the
 * thread boundary: failures come back as `{ ok: false, error, timeout }`, never thrown.
 */
export type Task =
  | { readonly kind: 'get'; readonly target: SnmpTarget; readonly oids: readonly string[] }
  | { readonly kind: 'walk'; readonly target: SnmpTarget; readonly columns: readonly string[]; readonly limits?: WalkLimits }
  /** `plan` is a PlanHandle (workers/v2c/plan-handle.ts: the plan packed in shared memory), or a plain plan (tests). */
  | { readonly kind: 'poll'; readonly plan: PollPlan | PlanHandle; readonly ring: SharedArrayBuffer; readonly state: SharedArrayBuffer };

/**
 * `truncated` (walks only): the walk stopped at a bound (WalkLimits) with rows left: `rows` is the
 * most rows any column got, `by` the bound that stopped it.
 */
export type VarbindsResult =
  | { readonly ok: true; readonly varbinds: Varbind[]; readonly truncated?: WalkTruncation }
  | { readonly ok: false; readonly error: string; readonly timeout: boolean };

let ringCache: { sab: SharedArrayBuffer; ring: RingBuffer } | null = null;
let stateCache: { sab: SharedArrayBuffer; state: SlotState } | null = null;

export default async function run(task: Task): Promise<VarbindsResult | PollResult> {
  switch (task.kind) {
    case 'get': return viaSession(task.target, (s) => s.get(task.oids));
    case 'walk': return walkViaSession(task.target, task.columns, task.limits);
    case 'poll': return poll(task.plan, task.ring, task.state);
  }
}

/**
 * The path of a poll, from the plan's target (the network's validated `snmp.pollPath`, and the
 * version): v2c polls take the fast path (workers/v2c: the project's codec, one socket per worker);
 * SNMPv3, and every poll of a network with `pollPath: net-snmp`, go through net-snmp. A packed plan
 * holds the decision in one header word (isNetSnmpPlan): one read per poll.
 */
export function pollsViaSession(p: PollPlan | PlanHandle): boolean {
  return isPlanHandle(p) ? isNetSnmpPlan(p) : pollsThroughNetSnmp(p.target);
}

/** Plans of the net-snmp path unpacked from their handles, by device (SNMPv3 devices, and every device of a `pollPath: net-snmp` network). */
const unpacked = new Map<number, { fingerprint: number; plan: PollPlan }>();

function poll(p: PollPlan | PlanHandle, ringSab: SharedArrayBuffer, stateSab: SharedArrayBuffer): Promise<PollResult> {
  if (!pollsViaSession(p)) return pollFast(p, ringSab, stateSab);
  let plan: PollPlan;
  if (isPlanHandle(p)) {
    let d = unpacked.get(p.deviceId);
    if (d?.fingerprint !== p.fingerprint) unpacked.set(p.deviceId, d = { fingerprint: p.fingerprint, plan: readPlanHandle(p) });
    plan = d.plan;
  } else plan = p;
  return pollViaSession(plan, ringSab, stateSab);
}

async function viaSession(target: SnmpTarget, call: (s: ReturnType<typeof sessionFor>) => Promise<Varbind[]>): Promise<VarbindsResult> {
  const answers = sessionFor(target).answers;
  const rejectedBefore = answers.rejected;
  try {
    return { ok: true, varbinds: await call(sessionFor(target)) };
  } catch (e) {
    const err = e as Error;
    const timeout = err.name === 'RequestTimedOutError' || /timed out/i.test(err.message);
    if (!timeout) dropSession(target);
    // A request that timed out because every answer was dropped (answer-guard.ts: an agent whose walk
    // loops answers OIDs that do not follow the request) says so.
    const dropped = answers.rejected - rejectedBefore;
    const why = timeout && dropped > 0 ? `; ${dropped} answer(s) that did not fit their request were dropped (first: ${answers.why})` : '';
    return { ok: false, error: `${target.address}:${target.port}: ${err.message}${why}`, timeout };
  }
}

/** A walk through net-snmp, bounded by `limits` (the walk stops there: WalkLimits). */
async function walkViaSession(target: SnmpTarget, columns: readonly string[], limits: WalkLimits | undefined): Promise<VarbindsResult> {
  let truncated: WalkTruncation | undefined;
  const r = await viaSession(target, async (s) => {
    const w = await s.walkColumns(columns, limits);
    truncated = w.truncated;
    return w.varbinds;
  });
  return r.ok && truncated ? { ...r, truncated } : r;
}

/** A poll's walk: maxTableRows rows per column (SnmpTarget.maxTableRows), the rounds bound only when absent. */
function pollWalkLimits(t: SnmpTarget, columns: number): WalkLimits | undefined {
  return t.maxTableRows === undefined ? undefined : { maxRows: t.maxTableRows, maxVarbinds: t.maxTableRows * columns };
}

/** A poll through net-snmp: a GET of the scalars, then a GETBULK walk of the columns. */
export async function pollViaSession(plan: PollPlan, ringSab: SharedArrayBuffer, stateSab: SharedArrayBuffer): Promise<PollResult> {
  if (ringCache?.sab !== ringSab) ringCache = { sab: ringSab, ring: RingBuffer.attach(ringSab) };
  if (stateCache?.sab !== stateSab) stateCache = { sab: stateSab, state: SlotState.attach(stateSab) };
  const ring = ringCache.ring;
  const state = stateCache.state;
  const startMs = Date.now();
  // Answers dropped in front of net-snmp during this poll (a discovery probe of the device at the same time counts here too).
  const answers = sessionFor(plan.target).answers;
  const rejectedBefore = answers.rejected;
  const rejected = () => {
    const n = answers.rejected - rejectedBefore;
    return { rejectedAnswers: n, rejectedWhy: n > 0 ? answers.why : '' };
  };
  const empty = { slots: new Int32Array(0), values: new Float64Array(0), count: 0 };
  const scalars = plan.scalars.includes(SYS_UPTIME_OID) ? plan.scalars : [SYS_UPTIME_OID, ...plan.scalars];

  const got = await viaSession(plan.target, (s) => s.get(scalars));
  if (!got.ok) return { ok: false, deviceId: plan.deviceId, tsMs: startMs, durationMs: Date.now() - startMs, error: got.error, timeout: got.timeout, rebooted: false, varbinds: 0, ...rejected(), ...empty };
  const midMs = (startMs + Date.now()) / 2;
  let walked: Varbind[] = [];
  if (plan.columns.length > 0) {
    const w = await viaSession(plan.target, async (s) => (await s.walkColumns(plan.columns, pollWalkLimits(plan.target, plan.columns.length))).varbinds);
    if (!w.ok) return { ok: false, deviceId: plan.deviceId, tsMs: startMs, durationMs: Date.now() - startMs, error: w.error, timeout: w.timeout, rebooted: false, varbinds: 0, ...rejected(), ...empty };
    walked = w.varbinds;
  }
  const endMs = Date.now();
  // Counters are read across the whole exchange; its midpoint is the observation time. For a
  // single-request poll this is the usual request/response midpoint.
  const tsMs = Math.round(plan.columns.length > 0 ? (startMs + endMs) / 2 : midMs);

  const values = new Map<string, Varbind>();
  for (const vb of got.varbinds) values.set(vb.oid, vb);
  const columns = new Map<string, Varbind[]>();
  for (const vb of walked) {
    values.set(vb.oid, vb);
    for (const col of plan.columns) {
      if (vb.oid.startsWith(col + '.')) { let rows = columns.get(col); if (!rows) columns.set(col, rows = []); rows.push(vb); break; }
    }
  }

  const uptime = values.get(SYS_UPTIME_OID);
  const ticks = typeof uptime?.value === 'number' ? BigInt(uptime.value) : null;
  const u = plan.uptimeSlot;
  const rebooted = ticks !== null && state.has[u] === 1 && ticks < state.lastCounter[u];
  if (ticks !== null) { state.lastCounter[u] = ticks; state.has[u] = 1; }

  const out = { slots: new Int32Array(plan.ops.length), values: new Float64Array(plan.ops.length), count: 0 };
  evaluateOps(plan.ops, { tsMs, values, columns, rebooted }, state, ring, out);
  return { ok: true, deviceId: plan.deviceId, tsMs, durationMs: endMs - startMs, error: '', timeout: false, rebooted, varbinds: got.varbinds.length + walked.length, ...rejected(), ...out };
}
