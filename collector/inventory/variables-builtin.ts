import type { VariableDef } from '../../core/types.js';

/**
 * The name of every device's poll outcome variable: 1 at a cycle's grid time when the device answered
 * its poll, 0 when the poll failed (the built-in alert rule deviceUnreachable reads it).
 */
export const REACHABLE = 'reachable';

/** The built-in monitoring variables. Rates are per second; utilisation is % of ifSpeed. */
export const BUILTIN_VARIABLES: readonly VariableDef[] = Object.freeze([
  { name: 'ifInRate', description: 'Inbound traffic rate', unit: 'bit/s', category: 'Traffic', type: 'counter', scope: 'interface' },
  { name: 'ifOutRate', description: 'Outbound traffic rate', unit: 'bit/s', category: 'Traffic', type: 'counter', scope: 'interface' },
  { name: 'ifInUtil', description: 'Inbound utilisation of the interface speed', unit: '%', category: 'Traffic', type: 'counter', scope: 'interface' },
  { name: 'ifOutUtil', description: 'Outbound utilisation of the interface speed', unit: '%', category: 'Traffic', type: 'counter', scope: 'interface' },
  { name: 'ifInUcastPkts', description: 'Inbound unicast packets', unit: 'pkt/s', category: 'Packets', type: 'counter', scope: 'interface' },
  { name: 'ifOutUcastPkts', description: 'Outbound unicast packets', unit: 'pkt/s', category: 'Packets', type: 'counter', scope: 'interface' },
  { name: 'ifInMulticastPkts', description: 'Inbound multicast packets', unit: 'pkt/s', category: 'Packets', type: 'counter', scope: 'interface' },
  { name: 'ifOutMulticastPkts', description: 'Outbound multicast packets', unit: 'pkt/s', category: 'Packets', type: 'counter', scope: 'interface' },
  { name: 'ifInBroadcastPkts', description: 'Inbound broadcast packets', unit: 'pkt/s', category: 'Packets', type: 'counter', scope: 'interface' },
  { name: 'ifOutBroadcastPkts', description: 'Outbound broadcast packets', unit: 'pkt/s', category: 'Packets', type: 'counter', scope: 'interface' },
  { name: 'ifInErrors', description: 'Inbound packets with errors', unit: 'pkt/s', category: 'Errors', type: 'counter', scope: 'interface' },
  { name: 'ifOutErrors', description: 'Outbound packets with errors', unit: 'pkt/s', category: 'Errors', type: 'counter', scope: 'interface' },
  { name: 'ifInDiscards', description: 'Inbound packets discarded', unit: 'pkt/s', category: 'Errors', type: 'counter', scope: 'interface' },
  { name: 'ifOutDiscards', description: 'Outbound packets discarded', unit: 'pkt/s', category: 'Errors', type: 'counter', scope: 'interface' },
  { name: 'ifOperStatus', description: 'Operational status (1 up, 2 down, 3 testing, 5 dormant, 7 lowerLayerDown)', unit: '', category: 'Status', type: 'enum', scope: 'interface' },
  { name: 'ifAdminStatus', description: 'Administrative status (1 up, 2 down, 3 testing)', unit: '', category: 'Status', type: 'enum', scope: 'interface' },
  { name: 'ifSpeed', description: 'Interface speed', unit: 'bit/s', category: 'Status', type: 'gauge', scope: 'interface' },
  { name: 'sysUpTime', description: 'Time since the SNMP agent (re)started', unit: 's', category: 'System', type: 'gauge', scope: 'device' },
  { name: 'cpuUtil', description: 'CPU utilisation (mean over processors)', unit: '%', category: 'System', type: 'gauge', scope: 'device' },
  { name: 'memUtil', description: 'Memory in use', unit: '%', category: 'System', type: 'gauge', scope: 'device' },
  // One per sensor found at discovery (Device.sensors; index = the sensor's index, the instance's unit is the sensor's)
  { name: 'sensorValue', description: 'Sensor reading', unit: '', category: 'Environment', type: 'gauge', scope: 'component' },
  // Written by the collector, not polled (inventory.ts makes its slot, network-monitor.ts its values).
  { name: REACHABLE, description: 'Whether the device answered its SNMP poll (1) or not (0)', unit: '', category: 'Status', type: 'gauge', scope: 'device' },
].map((v) => Object.freeze(v as VariableDef)));

const BUILTIN_BY_NAME = new Map(BUILTIN_VARIABLES.map((v) => [v.name, v]));
/** The built-in variable named `name` (a map: called per instance when a catalog is listed). */
export const variableDef = (name: string): VariableDef | undefined => BUILTIN_BY_NAME.get(name);
