import { get, state } from './api.js';
import type { Alert, Health, LastValue, ManagedDeviceList, NetworkStatus } from './api-types.js';

/**
 * The overview's data, each part from an existing call of the API (no call of its own: every number
 * on the page is one an operator can check against the call it came from):
 * - device states: `GET /v2/ui/net/:id/devices`, counted by `pollState.reachability`;
 * - active alerts: `GET /v2/alerts/net/:id/alerts?active=true`, grouped by rule (alerts carry no
 *   severity: the rule is what tells them apart);
 * - busiest interfaces: `GET /api/monitor/networks/:id/vars?name=ifInUtil|ifOutUtil&sortBy=curr.desc&limit=N`,
 *   the newest poll's utilisation of the interface speed, highest first (the server sorts and cuts);
 * - discovery and polling: `GET /v2/ui/net/:id/status` (`failingSeeds`, `polling`);
 * - health: `GET /api/metrics/healthcheck` (collector, store, workers… as components).
 */

/** A device's state on the overview: the poll state's reachability, `unknown` when it has none (not polled yet). */
export type DeviceState = 'answering' | 'unreachable' | 'neverAnswered' | 'unknown';
export const DEVICE_STATES: readonly DeviceState[] = ['answering', 'unreachable', 'neverAnswered', 'unknown'];

export type Device = ManagedDeviceList['devices'][number];

export function deviceState(d: Device): DeviceState {
  return d.pollState.reachability ?? 'unknown';
}

/** How many devices are in each state (every state present, 0 when none). */
export function countByState(devices: readonly Device[]): Record<DeviceState, number> {
  const counts: Record<DeviceState, number> = { answering: 0, unreachable: 0, neverAnswered: 0, unknown: 0 };
  for (const d of devices) counts[deviceState(d)] += 1;
  return counts;
}

/** The devices that do not answer, longest failing first (never answered before unreachable on a tie). */
export function failingDevices(devices: readonly Device[]): Device[] {
  return devices
    .filter((d) => d.pollState.reachability === 'unreachable' || d.pollState.reachability === 'neverAnswered')
    .sort((a, b) => (a.pollState.failingSinceMs ?? 0) - (b.pollState.failingSinceMs ?? 0) || a.id - b.id);
}

export interface RuleCount { readonly name: string; readonly active: number; readonly silenced: number; readonly devices: number }

/** Active alerts per rule: how many, how many of them silenced, on how many devices; most alerts first. */
export function alertsByRule(alerts: readonly Alert[]): RuleCount[] {
  const by = new Map<string, { active: number; silenced: number; devices: Set<number> }>();
  for (const a of alerts) {
    if (!a.active) continue;
    const r = by.get(a.name) ?? { active: 0, silenced: 0, devices: new Set<number>() };
    r.active += 1;
    if (a.silenced) r.silenced += 1;
    r.devices.add(a.deviceId);
    by.set(a.name, r);
  }
  return [...by].map(([name, r]) => ({ name, active: r.active, silenced: r.silenced, devices: r.devices.size }))
    .sort((a, b) => b.active - a.active || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** How many busiest interfaces each direction lists. */
export const TOP_INTERFACES = 10;

/** The interfaces of the highest utilisation one way, with a value (the server sorts those without one last). */
export async function topUtilisation(variable: 'ifInUtil' | 'ifOutUtil'): Promise<LastValue[]> {
  const q = new URLSearchParams({ name: variable, sortBy: 'curr.desc', limit: String(TOP_INTERFACES) });
  const items = await get<LastValue[]>(`/api/monitor/networks/${state.netId}/vars?${q.toString()}`);
  return items.filter((i) => i.value !== '');
}

export const activeAlerts = (): Promise<Alert[]> => get<Alert[]>(`/v2/alerts/net/${state.netId}/alerts?active=true`);
export const managedDevices = (): Promise<ManagedDeviceList> => get<ManagedDeviceList>(`/v2/ui/net/${state.netId}/devices`);
export const networkStatus = (): Promise<NetworkStatus> => get<NetworkStatus>(`/v2/ui/net/${state.netId}/status`);
export const healthcheck = (): Promise<Health> => get<Health>('/api/metrics/healthcheck');
