/**
 * The workers' public entry: what the collector may use of them. The task module (task.ts) runs in
 * the pool's threads and is named to the pool by TASK_MODULE_URL; nothing else of workers/ is
 * imported from outside it.
 */
export type { Task, VarbindsResult } from './task.js';
export { type PollOp, type PollPlan, type PollResult } from './poll-plan.js';
export { SlotState } from './slot-state.js';
export { planHandleSteps, type PlanHandle } from './v2c/plan-handle.js';
export { ScratchArena } from './v2c/op-program.js';

/** The Piscina task module's URL (the pool loads it in each worker thread). */
export const TASK_MODULE_URL = new URL('./task.js', import.meta.url).href;
