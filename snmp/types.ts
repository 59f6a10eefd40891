import type { PollPath, SnmpV3User } from '../core/config-schema.js';

/** Where and how to reach one agent. Plain data: crosses the thread boundary in tasks. */
export interface SnmpTarget {
  readonly address: string;
  readonly port: number;
  readonly version: '2c' | '3';
  readonly community?: string;
  readonly user?: SnmpV3User;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly maxRepetitions: number;
  /** Largest answer the fast v2c path plans a GET for (bytes; default 1400, below a 1500-byte MTU). */
  readonly maxMessageBytes?: number;
  /** Which code polls the agent (the network's `snmp.pollPath`; absent: `auto`). Read by workers/task.ts. */
  readonly pollPath?: PollPath;
  /** Rows of one column a poll's walk reads at most (the network's `snmp.maxTableRows`; absent: no bound but the walk's rounds). */
  readonly maxTableRows?: number;
}

/**
 * A decoded varbind. `value`: INTEGER/Counter32/Gauge32/TimeTicks → number; Counter64 → bigint (exact);
 * OCTET STRING/Opaque → Uint8Array; OBJECT IDENTIFIER and IpAddress → string; NULL and the exceptions → null.
 */
export interface Varbind {
  readonly oid: string;
  readonly type: number;
  readonly value: number | bigint | Uint8Array | string | null;
}

/** ASN.1/SNMP type tags we look at. */
export const SnmpType = Object.freeze({
  Integer: 2, OctetString: 4, Null: 5, Oid: 6, IpAddress: 64, Counter32: 65, Gauge32: 66, TimeTicks: 67,
  Opaque: 68, Counter64: 70, NoSuchObject: 128, NoSuchInstance: 129, EndOfMibView: 130,
});

export const isException = (vb: Varbind): boolean => vb.type >= 128 || vb.type === SnmpType.Null;
