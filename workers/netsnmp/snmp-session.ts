import snmp from 'net-snmp';
import type { SnmpTarget, Varbind } from '../../snmp/types.js';
import { SnmpType } from '../../snmp/types.js';
import { answerGuard, type AnswerGuardStats } from './answer-guard.js';

/**
 * The only file that imports the SNMP client library (net-snmp). One session per target, cached per
 * worker thread (sockets are per worker; nothing here is needed for correctness across tasks).
 * Every session has an `error` listener so that a malformed datagram cannot crash the thread.
 */
interface SnmpSession {
  get(oids: readonly string[]): Promise<Varbind[]>;
  /**
   * Walks several table columns at once with GETBULK; returns the rows of every column, column by
   * column, up to `limits` (none: up to MAX_WALK_ROUNDS requests). Every row must follow the
   * previous one of its column: an agent that answers an OID not after the one asked (a walk that
   * would loop) fails the walk at once, naming both OIDs.
   */
  walkColumns(columns: readonly string[], limits?: WalkLimits): Promise<{ varbinds: Varbind[]; truncated?: WalkTruncation }>;
  /** Answers dropped in front of net-snmp (answer-guard.ts): from elsewhere than the target, or not fitting their request. */
  readonly answers: Readonly<AnswerGuardStats>;
  close(): void;
}

/**
 * The bounds of one walk: `maxRows` rows per column, `maxVarbinds` varbinds in all. The walk stops at
 * the first it reaches (it keeps nothing beyond), so its memory is proportional to what it returns.
 */
export interface WalkLimits { readonly maxRows: number; readonly maxVarbinds: number }

/** A walk stopped by a bound with rows left: the most rows a column got, and which bound. */
export interface WalkTruncation { readonly rows: number; readonly by: 'maxTableRows' | 'maxVarbinds' }

/** Requests of one walk at most, whatever its limits. */
const MAX_WALK_ROUNDS = 100_000;

const MAX_SESSIONS = 20_000;
const sessions = new Map<string, SnmpSession>();

const keyOf = (t: SnmpTarget): string =>
  `${t.address}|${t.port}|${t.version}|${t.community ?? ''}|${t.user?.name ?? ''}|${t.timeoutMs}|${t.retries}|${t.maxRepetitions}`;

/** The cached session for a target (created on first use). */
export function sessionFor(t: SnmpTarget): SnmpSession {
  const key = keyOf(t);
  let s = sessions.get(key);
  if (s) return s;
  if (sessions.size >= MAX_SESSIONS) {
    const oldest = sessions.keys().next().value as string;
    sessions.get(oldest)?.close();
    sessions.delete(oldest);
  }
  s = openSession(t);
  sessions.set(key, s);
  return s;
}

/** Drops a target's cached session (after a failure, so the next try starts clean). */
export function dropSession(t: SnmpTarget): void {
  const key = keyOf(t);
  sessions.get(key)?.close();
  sessions.delete(key);
}

export function closeAllSessions(): void {
  for (const s of sessions.values()) s.close();
  sessions.clear();
}

function openSession(t: SnmpTarget): SnmpSession {
  const answers: AnswerGuardStats = { rejected: 0, why: '', wrongSender: 0 };
  const options = {
    port: t.port, timeout: t.timeoutMs, retries: t.retries, transport: t.address.includes(':') ? 'udp6' : 'udp4',
    backoff: 1.0, idBitsSize: 32 as const,
    // answers reach net-snmp only from the target, and (v2c) only when they fit their request
    dgramModule: answerGuard({ address: t.address, port: t.port }, answers),
  } as any;
  let raw: any;
  if (t.version === '3' && t.user) {
    const u = t.user;
    raw = snmp.createV3Session(t.address, {
      name: u.name,
      level: (snmp.SecurityLevel as any)[u.level],
      authProtocol: (snmp.AuthProtocols as any)[u.authProtocol],
      authKey: u.authKey,
      privProtocol: (snmp.PrivProtocols as any)[u.privProtocol],
      privKey: u.privKey,
    }, { ...options, version: snmp.Version3 });
  } else {
    raw = snmp.createSession(t.address, t.community ?? 'public', { ...options, version: snmp.Version2c });
  }
  raw.on('error', () => { /* malformed datagram or socket error: the pending request times out instead */ });
  const maxRep = t.maxRepetitions;

  const get = (oids: readonly string[]) => new Promise<Varbind[]>((resolve, reject) => {
    raw.get(oids as string[], (err: Error | null, vbs: any[]) => (err ? reject(err) : resolve(vbs.map(convert))));
  });

  const bulk = (oids: string[], repetitions: number) => new Promise<any[][]>((resolve, reject) => {
    raw.getBulk(oids, 0, repetitions, (err: Error | null, vbs: any[][]) => (err ? reject(err) : resolve(vbs)));
  });

  const walkColumns = async (columns: readonly string[], limits?: WalkLimits): Promise<{ varbinds: Varbind[]; truncated?: WalkTruncation }> => {
    const out: Varbind[][] = columns.map(() => []);
    const prefixes = columns.map((c) => c + '.');
    let active = columns.map((_, i) => i);
    const cursor = columns.slice();
    const maxRows = limits?.maxRows ?? Infinity, maxVarbinds = limits?.maxVarbinds ?? Infinity;
    let total = 0;
    let truncated: WalkTruncation | undefined;
    for (let round = 0; active.length > 0; round++) {
      if (round >= MAX_WALK_ROUNDS) throw new Error(`walk did not end after ${MAX_WALK_ROUNDS} requests`);
      // Asks no more repetitions than the bounds leave (a bound of 10 rows does not fetch 24).
      const left = Math.min(maxRows - Math.min(...active.map((i) => out[i].length)), Math.ceil((maxVarbinds - total) / active.length));
      const rows = await bulk(active.map((i) => cursor[i]), Math.max(1, Math.min(maxRep, left)));
      const still: number[] = [];
      for (let j = 0; j < active.length; j++) {
        const col = active[j];
        const vbs = rows[j] ?? [];
        let done = vbs.length === 0;
        for (const vb of vbs) {
          if (snmp.isVarbindError(vb) || !vb.oid.startsWith(prefixes[col]) || vb.type === SnmpType.EndOfMibView) { done = true; break; }
          if (compareOids(vb.oid, cursor[col]) <= 0) throw new Error(`the agent answered ${vb.oid} after ${cursor[col]}: not increasing (the walk would loop)`);
          if (out[col].length >= maxRows) { truncated = { rows: maxRows, by: 'maxTableRows' }; done = true; break; }
          if (total >= maxVarbinds) { truncated = { rows: Math.max(...out.map((o) => o.length)), by: 'maxVarbinds' }; done = true; break; }
          out[col].push(convert(vb));
          total++;
          cursor[col] = vb.oid;
        }
        if (!done) still.push(col);
      }
      active = total >= maxVarbinds && still.length > 0 ? [] : still;
      if (active.length === 0 && still.length > 0) truncated ??= { rows: Math.max(...out.map((o) => o.length)), by: 'maxVarbinds' };
    }
    return truncated ? { varbinds: out.flat(), truncated } : { varbinds: out.flat() };
  };

  return { get, walkColumns, answers, close: () => { try { raw.close(); } catch { /* already closed */ } } };
}

function convert(vb: any): Varbind {
  const type: number = vb.type;
  let value: Varbind['value'] = null;
  switch (type) {
    case SnmpType.Counter64: value = bufferToBigInt(vb.value); break;
    case SnmpType.OctetString: case SnmpType.Opaque: value = new Uint8Array(vb.value); break;
    case SnmpType.Integer: case SnmpType.Counter32: case SnmpType.Gauge32: case SnmpType.TimeTicks: value = Number(vb.value); break;
    case SnmpType.Oid: case SnmpType.IpAddress: value = String(vb.value); break;
    default: value = null;
  }
  return { oid: vb.oid, type, value };
}

/** <0, 0, >0 as OID `a` is before, equal to or after `b` (numeric arcs; a prefix is before its extensions). */
export function compareOids(a: string, b: string): number {
  if (a === b) return 0;
  const x = a.split('.'), y = b.split('.');
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = Number(x[i]) - Number(y[i]);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/** Counter64 arrives as a big-endian byte string of up to 9 bytes; converted exactly. */
function bufferToBigInt(b: Uint8Array | number | bigint): bigint {
  if (typeof b === 'bigint') return b;
  if (typeof b === 'number') return BigInt(b);
  let v = 0n;
  for (const byte of b) v = (v << 8n) | BigInt(byte);
  return v & 0xffff_ffff_ffff_ffffn;
}
