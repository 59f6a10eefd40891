import type { AlertRuleConfig } from '../../core/config-schema.js';
import {
  MAX_ALERT_VALUES, expandDescription, formatValue, recordCleared, recordEntered, toRecord, type Alert,
} from './alert-record.js';
import type { RuleState } from './alert-rule-state.js';
import type { AlertNoticeKind, AlertNotifier, SilenceLookup } from '../alert-types.js';

/**
 * The alert state machine of one rule's groups after a step (alert-rule-state.ts `judge`):
 *
 * - a group with a member that holds is Active: its alert is made at the first activation (so a
 *   million inputs make alerts only for what was once active), entered at the step's grid time;
 * - a group with no member holding but some member judged (a full window with a value) is Cleared;
 * - a group whose members have no value in their windows keeps its state.
 *
 * Notices (services/alert-types.ts): entering Active sends `active` unless a silence matches; an
 * active alert whose `active` notice was held back by a silence sends it once no silence matches;
 * while active and notified, `repeat` every `notificationTimeMs` (> 0) unless silenced or
 * acknowledged (a person is on it; the acknowledgement ends when the alert clears); clearing
 * sends `cleared` when the activation was notified, silenced or not (the receivers saw it active
 * and must see it end), and nothing otherwise. `timeLastNotificationSent` is set when a notice is
 * handed to the notifier.
 */
export interface NoticeContext {
  readonly networkId: number;
  readonly networkName: string;
  readonly nowMs: number;
  readonly notifier: AlertNotifier;
  readonly silences: SilenceLookup;
  /** Alerts changed in this step (persisted together). */
  readonly dirty: Set<Alert>;
}

export interface TransitionContext extends NoticeContext {
  /** Makes the alert of group g of the state (its number, key, state variable). */
  readonly create: (state: RuleState, g: number) => Alert;
}

export function applyTransitions(state: RuleState, gridTsMs: number, cx: TransitionContext): void {
  const { groupHolds, groupJudged, groupTrigger, alerts } = state;
  for (let g = 0; g < state.groupCount; g++) {
    let a = alerts[g];
    if (groupHolds[g] === 1) {
      if (!a) { a = alerts[g] = cx.create(state, g); }
      describe(a, state, g, groupTrigger[g]!, true, cx.networkName);
      if (!a.active) {
        a.active = true;
        a.activeSince = gridTsMs;
        a.notified = false;
        recordEntered(a, gridTsMs);
        cx.dirty.add(a);
      }
      if (!a.notified) {
        if (notify(a, 'active', cx, state.rule.notify)) { a.notified = true; a.streams = state.rule.notify; }
      } else if (a.ack === null && a.notificationTimeMs > 0 && cx.nowMs - a.timeLastNotificationSent >= a.notificationTimeMs) {
        notify(a, 'repeat', cx, state.rule.notify);
      }
    } else if (a && a.active && groupJudged[g] === 1) {
      describe(a, state, g, -1, false, cx.networkName);
      clear(a, gridTsMs, cx);
    }
  }
}

/**
 * Clears an active alert (its rule judged it, or its rule is gone or no longer covers it); the
 * `cleared` notice goes where its activation's went.
 */
export function clear(a: Alert, atMs: number, cx: NoticeContext): void {
  if (!a.active) return;
  a.active = false;
  // An acknowledgement is of one activation: the next one needs a person again.
  a.ack = null;
  recordCleared(a, atMs);
  if (a.notified) notify(a, 'cleared', cx, a.streams, true);
  a.notified = false;
  cx.dirty.add(a);
}

/** Hands a notice to the notifier unless silenced (a `cleared` one always); true when sent. */
function notify(a: Alert, kind: AlertNoticeKind, cx: NoticeContext, streams: readonly string[] | null, evenSilenced = false): boolean {
  const silenceId = cx.silences.matching(cx.networkId, toRecord(a, 0), cx.nowMs);
  if (silenceId !== 0 && !evenSilenced) return false;
  a.timeLastNotificationSent = cx.nowMs;
  cx.dirty.add(a);
  cx.notifier.send(
    { kind, networkId: cx.networkId, networkName: cx.networkName, atMs: cx.nowMs, alert: toRecord(a, silenceId) },
    streams,
  );
  return true;
}

/**
 * Refreshes the alert's value, values, description, tags and input: from the triggering input
 * (`trigger` ≥ 0), else the group's first member; `values` lists the members that hold (active)
 * or every member (cleared), at most MAX_ALERT_VALUES.
 */
function describe(a: Alert, state: RuleState, g: number, trigger: number, holdingOnly: boolean, networkName: string): void {
  const first = state.members[state.groupStart[g]!]!;
  const i = trigger >= 0 ? trigger : first;
  const v = state.inputs[i]!;
  a.value = formatValue(state.previous[i]!);
  a.inputVariable = `${v.name}.${v.deviceId}.${v.index}`;
  a.tags = v.tags;
  const values: Record<string, string> = {};
  let count = 0;
  for (let k = state.groupStart[g]!; k < state.groupStart[g + 1]! && count < MAX_ALERT_VALUES; k++) {
    const m = state.members[k]!;
    if (holdingOnly && !state.window.holds(m)) continue;
    const w = state.inputs[m]!;
    values[`${w.name}.${w.deviceId}.${w.index}`] = formatValue(state.previous[m]!);
    count++;
  }
  a.values = values;
  a.description = descriptionOf(state.rule, a, v.name, networkName);
}

function descriptionOf(rule: AlertRuleConfig, a: Alert, variable: string, networkName: string): string {
  return expandDescription(rule, {
    device: a.deviceName, component: a.componentName, value: a.value, variable, index: a.componentIndex, network: networkName,
  });
}
