import type { AlertRuleConfig, NetworkConfig } from '../../core/config-schema.js';
import { AppError } from '../../core/errors.js';
import type { VariableInstance } from '../../core/types.js';
import { variablesSource } from '../../svcql/index.js';
import {
  ALERT_STATE_VARIABLE, alertKey, componentKey, decodeAlert, encodeAlert, toRecord, withSilence, type Alert,
} from './alert-record.js';
import { positionsByName, selectInputs } from './alert-rules.js';
import { RuleState, ruleDefinition } from './alert-rule-state.js';
import { applyTransitions, clear, type NoticeContext, type TransitionContext } from './alert-transitions.js';
import type { AlertNotifier, AlertRecord, AlertSource, SilenceLookup } from '../alert-types.js';
import { windowSteps } from './alert-window.js';
import type { ServiceDeps } from '../deps.js';
import { GridStepProcessor } from '../grid-step-processor.js';
import { latestValue } from '../svcql-tables.js';

/**
 * The alert evaluator (the data processor of the alerts): on every `onGridStepWritten` of a
 * network it reads the grid values of every rule's inputs at that grid time (one `valuesAt` of the
 * store over the slots of all the network's rules, into a reused array), tests each rule's
 * condition per input, moves the windows on (alert-window.ts), turns groups Active or Cleared (alert-transitions.ts), writes every alert's
 * state variable (`alertState.0.<alert number>`: 1 active, 0 cleared) at that grid time, hands
 * notices to the notifier, and persists the alerts changed by the step in one metadata
 * transaction. Work is done off the event (a network's steps run one after the other; steps that
 * pile up are coalesced, the missed grid times evaluated in order, at most MAX_CATCH_UP_STEPS);
 * making rule states yields to the event loop between rules, a step's evaluation runs in one go.
 *
 * Inputs are selected again when the network's generation or its instance list changes (the
 * alert state variables this engine allocates do not count); a rule whose inputs did not change
 * keeps its state. A rule's window is filled from the store when its state is made (at start, for
 * a new or changed rule, for changed inputs), so a restart does not blind it for `duration`.
 *
 * Config reload: the rules are replaced whole at the next step of each network; a rule with the
 * same name and definition (and window length) keeps its windows; a changed rule keeps its alerts
 * (same keys) and judges them from its new definition with a window filled from the store; the
 * alerts of a removed rule are cleared (a `cleared` notice for those that were notified) and stay
 * listed as cleared.
 */

/** Metadata namespace of the alerts: key [networkId, alert key] → the stored alert (alert-record.ts). */
export const NS_ALERTS = 'alerts';
/** Values of the matrix a rule's window is filled from at once (8 bytes each: 64 MiB). */
const PREFILL_MATRIX_VALUES = 8_000_000;
/**
 * Slots whose window points a fill reads before it lets other work run (an API call, a poll's
 * answers): a rule over half a million inputs reads for seconds (bench/RESULTS.md, collector-faults).
 */
const PREFILL_YIELD_SLOTS = 20_000;
/**
 * A cleared alert that no rule judges any more (its rule removed or changed, its input gone from
 * the inventory) is removed this long after it cleared: from the list, the store and the state
 * writes (its state series stays readable). Alerts of live rules stay, whatever their age.
 */
const ALERT_RETENTION_MS = 7 * 86_400_000;
/** How often a network's alerts are looked over for removal. */
const ALERT_PRUNE_EVERY_MS = 3_600_000;
/** Most missed grid times evaluated when steps pile up (beyond: the newest ones). */
const MAX_CATCH_UP_STEPS = 60;

const STATE_DEF = {
  name: ALERT_STATE_VARIABLE, description: 'State of an alert: 1 active, 0 cleared', unit: '', category: 'Alerts',
  type: 'gauge', scope: 'device',
} as const;

interface NetworkAlerts {
  readonly id: number;
  states: RuleState[];
  /** Every alert of the network by key, active and cleared. */
  readonly alerts: Map<string, Alert>;
  /** Alerts by rule name, then by componentKey(deviceId, componentIndex). */
  readonly byRule: Map<string, Map<string, Alert>>;
  nextNumber: number;
  rulesSeen: readonly AlertRuleConfig[] | null;
  intervalMs: number;
  generation: unknown;
  instances: readonly VariableInstance[] | null;
  ownCount: number;
  readSlots: Int32Array;
  bases: Int32Array;
  /** The values read at the latest step (reused from step to step). */
  values: Float64Array;
  lastStepMs: number;
  /** Alerts whose last write failed (a full disk): written again with the next step's changes. */
  readonly unsaved: Set<Alert>;
  /** When the network's alerts were last looked over for removal (ALERT_PRUNE_EVERY_MS). */
  prunedAtMs: number;
}

export class AlertEngine implements AlertSource {
  private readonly nets = new Map<number, NetworkAlerts>();
  /** The grid steps of every network, one at a time a network (processStep), and the allocations and transactions in progress. */
  private readonly steps: GridStepProcessor;
  private readonly latest: (slot: number) => number;

  /** Config keys read at each network's grid step through the holder: a reload applies them with the swap (core/config-applier.ts). */
  static readonly configKeys: readonly string[] = ['alerts'];

  /** `prefillMatrixValues`, `prefillYieldSlots`: see PREFILL_MATRIX_VALUES and PREFILL_YIELD_SLOTS (tests lower them). */
  constructor(
    private readonly deps: ServiceDeps, private readonly notifier: AlertNotifier, private readonly silences: SilenceLookup,
    private readonly opts: { readonly prefillMatrixValues?: number; readonly prefillYieldSlots?: number } = {},
  ) {
    this.latest = latestValue(deps);
    this.steps = new GridStepProcessor(deps.collector, (id, g) => this.processStep(this.net(id), g), (id, g, e) => {
      this.deps.logger.error('alerts: evaluation of a grid step failed', { network: id, gridTsMs: g, error: (e as Error).stack ?? String(e) });
    });
  }

  /** Loads the stored alerts, defines the state variable and starts listening to grid steps. */
  start(): void {
    if (this.steps.started) return;
    const log = this.deps.logger;
    try { this.deps.collector.catalog.define({ ...STATE_DEF }); } catch (e) { log.error('alerts: cannot define the state variable', { error: (e as Error).message }); }
    for (const { key, value } of this.deps.meta.range<unknown>(NS_ALERTS)) {
      const a = decodeAlert(value);
      if (!a) { log.warn('alerts: skipping a stored alert that does not decode', { key: JSON.stringify(key) }); continue; }
      const net = this.net(a.networkId);
      this.index(net, a);
      net.nextNumber = Math.max(net.nextNumber, a.number + 1);
      this.allocateState(a);
    }
    this.steps.start();
  }

  /** Stops listening; waits for the step in progress, the alerts being written and the state variables being allocated. */
  async stop(): Promise<void> {
    // A step in progress (a long first fill) ends at its next pause without evaluating or notifying.
    await this.steps.stop();
  }

  /** Evaluates grid time `gridTsMs` of a network now (what a grid step event does, awaited): tests and benches. */
  async runStep(networkId: number, gridTsMs: number): Promise<void> {
    await this.steps.runStep(networkId, gridTsMs);
  }

  alerts(networkId: number): readonly AlertRecord[] {
    const net = this.nets.get(networkId);
    if (!net) return [];
    const now = this.deps.clock.nowMs();
    return [...net.alerts.values()].sort((a, b) => a.number - b.number).map((a) => this.record(a, now));
  }

  get(networkId: number, key: string): AlertRecord | undefined {
    const a = this.nets.get(networkId)?.alerts.get(key);
    return a && this.record(a, this.deps.clock.nowMs());
  }

  history(networkId: number, key: string): readonly (readonly [number, number])[] {
    return this.nets.get(networkId)?.alerts.get(key)?.history.map(([e, c]) => [e, c] as const) ?? [];
  }

  async acknowledge(networkId: number, key: string, ack: { readonly by: string; readonly comment: string } | null): Promise<AlertRecord> {
    const net = this.nets.get(networkId);
    const a = net?.alerts.get(key);
    if (!net || !a) throw new AppError('UNKNOWN_ALERT', `no alert with key '${key.length <= 100 ? key : `${key.slice(0, 100)}…`}' in network ${networkId}`);
    if (ack !== null && !a.active) throw new AppError('CONFLICT', `alert '${key}' is cleared: only an active alert is acknowledged`);
    const nowMs = this.deps.clock.nowMs();
    const before = a.ack;
    const after = ack && { by: ack.by, atMs: nowMs, comment: ack.comment };
    a.ack = after;
    // Stored before the answer, which says it is kept. A failed write (a full disk) undoes the change
    // unless a step changed it meanwhile (a clearing), so the caller's error is the truth.
    const rec = structuredClone(encodeAlert(a));
    try {
      await this.deps.meta.transaction((tx) => tx.put(NS_ALERTS, [networkId, key], rec));
    } catch (e) {
      if (a.ack === after) a.ack = before;
      throw e;
    }
    return this.record(a, nowMs);
  }

  private record(a: Alert, nowMs: number): AlertRecord {
    const rec = toRecord(a, 0);
    return withSilence(rec, this.silences.matching(a.networkId, rec, nowMs));
  }

  private net(id: number): NetworkAlerts {
    let n = this.nets.get(id);
    if (!n) {
      n = {
        id, states: [], alerts: new Map(), byRule: new Map(), nextNumber: 1, rulesSeen: null, intervalMs: 0, generation: undefined,
        instances: null, ownCount: -1, readSlots: new Int32Array(0), bases: new Int32Array(0), values: new Float64Array(0), lastStepMs: NaN,
        unsaved: new Set(), prunedAtMs: -Infinity,
      };
      this.nets.set(id, n);
    }
    return n;
  }

  private index(net: NetworkAlerts, a: Alert): void {
    net.alerts.set(a.key, a);
    let m = net.byRule.get(a.rule);
    if (!m) net.byRule.set(a.rule, m = new Map());
    m.set(componentKey(a.deviceId, a.componentIndex), a);
  }

  private allocateState(a: Alert): void {
    this.steps.track(this.deps.collector.catalog.allocate({ netId: a.networkId, name: ALERT_STATE_VARIABLE, deviceId: 0, index: a.number })
      .then((v) => {
        a.stateSlot = v.slot;
        // The step that made the alert is past: write its state there too.
        const at = this.nets.get(a.networkId)?.lastStepMs ?? NaN;
        if (!Number.isNaN(at)) this.deps.series.appendStep(at, Int32Array.of(v.slot), Float64Array.of(a.active ? 1 : 0));
      })
      .catch((e) => this.deps.logger.warn('alerts: no state variable for an alert', { key: a.key, error: (e as Error).message })));
  }

  private async processStep(net: NetworkAlerts, g: number): Promise<void> {
    const cfg = this.deps.config().networks.find((n) => n.id === net.id);
    if (!cfg) return;
    if (g <= net.lastStepMs) return;
    const interval = cfg.pollIntervalMs;
    const dirty = new Set<Alert>();
    const cx: TransitionContext = {
      networkId: net.id, networkName: cfg.name, nowMs: this.deps.clock.nowMs(), notifier: this.notifier, silences: this.silences, dirty,
      create: (st, grp) => this.create(net, st, grp),
    };
    await this.reconcile(net, cfg, g, cx);
    if (this.steps.stopped) return;
    let t = Number.isNaN(net.lastStepMs) ? g : Math.max(net.lastStepMs + interval, g - (MAX_CATCH_UP_STEPS - 1) * interval);
    for (; t <= g; t += interval) this.stepAt(net, t, cx);
    net.lastStepMs = g;
    this.persist(net, dirty);
    this.prune(net, cx.nowMs);
  }

  /** Removes the cleared alerts no rule judges any more, ALERT_RETENTION_MS after they cleared (hourly). */
  private prune(net: NetworkAlerts, nowMs: number): void {
    if (nowMs - net.prunedAtMs < ALERT_PRUNE_EVERY_MS) return;
    net.prunedAtMs = nowMs;
    const judged = new Set<Alert>();
    for (const st of net.states) for (const a of st.alerts) if (a) judged.add(a);
    const gone: Alert[] = [];
    for (const a of net.alerts.values()) {
      if (a.active || judged.has(a)) continue;
      const clearedAtMs = a.history[a.history.length - 1]?.[1] ?? 0;
      if (clearedAtMs > 0 && nowMs - clearedAtMs >= ALERT_RETENTION_MS) gone.push(a);
    }
    if (gone.length === 0) return;
    for (const a of gone) {
      net.alerts.delete(a.key);
      net.byRule.get(a.rule)?.delete(componentKey(a.deviceId, a.componentIndex));
      net.unsaved.delete(a);
    }
    this.deps.logger.info('alerts: removed cleared alerts that no rule judges any more', { network: net.id, removed: gone.length });
    this.steps.track(this.deps.meta.transaction((tx) => { for (const a of gone) tx.remove(NS_ALERTS, [net.id, a.key]); })
      .catch((e) => this.deps.logger.error('alerts: cannot remove alerts from the store; they come back at the next start', { network: net.id, error: (e as Error).message })));
  }

  /** One grid time: read, evaluate every rule, transitions and notices, state variables. */
  private stepAt(net: NetworkAlerts, t: number, cx: TransitionContext): void {
    const values = net.values = this.valuesAt(net.readSlots, t, net.values);
    for (let k = 0; k < net.states.length; k++) {
      const st = net.states[k]!;
      if (st.lastStepMs >= t) continue;
      st.step(values, net.bases[k]!, t);
      st.judge();
      applyTransitions(st, t, cx);
    }
    this.writeStates(net, t);
  }

  private create(net: NetworkAlerts, st: RuleState, g: number): Alert {
    const rule = st.rule;
    const first = st.inputs[st.members[st.groupStart[g]!]!]!;
    const deviceId = rule.fanOut ? first.deviceId : 0;
    const componentIndex = rule.fanOut ? first.index : 0;
    const a: Alert = {
      key: alertKey(net.id, rule.name, deviceId, componentIndex), networkId: net.id, rule: rule.name, severity: rule.severity, ack: null,
      number: net.nextNumber++,
      deviceId, componentIndex, deviceName: rule.fanOut ? first.deviceName : '', componentName: rule.fanOut ? first.componentName : '',
      active: false, activeSince: 0, timeLastNotificationSent: 0, notified: false, streams: null, value: '', values: {}, description: '', tags: [],
      inputVariable: '', durationMs: rule.durationMs, percentage: rule.percentage, notificationTimeMs: rule.notificationTimeMs,
      history: [], stateSlot: -1,
    };
    this.index(net, a);
    this.allocateState(a);
    return a;
  }

  /** 1 (active) or 0 (cleared) for every alert of the network that has its state variable, at grid time t. */
  private writeStates(net: NetworkAlerts, t: number): void {
    const slots = new Int32Array(net.alerts.size);
    const values = new Float64Array(net.alerts.size);
    let n = 0;
    for (const a of net.alerts.values()) {
      if (a.stateSlot < 0) continue;
      slots[n] = a.stateSlot;
      values[n++] = a.active ? 1 : 0;
    }
    if (n > 0) this.deps.series.appendStep(t, slots, values, n);
  }

  /** The alerts changed by a step, in one transaction (what was encoded at the call). */
  private persist(net: NetworkAlerts, dirty: Set<Alert>): void {
    for (const a of net.unsaved) dirty.add(a);
    net.unsaved.clear();
    if (dirty.size === 0) return;
    const alerts = [...dirty];
    const records = alerts.map((a) => [a.key, structuredClone(encodeAlert(a))] as const);
    this.steps.track(this.deps.meta.transaction((tx) => { for (const [key, rec] of records) tx.put(NS_ALERTS, [net.id, key], rec); })
      .catch((e) => {
        // Written again (as they are then) with the next step's changes, so a restart after the
        // disk recovers does not send a clear or an activation a second time.
        for (const a of alerts) net.unsaved.add(a);
        this.deps.logger.error('alerts: cannot store alerts; they are written again at the next step', {
          network: net.id, alerts: records.length, error: (e as Error).message,
        });
      }));
  }

  /**
   * Brings the network's rule states up to the configuration and the inventory: inputs selected
   * again when the generation or the instance list changed, rules replaced on reload (see the
   * class comment), new states filled from the store up to g − interval.
   */
  private async reconcile(net: NetworkAlerts, cfg: NetworkConfig, g: number, cx: NoticeContext): Promise<void> {
    const config = this.deps.config();
    const catalog = this.deps.collector.catalog;
    const gen = this.deps.collector.networks.generation(net.id, {});
    const instances = catalog.instances(net.id);
    let selectionChanged = gen !== net.generation;
    /** Instances that are not this engine's state variables (counted at most once per call). */
    let own = -1;
    if (!selectionChanged && instances !== net.instances) {
      own = ownInstances(instances);
      selectionChanged = own !== net.ownCount;
      net.instances = instances;
    }
    const rulesChanged = config.alerts.rules !== net.rulesSeen || cfg.pollIntervalMs !== net.intervalMs;
    if (!selectionChanged && !rulesChanged) return;

    const rules = config.alerts.rules.filter((r) => r.networks === null || r.networks.includes(net.id));
    const devices = gen?.devices ?? [];
    const table = variablesSource(instances, this.latest, { devices });
    const byName = positionsByName(instances);
    const names = [...byName.keys()];
    const siblingIndex = new Map<string, Map<string, number>>();
    const siblingSlot = (name: string, deviceId: number, index: number): number | undefined => {
      let m = siblingIndex.get(name);
      if (!m) {
        m = new Map();
        for (const v of instances) if (v.name === name) m.set(componentKey(v.deviceId, v.index), v.slot);
        siblingIndex.set(name, m);
      }
      return m.get(componentKey(deviceId, index));
    };
    const old = new Map(net.states.map((s) => [s.rule.name, s]));
    const states: RuleState[] = [];
    /** Rules still configured whose state could not be made: their alerts are not a removed rule's. */
    const keepAlertsOf = new Set<string>();
    for (const rule of rules) {
      const steps = windowSteps(rule.durationMs, cfg.pollIntervalMs);
      const def = ruleDefinition(rule, steps);
      const prev = old.get(rule.name);
      const same = prev !== undefined && prev.definition === def;
      if (same && !selectionChanged) { states.push(prev); continue; }
      let inputs: VariableInstance[];
      try {
        inputs = selectInputs(rule.input, table, instances, byName);
      } catch (e) {
        // Its alerts are kept as they were (with its last state, when it had one), not cleared as a removed rule's.
        this.deps.logger.error('alerts: a rule cannot select its inputs', { rule: rule.name, network: net.id, error: (e as Error).message });
        if (prev) states.push(prev); else keepAlertsOf.add(rule.name);
        continue;
      }
      if (same && sameSlots(prev.inputs, inputs)) { states.push(prev); continue; }
      const groupKeys = new Map<string, number>();
      let st: RuleState;
      try {
        st = new RuleState(rule, def, inputs, steps, names, devices, siblingSlot, groupKeys);
      } catch (e) {
        this.deps.logger.error('alerts: a rule\'s condition does not compile', { rule: rule.name, network: net.id, error: (e as Error).message });
        if (prev) states.push(prev); else keepAlertsOf.add(rule.name);
        continue;
      }
      // Selecting and filling a rule's state may take a while at a million inputs: let other work in between rules.
      await new Promise<void>((r) => setImmediate(r));
      await this.prefill(st, g, cfg.pollIntervalMs);
      // Stopping: the network keeps its states as they were (nothing half filled is kept).
      if (this.steps.stopped) return;
      if (same) st.carryOver(prev);
      for (const [k, a] of net.byRule.get(rule.name) ?? []) {
        const grp = groupKeys.get(k);
        // An alert no group of the rule claims: when the rule changed (fanOut, a narrower input),
        // nothing would judge it again, so it clears; when only the inventory changed (a device or
        // interface no longer discovered), it keeps its state (the device may be down, not gone).
        if (grp === undefined) { if (prev !== undefined && !same) clear(a, g, cx); continue; }
        st.alerts[grp] = a;
        a.severity = rule.severity;
        a.durationMs = rule.durationMs;
        a.percentage = rule.percentage;
        a.notificationTimeMs = rule.notificationTimeMs;
      }
      states.push(st);
    }
    const kept = new Set(states.map((s) => s.rule.name));
    for (const [name, byKey] of net.byRule) {
      if (kept.has(name) || keepAlertsOf.has(name)) continue;
      for (const a of byKey.values()) clear(a, g, cx);
    }
    net.states = states;
    net.rulesSeen = config.alerts.rules;
    net.intervalMs = cfg.pollIntervalMs;
    net.generation = gen;
    net.instances = instances;
    net.ownCount = own >= 0 ? own : ownInstances(instances);
    let total = 0;
    net.bases = new Int32Array(states.length);
    states.forEach((s, k) => { net.bases[k] = total; total += s.slots.length; });
    net.readSlots = new Int32Array(total);
    states.forEach((s, k) => net.readSlots.set(s.slots, net.bases[k]));
  }

  /**
   * The grid values of `slots` at t (NaN: none), in `buf` when it is long enough: the store's
   * `valuesAt` (a slot's newest point without reading the others), else its rollup's `last`.
   */
  private valuesAt(slots: Int32Array, t: number, buf: Float64Array): Float64Array {
    const series = this.deps.series;
    if (!series.valuesAt) return series.rollup(slots, t, t).last;
    return series.valuesAt(slots, t, buf.length >= slots.length ? buf : new Float64Array(slots.length));
  }

  /**
   * Fills a new state's window from the store: the W grid times before g. Each slot's points of
   * the window are read once (a store walks a slot's points of an hour in order, so W reads at one
   * grid time each would walk them W times), into a W × slots matrix, when that matrix is at most
   * PREFILL_MATRIX_VALUES; a larger window is read one grid time at a time. Other work runs every
   * PREFILL_YIELD_SLOTS slots (or between grid times): the step that fills waits, nothing else does.
   */
  private async prefill(st: RuleState, g: number, intervalMs: number): Promise<void> {
    const steps = st.window.steps;
    const n = st.slots.length;
    const fromMs = g - steps * intervalMs;
    const pause = () => new Promise<void>((r) => setImmediate(r));
    const stopped = () => this.steps.stopped;
    if (steps * n > (this.opts.prefillMatrixValues ?? PREFILL_MATRIX_VALUES)) {
      let buf: Float64Array = new Float64Array(n);
      for (let k = 0; k < steps; k++) {
        const t = fromMs + k * intervalMs;
        buf = this.valuesAt(st.slots, t, buf);
        st.step(buf, 0, t);
        await pause();
        if (stopped()) return;
      }
      return;
    }
    const matrix = new Float64Array(steps * n).fill(NaN);
    for (let j = 0; j < n; j++) {
      if (j > 0 && j % (this.opts.prefillYieldSlots ?? PREFILL_YIELD_SLOTS) === 0) { await pause(); if (stopped()) return; }
      const p = this.deps.series.read(st.slots[j]!, fromMs, g - intervalMs);
      for (let k = 0; k < p.tsMs.length; k++) {
        const offset = p.tsMs[k]! - fromMs;
        if (offset % intervalMs === 0) matrix[(offset / intervalMs) * n + j] = p.values[k]!;
      }
    }
    for (let k = 0; k < steps; k++) st.step(matrix.subarray(k * n, (k + 1) * n), 0, fromMs + k * intervalMs);
  }
}

/** Instances that are not alert state variables: what makes a change of the inventory for the rules. */
function ownInstances(instances: readonly VariableInstance[]): number {
  let n = 0;
  for (const v of instances) if (v.name !== ALERT_STATE_VARIABLE) n++;
  return n;
}

function sameSlots(a: readonly VariableInstance[], b: readonly VariableInstance[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.slot !== b[i]!.slot) return false;
  return true;
}
