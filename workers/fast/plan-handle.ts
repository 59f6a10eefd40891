/**
 * A poll plan shared with every worker thread through memory. A poll task that carries a whole
 * PollPlan has it structured-cloned on the way to the worker (hundreds of op objects for a switch:
 * the largest cost of a poll on the main thread, and garbage on both sides); a task that carries a
 * PlanHandle clones three fields and a SharedArrayBuffer reference. Workers compile a handle's plan
 * once (keyed by device and fingerprint) and reuse the compile until the fingerprint changes.
 */
import type { PollPlan } from '../poll-plan.js';
import { planFingerprint } from './fast-device.js';

export interface PlanHandle {
  readonly deviceId: number;
  /** planFingerprint() of the plan: a new plan for the device has another one. */
  readonly fingerprint: number;
  /** The plan as UTF-8 JSON, written once. */
  readonly json: SharedArrayBuffer;
}

export function isPlanHandle(p: PollPlan | PlanHandle): p is PlanHandle {
  return (p as PlanHandle).json instanceof SharedArrayBuffer;
}

export function makePlanHandle(plan: PollPlan): PlanHandle {
  const bytes = Buffer.from(JSON.stringify(plan), 'utf8');
  const json = new SharedArrayBuffer(bytes.length);
  new Uint8Array(json).set(bytes);
  return { deviceId: plan.deviceId, fingerprint: planFingerprint(plan), json };
}

export function readPlanHandle(h: PlanHandle): PollPlan {
  return JSON.parse(Buffer.from(h.json).toString('utf8')) as PollPlan;
}

/** The main thread's handles, one per plan object (a rebuilt plan is a new object, so a new handle). */
export class PlanHandles {
  private readonly byPlan = new WeakMap<PollPlan, PlanHandle>();
  of(plan: PollPlan): PlanHandle {
    let h = this.byPlan.get(plan);
    if (!h) this.byPlan.set(plan, h = makePlanHandle(plan));
    return h;
  }
}
