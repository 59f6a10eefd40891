/**
 * Helpers for tests that use the network-namespace lab of real SNMP agents (test/lab/*.sh, see README.md there).
 *
 * The lab is one shared resource of the machine (fixed namespace names and addresses), so labUp() takes a lock
 * that labDown() releases: test files that tap runs in parallel wait for each other instead of tearing down each
 * other's lab. Every wait here is bounded; a failure rejects with the script's output in the message.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LAB_PREFIX = 'nmlab';
/** Management network: bridge nmlabbr0 in the root namespace, node k at 203.0.113.k (TEST-NET-3). */
export const LAB_MGMT_NET = '203.0.113';
export const LAB_MGMT_CIDR = `${LAB_MGMT_NET}.0/24`;
export const LAB_MGMT_GATEWAY = `${LAB_MGMT_NET}.254`;
export const LAB_BRIDGE = `${LAB_PREFIX}br0`;
/** Ring links are /30s of 198.51.100.0/24 (TEST-NET-2), inside the namespaces only. */
export const LAB_RING_NET = '198.51.100';
export const LAB_MAX_NODES = 63;
export const LAB_COMMUNITY = 'public';
export const LAB_V3 = Object.freeze({
  user: 'labuser',
  authProtocol: 'SHA',
  authPassword: 'labauthpass',
  privProtocol: 'AES',
  privPassword: 'labprivpass',
});

/** Where the scripts keep configs, pid files and sockets; the lock sits next to it. Same default as lab-lib.sh. */
const labDir = (): string => process.env.LAB_DIR || '/run/nmlab';

export interface LabRingInterface {
  /** Interface name inside the node: ring0 faces the next node, ring1 the previous one. */
  readonly name: 'ring0' | 'ring1';
  readonly address: string;
  readonly prefixLength: 30;
  readonly peerNode: string;
  readonly peerInterface: 'ring0' | 'ring1';
  readonly peerAddress: string;
}

export interface LabNode {
  /** 1-based position in the ring. */
  readonly index: number;
  readonly name: string;
  /** Address of snmpd (udp/161) and the management address lldpd advertises. */
  readonly mgmtAddress: string;
  readonly mgmtInterface: 'mgmt0';
  /** LLDP port-id subtype this node sends: odd nodes interfaceName (5), even nodes macAddress (3). */
  readonly portIdSubtype: 'ifname' | 'macaddress';
  readonly ring: readonly LabRingInterface[];
}

export interface LabLinkEnd {
  readonly node: string;
  readonly ifName: 'ring0' | 'ring1';
}

export interface LabLink {
  readonly a: LabLinkEnd;
  readonly b: LabLinkEnd;
}

function checkSize(n: number): void {
  if (!Number.isInteger(n) || n < 2 || n > LAB_MAX_NODES) {
    throw new RangeError(`lab size must be an integer from 2 to ${LAB_MAX_NODES}, got ${n}`);
  }
}

const nodeName = (k: number): string => `${LAB_PREFIX}${k}`;
const nextOf = (k: number, n: number): number => (k % n) + 1;
const prevOf = (k: number, n: number): number => ((k + n - 2) % n) + 1;
/** Link k joins node k (ring0, first host of the /30) to node next(k) (ring1, second host). */
const ring0Address = (k: number): string => `${LAB_RING_NET}.${4 * (k - 1) + 1}`;
const ring1Address = (k: number, n: number): string => `${LAB_RING_NET}.${4 * (prevOf(k, n) - 1) + 2}`;

/** The lab as lab-up.sh builds it for n nodes (same plan as lab-lib.sh). */
export function labNodes(n = 4): LabNode[] {
  checkSize(n);
  const nodes: LabNode[] = [];
  for (let k = 1; k <= n; k++) {
    const next = nextOf(k, n);
    const prev = prevOf(k, n);
    nodes.push(
      Object.freeze({
        index: k,
        name: nodeName(k),
        mgmtAddress: `${LAB_MGMT_NET}.${k}`,
        mgmtInterface: 'mgmt0' as const,
        portIdSubtype: k % 2 === 1 ? ('ifname' as const) : ('macaddress' as const),
        ring: Object.freeze([
          Object.freeze({
            name: 'ring0' as const,
            address: ring0Address(k),
            prefixLength: 30 as const,
            peerNode: nodeName(next),
            peerInterface: 'ring1' as const,
            peerAddress: ring1Address(next, n),
          }),
          Object.freeze({
            name: 'ring1' as const,
            address: ring1Address(k, n),
            prefixLength: 30 as const,
            peerNode: nodeName(prev),
            peerInterface: 'ring0' as const,
            peerAddress: ring0Address(prev),
          }),
        ]),
      }),
    );
  }
  return nodes;
}

/** The n ring links, each once: node k ring0 ↔ node next(k) ring1. */
export function labLinks(n = 4): LabLink[] {
  checkSize(n);
  const links: LabLink[] = [];
  for (let k = 1; k <= n; k++) {
    links.push({ a: { node: nodeName(k), ifName: 'ring0' }, b: { node: nodeName(nextOf(k, n)), ifName: 'ring1' } });
  }
  return links;
}

/** The repository root: the nearest ancestor of this file holding package.json and test/lab/lab-up.sh
 * (this file runs compiled from dist/test/lab/, the scripts stay in the source tree). */
export function labRepoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json')) && existsSync(path.join(dir, 'test', 'lab', 'lab-up.sh'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('lab: cannot find the repository root (no test/lab/lab-up.sh above this file)');
    dir = parent;
  }
}

const script = (name: string): string => path.join(labRepoRoot(), 'test', 'lab', name);

function onPath(cmd: string): boolean {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/sbin'])) {
    if (!dir) continue;
    try {
      accessSync(path.join(dir, cmd), constants.X_OK);
      return true;
    } catch {
      // not in this directory
    }
  }
  return false;
}

/** Whether the lab can run here: root, and ip, snmpd, lldpd, lldpcli and the Net-SNMP tools installed. */
export function labAvailable(): { ok: boolean; why: string } {
  if (process.platform !== 'linux') return { ok: false, why: `network namespaces need Linux, this is ${process.platform}` };
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    return { ok: false, why: 'the lab needs root (it creates network namespaces)' };
  }
  const missing = ['ip', 'snmpd', 'lldpd', 'lldpcli', 'snmpget', 'snmpwalk'].filter((c) => !onPath(c));
  if (missing.length > 0) {
    return { ok: false, why: `missing commands: ${missing.join(', ')} (Debian packages iproute2, snmpd, lldpd, snmp)` };
  }
  try {
    labRepoRoot();
  } catch (err) {
    return { ok: false, why: (err as Error).message };
  }
  return { ok: true, why: 'root, ip, snmpd, lldpd and the snmp tools are present' };
}

/** Minimal view of a tap test: what labGate needs. */
export interface LabGateTest {
  fail(message: string): unknown;
  plan(n: number, comment?: string): unknown;
  comment(...message: unknown[]): unknown;
}

/**
 * Decides whether a lab test may run; call it first, on the root test. When the lab is unavailable the file
 * is skipped (plan 0) with a loud message, except under CI=true, where a missing lab is a failure.
 * Returns true when the test should go on.
 */
export function labGate(t: LabGateTest): boolean {
  const { ok, why } = labAvailable();
  if (ok) return true;
  const banner = `LAB TEST NOT RUN: ${why}`;
  console.error(`\n*** ${banner} ***\n`); // stderr: shown by tap's reporter, unlike comments of a skipped file
  if (process.env.CI === 'true') {
    t.fail(`${banner} (CI=true: a lab test must run in CI)`);
  } else {
    t.comment('#'.repeat(banner.length));
    t.comment(banner);
    t.comment('#'.repeat(banner.length));
    t.plan(0, banner); // a skipped test file
  }
  return false;
}

export interface ExecResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
}

export interface ExecOptions {
  /** Kill the command (SIGTERM, then SIGKILL 2 s later) after this long. */
  readonly timeoutMs?: number;
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
}

const OUTPUT_LIMIT = 4 * 1024 * 1024;

/** Runs a command to completion, bounded in time and captured output; never rejects. */
export function run(cmd: string, args: readonly string[], opts: ExecOptions = {}): Promise<ExecResult> {
  const timeoutMs = opts.timeoutMs ?? 30_000;
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: opts.env ?? process.env, cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      if (stdout.length < OUTPUT_LIMIT) stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (stderr.length < OUTPUT_LIMIT) stderr += d;
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), 2000);
    }, timeoutMs);
    child.on('error', (err) => {
      stderr += `${cmd}: ${err.message}\n`;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}

function describe(what: string, r: ExecResult): string {
  const how = r.timedOut ? 'timed out' : r.signal ? `died of ${r.signal}` : `exited ${r.code}`;
  return `${what} ${how}\n${r.stderr}${r.stdout}`.trimEnd();
}

async function runScript(name: string, args: string[], timeoutMs: number): Promise<ExecResult> {
  const r = await run('bash', [script(name), ...args], { timeoutMs });
  if (r.code !== 0) throw new Error(describe(`lab: ${name} ${args.join(' ')}`, r));
  return r;
}

// ---- the lock ---------------------------------------------------------------------------------------------

const lockPath = (): string => `${labDir()}.lock`;

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // A zombie is dead for our purposes.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** Takes the lab lock for this process; a lock whose owner is dead is taken over. */
async function acquireLock(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  mkdirSync(path.dirname(lockPath()), { recursive: true });
  for (;;) {
    try {
      writeFileSync(lockPath(), `${process.pid}\n`, { flag: 'wx' });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner = NaN;
    try {
      owner = Number.parseInt(readFileSync(lockPath(), 'utf8'), 10);
    } catch {
      continue; // released between our write and read: try again
    }
    if (owner === process.pid) return;
    if (!Number.isInteger(owner) || !pidAlive(owner)) {
      rmSync(lockPath(), { force: true });
      continue;
    }
    if (Date.now() >= deadline) {
      throw new Error(`lab: still in use by process ${owner} after ${timeoutMs} ms (lock ${lockPath()})`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

function releaseLock(): void {
  try {
    if (Number.parseInt(readFileSync(lockPath(), 'utf8'), 10) === process.pid) rmSync(lockPath(), { force: true });
  } catch {
    // not held
  }
}

// ---- lifecycle ----------------------------------------------------------------------------------------------

export interface LabUpOptions {
  /** How long to wait for another test's lab to be released. */
  readonly lockTimeoutMs?: number;
  /** Bound on lab-up.sh itself. */
  readonly timeoutMs?: number;
}

/** Builds the lab of n nodes (after the lock). Rejects, with the lab torn down, when lab-up.sh fails. */
export async function labUp(n = 4, opts: LabUpOptions = {}): Promise<void> {
  checkSize(n);
  await acquireLock(opts.lockTimeoutMs ?? 150_000);
  try {
    await runScript('lab-up.sh', [String(n)], opts.timeoutMs ?? 60_000);
  } catch (err) {
    releaseLock();
    throw err;
  }
}

/** Waits until every node answers SNMP and sees its two LLDP neighbours; rejects after timeoutS. */
export async function labWait(n = 4, timeoutS = 60): Promise<void> {
  checkSize(n);
  await runScript('lab-wait.sh', [String(n), String(timeoutS)], (timeoutS + 30) * 1000);
}

/** The live process other than this one that holds the lab lock, if any. */
function otherOwner(): number | undefined {
  try {
    const owner = Number.parseInt(readFileSync(lockPath(), 'utf8'), 10);
    return Number.isInteger(owner) && owner !== process.pid && pidAlive(owner) ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** Tears the lab down and releases the lock; safe to call when nothing is up. Leaves alone a lab that another
 * live process holds (labUp of this process failed to get the lock, and teardown still calls labDown). */
export async function labDown(n = 4): Promise<void> {
  checkSize(n);
  if (otherOwner() !== undefined) return;
  try {
    await runScript('lab-down.sh', [String(n)], 60_000);
  } finally {
    releaseLock();
  }
}

/** Runs cmd inside the node's network namespace (ip netns exec), bounded in time; never rejects. */
export function labExec(node: string, cmd: readonly string[], opts: ExecOptions = {}): Promise<ExecResult> {
  if (!/^nmlab[0-9]+$/.test(node)) throw new RangeError(`not a lab node: ${node}`);
  if (cmd.length === 0) throw new RangeError('labExec needs a command');
  return run('ip', ['netns', 'exec', node, ...cmd], opts);
}
