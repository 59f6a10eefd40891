/** Alerts for tests: a record with every field of an alert (docs/api.md "Alerts and silences"), and a fake AlertSource over arrays. */
import type { AlertRecord, AlertSource } from '../../services/alert-types.js';

export function alert(over: Partial<AlertRecord> = {}): AlertRecord {
  return {
    key: 'k-1', name: 'ifDown', deviceName: 'sw1', deviceId: 10, componentName: 'Gi0/1', componentIndex: 1,
    value: '2', values: { 'ifOperStatus.10.1': '2' }, description: 'Gi0/1 of sw1 is down', tags: ['Role.Core', 'Vendor.Cisco'],
    variable: 'ifDown.10.1', inputVariable: 'ifOperStatus.10.1', activeSince: 1_000, active: true, silenced: false,
    matchingSilenceId: 0, timeLastNotificationSent: 0, duration: 0, percentage: 100, notificationTimeMs: 3_600_000,
    ...over,
  };
}

/** An AlertSource over `byNetwork` (network id → alerts, in their order); tests may change the arrays. */
export class FakeAlertSource implements AlertSource {
  constructor(readonly byNetwork = new Map<number, AlertRecord[]>()) {}
  alerts(networkId: number): readonly AlertRecord[] { return this.byNetwork.get(networkId) ?? []; }
  get(networkId: number, key: string): AlertRecord | undefined { return this.alerts(networkId).find((a) => a.key === key); }
}
