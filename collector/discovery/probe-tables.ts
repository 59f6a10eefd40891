import type { Logger } from '../../core/logger.js';
import type { TableError } from '../../core/types.js';
import type { SnmpTarget, Varbind } from '../../snmp/types.js';
import type { WorkerPool } from '../pool.js';

/**
 * The optional reads of one device's probe: each names the part of the record it fills (`interfaces`,
 * `lldp`, `cdp`…). A read that fails or times out answers nothing, is recorded in `errors` (the
 * device record's tableErrors) and logged at debug naming the device and the part; it never throws.
 */
export class TableReader {
  readonly errors: TableError[] = [];

  constructor(private readonly pool: WorkerPool, private readonly target: SnmpTarget, private readonly log: Logger | undefined) {}

  /** The rows of `columns` (one GETBULK walk), or [] when the walk failed (recorded for each part named). */
  async walk(table: string | readonly string[], columns: readonly string[]): Promise<Varbind[]> {
    if (columns.length === 0) return [];
    const r = await this.pool.run({ kind: 'walk', target: this.target, columns });
    if (r.ok) return r.varbinds;
    this.fail(table, r.error);
    return [];
  }

  /**
   * Several parts read by one walk over all their columns (fewer requests); when that walk fails,
   * each part is walked alone, so that one failing table leaves only its own part empty.
   */
  async walkParts(parts: readonly { readonly table: string; readonly columns: readonly string[] }[]): Promise<Varbind[][]> {
    const r = await this.pool.run({ kind: 'walk', target: this.target, columns: parts.flatMap((p) => p.columns) });
    if (r.ok) {
      return parts.map((p) => r.varbinds.filter((vb) => p.columns.some((c) => vb.oid.startsWith(c + '.'))));
    }
    return Promise.all(parts.map((p) => this.walk(p.table, p.columns)));
  }

  /** The answers to a GET of `oids` (exceptions included), or [] when the request failed. */
  async get(table: string | readonly string[], oids: readonly string[]): Promise<Varbind[]> {
    if (oids.length === 0) return [];
    const r = await this.pool.run({ kind: 'get', target: this.target, oids });
    if (r.ok) return r.varbinds;
    this.fail(table, r.error);
    return [];
  }

  private fail(tables: string | readonly string[], error: string): void {
    for (const table of typeof tables === 'string' ? [tables] : tables) {
      if (!this.errors.some((e) => e.table === table)) this.errors.push({ table, error });
      this.log?.debug('discovery: a table read failed; that part of the device stays empty', {
        device: this.target.address, port: this.target.port, table, error,
      });
    }
  }
}
