import type { AlertRecord } from '../alert-types.js';
import { compileTagRules, parseTagRules } from '../../svcql/index.js';
import type { SilenceMatch } from './silence-record.js';

/**
 * Whether a silence's match covers an alert (docs/api.md "Alerts and silences"), as a pure function of the two.
 *
 * - An ignored attribute ('' for text, 0 for numbers) takes no part; every given one must hold.
 * - A match that gives no attribute (a `tags` of separators only counts as none) matches no alert.
 * - `key` is the alert's key; `deviceId`, `deviceName` the alert's; `index` its componentIndex.
 * - `varName` holds when it is the name of the alert's input variable (the name part of its
 *   `inputVariable` triplet) or the alert's own `name`: a silence may name what is measured
 *   (`ifOperStatus`) or the alert made from it.
 * - `tags`: comma separated `<Facet>.<Word>`, each of which the alert must carry; `!<Facet>.<Word>`
 *   one it must not carry; `<Facet>` or `<Facet>.*` any word of the facet (as in the matching rule).
 *   Every listed tag rule must hold.
 */
export type AlertTest = (alert: AlertRecord) => boolean;

/** The test of a match, or null when it gives no attribute (it matches nothing). */
export function compileSilenceMatch(m: SilenceMatch): AlertTest | null {
  const tests: AlertTest[] = [];
  if (m.key !== '') tests.push((a) => a.key === m.key);
  if (m.deviceId !== 0) tests.push((a) => a.deviceId === m.deviceId);
  if (m.deviceName !== '') tests.push((a) => a.deviceName === m.deviceName);
  if (m.index !== 0) tests.push((a) => a.componentIndex === m.index);
  if (m.varName !== '') tests.push((a) => a.name === m.varName || inputVariableName(a.inputVariable) === m.varName);
  const rules = m.tags === '' ? [] : parseTagRules(m.tags);
  if (rules.length > 0) {
    const hold = compileTagRules(rules, 'AND');
    tests.push((a) => hold(a.tags));
  }
  if (tests.length === 0) return null;
  if (tests.length === 1) return tests[0]!;
  return (a) => {
    for (let i = 0; i < tests.length; i++) if (!tests[i]!(a)) return false;
    return true;
  };
}

/** Whether `m` covers `alert` (docs/api.md "Alerts and silences"); the table tests' entry point. */
export function silenceMatches(m: SilenceMatch, alert: AlertRecord): boolean {
  return compileSilenceMatch(m)?.(alert) ?? false;
}

/**
 * The variable name of a triplet `<name>.<deviceId>.<index>` (the name may contain dots, so it is
 * everything before the last two dots); the whole text when it is not a triplet.
 */
export function inputVariableName(triplet: string): string {
  const last = triplet.lastIndexOf('.');
  const mid = last > 0 ? triplet.lastIndexOf('.', last - 1) : -1;
  return mid > 0 ? triplet.slice(0, mid) : triplet;
}
