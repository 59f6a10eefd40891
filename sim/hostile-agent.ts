/**
 * A hostile SNMP v2c agent on loopback, for tests and benchmarks of what one agent may do to the
 * server. Its MIB is computed, never held: a row's values are made when asked, so a table of
 * 2,000,000 rows costs nothing until it is walked. Every mode serves the system group and the
 * interface tables (ifTable, ifXTable) with control characters (CR/LF, NEL, U+2028, ESC) in
 * sysName, sysDescr, ifDescr and ifAlias, each trying to forge a line `X-Injected: 1`. Modes:
 *
 * - `huge`: `rows` interfaces (default 2,000,000), every column answered in order;
 * - `loop`: a walk loops: every GETNEXT/GETBULK of a table is answered from the table's first row
 *   again, whatever OID was asked (the second request of a walk gets OIDs not after the one asked);
 * - `types`: wrong types: OCTET STRING where a counter is, NULL for ifSpeed, noSuchInstance for
 *   ifInErrors, and backwards counters (the HC octet counters go down at every request).
 *
 * Answers hold at most MAX_VARBINDS varbinds and stay below MAX_BYTES.
 */
import { createSocket, type Socket } from 'node:dgram';
import {
  BerWriter, beginMessage, compareOid, decodeMessage, finishMessage, oid, oidStartsWith, PduType, Tag, writeVarbind,
  type Message, type Oid, type PduVarbind,
} from '../snmp/index.js';

type HostileMode = 'huge' | 'loop' | 'types';

export interface HostileOptions {
  readonly mode: HostileMode;
  /** Interfaces (rows of ifTable and ifXTable); default 2,000,000 for `huge`, 4 otherwise. */
  readonly rows?: number;
  readonly address?: string;
  /** 0 (default): any free port. */
  readonly port?: number;
  readonly community?: string;
}

/** The line every hostile text tries to forge in logs and e-mails. */
export const INJECTED_LINE = 'X-Injected: 1';
/** `s` followed by control characters that would start new lines, and the forged line. */
const hostileText = (s: string): string => `${s}\n${INJECTED_LINE}\r\n\u0085${INJECTED_LINE}\u2028\u001b[2K${INJECTED_LINE}`;

const MAX_VARBINDS = 256;
const MAX_BYTES = 8_000;
/** sysObjectID: net-snmp's Linux agent (a profile the server knows). */
const SYS_OBJECT_ID = oid('1.3.6.1.4.1.8072.3.2.10');

type Value = Omit<PduVarbind, 'oid'>;

/** One column (rows first..last; a scalar is a column whose only row is 0) and its value of a row. */
interface Column { readonly prefix: Oid; readonly first: number; readonly last: (a: HostileAgent) => number; readonly value: (row: number, a: HostileAgent) => Value }

const str = (s: string): Value => ({ type: Tag.OctetString, value: Buffer.from(s, 'utf8') });
const int = (v: number): Value => ({ type: Tag.Integer, value: v });
const c32 = (v: number): Value => ({ type: Tag.Counter32, value: v >>> 0 });
const g32 = (v: number): Value => ({ type: Tag.Gauge32, value: v >>> 0 });
const c64 = (v: bigint): Value => ({ type: Tag.Counter64, value: v });

const scalar = (arc: number, value: Column['value']): Column => ({ prefix: oid(`1.3.6.1.2.1.1.${arc}`), first: 0, last: () => 0, value });
const ifCol = (arc: number, value: Column['value']): Column => ({ prefix: oid(`1.3.6.1.2.1.2.2.1.${arc}`), first: 1, last: (a) => a.rows, value });
const ifXCol = (arc: number, value: Column['value']): Column => ({ prefix: oid(`1.3.6.1.2.1.31.1.1.1.${arc}`), first: 1, last: (a) => a.rows, value });

/** A counter: rising with time, or (mode `types`) going down at every request. */
const counter = (row: number, a: HostileAgent, per: number): number => (a.mode === 'types' ? Math.max(0, 4_000_000_000 - a.requests * 1000 - row) : (row * 7919 + a.requests * per) % 4_000_000_000);

const COLUMNS: readonly Column[] = [
  scalar(1, () => str(hostileText('Linux hostile 5.15'))),
  scalar(2, () => ({ type: Tag.ObjectIdentifier, value: SYS_OBJECT_ID })),
  scalar(3, (_r, a) => ({ type: Tag.TimeTicks, value: (a.requests * 100) >>> 0 })),
  scalar(4, () => str('ops')),
  scalar(5, () => str(hostileText('hostile'))),
  scalar(6, () => str('lab')),
  ifCol(1, (r) => int(r)),
  ifCol(2, (r) => str(r === 1 ? hostileText('eth1') : `eth${r}`)),
  ifCol(3, () => int(6)),
  ifCol(5, (_r, a) => (a.mode === 'types' ? { type: Tag.Null, value: null } as unknown as Value : g32(1_000_000_000))),
  ifCol(6, (r) => ({ type: Tag.OctetString, value: Buffer.from([2, 0, (r >>> 24) & 255, (r >>> 16) & 255, (r >>> 8) & 255, r & 255]) })),
  ifCol(7, () => int(1)),
  ifCol(8, () => int(1)),
  ifCol(10, (r, a) => (a.mode === 'types' ? str('12345') : c32(counter(r, a, 1000)))),
  ifCol(11, (r, a) => c32(counter(r, a, 10))),
  ifCol(13, () => c32(0)),
  ifCol(14, (_r, a) => (a.mode === 'types' ? { type: Tag.NoSuchInstance, value: null } as unknown as Value : c32(0))),
  ifCol(16, (r, a) => (a.mode === 'types' ? str('not a counter') : c32(counter(r, a, 2000)))),
  ifCol(17, (r, a) => c32(counter(r, a, 20))),
  ifCol(19, () => c32(0)),
  ifCol(20, () => c32(0)),
  ifXCol(1, (r) => str(`eth${r}`)),
  ifXCol(6, (r, a) => c64(BigInt(counter(r, a, 1000)))),
  ifXCol(7, (r, a) => c64(BigInt(counter(r, a, 10)))),
  ifXCol(10, (r, a) => c64(BigInt(counter(r, a, 2000)))),
  ifXCol(11, (r, a) => c64(BigInt(counter(r, a, 20)))),
  ifXCol(15, () => g32(1000)),
  ifXCol(18, (r) => str(r <= 2 ? hostileText(`uplink ${r}`) : '')),
].sort((x, y) => compareOid(x.prefix, y.prefix));

export class HostileAgent {
  readonly mode: HostileMode;
  readonly rows: number;
  /** Requests answered so far. */
  requests = 0;
  private readonly socket: Socket;
  private readonly writer = new BerWriter(MAX_BYTES * 2);
  private readonly community: Buffer;

  private constructor(opts: HostileOptions, socket: Socket) {
    this.mode = opts.mode;
    this.rows = opts.rows ?? (opts.mode === 'huge' ? 2_000_000 : 4);
    this.community = Buffer.from(opts.community ?? 'public');
    this.socket = socket;
    socket.on('message', (msg, rinfo) => {
      const out = this.answer(msg);
      if (out) socket.send(out, rinfo.port, rinfo.address);
    });
  }

  static async start(opts: HostileOptions): Promise<HostileAgent> {
    const socket = createSocket('udp4');
    const agent = new HostileAgent(opts, socket);
    await new Promise<void>((resolve, reject) => { socket.once('error', reject); socket.bind(opts.port ?? 0, opts.address ?? '127.0.0.1', () => resolve()); });
    return agent;
  }

  get address(): string { return this.socket.address().address; }
  get port(): number { return this.socket.address().port; }

  close(): Promise<void> { return new Promise((r) => this.socket.close(() => r())); }

  /** The response to a request datagram, or undefined (not ours, malformed). */
  answer(datagram: Uint8Array): Buffer | undefined {
    const r = decodeMessage(datagram);
    if (!r.ok || !this.community.equals(r.message.community)) return undefined;
    const m = r.message;
    const p = m.pdu;
    this.requests++;
    const out: PduVarbind[] = [];
    if (p.type === PduType.GetRequest) {
      for (const vb of p.varbinds) out.push(this.get(vb.oid));
    } else if (p.type === PduType.GetNextRequest) {
      for (const vb of p.varbinds) out.push(this.next(vb.oid));
    } else if (p.type === PduType.GetBulkRequest) {
      const n = Math.min(Math.max(0, p.nonRepeaters), p.varbinds.length);
      for (let i = 0; i < n; i++) out.push(this.next(p.varbinds[i]!.oid));
      const reps = p.varbinds.slice(n).map((vb) => vb.oid);
      const m2 = reps.length === 0 ? 0 : Math.min(Math.max(0, p.maxRepetitions), Math.floor((MAX_VARBINDS - n) / reps.length));
      const cursors = reps.slice();
      for (let k = 0; k < m2; k++) {
        for (let j = 0; j < reps.length; j++) { const vb = this.next(cursors[j]!); cursors[j] = vb.oid; out.push(vb); }
      }
    } else return undefined;
    return this.encode(m, out);
  }

  private encode(m: Message, vbs: PduVarbind[]): Buffer {
    const w = this.writer;
    beginMessage(w, m.community);
    const body = w.pos;
    for (const vb of vbs) {
      const at = w.pos;
      writeVarbind(w, vb);
      if (w.pos - body > MAX_BYTES) { w.pos = at; break; }
    }
    return Buffer.from(finishMessage(w, 1, m.community, PduType.Response, m.pdu.requestId, 0, 0));
  }

  private vb(c: Column, row: number): PduVarbind {
    const o = new Uint32Array(c.prefix.length + 1);
    o.set(c.prefix);
    o[c.prefix.length] = row;
    return { oid: o, ...c.value(row, this) } as PduVarbind;
  }

  private get(o: Oid): PduVarbind {
    for (const c of COLUMNS) {
      if (o.length === c.prefix.length + 1 && oidStartsWith(o, c.prefix)) {
        const row = o[c.prefix.length]!;
        if (row >= c.first && row <= c.last(this)) return this.vb(c, row);
      }
    }
    return { oid: o, type: Tag.NoSuchObject, value: null } as unknown as PduVarbind;
  }

  /** The varbind after `o` (or, in `loop` mode, a table's first row again). */
  private next(o: Oid): PduVarbind {
    for (const c of COLUMNS) {
      const last = c.last(this);
      if (last < c.first) continue;
      if (oidStartsWith(o, c.prefix)) {
        if (this.mode === 'loop' && c.first === 1) return this.vb(c, 1);
        if (o.length === c.prefix.length) return this.vb(c, c.first);
        const row = o[c.prefix.length]! + 1;
        if (row <= last) return this.vb(c, Math.max(row, c.first));
        continue;
      }
      if (compareOid(o, c.prefix) < 0) return this.vb(c, c.first);
    }
    return { oid: o, type: Tag.EndOfMibView, value: null } as unknown as PduVarbind;
  }
}

/**
 * Starts hostile agents in a child process (hostile-main.ts); resolves once they listen. `stop()`
 * ends the process (it also ends when the parent does: its stdin closes).
 */
export async function spawnHostileAgents(list: readonly HostileOptions[]): Promise<{ agents: { mode: HostileMode; address: string; port: number }[]; pid: number; stop(): Promise<void> }> {
  const { spawn } = await import('node:child_process');
  const main = new URL('./hostile-main.js', import.meta.url);
  const proc = spawn(process.execPath, [main.pathname, JSON.stringify(list)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  const ready = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (b: Buffer) => { out += b.toString(); const nl = out.indexOf('\n'); if (nl >= 0) resolve(out.slice(0, nl)); });
    proc.once('exit', (code) => reject(new Error(`the hostile agents' process exited (${code}) before it was ready`)));
  });
  return {
    agents: (JSON.parse(ready) as { ready: { mode: HostileMode; address: string; port: number }[] }).ready,
    pid: proc.pid!,
    stop: async () => { if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM'); await exited; },
  };
}
