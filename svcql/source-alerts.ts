import type { Tag } from '../core/types.js';
import { buildSource, single, type RowSource } from './row-source.js';

/** An alert as the API returns it (docs/api.md "Alerts and silences"); the alerts table reads these plain objects. */
export interface AlertRecord {
  readonly key: string;
  readonly name: string;
  readonly deviceName: string;
  readonly deviceId: number;
  readonly componentName: string;
  readonly componentIndex: number;
  readonly value: string;
  readonly values: Readonly<Record<string, string>>;
  readonly description: string;
  readonly tags: readonly Tag[];
  readonly variable: string;
  readonly inputVariable: string;
  readonly activeSince: number;
  readonly active: boolean;
  readonly silenced: boolean;
  readonly matchingSilenceId: number;
  readonly timeLastNotificationSent: number;
  readonly duration: number;
  readonly percentage: number;
  readonly notificationTimeMs: number;
  /** Ours, beside the spec's fields: the rule's severity (`critical`, `warning`, `info`). */
  readonly severity: string;
  /** Ours: a person acknowledged the (active) alert; it ends when the alert clears. */
  readonly acknowledged: boolean;
  /** Who acknowledged it ('' when not acknowledged). */
  readonly acknowledgedBy: string;
  /** When (ms since the epoch; 0 when not acknowledged). */
  readonly acknowledgedAt: number;
  /** Their comment ('' when none or not acknowledged). */
  readonly acknowledgeComment: string;
}

const bool = (b: boolean): string => (b ? 'true' : 'false');

/**
 * The `alerts` table (over a list, or a function read once per statement: the live alerts): the spec's alert fields as columns (booleans read as 'true'/'false';
 * `values` is not a column), `device` and `component` as short names, tags as facets.
 */
export function alertsSource(alerts: readonly AlertRecord[] | (() => readonly AlertRecord[])): RowSource<AlertRecord> {
  const rows = typeof alerts === 'function' ? alerts : () => alerts;
  return buildSource<AlertRecord>({
    table: 'alerts',
    rows,
    columns: {
      key: single((a) => a.key),
      name: single((a) => a.name),
      deviceName: single((a) => a.deviceName),
      deviceId: single((a) => a.deviceId),
      componentName: single((a) => a.componentName),
      componentIndex: single((a) => a.componentIndex),
      value: single((a) => a.value),
      description: single((a) => a.description),
      variable: single((a) => a.variable),
      inputVariable: single((a) => a.inputVariable),
      activeSince: single((a) => a.activeSince),
      active: single((a) => bool(a.active)),
      silenced: single((a) => bool(a.silenced)),
      matchingSilenceId: single((a) => a.matchingSilenceId),
      timeLastNotificationSent: single((a) => a.timeLastNotificationSent),
      duration: single((a) => a.duration),
      percentage: single((a) => a.percentage),
      notificationTimeMs: single((a) => a.notificationTimeMs),
      severity: single((a) => a.severity),
      acknowledged: single((a) => bool(a.acknowledged)),
      acknowledgedBy: single((a) => a.acknowledgedBy),
      acknowledgedAt: single((a) => a.acknowledgedAt),
      device: single((a) => a.deviceName),
      component: single((a) => a.componentName),
    },
    tagsOf: (a) => a.tags,
    identity: (a) => ({
      variable: a.name, device: a.deviceName, deviceId: a.deviceId, component: a.componentName,
      index: a.componentIndex, description: a.description, tags: a.tags,
    }),
  });
}
