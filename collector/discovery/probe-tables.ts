import { DEFAULTS } from '../../core/config-schema.js';
import type { Logger } from '../../core/logger.js';
import type { TableError } from '../../core/types.js';
import type { SnmpTarget, Varbind } from '../../snmp/types.js';
import type { WorkerPool } from '../pool.js';

/** The bounds of one agent a probe reads within (the network's snmp.maxTableRows, maxVarbindsPerDevice). */
interface ProbeBounds { readonly maxTableRows: number; readonly maxVarbinds: number }

/**
 * The optional reads of one device's probe: each names the part of the record it fills (`interfaces`,
 * `lldp`, `cdp`…). A read that fails or times out answers nothing, is recorded in `errors` (the
 * device record's tableErrors) and logged at debug naming the device and the part; it never throws.
 *
 * Reads are bounded (`bounds`): a walk reads at most maxTableRows rows per column and at most what
 * remains of the device's maxVarbinds when it starts (the walks of a probe together read no more
 * than the bound, but for those started at the same moment, which each may read what remained then);
 * the walk stops there in the worker, keeping nothing beyond. A walk that stopped with rows left
 * keeps what it read and records `table truncated at N rows` for its part; once the device's
 * varbinds are spent, later walks read nothing and say so.
 */
export class TableReader {
  readonly errors: TableError[] = [];
  /** Varbinds the walks of this probe have read. */
  private used = 0;

  constructor(
    private readonly pool: WorkerPool, private readonly target: SnmpTarget, private readonly log: Logger | undefined,
    private readonly bounds: ProbeBounds = { maxTableRows: DEFAULTS.maxTableRows, maxVarbinds: DEFAULTS.maxVarbindsPerDevice },
  ) {}

  /** The rows of `columns` (one GETBULK walk), or [] when the walk failed (recorded for each part named). */
  async walk(table: string | readonly string[], columns: readonly string[]): Promise<Varbind[]> {
    if (columns.length === 0) return [];
    const r = await this.read(columns);
    if (!r.ok) { this.fail(table, r.error); return []; }
    if (r.truncated) this.fail(table, r.truncated);
    return r.varbinds;
  }

  /** Records a part of the record that the device could not fill whole (a tableError), e.g. the poll's bound. */
  note(table: string, error: string): void { this.fail(table, error); }

  /** One bounded walk, nothing recorded: its rows and why it stopped short, or why it failed. */
  private async read(columns: readonly string[]): Promise<{ ok: true; varbinds: Varbind[]; truncated: string } | { ok: false; error: string }> {
    const left = this.bounds.maxVarbinds - this.used;
    if (left <= 0) return { ok: false, error: `not read: the device's discovery has read ${this.used} varbinds, its bound (networks[].snmp.maxVarbindsPerDevice ${this.bounds.maxVarbinds})` };
    const r = await this.pool.run({ kind: 'walk', target: this.target, columns, limits: { maxRows: this.bounds.maxTableRows, maxVarbinds: left } });
    if (!r.ok) return r;
    this.used += r.varbinds.length;
    if (!r.truncated) return { ok: true, varbinds: r.varbinds, truncated: '' };
    const by = r.truncated.by === 'maxTableRows' ? `networks[].snmp.maxTableRows ${this.bounds.maxTableRows}`
      : `the device's varbinds, networks[].snmp.maxVarbindsPerDevice ${this.bounds.maxVarbinds}`;
    return { ok: true, varbinds: r.varbinds, truncated: `table truncated at ${r.truncated.rows} rows (${by})` };
  }

  /**
   * Several parts read by one walk over all their columns (fewer requests); when that walk fails,
   * each part is walked alone, so that one failing table leaves only its own part empty.
   */
  async walkParts(parts: readonly { readonly table: string; readonly columns: readonly string[] }[]): Promise<Varbind[][]> {
    const r = await this.read(parts.flatMap((p) => p.columns));
    if (!r.ok) return Promise.all(parts.map((p) => this.walk(p.table, p.columns)));
    if (r.truncated) this.fail(parts.map((p) => p.table), r.truncated);
    // One pass over the rows (up to the device bound), each row to the part of its column.
    const prefixes = parts.map((p) => p.columns.map((c) => c + '.'));
    const out: Varbind[][] = parts.map(() => []);
    for (const vb of r.varbinds) {
      const k = prefixes.findIndex((ps) => ps.some((c) => vb.oid.startsWith(c)));
      if (k >= 0) out[k]!.push(vb);
    }
    return out;
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
      this.log?.debug(error.startsWith('table truncated') ? 'discovery: a table was cut at its bound; the rows read are kept'
        : 'discovery: a table read failed; that part of the device stays empty', {
        device: this.target.address, port: this.target.port, table, error,
      });
    }
  }
}
