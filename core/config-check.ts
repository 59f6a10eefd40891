import type { Document } from 'yaml';
import { isNode, type LineCounter } from 'yaml';
import { AppError } from './errors.js';
import { parseDurationMs } from './duration.js';

/**
 * The configuration loader's checker: typed reads of one YAML document's values, each failure an
 * AppError CONFIG_INVALID naming the key path and its line (`networks[0].snmp.port (line 9): …`).
 * Shared by the parsers of each section (config-load.ts, config-alerts.ts, config-notifications.ts).
 */
export type Path = (string | number)[];

export class Checker {
  constructor(private readonly doc: Document, private readonly lines: LineCounter, private readonly source: string) {}

  fail(path: Path, message: string): never {
    const node = this.doc.getIn(path, true);
    let where = '';
    if (isNode(node) && node.range) where = ` (line ${this.lines.linePos(node.range[0]).line})`;
    else if (path.length > 0) {
      const parent = this.doc.getIn(path.slice(0, -1), true);
      if (isNode(parent) && parent.range) where = ` (in the block at line ${this.lines.linePos(parent.range[0]).line})`;
    }
    throw new AppError('CONFIG_INVALID', `${this.source}: ${formatPath(path)}${where}: ${message}`);
  }

  object(v: unknown, path: Path, allowed: readonly string[]): Record<string, unknown> {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) this.fail(path, 'must be a mapping (key: value lines)');
    for (const k of Object.keys(v)) {
      if (!allowed.includes(k)) this.fail([...path, k], `unknown key '${k}'; allowed here: ${allowed.join(', ')}`);
    }
    return v as Record<string, unknown>;
  }

  int(v: unknown, path: Path, min: number, max: number, dflt: number): number {
    if (v === undefined) return dflt;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      this.fail(path, `must be an integer from ${min} to ${max}, got ${JSON.stringify(v)}`);
    }
    return v;
  }

  str(v: unknown, path: Path, dflt?: string): string {
    if (v === undefined && dflt !== undefined) return dflt;
    if (typeof v !== 'string' || v === '') this.fail(path, `must be a non-empty string, got ${JSON.stringify(v)}`);
    return v;
  }

  bool(v: unknown, path: Path, dflt: boolean): boolean {
    if (v === undefined) return dflt;
    if (typeof v !== 'boolean') this.fail(path, `must be true or false, got ${JSON.stringify(v)}`);
    return v;
  }

  oneOf<T extends string>(v: unknown, path: Path, values: readonly T[], dflt: T): T {
    if (v === undefined) return dflt;
    if (typeof v !== 'string' || !values.includes(v as T)) this.fail(path, `must be one of ${values.join(', ')}, got ${JSON.stringify(v)}`);
    return v as T;
  }

  durationMs(v: unknown, path: Path, minMs: number, dflt: number): number {
    if (v === undefined) return dflt;
    const ms = typeof v === 'number' || typeof v === 'string' ? parseDurationMs(v) : null;
    if (ms === null) this.fail(path, `must be a duration like 30s, 5m, 1h (a bare number is seconds), got ${JSON.stringify(v)}`);
    if (ms < minMs) this.fail(path, `must be at least ${minMs / 1000}s, got ${JSON.stringify(v)}`);
    return ms;
  }

  list(v: unknown, path: Path): unknown[] {
    if (v === undefined) return [];
    if (!Array.isArray(v)) this.fail(path, 'must be a list');
    return v;
  }
}

export const formatPath = (path: Path): string =>
  path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${p}` : p), '') || '(top level)';
