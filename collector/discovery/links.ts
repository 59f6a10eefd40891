import type { Device, ExternalNeighbor, Link, LinkEnd } from '../../core/types.js';

/** A generation's topology: links between its devices, and the neighbours that are not among them. */
export interface Topology {
  readonly links: Link[];
  readonly externalNeighbors: ExternalNeighbor[];
}

/** Links (resolveLinks) and external neighbours of a generation's devices. */
export function resolveTopology(devices: readonly Device[]): Topology {
  return { links: resolveLinks(devices), externalNeighbors: [] };
}


/**
 * Resolves LLDP/CDP neighbour entries into undirected links between discovered devices. The remote
 * device is found by chassis id, else sysName, else a management address; the remote port by the
 * port-id subtype (5 interfaceName / 7 local → ifName or ifDescr, 3 macAddress → MAC, 1 ifAlias),
 * falling back to the advertised port description. Entries that resolve to no known device or port
 * are left out. Each link appears once, with `a` the smaller (deviceId, ifIndex).
 */
export function resolveLinks(devices: readonly Device[]): Link[] {
  const byChassis = new Map<string, Device>();
  const bySysName = new Map<string, Device>();
  const byAddress = new Map<string, Device>();
  for (const d of devices) {
    if (d.chassisId) byChassis.set(d.chassisId.toLowerCase(), d);
    bySysName.set(d.name.toLowerCase(), d);
    byAddress.set(d.address, d);
    for (const i of d.interfaces) for (const a of i.addresses) if (!byAddress.has(a)) byAddress.set(a, d);
  }
  const links = new Map<string, Link>();
  for (const d of devices) {
    for (const n of d.neighbors) {
      const local = d.interfaces.find((i) => i.index === n.localIfIndex);
      if (!local) continue;
      const remote = (n.remoteChassisId && byChassis.get(n.remoteChassisId.toLowerCase()))
        || (n.remoteSysName && bySysName.get(n.remoteSysName.toLowerCase()))
        || n.remoteManagementAddresses.map((a) => byAddress.get(a)).find(Boolean);
      if (!remote || remote.id === d.id) continue;
      const rif = remotePort(remote, n.remotePortIdSubtype, n.remotePortId, n.remotePortDescr);
      if (!rif) continue;
      const x: LinkEnd = { deviceId: d.id, ifIndex: local.index, ifName: local.name };
      const y: LinkEnd = { deviceId: remote.id, ifIndex: rif.index, ifName: rif.name };
      const [a, b] = x.deviceId < y.deviceId || (x.deviceId === y.deviceId && x.ifIndex < y.ifIndex) ? [x, y] : [y, x];
      const key = `${a.deviceId}/${a.ifIndex}-${b.deviceId}/${b.ifIndex}`;
      if (!links.has(key)) links.set(key, { a, b, protocol: n.protocol });
    }
  }
  return [...links.values()].sort((p, q) => p.a.deviceId - q.a.deviceId || p.a.ifIndex - q.a.ifIndex);
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
