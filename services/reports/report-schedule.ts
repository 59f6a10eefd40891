import type { ReportSchedule } from '../../core/config-reports.js';

const DAY_MS = 86_400_000;

/**
 * When the next scheduled run is due, given the previous due time (or null before the first):
 * `daily`: the first time-of-day (UTC) strictly after `afterMs`; `interval`: `afterMs + intervalMs`
 * aligned to whole intervals since the epoch (so restarts keep the same times); `off`: null.
 * Pure: the scheduler calls it with the clock's time.
 */
export function nextDueMs(schedule: ReportSchedule, afterMs: number): number | null {
  switch (schedule.kind) {
    case 'off': return null;
    case 'interval': return (Math.floor(afterMs / schedule.intervalMs) + 1) * schedule.intervalMs;
    case 'daily': {
      const day = Math.floor(afterMs / DAY_MS) * DAY_MS + schedule.minuteOfDay * 60_000;
      return day > afterMs ? day : day + DAY_MS;
    }
  }
}
