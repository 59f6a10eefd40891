import type { Device, ExternalNeighbor, Interface, Link, LinkEnd, Neighbor } from '../../core/types.js';

/** A generation's topology: links between its devices, and the neighbours that are not among them. */
interface Topology {
  readonly links: Link[];
  readonly externalNeighbors: ExternalNeighbor[];
}

type Protocol = 'lldp' | 'cdp';

/**
 * Resolves LLDP and CDP neighbour entries into undirected links between a generation's devices,
 * and lists the entries naming no device of the generation as external neighbours.
 *
 * The remote device is found by chassis id (LLDP), else by name, else by a management address.
 * Names compare case-insensitively, and a CDP device id also matches without its domain suffix or a
 * serial number in parentheses (`sw1.example.com`, `sw1(FOC1234X0AB)` → `sw1`). The remote port is
 * found by the port-id subtype (5 interfaceName / 7 local → ifName or ifDescr, 3 macAddress → MAC,
 * 1 ifAlias; CDP names the port: subtype 5), falling back to the advertised port description.
 *
 * Each link appears once, with `a` the smaller (deviceId, ifIndex); `protocol` is the first protocol
 * that described it and `protocols` every one (LLDP and CDP entries of the same link merge). An entry
 * whose remote device is known but whose port, or whose own local port, cannot be mapped makes no
 * link and no external neighbour. External neighbours are listed once per (device, port, protocol,
 * remote name, remote port).
 */
export function resolveTopology(devices: readonly Device[]): Topology {
  const find = deviceFinder(devices);
  const links = new Map<string, { a: LinkEnd; b: LinkEnd; protocols: Protocol[] }>();
  const external = new Map<string, ExternalNeighbor>();
  for (const d of devices) {
    const ifOf = new Map(d.interfaces.map((i) => [i.index, i]));
    for (const n of d.neighbors) {
      const local = ifOf.get(n.localIfIndex);
      const remote = find(n);
      if (!remote) {
        const e = externalOf(d, local, n);
        const key = `${d.id}/${e.ifIndex}/${e.protocol}/${e.remoteName}/${e.remotePort}`;
        if (!external.has(key)) external.set(key, e);
        continue;
      }
      if (!local || remote.id === d.id) continue;
      const rif = remotePort(remote, n.remotePortIdSubtype, n.remotePortId, n.remotePortDescr);
      if (!rif) continue;
      const x: LinkEnd = { deviceId: d.id, ifIndex: local.index, ifName: local.name };
      const y: LinkEnd = { deviceId: remote.id, ifIndex: rif.index, ifName: rif.name };
      const [a, b] = x.deviceId < y.deviceId || (x.deviceId === y.deviceId && x.ifIndex < y.ifIndex) ? [x, y] : [y, x];
      const key = `${a.deviceId}/${a.ifIndex}-${b.deviceId}/${b.ifIndex}`;
      const l = links.get(key);
      if (!l) links.set(key, { a, b, protocols: [n.protocol] });
      else if (!l.protocols.includes(n.protocol)) l.protocols.push(n.protocol);
    }
  }
  return {
    links: [...links.values()]
      .map((l) => ({ a: l.a, b: l.b, protocol: l.protocols[0]!, protocols: l.protocols }))
      .sort((p, q) => p.a.deviceId - q.a.deviceId || p.a.ifIndex - q.a.ifIndex),
    externalNeighbors: [...external.values()].sort((p, q) => p.deviceId - q.deviceId || p.ifIndex - q.ifIndex || p.remoteName.localeCompare(q.remoteName)),
  };
}

/** The links of resolveTopology alone. */
export function resolveLinks(devices: readonly Device[]): Link[] {
  return resolveTopology(devices).links;
}

/**
 * Name forms a device id or sysName is known by: the whole name, without a parenthesised suffix
 * (CDP adds the serial number on some platforms), and its first DNS label.
 */
export function nameForms(name: string): string[] {
  const whole = name.trim().toLowerCase();
  if (!whole) return [];
  const bare = whole.replace(/\s*\([^)]*\)\s*$/, '');
  if (/^[\d.]+$|:/.test(bare)) return [...new Set([whole, bare])]; // an address: no labels
  const label = bare.split('.')[0]!;
  return [...new Set([whole, bare, label].filter(Boolean))];
}

function deviceFinder(devices: readonly Device[]): (n: Neighbor) => Device | undefined {
  const byChassis = new Map<string, Device>();
  const byName = new Map<string, Device>();
  const byAddress = new Map<string, Device>();
  // exact names first, so that a shorter form never shadows another device's whole name
  for (const d of devices) byName.set(d.name.toLowerCase(), d);
  for (const d of devices) {
    if (d.chassisId) byChassis.set(d.chassisId.toLowerCase(), d);
    for (const f of nameForms(d.name)) if (!byName.has(f)) byName.set(f, d);
    byAddress.set(d.address, d);
    for (const i of d.interfaces) for (const a of i.addresses) if (!byAddress.has(a)) byAddress.set(a, d);
  }
  return (n) => (n.remoteChassisId && byChassis.get(n.remoteChassisId.toLowerCase()))
    || nameForms(n.remoteSysName).map((f) => byName.get(f)).find(Boolean)
    || n.remoteManagementAddresses.map((a) => byAddress.get(a)).find(Boolean)
    || undefined;
}

function externalOf(d: Device, local: Interface | undefined, n: Neighbor): ExternalNeighbor {
  return {
    deviceId: d.id, ifIndex: local?.index ?? 0, ifName: local?.name ?? n.localPort, protocol: n.protocol,
    remoteName: n.remoteSysName, remoteChassisId: n.remoteChassisId, remotePort: n.remotePortId || n.remotePortDescr,
    remotePlatform: n.remotePlatform ?? '', remoteManagementAddresses: n.remoteManagementAddresses,
  };
}

function remotePort(d: Device, subtype: number, portId: string, portDescr: string) {
  const ifs = d.interfaces;
  const id = portId.toLowerCase();
  const byMac = () => ifs.find((i) => i.mac && i.mac === id);
  const byName = () => ifs.find((i) => i.name === portId) ?? ifs.find((i) => i.descr === portId);
  const byAlias = () => ifs.find((i) => i.alias !== '' && i.alias === portId);
  const byIndex = () => (/^\d+$/.test(portId) ? ifs.find((i) => i.index === Number(portId)) : undefined);
  let found;
  switch (subtype) {
    case 3: found = byMac(); break;
    case 1: found = byAlias() ?? byName(); break;
    case 5: found = byName(); break;
    case 7: found = byName() ?? byIndex(); break;
    default: found = byName() ?? byMac();
  }
  if (found) return found;
  if (portDescr) return ifs.find((i) => i.name === portDescr) ?? ifs.find((i) => i.descr === portDescr) ?? ifs.find((i) => i.alias === portDescr);
  return undefined;
}
