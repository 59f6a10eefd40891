import { AppError } from '../../core/errors.js';
import { formatTriplet } from '../../core/triplet.js';
import type { Device, TableError, VariableInstance } from '../../core/types.js';
import type { AlertRecord } from '../alert-types.js';
import type { AlertService } from '../alerts/index.js';
import type { ServiceDeps } from '../deps.js';
import type { DiscoveryService, NetworkService, PollStateRecord } from '../networks/index.js';
import type { ChosenVariable, SeriesWindow } from '../series/index.js';
import { LATEST_FALLBACK_MS } from '../svcql-tables.js';

/**
 * The device panel of a UI (docs/api.md "Device panel"; shapes are this project's): the Summary
 * dashboard, the device's discovery data with the latest values of its variables, and the
 * variables of the popup graphs on a device, a hardware component or an
 * interface. Composed of the discovery service (the public record and its poll state: `poll`, with
 * credentials, never leaves), the variable catalog, the series store and the alerts.
 *
 * "Latest" is the series store's last point of the past hour (LATEST_FALLBACK_MS) — the value the
 * graph and data calls end with — with its grid time; null when the slot has none in that hour.
 * Popups choose variables; the route reads their points over POPUP_WINDOW_MS with the series
 * service's bounded reader and answers in the graph call's shape.
 */

/** The window of every popup graph: the last hour. */
const POPUP_WINDOW_MS = 3_600_000;

/** How many interfaces the Summary's top list shows. */
const TOP_INTERFACES = 10;

/** A variable's latest value: null value and time when it has no point in the past hour. */
export interface LatestValue {
  readonly varId: string;
  readonly name: string;
  readonly unit: string;
  readonly value: number | null;
  readonly tsMs: number | null;
}

/** An interface of the Summary's top list, by the larger of its latest in and out utilisation. */
interface TopInterface {
  readonly ifIndex: number;
  readonly name: string;
  readonly alias: string;
  readonly speedBps: number;
  readonly operStatus: number;
  /** null when the interface has no such variable. */
  readonly inUtil: LatestValue | null;
  readonly outUtil: LatestValue | null;
  /** max(inUtil, outUtil) of those with a value: the sort key. */
  readonly utilPercent: number;
}

/** Who the device is (the Summary's and the brief data's head). */
interface DeviceIdentity {
  readonly id: number;
  readonly name: string;
  readonly address: string;
  readonly vendor: string;
  readonly model: string;
  readonly os: string;
  readonly serialNumber: string;
  readonly softwareRev: string;
  readonly sysObjectID: string;
  readonly sysDescr: string;
  readonly location: string;
  readonly contact: string;
  readonly tags: readonly string[];
  readonly discoveredAtMs: number;
}

/** The Summary page of a device (GET /v2/ui/net/:id/dashboards/device/:devid). */
export interface DeviceDashboard {
  readonly networkId: number;
  readonly generation: number;
  readonly identity: DeviceIdentity;
  /**
   * Seconds since the agent started: from the latest `sysUpTime` (`source: 'poll'`), else from
   * discovery's sysUpTime (`source: 'discovery'`, as of `tsMs` = the discovery's time).
   */
  readonly uptime: { readonly seconds: number; readonly tsMs: number; readonly source: 'poll' | 'discovery' };
  /** The collector's poll state of the device now: `lastSuccessMs` is its last contact. */
  readonly lastContact: PollStateRecord;
  /**
   * What the device's last discovery could not read whole (its record's tableErrors): tables that
   * failed or timed out, `table truncated at N rows`, and `polling` when its polls leave interfaces out.
   */
  readonly discoveryErrors: readonly TableError[];
  /** The latest `reachable` (1 answered, 0 not). */
  readonly reachable: LatestValue | null;
  readonly cpu: LatestValue | null;
  readonly memory: LatestValue | null;
  readonly topInterfaces: readonly TopInterface[];
  /** The device's active alerts (none when the alerts service has none). */
  readonly alerts: readonly AlertRecord[];
}

/** An interface in the brief data. */
interface InterfaceBrief {
  readonly index: number;
  readonly name: string;
  readonly descr: string;
  readonly alias: string;
  readonly type: number;
  readonly speedBps: number;
  readonly adminStatus: number;
  readonly operStatus: number;
  readonly mac: string;
  readonly addresses: readonly string[];
}

/** A variable of the device with its latest value (the data call's `variables`). */
interface DeviceVariable extends LatestValue {
  readonly index: number;
  readonly component: string;
  readonly category: string;
}

export type DeviceDataFormat = 'brief' | 'full';

/** The data call (GET /v2/ui/net/:id/data/device/:devid). */
interface DeviceData {
  readonly networkId: number;
  readonly generation: number;
  readonly format: DeviceDataFormat;
  /** The category asked for, or null: every variable of the device. */
  readonly category: string | null;
  /** brief: identity, pollState and interfaces; full: the public record with pollState (no `poll`). */
  readonly device: Record<string, unknown>;
  readonly variables: readonly DeviceVariable[];
}

/** The public record of a device as the discovery service gives it. */
export type PublicDevice = Omit<Device, 'poll'> & { readonly pollState: PollStateRecord };

export class DevicePanelService {
  /** Config keys read per call through the holder: a reload applies them with the swap (core/config-applier.ts). */
  static readonly configKeys: readonly string[] = ['mapLegend'];

  constructor(
    private readonly deps: ServiceDeps, private readonly networks: NetworkService,
    private readonly discovery: DiscoveryService, private readonly alerts: AlertService,
  ) {}

  /** The device's public record in the current generation; AppError UNKNOWN_NETWORK, UNKNOWN_DEVICE (404). */
  device(netId: number, devId: number): { generation: number; d: PublicDevice } {
    const d = this.discovery.device(netId, devId, {}) as unknown as PublicDevice;
    const generation = this.deps.collector.networks.generation(netId, {})?.number ?? 0;
    return { generation, d };
  }

  /** The device's variable instances, in the catalog's order. */
  instancesOf(netId: number, devId: number): VariableInstance[] {
    return this.deps.collector.catalog.instances(netId).filter((v) => v.deviceId === devId);
  }

  /** The latest value of each instance (one rollup of the series store for all). */
  latest(chosen: readonly VariableInstance[]): LatestValue[] {
    const now = this.deps.clock.nowMs();
    const r = this.deps.series.rollup(chosen.map((v) => v.slot), now - LATEST_FALLBACK_MS, now);
    return chosen.map((v, i) => {
      const has = r.count[i]! > 0 && !Number.isNaN(r.last[i]!);
      return { varId: formatTriplet(v), name: v.name, unit: v.unit, value: has ? r.last[i]! : null, tsMs: has ? r.lastTsMs[i]! : null };
    });
  }

  /** The Summary page. */
  dashboard(netId: number, devId: number): DeviceDashboard {
    const { generation, d } = this.device(netId, devId);
    const all = this.instancesOf(netId, devId);
    const deviceVar = (name: string) => all.find((v) => v.name === name && v.index === 0);
    const singles = ['sysUpTime', 'reachable', 'cpuUtil', 'memUtil'].map(deviceVar);
    const utils = all.filter((v) => v.name === 'ifInUtil' || v.name === 'ifOutUtil');
    const present = [...singles.filter((v): v is VariableInstance => v !== undefined), ...utils];
    const values = new Map(present.map((v, i) => [v, i]));
    const latest = this.latest(present);
    const of = (v: VariableInstance | undefined): LatestValue | null => (v === undefined ? null : latest[values.get(v)!]!);
    const [up, reachable, cpu, memory] = singles.map(of);

    const byIf = new Map<number, { in?: LatestValue; out?: LatestValue }>();
    for (const v of utils) {
      const e = byIf.get(v.index) ?? {};
      if (v.name === 'ifInUtil') e.in = of(v)!; else e.out = of(v)!;
      byIf.set(v.index, e);
    }
    const top: TopInterface[] = [];
    for (const i of d.interfaces) {
      const e = byIf.get(i.index);
      if (!e) continue;
      const known = [e.in?.value ?? null, e.out?.value ?? null].filter((x): x is number => x !== null);
      if (known.length === 0) continue;
      top.push({
        ifIndex: i.index, name: i.name, alias: i.alias, speedBps: i.speedBps, operStatus: i.operStatus,
        inUtil: e.in ?? null, outUtil: e.out ?? null, utilPercent: Math.max(...known),
      });
    }
    top.sort((a, b) => b.utilPercent - a.utilPercent || a.ifIndex - b.ifIndex);

    return {
      networkId: netId, generation, identity: identity(d), uptime: uptimeOf(d, up), lastContact: d.pollState,
      discoveryErrors: d.tableErrors ?? [],
      reachable, cpu, memory, topInterfaces: top.slice(0, TOP_INTERFACES),
      alerts: this.alerts.list(netId, { active: true }).filter((a) => a.deviceId === devId),
    };
  }

  /**
   * The device's discovery data (`brief`: identity, poll state and interfaces; `full`: the public
   * record) and the latest values of its variables, those of `category` only when given.
   */
  data(netId: number, devId: number, format: DeviceDataFormat, category: string | null): DeviceData {
    const { generation, d } = this.device(netId, devId);
    const chosen = this.instancesOf(netId, devId).filter((v) => category === null || v.category === category);
    const latest = this.latest(chosen);
    const variables = chosen.map((v, i): DeviceVariable => {
      const l = latest[i]!;
      return { varId: l.varId, name: l.name, unit: l.unit, value: l.value, tsMs: l.tsMs, index: v.index, component: v.componentName, category: v.category };
    });
    const device: Record<string, unknown> = format === 'full'
      ? { ...d }
      : { ...identity(d), pollState: d.pollState, interfaces: d.interfaces.map(interfaceBrief) };
    return { networkId: netId, generation, format, category, device, variables };
  }

  /** The window of a popup: the last POPUP_WINDOW_MS. */
  popupWindow(): SeriesWindow {
    const now = this.deps.clock.nowMs();
    return { fromMs: now - POPUP_WINDOW_MS, toMs: now };
  }

  /** The device popup's variables: those of config `mapLegend.deviceVars` the device has, in that order. */
  devicePopup(netId: number, devId: number): ChosenVariable[] {
    this.device(netId, devId);
    const all = this.instancesOf(netId, devId);
    return chosen(this.deps.config().mapLegend.deviceVars.map((n) => all.find((v) => v.name === n && v.index === 0)));
  }

  /**
   * The variables of a hardware component (`idx` ≥ 0: an entPhysicalIndex of the device's
   * components or sensors, or the row index of a component-scope variable the device has, such as
   * an operator-defined `table` variable's; else AppError NOT_FOUND) or of all of them (`idx` < 0) that have points
   * in `w`: component-scope variables, ordered by component index then name.
   */
  componentPopup(netId: number, devId: number, idx: number, w: SeriesWindow): ChosenVariable[] {
    const { d } = this.device(netId, devId);
    const catalog = this.deps.collector.catalog;
    const comp = this.instancesOf(netId, devId)
      .filter((v) => catalog.definition(v.name)?.scope === 'component' && (idx < 0 || v.index === idx));
    // A row of an operator-defined `table` variable (config variables.snmp) is a component of its own.
    if (idx >= 0 && comp.length === 0 && !d.components.some((c) => c.index === idx) && !(d.sensors ?? []).some((s) => s.index === idx)) {
      throw new AppError('NOT_FOUND', `device ${devId} has no hardware component, sensor or table row with index ${idx}`);
    }
    const r = this.deps.series.rollup(comp.map((v) => v.slot), w.fromMs, w.toMs);
    const withPoints = comp.filter((_, i) => r.count[i]! > 0);
    withPoints.sort((a, b) => a.index - b.index || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return chosen(withPoints);
  }

  /**
   * The interface popup's variables: those of config `mapLegend.interfaceVars` the interface has, in
   * that order; AppError NOT_FOUND for an ifIndex the device does not have.
   */
  interfacePopup(netId: number, devId: number, ifIndex: number): ChosenVariable[] {
    const { d } = this.device(netId, devId);
    interfaceOf(d, devId, ifIndex);
    const all = this.instancesOf(netId, devId);
    return chosen(this.deps.config().mapLegend.interfaceVars.map((n) => all.find((v) => v.name === n && v.index === ifIndex)));
  }
}

/** Uptime from the latest `sysUpTime` (`up`), else from the discovery's sysUpTime. */
export function uptimeOf(d: PublicDevice, up: LatestValue | null): DeviceDashboard['uptime'] {
  return up?.value != null
    ? { seconds: up.value, tsMs: up.tsMs!, source: 'poll' }
    : { seconds: d.sysUpTimeCs / 100, tsMs: d.discoveredAtMs, source: 'discovery' };
}

/** The device's interface `ifIndex`; AppError NOT_FOUND when it has none. */
export function interfaceOf(d: Pick<Device, 'interfaces'>, devId: number, ifIndex: number): Device['interfaces'][number] {
  const i = d.interfaces.find((x) => x.index === ifIndex);
  if (!i) throw new AppError('NOT_FOUND', `device ${devId} has no interface with ifIndex ${ifIndex}`);
  return i;
}

function chosen(vs: readonly (VariableInstance | undefined)[]): ChosenVariable[] {
  return vs.filter((v): v is VariableInstance => v !== undefined).map((instance) => ({ varId: formatTriplet(instance), instance }));
}

function identity(d: PublicDevice): DeviceIdentity {
  return {
    id: d.id, name: d.name, address: d.address, vendor: d.vendor, model: d.model, os: d.os ?? '', serialNumber: d.serialNumber,
    softwareRev: d.softwareRev, sysObjectID: d.sysObjectID, sysDescr: d.sysDescr, location: d.sysLocation, contact: d.sysContact,
    tags: d.tags, discoveredAtMs: d.discoveredAtMs,
  };
}

function interfaceBrief(i: Device['interfaces'][number]): InterfaceBrief {
  return {
    index: i.index, name: i.name, descr: i.descr, alias: i.alias, type: i.type, speedBps: i.speedBps,
    adminStatus: i.adminStatus, operStatus: i.operStatus, mac: i.mac, addresses: i.addresses,
  };
}
