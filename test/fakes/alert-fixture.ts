/** Alerts for tests: a record with every field of an alert (docs/api.md "Alerts and silences"), and a fake AlertSource over arrays. */
import { AppError } from '../../core/errors.js';
import type { AlertRecord, AlertSource } from '../../services/alert-types.js';

export function alert(over: Partial<AlertRecord> = {}): AlertRecord {
  return {
    key: 'k-1', name: 'ifDown', deviceName: 'sw1', deviceId: 10, componentName: 'Gi0/1', componentIndex: 1,
    value: '2', values: { 'ifOperStatus.10.1': '2' }, description: 'Gi0/1 of sw1 is down', tags: ['Role.Core', 'Vendor.Cisco'],
    variable: 'ifDown.10.1', inputVariable: 'ifOperStatus.10.1', activeSince: 1_000, active: true, silenced: false,
    matchingSilenceId: 0, timeLastNotificationSent: 0, duration: 0, percentage: 100, notificationTimeMs: 3_600_000,
    severity: 'warning', acknowledged: false, acknowledgedBy: '', acknowledgedAt: 0, acknowledgeComment: '',
    ...over,
  };
}

/** An AlertSource over `byNetwork` (network id → alerts, in their order); tests may change the arrays. */
export class FakeAlertSource implements AlertSource {
  /** `nowMs`: the time an acknowledgement is stamped with. */
  constructor(readonly byNetwork = new Map<number, AlertRecord[]>(), private readonly nowMs: () => number = () => 0) {}
  alerts(networkId: number): readonly AlertRecord[] { return this.byNetwork.get(networkId) ?? []; }
  get(networkId: number, key: string): AlertRecord | undefined { return this.alerts(networkId).find((a) => a.key === key); }
  /** One activation per alert: [activeSince, 0] while active, [activeSince, activeSince + 1000] when cleared. */
  history(networkId: number, key: string): readonly (readonly [number, number])[] {
    const a = this.get(networkId, key);
    return a ? [[a.activeSince, a.active ? 0 : a.activeSince + 1000]] : [];
  }
  /** Replaces the alert's record with the acknowledgement's fields (as the evaluator: a cleared alert is a CONFLICT). */
  async acknowledge(networkId: number, key: string, ack: { by: string; comment: string } | null): Promise<AlertRecord> {
    const list = this.byNetwork.get(networkId) ?? [];
    const i = list.findIndex((a) => a.key === key);
    if (i < 0) throw new AppError('UNKNOWN_ALERT', `no alert ${key}`);
    const a = list[i]!;
    if (ack !== null && !a.active) throw new AppError('CONFLICT', `alert ${key} is cleared`);
    list[i] = { ...a, acknowledged: ack !== null, acknowledgedBy: ack?.by ?? '', acknowledgedAt: ack ? this.nowMs() : 0, acknowledgeComment: ack?.comment ?? '' };
    return list[i]!;
  }
}
