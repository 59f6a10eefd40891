import { AppError } from '../../core/errors.js';
import type { Device, Tag, VariableInstance } from '../../core/types.js';
import type { ServiceDeps } from '../deps.js';
import {
  interfaceOf, uptimeOf, type DeviceDashboard, type DevicePanelService, type LatestValue, type PublicDevice,
} from './device-panel.js';
import type { DeviceHead, PollStateRecord } from '../networks/index.js';
import { compareText } from '../inventory-index.js';

/**
 * The legacy monitor calls of a device (docs/api.md "Legacy monitor calls of a device"; shapes are
 * this project's): node details with their tabs and sort metadata, the brief, an interface's
 * link summary, and the headers and variables of the popup graphs. Built on the device panel
 * (services/devices/device-panel.ts): the same record, variables and latest values, so the legacy and v2
 * forms of a question give the same numbers.
 *
 * Node details lay the device's variables out as tabs, one per catalog category: a tab's rows are
 * the components (the device itself at index 0, interfaces, hardware components) with a variable of
 * the category, its columns `name`, `description` and then the category's variable names.
 */

/** One sort key of the node details: `<tab>.<column>[.asc|desc]` parsed. */
interface NodeSort {
  readonly tab: string;
  readonly column: string;
  readonly descending: boolean;
}

/** A column of a tab (docs/api.md "Legacy monitor calls of a device"). */
interface NodeHeader {
  readonly name: string;
  readonly varGroup: string;
  /** Columns the group's title spans, given on the group's first column (0 on the others, 1 alone). */
  readonly varGroupColSpan: number;
  readonly columnTitle: string;
  readonly unit: string;
  readonly description: string;
}

/** A tab's sort metadata (docs/api.md "Legacy monitor calls of a device"): `name` has no spaces, `display` is the category. */
interface NodeCategory {
  readonly name: string;
  readonly display: string;
  readonly headers: readonly NodeHeader[];
}

/** A row of a tab: a component and the latest value of each of the tab's variables it has (null: none). */
interface NodeRow {
  readonly index: number;
  readonly name: string;
  readonly description: string;
  readonly values: Readonly<Record<string, number | null>>;
}

/** A component of the device with its tags. */
interface NodeComponent {
  readonly kind: 'interface' | 'hardware';
  readonly index: number;
  readonly name: string;
  readonly description: string;
  readonly tags: readonly Tag[];
}

interface NodeDetails extends DeviceHead {
  readonly tags: readonly Tag[];
  readonly components: readonly NodeComponent[];
  readonly categories: readonly NodeCategory[];
  /**
   * Rows per tab name, sorted by the call's `sortBy` keys of that tab, then by index: together the
   * latest value of every variable of the device (variable `name` of row `index` is the triplet
   * `name.<id>.index`, the v2 data call's `varId`).
   */
  readonly tables: Readonly<Record<string, readonly NodeRow[]>>;
}

interface NodeBrief {
  readonly networkId: number;
  readonly generation: number;
  readonly id: number;
  readonly name: string;
  readonly address: string;
  readonly boxDescr: string;
  readonly os: string;
  readonly osRevision: string;
  readonly uptime: DeviceDashboard['uptime'];
  /** The last answered poll (pollState.lastSuccessMs), null when none since the server started. */
  readonly lastContactMs: number | null;
  readonly pollState: PollStateRecord;
}

interface LinkSummary {
  readonly networkId: number;
  readonly generation: number;
  readonly deviceId: number;
  readonly device: string;
  readonly ifIndex: number;
  readonly name: string;
  readonly descr: string;
  readonly alias: string;
  readonly speedBps: number;
  readonly adminStatus: number;
  readonly operStatus: number;
  readonly tags: readonly Tag[];
  /** The other end of the interface's link in the generation, or null. */
  readonly peer: { readonly deviceId: number; readonly ifIndex: number; readonly ifName: string } | null;
  /** Latest values of config `mapLegend.interfaceVars` the interface has. */
  readonly values: readonly LatestValue[];
}

/** A popup's top headers and the variables its graph shows (their ids for the graph call). */
interface PopupGraphVars {
  readonly networkId: number;
  readonly deviceId: number;
  readonly ifIndex: number | null;
  readonly headers: readonly { readonly title: string; readonly value: string }[];
  readonly variables: readonly { readonly varId: string; readonly name: string; readonly unit: string; readonly description: string }[];
}

/** A tab's name: the category without spaces or punctuation (letters, digits, `_`). */
const tabName = (category: string): string => category.replace(/[^A-Za-z0-9_]/g, '') || 'Other';

/** Columns of every tab before its variables. */
const FIXED_COLUMNS = ['name', 'description'] as const;

/** Parses repeatable `sortBy` values `<tab>.<column>[.asc|desc]` (a column may hold dots); AppError BAD_PARAMETER when malformed. */
export function parseNodeSort(values: readonly string[]): NodeSort[] {
  return values.map((v) => {
    const parts = v.split('.');
    let descending = false;
    const last = parts[parts.length - 1]!.toLowerCase();
    if (parts.length > 2 && (last === 'asc' || last === 'desc')) { descending = last === 'desc'; parts.pop(); }
    if (parts.length < 2 || parts.some((p) => p === '')) {
      throw new AppError('BAD_PARAMETER', `parameter 'sortBy' must be <tab>.<column>[.asc|desc], got '${v.length <= 100 ? v : `${v.slice(0, 100)}…`}'`);
    }
    return { tab: parts[0]!, column: parts.slice(1).join('.'), descending };
  });
}

export class DeviceDetailsService {
  constructor(private readonly deps: ServiceDeps, private readonly panel: DevicePanelService) {}

  /** Node details; a sort key naming a tab or column the device does not have is AppError BAD_PARAMETER. */
  nodeDetails(netId: number, devId: number, sortBy: readonly NodeSort[]): NodeDetails {
    const { generation, d } = this.panel.device(netId, devId);
    const all = this.panel.instancesOf(netId, devId);
    const latest = this.panel.latest(all);

    const byTab = new Map<string, { display: string; vars: VariableInstance[]; values: (number | null)[] }>();
    const tabOf = new Map<string, string>();
    all.forEach((v, i) => {
      let name = tabOf.get(v.category);
      if (name === undefined) tabOf.set(v.category, name = tabName(v.category));
      const tab = byTab.get(name) ?? { display: v.category, vars: [], values: [] };
      tab.vars.push(v);
      tab.values.push(latest[i]!.value);
      byTab.set(name, tab);
    });
    const categories: NodeCategory[] = [];
    const tables: Record<string, NodeRow[]> = {};
    for (const [name, tab] of [...byTab].sort((a, b) => compareText(a[0], b[0]))) {
      const varNames = [...new Set(tab.vars.map((v) => v.name))];
      categories.push({ name, display: tab.display, headers: this.headers(tab.display, varNames, tab.vars) });
      const rows = new Map<number, { index: number; name: string; description: string; values: Record<string, number | null> }>();
      tab.vars.forEach((v, k) => {
        const row = rows.get(v.index) ?? { index: v.index, ...componentLabel(d, v), values: Object.fromEntries(varNames.map((n) => [n, null])) };
        row.values[v.name] = tab.values[k]!;
        rows.set(v.index, row);
      });
      tables[name] = sortRows([...rows.values()], sortBy.filter((s) => s.tab === name), varNames);
    }
    for (const s of sortBy) {
      const cat = categories.find((c) => c.name === s.tab);
      if (!cat) throw new AppError('BAD_PARAMETER', `sortBy: device ${devId} has no tab '${s.tab}' (tabs: ${categories.map((c) => c.name).join(', ')})`);
      if (!cat.headers.some((h) => h.name === s.column)) throw new AppError('BAD_PARAMETER', `sortBy: tab '${s.tab}' has no column '${s.column}'`);
    }
    return {
      networkId: netId, generation, id: d.id, name: d.name, address: d.address, vendor: d.vendor, model: d.model, os: d.os ?? '',
      boxDescr: d.sysDescr, softwareRev: d.softwareRev, serialNumber: d.serialNumber, tags: d.tags,
      components: [
        ...d.interfaces.map((i) => ({ kind: 'interface' as const, index: i.index, name: i.name, description: i.alias || i.descr, tags: i.tags })),
        ...d.components.map((c) => ({ kind: 'hardware' as const, index: c.index, name: c.name, description: c.descr, tags: [] })),
      ],
      categories, tables,
    };
  }

  private headers(display: string, varNames: readonly string[], vars: readonly VariableInstance[]): NodeHeader[] {
    const fixed: NodeHeader[] = FIXED_COLUMNS.map((name) => ({
      name, varGroup: '', varGroupColSpan: 1, columnTitle: name === 'name' ? 'Component' : 'Description', unit: '',
      description: name === 'name' ? 'the component (the device itself, an interface, a hardware component)' : 'the interface alias or the component description',
    }));
    return [...fixed, ...varNames.map((n, k) => {
      const v = vars.find((x) => x.name === n)!;
      return {
        name: n, varGroup: display, varGroupColSpan: k === 0 ? varNames.length : 0, columnTitle: n, unit: v.unit,
        description: this.deps.collector.catalog.definition(n)?.description ?? v.description,
      };
    })];
  }

  /** The brief: identity, uptime and last contact (the numbers of the v2 Summary). */
  brief(netId: number, devId: number): NodeBrief {
    const { generation, d } = this.panel.device(netId, devId);
    const up = this.panel.instancesOf(netId, devId).find((v) => v.name === 'sysUpTime' && v.index === 0);
    const uptime = uptimeOf(d, up ? this.panel.latest([up])[0]! : null);
    return {
      networkId: netId, generation, id: d.id, name: d.name, address: d.address, boxDescr: d.sysDescr, os: d.os ?? '',
      osRevision: d.softwareRev, uptime, lastContactMs: d.pollState.lastSuccessMs, pollState: d.pollState,
    };
  }

  /** An interface's link summary; AppError NOT_FOUND for an ifIndex the device does not have. */
  linkSummary(netId: number, devId: number, ifIndex: number): LinkSummary {
    const { generation, d } = this.panel.device(netId, devId);
    const i = interfaceOf(d, devId, ifIndex);
    const vars = this.panel.interfacePopup(netId, devId, ifIndex).map((c) => c.instance);
    const link = this.deps.collector.networks.generation(netId, {})?.links.find((l) =>
      (l.a.deviceId === devId && l.a.ifIndex === ifIndex) || (l.b.deviceId === devId && l.b.ifIndex === ifIndex));
    const peer = link ? (link.a.deviceId === devId && link.a.ifIndex === ifIndex ? link.b : link.a) : null;
    return {
      networkId: netId, generation, deviceId: devId, device: d.name, ifIndex, name: i.name, descr: i.descr, alias: i.alias,
      speedBps: i.speedBps, adminStatus: i.adminStatus, operStatus: i.operStatus, tags: i.tags,
      peer: peer ? { deviceId: peer.deviceId, ifIndex: peer.ifIndex, ifName: peer.ifName } : null,
      values: this.panel.latest(vars),
    };
  }

  /** The headers and variables of a device label's popup (ifIndex null) or a link label's (config `mapLegend`). */
  popupGraph(netId: number, devId: number, ifIndex: number | null): PopupGraphVars {
    const { d } = this.panel.device(netId, devId);
    const chosen = ifIndex === null ? this.panel.devicePopup(netId, devId) : this.panel.interfacePopup(netId, devId, ifIndex);
    const headers = [{ title: 'Device', value: d.name }, { title: 'Address', value: d.address }, { title: 'Model', value: [d.vendor, d.model].filter(Boolean).join(' ') }];
    if (ifIndex !== null) {
      const i = interfaceOf(d, devId, ifIndex);
      headers.push({ title: 'Interface', value: i.name }, { title: 'Alias', value: i.alias }, { title: 'Speed', value: `${i.speedBps} bit/s` });
    }
    return {
      networkId: netId, deviceId: devId, ifIndex, headers,
      variables: chosen.map(({ varId, instance: v }) => ({
        varId, name: v.name, unit: v.unit, description: this.deps.collector.catalog.definition(v.name)?.description ?? v.description,
      })),
    };
  }
}

/** A row's name and description: the device at index 0, else the interface or hardware component. */
function componentLabel(d: PublicDevice, v: VariableInstance): { name: string; description: string } {
  if (v.index === 0) return { name: d.name, description: d.sysDescr };
  const i = d.interfaces.find((x) => x.index === v.index);
  if (i && (v.componentName === '' || v.componentName === i.name)) return { name: i.name, description: i.alias || i.descr };
  const c = (d.components as Device['components']).find((x) => x.index === v.index);
  return { name: v.componentName || c?.name || String(v.index), description: c?.descr ?? '' };
}

/** Rows sorted by the keys in order (numbers: nulls last either way; text: locale order), then by index. */
function sortRows(rows: NodeRow[], keys: readonly NodeSort[], varNames: readonly string[]): NodeRow[] {
  const cmp = (a: NodeRow, b: NodeRow): number => {
    for (const k of keys) {
      let c = 0;
      if (k.column === 'name' || k.column === 'description') {
        c = compareText(a[k.column], b[k.column]);
      } else if (varNames.includes(k.column)) {
        const x = a.values[k.column] ?? null;
        const y = b.values[k.column] ?? null;
        if (x === null || y === null) { if (x !== y) return x === null ? 1 : -1; continue; }
        c = x - y;
      }
      if (c !== 0) return k.descending ? -c : c;
    }
    return a.index - b.index;
  };
  return rows.sort(cmp);
}
