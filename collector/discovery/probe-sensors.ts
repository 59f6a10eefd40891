import type { ProfileSensorTable } from '../../core/profile-schema.js';
import type { Component, Sensor, SensorKind } from '../../core/types.js';
import type { Varbind } from '../../snmp/types.js';
import { OID } from '../oids.js';
import { num, rowsOf, text } from './snmp-values.js';

export const ENTITY_SENSOR_COLUMNS = [OID.entPhySensorType, OID.entPhySensorScale, OID.entPhySensorPrecision];

/** entPhySensorType (RFC 3433 EntitySensorDataType) → what it measures and the unit after scaling. */
const SENSOR_TYPES: Record<number, { kind: SensorKind; unit: string }> = {
  3: { kind: 'voltage', unit: 'V' }, 4: { kind: 'voltage', unit: 'V' }, 5: { kind: 'current', unit: 'A' },
  6: { kind: 'power', unit: 'W' }, 7: { kind: 'other', unit: 'Hz' }, 8: { kind: 'temperature', unit: 'C' },
  9: { kind: 'humidity', unit: '%' }, 10: { kind: 'fanSpeed', unit: 'rpm' }, 11: { kind: 'other', unit: 'cmm' },
  12: { kind: 'other', unit: '' }, 14: { kind: 'opticalPower', unit: 'dBm' },
};

/**
 * Decimal exponent of each EntitySensorDataScale value (RFC 3433: yocto(1) … units(9) … yotta(17);
 * the RFC lists exa(14) before peta(15)).
 */
const SCALE_EXPONENT: Record<number, number> = {
  1: -24, 2: -21, 3: -18, 4: -15, 5: -12, 6: -9, 7: -6, 8: -3, 9: 0, 10: 3, 11: 6, 12: 9, 13: 12, 14: 18, 15: 15, 16: 21, 17: 24,
};

/**
 * The factor turning a raw entPhySensorValue into its unit: 10^(exponent of `scale` − `precision`)
 * (precision: digits after the decimal point in the raw integer). An unknown scale counts as units.
 */
export function sensorFactor(scale: number, precision: number): number {
  const e = (SCALE_EXPONENT[scale] ?? 0) - (Number.isInteger(precision) && precision >= -8 && precision <= 9 ? precision : 0);
  // the decimal literal parses to the double nearest 10^e (1e-5, not 10 ** -5 = 0.000009999999999999999)
  return Number(`1e${e}`);
}

/** ENTITY-SENSOR sensors (index: entPhysicalIndex, named by the component's entPhysicalName). */
export function readEntitySensors(rows: readonly Varbind[], components: readonly Component[]): Sensor[] {
  const type = rowsOf(rows, OID.entPhySensorType), scale = rowsOf(rows, OID.entPhySensorScale), precision = rowsOf(rows, OID.entPhySensorPrecision);
  const byIndex = new Map(components.map((c) => [c.index, c]));
  return [...type.keys()].filter((k) => /^\d+$/.test(k)).map(Number).sort((a, b) => a - b).map((index) => {
    const k = String(index);
    const t = SENSOR_TYPES[num(type.get(k))] ?? { kind: 'other' as const, unit: '' };
    const c = byIndex.get(index);
    return {
      index, kind: t.kind, name: c?.name || c?.descr || `sensor ${index}`, unit: t.unit,
      oid: `${OID.entPhySensorValue}.${index}`, scale: sensorFactor(num(scale.get(k)) || 9, num(precision.get(k)) || 0),
    };
  });
}

/** Sensors of a profile's vendor table: one per row with a single-number index that has a value. */
export function readTableSensors(rows: readonly Varbind[], table: ProfileSensorTable): Sensor[] {
  const names = rowsOf(rows, table.name), values = rowsOf(rows, table.value);
  return [...values.keys()].filter((k) => /^\d+$/.test(k)).map(Number).sort((a, b) => a - b).map((row) => ({
    index: table.indexOffset + row, kind: table.kind, name: text(names.get(String(row))) || `${table.kind} ${row}`,
    unit: table.unit, oid: `${table.value}.${row}`, scale: table.scale,
  }));
}
