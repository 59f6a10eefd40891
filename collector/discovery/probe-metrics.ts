import type { ProfileSource } from '../../core/profile-schema.js';
import type { MetricSource } from '../../core/types.js';
import type { Varbind } from '../../snmp/types.js';
import { OID } from '../oids.js';
import type { TableReader } from './probe-tables.js';
import { num, rowsOf } from './snmp-values.js';

/** What a list of sources reads at discovery: the columns to walk and the scalars to GET. */
function readsOf(sources: readonly ProfileSource[]): { columns: string[]; scalars: string[] } {
  const columns = new Set<string>(), scalars = new Set<string>();
  for (const s of sources) {
    switch (s.kind) {
      case 'columnAvg': columns.add(s.column); break;
      case 'scalar': scalars.add(s.oid); break;
      case 'ucdCpu': scalars.add(OID.ssCpuRawIdle); break;
      case 'usedFree': columns.add(s.used); columns.add(s.free); break;
      case 'sizeUsed': columns.add(s.size); columns.add(s.used); break;
      case 'hrStorageRam': columns.add(OID.hrStorageType); break;
      case 'totalAvail':
        scalars.add(s.total); scalars.add(s.avail);
        if (s.buffers !== undefined) scalars.add(s.buffers);
        if (s.cached !== undefined) scalars.add(s.cached);
        break;
    }
  }
  return { columns: [...columns], scalars: [...scalars] };
}

/**
 * The first of a profile's CPU sources and the first of its memory sources that answer on this
 * device, as the MetricSources the poll plan computes; null when none does. Both lists are read in
 * one walk and one GET: a failed read leaves both null and records `cpu` and `memory` in the
 * reader's errors. A column answers when it has a numeric row; a scalar when it is a number. A
 * `totalAvail` source keeps its optional `buffers` and `cached` only when they answer.
 */
export async function chooseSources(reader: TableReader, cpu: readonly ProfileSource[], memory: readonly ProfileSource[]): Promise<{ cpu: MetricSource | null; mem: MetricSource | null }> {
  const parts = [...(cpu.length > 0 ? ['cpu'] : []), ...(memory.length > 0 ? ['memory'] : [])];
  const { columns, scalars } = readsOf([...cpu, ...memory]);
  const [walked, got] = await Promise.all([reader.walk(parts, columns), reader.get(parts, scalars)]);
  return { cpu: pickSource(cpu, walked, got), mem: pickSource(memory, walked, got) };
}

/** chooseSources' decision for one list over the rows and scalars read (a pure function: tests). */
export function pickSource(sources: readonly ProfileSource[], walked: readonly Varbind[], got: readonly Varbind[]): MetricSource | null {
  const scalar = new Map(got.map((vb) => [vb.oid, num(vb)]));
  const hasScalar = (oid: string) => Number.isFinite(scalar.get(oid) ?? NaN);
  const sumOf = (column: string): number => {
    let sum = NaN;
    for (const vb of rowsOf(walked, column).values()) { const x = num(vb); if (Number.isFinite(x)) sum = (Number.isNaN(sum) ? 0 : sum) + x; }
    return sum;
  };
  const hasColumn = (column: string) => Number.isFinite(sumOf(column));
  for (const s of sources) {
    switch (s.kind) {
      case 'columnAvg': if (hasColumn(s.column)) return s; break;
      case 'scalar': if (hasScalar(s.oid)) return s; break;
      case 'ucdCpu': if (hasScalar(OID.ssCpuRawIdle)) return s; break;
      case 'usedFree': if (hasColumn(s.used) && hasColumn(s.free)) return s; break;
      case 'sizeUsed': if (sumOf(s.size) > 0 && hasColumn(s.used)) return s; break;
      case 'totalAvail': {
        if (!((scalar.get(s.total) ?? NaN) > 0 && hasScalar(s.avail))) break;
        // buffers and cached are kept only when they answered (a number)
        return {
          kind: 'totalAvail', total: s.total, avail: s.avail,
          ...(s.buffers !== undefined && hasScalar(s.buffers) ? { buffers: s.buffers } : {}),
          ...(s.cached !== undefined && hasScalar(s.cached) ? { cached: s.cached } : {}),
        };
      }
      case 'hrStorageRam': {
        const ram = [...rowsOf(walked, OID.hrStorageType)].find(([k, vb]) => /^\d+$/.test(k) && vb.value === OID.hrStorageRam);
        if (ram) return { kind: 'sizeUsed', size: `${OID.hrStorageSize}.${ram[0]}`, used: `${OID.hrStorageUsed}.${ram[0]}`, instance: true };
        break;
      }
    }
  }
  return null;
}
