// snmpsimd (Debian package snmpsim) serving recordings from a temporary data directory on a free
// loopback port: the third-party agents of the discovery tests. snmpsim answers each recording under
// the community named after its file (`cisco_16_switch.snmprec` → community `cisco_16_switch`).
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { which } from '../../fakes/snmp-tools.js';

/** Where Debian's snmpsim package puts its example recordings. */
export const SNMPSIM_EXAMPLES = '/usr/share/doc/snmpsim/examples/data';

/** Why snmpsimd cannot run here, or null when it can. */
export function snmpsimMissing(): string | null {
  if (!which('snmpsimd')) return 'snmpsimd is not installed (Debian package snmpsim)';
  if (!existsSync(SNMPSIM_EXAMPLES)) return `snmpsim's example recordings are not at ${SNMPSIM_EXAMPLES}`;
  return null;
}

/** A recording to serve: its community (file name) and its lines, read from the examples or given. */
export interface Recording {
  readonly community: string;
  /** A path under SNMPSIM_EXAMPLES (`.gz` is decompressed), or the snmprec text itself. */
  readonly from: { example: string } | { text: string };
  /** Changes the snmprec text before it is served (e.g. to break a subtree). */
  readonly edit?: (text: string) => string;
}

export function recordingText(r: Recording): string {
  let text: string;
  if ('text' in r.from) text = r.from.text;
  else {
    const raw = readFileSync(join(SNMPSIM_EXAMPLES, r.from.example));
    text = (r.from.example.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  }
  return r.edit ? r.edit(text) : text;
}

/** A free UDP port on 127.0.0.1 (bound and released: snmpsimd takes it next). */
export async function freeUdpPort(): Promise<number> {
  const s = createSocket('udp4');
  await new Promise<void>((resolve, reject) => { s.once('error', reject); s.bind(0, '127.0.0.1', () => resolve()); });
  const port = s.address().port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

export interface Snmpsim {
  readonly port: number;
  readonly dir: string;
  stop(): Promise<void>;
}

/**
 * Starts snmpsimd over `recordings`; resolves once it listens (its log says so; bounded by
 * `startTimeoutMs`). As root it drops to nobody/nogroup (snmpsimd refuses to run as root), so the
 * data and cache directories are made readable and writable for them.
 */
export async function startSnmpsim(recordings: readonly Recording[], startTimeoutMs = 60_000): Promise<Snmpsim> {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-snmpsim-'));
  const data = join(dir, 'data'), cache = join(dir, 'cache');
  mkdirSync(data); mkdirSync(cache);
  for (const r of recordings) writeFileSync(join(data, `${r.community}.snmprec`), recordingText(r));
  chmodSync(dir, 0o755); chmodSync(data, 0o755); chmodSync(cache, 0o777);
  const port = await freeUdpPort();
  const log = join(dir, 'snmpsimd.log');
  const args = [`--data-dir=${data}`, `--cache-dir=${cache}`, `--agent-udpv4-endpoint=127.0.0.1:${port}`, `--logging-method=file:${log}`];
  if (process.getuid?.() === 0) args.push('--process-user=nobody', '--process-group=nogroup');
  chmodSync(dir, 0o777);
  const child: ChildProcess = spawn('snmpsimd', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (b: Buffer) => { stderr += b.toString('utf8'); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };
  // snmpsimd indexes every recording, then logs its listening endpoint
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
    if (/Listening at UDP\/IPv4 endpoint/i.test(text)) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`snmpsimd did not start (exit ${child.exitCode}): ${stderr.slice(-2000)} ${text.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, dir, stop };
}
