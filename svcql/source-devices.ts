import type { Device } from '../core/types.js';
import { buildSource, single, type RowSource } from './row-source.js';

/**
 * The `devices` table: one row per discovered device. Fixed columns win over tag facets of the
 * same name (`Vendor` is the discovered vendor; the `Vendor.*` tags stay reachable through `tag`).
 */
export function devicesSource(devices: readonly Device[]): RowSource<Device> {
  return buildSource<Device>({
    table: 'devices',
    rows: () => devices,
    columns: {
      id: single((d) => d.id),
      name: single((d) => d.name),
      address: single((d) => d.address),
      Vendor: single((d) => d.vendor),
      Model: single((d) => d.model),
      SerialNumber: single((d) => d.serialNumber),
      SoftwareRev: single((d) => d.softwareRev),
      boxDescr: single((d) => d.sysDescr),
      sysObjectID: single((d) => d.sysObjectID),
      discoveryTime: single((d) => d.discoveredAtMs),
      location: single((d) => d.sysLocation),
      contact: single((d) => d.sysContact),
    },
    tagsOf: (d) => d.tags,
    identity: (d) => ({
      variable: '', device: d.name, deviceId: d.id, component: '', index: null, description: d.sysDescr, tags: d.tags,
    }),
  });
}
