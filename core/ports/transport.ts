/**
 * The batch transport port: how a collector's batches reach the central when they run as separate
 * processes (config `mode: collector` / `mode: central`). The engine is NATS JetStream
 * (remote/nats-jetstream.ts, the one file that imports its client); a standalone server never loads
 * it. What the remote roles rely on, each pinned by a test on a real nats-server (test/transport):
 * - a batch published again with the same message id within the stream's duplicate window is stored
 *   once (a publisher that retries after a lost answer makes no duplicate);
 * - a durable consumer hands out, in stream order, every batch not yet acknowledged, across restarts
 *   of the engine and of the consumer; after a crash of the engine some acknowledged batches may
 *   come again (at least once): the receiver writes idempotently;
 * - a stream keeps what it holds within its age and byte limits, whether or not it was consumed.
 */

/** A stream of batches with limits retention (what is older or beyond the bytes is dropped). */
export interface StreamSpec {
  readonly name: string;
  /** The subjects it stores, e.g. `netmon.points.>` (none: it only gathers its sources). */
  readonly subjects: readonly string[];
  /**
   * Streams of other JetStream domains (the sites' servers, reached over leaf nodes) whose batches
   * it copies in, keeping each batch's message id: what a cut link held back arrives when it is back.
   */
  readonly sources?: readonly { readonly stream: string; readonly domain: string }[];
  /** Batches older than this are dropped (0: no age limit). */
  readonly maxAgeMs: number;
  /** The oldest batches are dropped past this many bytes (-1: no byte limit). */
  readonly maxBytes: number;
  /** A message id seen within this window is not stored again. */
  readonly duplicateWindowMs: number;
}

/** A durable consumer: its position survives restarts of the engine and of the consumer. */
export interface ConsumerSpec {
  readonly stream: string;
  readonly durable: string;
  /** A batch handed out and not acknowledged within this comes again. */
  readonly ackWaitMs: number;
  /** At most this many batches handed out and not acknowledged at once (flow control). */
  readonly maxAckPending: number;
}

/** One batch as a consumer receives it. */
export interface ReceivedBatch {
  readonly subject: string;
  readonly data: Uint8Array;
  /** When the engine stored it (its clock, ms): against the sender's clock, the sender's skew. */
  readonly storedAtMs: number;
  /** Whether the engine handed it out before (an earlier consumer did not acknowledge it in time). */
  readonly redelivered: boolean;
  /** Acknowledges it: the engine hands it out no more (unless it crashes before it records that). */
  ack(): void;
  /** Says the consumer still works on it: its ack wait starts again (a batch held for a while). */
  inProgress(): void;
}

/** A running consumption: `stop` ends it (batches handed out and not acknowledged come again later). */
export interface BatchConsumption {
  stop(): Promise<void>;
  /** Ends (rejects) when the consumption fails for good, resolves when `stop` ended it. */
  readonly done: Promise<void>;
}

/**
 * A key-value bucket (JetStream's KV layout: stream `KV_<name>`, subjects `$KV.<name>.<key>`): one
 * value a key (history 1); a value older than `maxAgeMs` is dropped by the engine. The engine says
 * nothing when it drops one (no delete marker on nats-server 2.9): a reader that needs to know a
 * key went stale ages the entries itself (the collectors' heartbeats: remote/collector-assignment.ts).
 */
export interface KvBucketSpec {
  /** Letters, digits, `-` and `_`. */
  readonly name: string;
  /** A value not written again within this is dropped (the heartbeats' TTL). */
  readonly maxAgeMs: number;
}

/** One key's newest entry as a watch or `get` sees it. */
export interface KvEntry {
  readonly key: string;
  /** Empty for a delete. */
  readonly value: Uint8Array;
  readonly op: 'put' | 'delete';
  /** When the engine stored it (its clock, ms). */
  readonly storedAtMs: number;
  /** The entry's sequence in the bucket (grows with every write of any key). */
  readonly revision: number;
}

/** A running watch: `ready` resolves once the entries present at its start were handed out. */
export interface KvWatch {
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

export interface KvBucket {
  put(key: string, value: Uint8Array): Promise<number>;
  /** The key's newest entry, null when it has none (or it aged out). */
  get(key: string): Promise<KvEntry | null>;
  /** Writes a delete marker: watchers see `op: 'delete'`. */
  delete(key: string): Promise<void>;
  /** Each key's newest entry now, then every write as it happens (a reconnect resumes where it was). */
  watch(onEntry: (entry: KvEntry) => void): KvWatch;
}

export interface BatchTransport {
  /** Creates the key-value bucket, or brings an existing one to this age limit. */
  kv(spec: KvBucketSpec): Promise<KvBucket>;
  /**
   * A bucket another party creates, used as it is (a reader that may not manage the bucket: the
   * collectors and the central's configuration). A watch of a bucket not there yet tries again
   * until it is.
   */
  openKv(name: string): KvBucket;
  /** Creates the stream, or brings an existing one to these limits. */
  ensureStream(spec: StreamSpec): Promise<void>;
  /**
   * Stores one batch on `subject`; resolves once the engine has stored it (`duplicate`: it had a
   * batch with this id within the duplicate window and stored nothing). Rejects when the engine
   * does not answer in time: the caller publishes it again with the same id.
   */
  publish(subject: string, data: Uint8Array, msgId: string): Promise<{ duplicate: boolean }>;
  /**
   * Consumes a durable consumer (created when missing): `onBatch` is called for each batch in
   * stream order, one at a time (the next after the returned promise settles).
   */
  consume(spec: ConsumerSpec, onBatch: (batch: ReceivedBatch) => Promise<void> | void): BatchConsumption;
  /** Whether the connection to the engine is up now. */
  connected(): boolean;
  /** Closes the connection (publishes in flight reject). */
  close(): Promise<void>;
}
