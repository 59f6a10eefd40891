/**
 * The synthetic variables of the API benchmarks, shared by the server child and the load
 * generator so that both agree without messages: slot s is interface counter
 * `COUNTERS[s % 10]` of interface ⌊s / 10⌋ mod 48 + 1 of device ⌊s / 480⌋ + 1.
 */
import type { VariableInstance } from '../../core/types.js';
import { variableDef } from '../../collector/inventory/variables-builtin.js';

const COUNTERS = [
  'ifInRate', 'ifOutRate', 'ifInUtil', 'ifOutUtil', 'ifInUcastPkts',
  'ifOutUcastPkts', 'ifInErrors', 'ifOutErrors', 'ifInDiscards', 'ifOutDiscards',
] as const;
const IFACES_PER_DEVICE = 48;

export function syntheticTriplet(slot: number): string {
  const name = COUNTERS[slot % COUNTERS.length];
  const iface = (Math.floor(slot / COUNTERS.length) % IFACES_PER_DEVICE) + 1;
  const device = Math.floor(slot / (COUNTERS.length * IFACES_PER_DEVICE)) + 1;
  return `${name}.${device}.${iface}`;
}

export function syntheticInstance(slot: number): VariableInstance {
  const name = COUNTERS[slot % COUNTERS.length];
  const index = (Math.floor(slot / COUNTERS.length) % IFACES_PER_DEVICE) + 1;
  const deviceId = Math.floor(slot / (COUNTERS.length * IFACES_PER_DEVICE)) + 1;
  const def = variableDef(name)!;
  return {
    slot, name, deviceId, index, deviceName: `sw${deviceId}`, componentName: `eth${index}`,
    description: def.description, unit: def.unit, category: def.category, tags: ['Vendor.Sim', 'Role.Access'],
  };
}

/** The 10 distinct slots of request `k` over `slots` slots (spread over the whole slot range). */
export function graphSlots(k: number, slots: number, count = 10): number[] {
  const step = Math.max(1, Math.floor(slots / count));
  const base = (k * 7919) % slots;
  return Array.from({ length: count }, (_, j) => (base + j * step) % slots);
}

/** The graph call of request `k`: 10 triplets over the last `hours` hours. */
export function graphPath(k: number, slots: number, hours: number): string {
  return `/v2/ui/net/1/graph/${graphSlots(k, slots).map(syntheticTriplet).join(',')}?intervalHr=${hours}`;
}

/** A deterministic, varying value (so that the store's XOR chunk encoding sees realistic data). */
export function syntheticValue(slot: number, step: number): number {
  return Math.round(1e6 * (1.5 + Math.sin(slot + step / 90))) + ((slot * 7919 + step * 104_729) % 1000);
}
