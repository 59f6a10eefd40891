import type { Logger } from '../../core/logger.js';
import type { DevicePollState, Reachability } from '../../core/ports/networks.js';
import { failureKind, failureWords } from './poll-reason.js';

/** The outcome of one device's poll as the scheduler reports it (a skipped poll is not reported). */
export type PollOutcome = { readonly ok: true } | { readonly ok: false; readonly error: string };

/** Longest reason kept (a poll's error text is short; this bounds what the API shows per device). */
export const MAX_REASON_CHARS = 200;

interface Entry {
  name: string;
  address: string;
  consecutiveFailures: number;
  failingSinceMs: number | null;
  reason: string;
  lastSuccessMs: number | null;
  /** Listed without a discovery record: it has never answered SNMP (until a poll answers). */
  neverAnswered: boolean;
  /** The warning that it fails was logged (once per run of failures). */
  announced: boolean;
}

/** A failing device's state as a collector reports it to its central (remote/states-codec.ts). */
export interface ReportedState {
  readonly consecutiveFailures: number;
  readonly failingSinceMs: number | null;
  readonly reason: string;
  readonly lastSuccessMs: number | null;
  readonly neverAnswered: boolean;
}

/** A device of the current generation as setDevices takes it. */
export interface HealthDevice {
  readonly id: number;
  readonly name: string;
  readonly address: string;
  /** True for a device listed before it ever answered (collector/devices: no record yet). */
  readonly neverAnswered?: boolean;
}

/**
 * The poll state of every device of one network: consecutive failed polls, since when, why (the
 * poll's error text: a timeout, no answer, a refused community…), and the last answered poll.
 *
 * A device is failing from its first failed poll (the worker already spent its timeout and retries)
 * until its next answered one. The transition is logged once each way: a warning when it starts
 * failing (device name, address, network, reason) and an info line when it recovers (how long it
 * failed, how many polls) — never once per cycle. A poll skipped because the device's previous
 * poll is still running is not an outcome: it changes nothing here (that previous poll's outcome
 * counts when it ends). States live in memory: after a restart every device is `unknown` until its
 * first poll.
 *
 * A device that never answered (added by an operator or declared, not answering yet) is failing
 * from the moment it is listed: nothing is monitored of it, which is what an operator must see. Its
 * warning is logged at its first failed poll (or probe, `noteProbeFailure`), with the reason.
 */
export class DeviceHealth {
  private readonly byId = new Map<number, Entry>();
  /** `states()` as last made, until a state changes (readers between two cycles share it). */
  private snapshot: readonly DevicePollState[] | null = null;

  constructor(private readonly opts: { networkId: number; networkName: string; logger: Logger; nowMs: () => number }) {}

  /**
   * The devices of the network's current generation: known ones keep their state (names and
   * addresses follow the generation), new ones start unknown, devices no longer there are dropped.
   */
  setDevices(devices: readonly HealthDevice[]): void {
    this.snapshot = null;
    const keep = new Set<number>();
    const now = this.opts.nowMs();
    for (const d of devices) {
      keep.add(d.id);
      const never = d.neverAnswered === true;
      const e = this.byId.get(d.id);
      if (e) {
        e.name = d.name; e.address = d.address;
        // A record arrived (its probe answered): answered now. Still no record: stays never answered.
        if (!never && e.neverAnswered) { e.neverAnswered = false; if (e.consecutiveFailures === 0) { e.failingSinceMs = null; e.announced = false; } }
        else if (never && !e.neverAnswered && e.lastSuccessMs === null) { e.neverAnswered = true; e.failingSinceMs ??= now; }
        continue;
      }
      this.byId.set(d.id, {
        name: d.name, address: d.address, consecutiveFailures: 0, failingSinceMs: never ? now : null, reason: '', lastSuccessMs: null,
        neverAnswered: never, announced: false,
      });
    }
    for (const id of this.byId.keys()) if (!keep.has(id)) this.byId.delete(id);
  }

  /**
   * Takes the states of `other` (the tracker of the same network before a config reload), so that a
   * device failing before the reload is not announced again. Call before `setDevices`.
   */
  carryOver(other: DeviceHealth): void {
    for (const [id, e] of other.byId) this.byId.set(id, { ...e });
    this.snapshot = null;
  }

  /** Records one poll's outcome; a device not in the current generation is ignored. */
  record(deviceId: number, outcome: PollOutcome): void {
    const e = this.byId.get(deviceId);
    if (!e) return;
    this.snapshot = null;
    const now = this.opts.nowMs();
    const where = { device: e.name, address: e.address, network: this.opts.networkId, networkName: this.opts.networkName };
    if (outcome.ok) {
      if (e.neverAnswered) {
        this.opts.logger.info('device answers its polls for the first time', { ...where, failedPolls: e.consecutiveFailures });
      } else if (e.failingSinceMs !== null) {
        this.opts.logger.info('device recovered: it answers its polls again', {
          ...where, failedForMs: now - e.failingSinceMs, failedPolls: e.consecutiveFailures,
        });
      }
      e.consecutiveFailures = 0; e.failingSinceMs = null; e.reason = ''; e.lastSuccessMs = now; e.neverAnswered = false; e.announced = false;
      return;
    }
    e.consecutiveFailures++;
    this.fail(e, outcome.error, now, where, 'poll');
  }

  /**
   * A discovery probe of a device that never answered failed (its submission, a full run): the
   * reason is its state's until its next poll, and the warning is logged if it was not yet. Ignored
   * for a device that answered, or one not in the current generation.
   */
  noteProbeFailure(deviceId: number, error: string): void {
    const e = this.byId.get(deviceId);
    if (!e || !e.neverAnswered) return;
    this.snapshot = null;
    const where = { device: e.name, address: e.address, network: this.opts.networkId, networkName: this.opts.networkName };
    this.fail(e, error, this.opts.nowMs(), where, 'probe');
  }

  private fail(e: Entry, error: string, now: number, where: Record<string, unknown>, what: 'poll' | 'probe'): void {
    e.reason = error.length > MAX_REASON_CHARS ? `${error.slice(0, MAX_REASON_CHARS - 1)}…` : error;
    e.failingSinceMs ??= now;
    if (e.announced) return;
    e.announced = true;
    const reasonText = failureWords(failureKind(e.reason));
    if (e.neverAnswered) {
      this.opts.logger.warn(`device never answered SNMP: listed and polled every interval, no values until it answers (its ${what} failed)`, { ...where, reason: e.reason, reasonText });
    } else {
      this.opts.logger.warn('device starts failing: its poll got no usable answer', { ...where, reason: e.reason, reasonText });
    }
  }

  /**
   * A central's network (`mode: central`): the poll states its collectors report. `failing` holds
   * the devices a collector's last cycle (started at `cycleStartMs`) found failing, by the
   * central's ids; every other device it polls answered then. A device failing at any collector
   * is failing here. Transitions are logged as polls' are (once each way).
   */
  adoptReported(collector: string, cycleStartMs: number, failing: ReadonlyMap<number, ReportedState>): void {
    this.reportedBy.set(collector, { cycleStartMs, failing });
    this.snapshot = null;
    let newestCycle: number | null = null;
    for (const r of this.reportedBy.values()) newestCycle = Math.max(newestCycle ?? r.cycleStartMs, r.cycleStartMs);
    for (const [id, e] of this.byId) {
      let f: ReportedState | undefined;
      for (const r of this.reportedBy.values()) { f = r.failing.get(id); if (f) break; }
      const where = { device: e.name, address: e.address, network: this.opts.networkId, networkName: this.opts.networkName, collector };
      if (f) {
        const wasFailing = e.failingSinceMs !== null;
        e.consecutiveFailures = f.consecutiveFailures; e.lastSuccessMs = f.lastSuccessMs; e.neverAnswered = f.neverAnswered;
        e.failingSinceMs = f.failingSinceMs ?? e.failingSinceMs ?? cycleStartMs;
        if (!wasFailing) e.announced = false;
        this.fail(e, f.reason, cycleStartMs, where, 'poll');
      } else if (newestCycle !== null && (e.failingSinceMs !== null || e.lastSuccessMs === null || e.lastSuccessMs < newestCycle)) {
        if (e.failingSinceMs !== null) this.opts.logger.info('device recovered: it answers its polls again (its collector says)', { ...where, failedForMs: cycleStartMs - e.failingSinceMs });
        e.consecutiveFailures = 0; e.failingSinceMs = null; e.reason = ''; e.lastSuccessMs = newestCycle; e.neverAnswered = false; e.announced = false;
      }
    }
  }
  private readonly reportedBy = new Map<string, { cycleStartMs: number; failing: ReadonlyMap<number, ReportedState> }>();

  /**
   * Every device's state, by device id: the same (frozen) array until a state changes, so that
   * readers may cache what they derive from it on its identity.
   */
  states(): readonly DevicePollState[] {
    if (this.snapshot) return this.snapshot;
    const out: DevicePollState[] = [];
    for (const [deviceId, e] of this.byId) out.push(Object.freeze(stateOf(deviceId, e)));
    out.sort((a, b) => a.deviceId - b.deviceId);
    return this.snapshot = Object.freeze(out);
  }

  /** One device's state, or undefined when it is not in the current generation. */
  state(deviceId: number): DevicePollState | undefined {
    const e = this.byId.get(deviceId);
    return e ? stateOf(deviceId, e) : undefined;
  }

  /** How many devices are failing now. */
  failingCount(): number {
    let n = 0;
    for (const e of this.byId.values()) if (e.failingSinceMs !== null) n++;
    return n;
  }
}

function stateOf(deviceId: number, e: Entry): DevicePollState {
  const reachability: Reachability = e.neverAnswered ? 'neverAnswered' : e.failingSinceMs !== null ? 'unreachable' : 'answering';
  const reasonKind = e.reason === '' ? null : failureKind(e.reason);
  const why = reasonKind === null ? 'not polled yet' : `${failureWords(reasonKind)} (${e.reason})`;
  const summary = reachability === 'neverAnswered' ? `never answered: ${why}`
    : reachability === 'unreachable' ? `unreachable since ${new Date(e.failingSinceMs!).toISOString()}: ${why}` : 'answering';
  return {
    deviceId, name: e.name, address: e.address, failing: e.failingSinceMs !== null,
    consecutiveFailures: e.consecutiveFailures, failingSinceMs: e.failingSinceMs, reason: e.reason, lastSuccessMs: e.lastSuccessMs,
    reachability, reasonKind, summary,
  };
}
