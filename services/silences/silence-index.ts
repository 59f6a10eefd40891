import type { AlertRecord } from '../alert-types.js';
import { compileSilenceMatch, inputVariableName, type AlertTest } from './silence-match.js';
import type { SilenceData } from './silence-record.js';

interface Entry {
  readonly id: number;
  readonly expiresAtMs: number;
  readonly test: AlertTest;
}

/**
 * The silences of one network, compiled for `first`: each silence sits in one bucket, chosen by
 * the most selective attribute it gives (key, then deviceId, then deviceName, then varName; tags
 * alone go to `rest`), so an alert is tested against the silences of its own key, device and names
 * and the tag-only ones, not against all. Each bucket is in id order. A silence that gives no
 * attribute is left out (it matches nothing). Expired silences stay in until the index is rebuilt:
 * `first` compares each one's expiry with the time it is given, so a call for an earlier time
 * still sees what was active then.
 */
export class SilenceIndex {
  private readonly byKey = new Map<string, Entry[]>();
  private readonly byDeviceId = new Map<number, Entry[]>();
  private readonly byDeviceName = new Map<string, Entry[]>();
  private readonly byVarName = new Map<string, Entry[]>();
  private readonly rest: Entry[] = [];

  constructor(silences: Iterable<{ readonly id: number; readonly data: SilenceData }>) {
    const sorted = [...silences].sort((a, b) => a.id - b.id);
    for (const { id, data } of sorted) {
      const test = compileSilenceMatch(data.match);
      if (!test) continue;
      const e: Entry = { id, expiresAtMs: data.expiresAtMs, test };
      const m = data.match;
      if (m.key !== '') push(this.byKey, m.key, e);
      else if (m.deviceId !== 0) push(this.byDeviceId, m.deviceId, e);
      else if (m.deviceName !== '') push(this.byDeviceName, m.deviceName, e);
      else if (m.varName !== '') push(this.byVarName, m.varName, e);
      else this.rest.push(e);
    }
  }

  /** The lowest id of a silence active at `nowMs` (expiry above it) that matches the alert, or 0. */
  first(alert: AlertRecord, nowMs: number): number {
    let best = firstIn(this.byKey.get(alert.key), alert, nowMs, 0);
    best = firstIn(this.byDeviceId.get(alert.deviceId), alert, nowMs, best);
    best = firstIn(this.byDeviceName.get(alert.deviceName), alert, nowMs, best);
    if (this.byVarName.size > 0) {
      best = firstIn(this.byVarName.get(alert.name), alert, nowMs, best);
      const input = inputVariableName(alert.inputVariable);
      if (input !== alert.name) best = firstIn(this.byVarName.get(input), alert, nowMs, best);
    }
    return firstIn(this.rest, alert, nowMs, best);
  }
}

function push<K>(m: Map<K, Entry[]>, k: K, e: Entry): void {
  const list = m.get(k);
  if (list) list.push(e);
  else m.set(k, [e]);
}

/** The id of the first (lowest-id) active entry of `list` matching `alert` when below `best`; else `best` (0: none yet). */
function firstIn(list: readonly Entry[] | undefined, alert: AlertRecord, nowMs: number, best: number): number {
  if (!list) return best;
  for (let i = 0; i < list.length; i++) {
    const e = list[i]!;
    if (best !== 0 && e.id >= best) return best;
    if (e.expiresAtMs > nowMs && e.test(alert)) return e.id;
  }
  return best;
}
