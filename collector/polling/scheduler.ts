import type { Logger } from '../../core/logger.js';
import type { PollResult } from '../../workers/index.js';
import type { PollOutcome } from './device-health.js';

const OK: PollOutcome = Object.freeze({ ok: true });

export interface CycleStats {
  cycles: number;
  lastCycleStartMs: number | null;
  lastCycleDurationMs: number | null;
  devicesPolled: number;
  devicesFailed: number;
  devicesSkipped: number;
  /** Answers dropped in the last cycle because they did not fit their request (PollResult.rejectedAnswers). */
  answersRejected: number;
  /** Varbinds in the answers of the last cycle's polls (PollResult.varbinds). */
  varbinds: number;
}

/**
 * Polls every device of a network once per interval, starting each cycle on the grid (t = k × interval).
 * All polls of a cycle are handed to the pool at once (the pool bounds what is in flight); a device whose
 * previous poll is still running is skipped and counted, so a slow or dead device never delays the others.
 */
export class PollScheduler<P extends { readonly deviceId: number }> {
  private timer: NodeJS.Timeout | null = null;
  private readonly busy = new Set<number>();
  private stopped = false;
  readonly stats: CycleStats = { cycles: 0, lastCycleStartMs: null, lastCycleDurationMs: null, devicesPolled: 0, devicesFailed: 0, devicesSkipped: 0, answersRejected: 0, varbinds: 0 };

  constructor(private readonly opts: {
    intervalMs: number;
    /** The devices' plans (collector: packed PlanHandles). */
    plans: () => readonly P[];
    poll: (plan: P) => Promise<PollResult>;
    accept: (r: PollResult) => void;
    /**
     * Called once per device poll that ran, after `accept` for an answered one: its outcome and the
     * grid time of the cycle it belongs to (see `cycle`). A device skipped because its previous
     * poll still runs gets no call for that cycle (its running poll reports when it ends, with its
     * own cycle's grid time).
     */
    onPolled?: (plan: P, outcome: PollOutcome, cycleGridMs: number) => void;
    /** Called after every cycle, with its figures (the stats object, updated). */
    onCycleDone?: (stats: Readonly<CycleStats>) => void;
    nowMs: () => number;
    logger: Logger;
  }) {}

  /** The grid time of the latest cycle started by the timer (NaN before the first). */
  lastGridMs = NaN;

  /**
   * Starts the timer. `resume` continues another scheduler of the same network (a config reload
   * restarted it): its figures carry over, and with the same interval, a grid time it was due to
   * run while the network restarted (after its last cycle, at or before now) runs at once, so a
   * reload never costs a grid step. Without `resume`, or with another interval, the first cycle is
   * at the next grid time.
   */
  start(resume?: { readonly intervalMs: number; readonly lastGridMs: number; readonly stats: Readonly<CycleStats> }): void {
    this.stopped = false;
    const I = this.opts.intervalMs;
    if (resume) {
      Object.assign(this.stats, resume.stats);
      if (resume.intervalMs === I && Number.isFinite(resume.lastGridMs)) {
        const due = resume.lastGridMs + I;
        const now = this.opts.nowMs();
        if (due <= now && now - due < I) {
          this.lastGridMs = due;
          this.arm(due);
          this.cycle(due).catch((e) => this.opts.logger.error('poll cycle failed', { error: (e as Error).message }));
          return;
        }
        this.lastGridMs = resume.lastGridMs;
        this.arm(Math.max(resume.lastGridMs, now));
        return;
      }
    }
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Resolves when no poll is in flight, or after `timeoutMs`; true when idle. */
  async idle(timeoutMs: number): Promise<boolean> {
    const end = Date.now() + timeoutMs;
    while (this.busy.size > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    return this.busy.size === 0;
  }

  /**
   * Runs one cycle now; resolves when every poll of it has finished. `gridMs` is the grid time it
   * belongs to: the one its timer was armed for (even when the timer fired a little early by the
   * wall clock); for a cycle run by hand (after a first discovery, between grid steps), the grid
   * step at or before its start.
   */
  async cycle(gridMs?: number): Promise<void> {
    const startMs = this.opts.nowMs();
    const I = this.opts.intervalMs;
    const cycleGridMs = gridMs ?? Math.floor(startMs / I) * I;
    const plans = this.opts.plans();
    let ok = 0, failed = 0, skipped = 0, rejected = 0, varbinds = 0;
    await Promise.all(plans.map(async (plan) => {
      if (this.busy.has(plan.deviceId)) { skipped++; return; }
      this.busy.add(plan.deviceId);
      let outcome: PollOutcome;
      try {
        const r = await this.opts.poll(plan);
        if (r.rejectedAnswers > 0) {
          rejected += r.rejectedAnswers;
          this.opts.logger.debug('answers dropped: they did not fit their request', { device: plan.deviceId, dropped: r.rejectedAnswers, why: r.rejectedWhy });
        }
        varbinds += r.varbinds;
        if (r.ok) { ok++; outcome = OK; this.opts.accept(r); } else {
          failed++;
          outcome = { ok: false, error: r.error || 'the poll failed' };
          this.opts.logger.debug('poll failed', { device: plan.deviceId, error: r.error });
        }
      } catch (e) {
        failed++;
        outcome = { ok: false, error: `the poll task crashed: ${(e as Error).message}` };
        this.opts.logger.error('poll task crashed', { device: plan.deviceId, error: (e as Error).message });
      } finally {
        this.busy.delete(plan.deviceId);
      }
      this.opts.onPolled?.(plan, outcome, cycleGridMs);
    }));
    const s = this.stats;
    // A dead device fails every cycle: its start and end are logged once each (device-health.ts), so
    // a cycle's figures are logged at info only when they change (or polls were skipped).
    const changed = failed !== s.devicesFailed || skipped > 0;
    s.cycles++; s.lastCycleStartMs = startMs; s.lastCycleDurationMs = this.opts.nowMs() - startMs;
    s.devicesPolled = ok; s.devicesFailed = failed; s.devicesSkipped = skipped; s.answersRejected = rejected; s.varbinds = varbinds;
    if (failed > 0 || skipped > 0) {
      const fields = { devices: plans.length, ok, failed, skipped, durationMs: s.lastCycleDurationMs };
      if (changed) this.opts.logger.info('poll cycle done', fields); else this.opts.logger.debug('poll cycle done', fields);
    }
    this.opts.onCycleDone?.(s);
  }

  /**
   * Arms the timer of the next grid time after `afterMs` (the grid time just run, or now). A timer
   * may fire a little before its time by the wall clock (Node's timers run on a monotonic clock):
   * the next cycle is then still the one after the grid time the timer was set for, never that
   * same grid time again (computing it from `now` started every cycle twice, 1–2 ms apart).
   */
  private arm(afterMs = this.opts.nowMs()): void {
    if (this.stopped) return;
    const I = this.opts.intervalMs;
    const now = this.opts.nowMs();
    const next = Math.floor(Math.max(afterMs, now) / I) * I + I;
    this.timer = setTimeout(() => {
      this.lastGridMs = next;
      this.arm(next);
      this.cycle(next).catch((e) => this.opts.logger.error('poll cycle failed', { error: (e as Error).message }));
    }, next - now);
    this.timer.unref?.();
  }
}
