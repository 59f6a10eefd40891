// Helpers for tests that check the simulator with Net-SNMP's command-line tools (a client we did
// not write): find the tools, run them, parse `-On` output.
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Absolute path of a program on PATH, or undefined. */
export function which(program: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const p = join(dir, program);
    try { accessSync(p, constants.X_OK); return p; } catch { /* next */ }
  }
  return undefined;
}

export interface RunResult { code: number; stdout: string; stderr: string }

export function run(cmd: string, args: string[], timeoutMs = 60_000): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

export interface WalkValue {
  /** Net-SNMP's type word: STRING, Hex-STRING, INTEGER, Counter64, Gauge32, OID, IpAddress, Timeticks, … */
  type: string;
  /** the printed value without quotes */
  text: string;
}

/**
 * Parses `snmpwalk -On` output into OID → value, keeping order. Lines that do not start with
 * an OID continue the previous value (strings with newlines, long Hex-STRINGs).
 */
export function parseWalk(stdout: string): Map<string, WalkValue> {
  const out = new Map<string, WalkValue>();
  let last: { oid: string; raw: string } | undefined;
  const flush = () => {
    if (!last) return;
    // snmpbulkwalk prints the endOfMibView varbind that ends a walk of the whole tree: not a value
    if (last.raw.startsWith('No more variables left in this MIB View')) return;
    const m = /^([A-Za-z0-9-]+): ([\s\S]*)$/.exec(last.raw);
    let v: WalkValue;
    if (m) v = { type: m[1]!, text: m[2]! };
    else if (last.raw === '""') v = { type: 'STRING', text: '' };
    else v = { type: 'UNKNOWN', text: last.raw };
    if (v.type === 'STRING' && v.text.startsWith('"') && v.text.endsWith('"')) v.text = v.text.slice(1, -1);
    if (v.type === 'Hex-STRING') v.text = v.text.replace(/\s+/g, ' ').trim();
    out.set(last.oid.replace(/^\./, ''), v);
  };
  for (const line of stdout.split('\n')) {
    const m = /^(\.[0-9.]+) = ([\s\S]*)$/.exec(line);
    if (m) {
      flush();
      last = { oid: m[1]!, raw: m[2]! };
    } else if (last && line.length) {
      last.raw += '\n' + line;
    }
  }
  flush();
  return out;
}

/** Bytes of a printed OCTET STRING value, from either STRING or Hex-STRING form. */
export function octets(v: WalkValue | undefined): Buffer | undefined {
  if (!v) return undefined;
  if (v.type === 'Hex-STRING') return Buffer.from(v.text.replace(/ /g, ''), 'hex');
  if (v.type === 'STRING') return Buffer.from(v.text);
  return undefined;
}

/**
 * Whether the Net-SNMP tools can be used; when they are missing the test skips with a loud message,
 * except with CI=true, where a missing tool is a failure.
 */
export function toolsOrSkip(t: { plan: (n: number, skipReason?: string) => unknown; fail: (msg: string) => unknown }, programs: string[]): boolean {
  const missing = programs.filter((p) => !which(p));
  if (missing.length === 0) return true;
  const msg = `Net-SNMP tools missing (${missing.join(', ')}): install Debian package 'snmp' to run this test`;
  if (process.env.CI === 'true') {
    t.fail(msg);
  } else {
    process.stderr.write(`\n*** SKIPPED: ${msg} ***\n\n`);
    t.plan(0, msg);
  }
  return false;
}
