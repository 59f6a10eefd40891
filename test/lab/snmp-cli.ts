/**
 * Net-SNMP command-line tools (snmpget, snmpwalk) as a test oracle: what Debian's own client sees, independent of
 * the server's SNMP code. Every call is bounded (agent timeout × retries, and a hard kill of the tool).
 */
import { run } from './lab.js';

export interface SnmpRow {
  /** Numeric OID without the leading dot. */
  readonly oid: string;
  /** Net-SNMP's type label: STRING, Hex-STRING, INTEGER, Counter32, Gauge32, Timeticks, OID, ... */
  readonly type: string;
  /** The value as printed (STRING without its quotes). */
  readonly text: string;
  /** The value's bytes for octet strings (STRING and Hex-STRING), else undefined. */
  readonly bytes?: Buffer;
}

export interface SnmpCredentials {
  readonly version: '2c' | '3';
  readonly community?: string;
  readonly user?: string;
  readonly level?: 'noAuthNoPriv' | 'authNoPriv' | 'authPriv';
  readonly authProtocol?: string;
  readonly authPassword?: string;
  readonly privProtocol?: string;
  readonly privPassword?: string;
}

export const V2C_PUBLIC: SnmpCredentials = Object.freeze({ version: '2c', community: 'public' });

function credentialArgs(c: SnmpCredentials): string[] {
  if (c.version === '2c') return ['-v2c', '-c', c.community ?? 'public'];
  const args = ['-v3', '-u', c.user ?? '', '-l', c.level ?? 'authPriv'];
  if (c.authProtocol) args.push('-a', c.authProtocol);
  if (c.authPassword) args.push('-A', c.authPassword);
  if (c.privProtocol) args.push('-x', c.privProtocol);
  if (c.privPassword) args.push('-X', c.privPassword);
  return args;
}

/** Parses `-On` output: `.1.3.6... = TYPE: value` lines, with continuation lines of wrapped values. */
export function parseSnmpOutput(out: string): SnmpRow[] {
  const rows: { oid: string; rest: string }[] = [];
  for (const line of out.split('\n')) {
    const m = /^\.?([0-9]+(?:\.[0-9]+)*) = (.*)$/.exec(line);
    if (m) rows.push({ oid: m[1]!, rest: m[2]! });
    else if (rows.length > 0 && line !== '') rows[rows.length - 1]!.rest += `\n${line}`;
  }
  return rows.map(({ oid, rest }) => {
    const tm = /^([A-Za-z0-9-]+): ?([\s\S]*)$/.exec(rest);
    if (!tm) return { oid, type: '', text: rest }; // e.g. `""` (an empty string) or `No Such Object ...`
    const type = tm[1]!;
    let text = tm[2]!.trim();
    let bytes: Buffer | undefined;
    if (type === 'STRING') {
      if (text.startsWith('"') && text.endsWith('"') && text.length >= 2) text = text.slice(1, -1).replace(/\\"/g, '"');
      bytes = Buffer.from(text, 'latin1');
    } else if (type === 'Hex-STRING') {
      bytes = Buffer.from(text.replace(/\s+/g, ''), 'hex');
    }
    return bytes === undefined ? { oid, type, text } : { oid, type, text, bytes };
  });
}

async function tool(cmd: string, target: string, oids: string[], creds: SnmpCredentials): Promise<SnmpRow[]> {
  const args = [...credentialArgs(creds), '-On', '-t', '2', '-r', '1', '-m', '', target, ...oids];
  const r = await run(cmd, args, { timeoutMs: 30_000, env: { ...process.env, MIBS: '' } });
  if (r.code !== 0) {
    throw new Error(`${cmd} ${target} ${oids.join(' ')}: ${r.timedOut ? 'timed out' : `exit ${r.code}`}: ${r.stderr.trim()}`);
  }
  return parseSnmpOutput(r.stdout);
}

export const snmpGet = (target: string, oids: string[], creds: SnmpCredentials = V2C_PUBLIC): Promise<SnmpRow[]> =>
  tool('snmpget', target, oids, creds);

/** Walks a subtree; the end-of-view marker and empty-subtree lines are dropped. */
export async function snmpWalk(target: string, oid: string, creds: SnmpCredentials = V2C_PUBLIC): Promise<SnmpRow[]> {
  const rows = await tool('snmpwalk', target, [oid], creds);
  const prefix = oid.replace(/^\./, '');
  return rows.filter((r) => r.oid === prefix || r.oid.startsWith(`${prefix}.`));
}

/** The index part of a row's OID below a column OID (`<column>.<index>` → `<index>` as numbers). */
export function indexOf(row: SnmpRow, column: string): number[] {
  const prefix = `${column.replace(/^\./, '')}.`;
  if (!row.oid.startsWith(prefix)) throw new Error(`${row.oid} is not under ${column}`);
  return row.oid.slice(prefix.length).split('.').map(Number);
}

/** Formats bytes as lower-case colon-separated hex (a MAC address for 6 bytes). */
export const hexColon = (b: Buffer): string => [...b].map((x) => x.toString(16).padStart(2, '0')).join(':');
