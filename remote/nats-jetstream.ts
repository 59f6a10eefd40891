/**
 * The batch transport over NATS JetStream (core/ports/transport.ts): the one file that imports the
 * NATS client (import rule `nats-only-from-remote-nats-jetstream`). app.ts loads it only in the
 * `collector` and `central` modes, so a standalone server never loads the client.
 */
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, DiscardPolicy, RetentionPolicy, StorageType, jetstream, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import type { BatchConsumption, BatchTransport, ConsumerSpec, KvBucket, KvBucketSpec, KvEntry, ReceivedBatch, StreamSpec } from '../core/ports/transport.js';
import type { Logger } from '../core/logger.js';

const NS_PER_MS = 1_000_000;
/** What one pull asks the server for at most. */
const PULL_BYTES = 4 << 20;

export interface NatsOptions {
  /** `nats://host:port`, one or several. */
  readonly servers: readonly string[];
  readonly user?: string;
  readonly pass?: string;
  /** The name this connection shows in the server's monitoring (e.g. `netmon-collector-site-a-1`). */
  readonly name: string;
  /** How long a publish waits for the engine's answer. */
  readonly publishTimeoutMs: number;
  readonly logger: Logger;
}

/**
 * Connects (retrying for ever in the background after a first connection: the client buffers
 * publishes while it reconnects) and answers the transport port.
 */
export async function connectJetStream(opts: NatsOptions): Promise<BatchTransport> {
  const nc: NatsConnection = await connect({
    servers: [...opts.servers], name: opts.name,
    ...(opts.user !== undefined ? { user: opts.user, pass: opts.pass ?? '' } : {}),
    reconnect: true, maxReconnectAttempts: -1, reconnectTimeWait: 1_000, waitOnFirstConnect: true,
  });
  let up = true;
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') { up = false; opts.logger.warn('NATS connection lost: reconnecting', { server: String((s as { server?: string }).server ?? '') }); }
      else if (s.type === 'reconnect') { up = true; opts.logger.info('NATS connection back', { server: String((s as { server?: string }).server ?? '') }); }
    }
  })().catch(() => undefined);
  const js = jetstream(nc, { timeout: opts.publishTimeoutMs });

  return {
    async kv(spec: KvBucketSpec) {
      const jsm = await jetstreamManager(nc);
      const stream = `KV_${spec.name}`;
      // The layout of JetStream's own key-value buckets (`nats kv` reads it): one value a key.
      const config = {
        subjects: [`$KV.${spec.name}.>`], retention: RetentionPolicy.Limits, storage: StorageType.File,
        discard: DiscardPolicy.New, max_msgs_per_subject: 1, max_age: spec.maxAgeMs * NS_PER_MS,
        allow_rollup_hdrs: true, deny_delete: true, allow_direct: true,
      };
      await addOrUpdate(() => jsm.streams.info(stream), () => jsm.streams.update(stream, config), () => jsm.streams.add({ name: stream, ...config }));
      return kvBucket(js, async () => jsm, spec.name, opts.logger);
    },

    openKv(name: string) {
      return kvBucket(js, () => jetstreamManager(nc), name, opts.logger);
    },

    async ensureStream(spec: StreamSpec) {
      const jsm = await jetstreamManager(nc);
      const config = {
        ...(spec.subjects.length > 0 ? { subjects: [...spec.subjects] } : {}),
        ...(spec.sources ? { sources: spec.sources.map((x) => ({ name: x.stream, external: { api: `$JS.${x.domain}.API`, deliver: '' } })) } : {}),
        retention: RetentionPolicy.Limits, storage: StorageType.File,
        discard: DiscardPolicy.Old, max_age: spec.maxAgeMs * NS_PER_MS, max_bytes: spec.maxBytes,
        duplicate_window: spec.duplicateWindowMs * NS_PER_MS,
      };
      await addOrUpdate(() => jsm.streams.info(spec.name), () => jsm.streams.update(spec.name, config), () => jsm.streams.add({ name: spec.name, ...config }));
    },

    async publish(subject, data, msgId) {
      const ack = await js.publish(subject, data, { msgID: msgId, timeout: opts.publishTimeoutMs });
      return { duplicate: ack.duplicate };
    },

    consume(spec: ConsumerSpec, onBatch): BatchConsumption {
      let stopRequested = false;
      let stopNow: (() => void) | undefined;
      const done = (async () => {
        const jsm = await jetstreamManager(nc);
        const config = { ack_policy: AckPolicy.Explicit, ack_wait: spec.ackWaitMs * NS_PER_MS, max_ack_pending: spec.maxAckPending };
        await addOrUpdate(
          () => jsm.consumers.info(spec.stream, spec.durable),
          () => jsm.consumers.update(spec.stream, spec.durable, config),
          () => jsm.consumers.add(spec.stream, { durable_name: spec.durable, deliver_policy: DeliverPolicy.All, ...config }),
        );
        if (stopRequested) return;
        const consumer = await js.consumers.get(spec.stream, spec.durable);
        // Pulls bounded in bytes, not only in messages: the server disconnects a client with more
        // than 64 MiB waiting for it (a slow consumer), and a thousand 60 kB batches are that much.
        const messages = await consumer.consume({ max_bytes: PULL_BYTES });
        stopNow = () => { void messages.stop(); };
        if (stopRequested) stopNow();
        for await (const m of messages) await onBatch(received(m));
      })();
      return {
        done,
        async stop() {
          stopRequested = true;
          stopNow?.();
          await done.catch(() => undefined);
        },
      };
    },

    connected: () => up && !nc.isClosed(),

    async close() {
      await nc.drain().catch(() => nc.close());
    },
  };
}

/** The prefix of a bucket's subjects: `$KV.<bucket>.` then the key. */
const kvSubject = (bucket: string, key: string) => `$KV.${bucket}.${key}`;

type Js = ReturnType<typeof jetstream>;
type Jsm = Awaited<ReturnType<typeof jetstreamManager>>;

function kvBucket(js: Js, manager: () => Promise<Jsm>, bucket: string, logger: Logger): KvBucket {
  const stream = `KV_${bucket}`;
  const prefix = kvSubject(bucket, '');
  const entryOf = (subject: string, data: Uint8Array, op: string | undefined, time: Date, seq: number): KvEntry => ({
    key: subject.slice(prefix.length), value: data, op: op === 'DEL' || op === 'PURGE' ? 'delete' : 'put', storedAtMs: time.getTime(), revision: seq,
  });
  return {
    async put(key, value) {
      return (await js.publish(kvSubject(bucket, key), value)).seq;
    },
    async get(key) {
      const jsm = await manager();
      const m = await jsm.streams.getMessage(stream, { last_by_subj: kvSubject(bucket, key) }).catch((e: Error) => {
        if (/not found/i.test(e.message)) return null;
        throw e;
      });
      return m ? entryOf(m.subject, m.data, m.header?.get('KV-Operation') || undefined, m.time, m.seq) : null;
    },
    async delete(key) {
      const h = headers();
      h.set('KV-Operation', 'DEL');
      await js.publish(kvSubject(bucket, key), new Uint8Array(0), { headers: h });
    },
    watch(onEntry) {
      let stopRequested = false;
      let stopNow: (() => void) | undefined;
      let markReady!: () => void;
      const ready = new Promise<void>((r) => { markReady = r; });
      /** One ordered consumer (ephemeral; the client makes it again at the right place after a reconnect), until it ends. */
      const once = async () => {
        const info = await (await manager()).streams.info(stream);
        if (info.state.messages === 0) markReady();
        const consumer = await js.consumers.get(stream, { filter_subjects: `${prefix}>`, deliver_policy: DeliverPolicy.LastPerSubject });
        if (stopRequested) return;
        const messages = await consumer.consume();
        stopNow = () => { void messages.stop(); };
        if (stopRequested) stopNow();
        for await (const m of messages) {
          onEntry(entryOf(m.subject, m.data, m.headers?.get('KV-Operation') || undefined, m.time, m.seq));
          if (m.info.pending === 0) markReady();
        }
      };
      // A watch that ends or fails (the server away too long, the consumer gone) starts again: it
      // hands out each key's newest entry again, which readers take as they did the first time.
      const done = (async () => {
        for (let attempt = 0; !stopRequested; attempt++) {
          try {
            await once();
            if (stopRequested) return;
            logger.warn('key-value watch ended: watching again', { bucket });
          } catch (e) {
            if (stopRequested) return;
            if (attempt === 0 || attempt % 60 === 0) logger.warn('key-value watch failed: trying again', { bucket, error: (e as Error).message });
          }
          await new Promise((r) => setTimeout(r, 1_000));
        }
      })();
      return {
        ready,
        async stop() {
          stopRequested = true;
          stopNow?.();
          markReady();
          await done.catch(() => undefined);
        },
      };
    },
  };
}

/** Brings an existing stream or consumer to its configuration, or adds it when the engine has none. */
async function addOrUpdate(info: () => Promise<unknown>, update: () => Promise<unknown>, add: () => Promise<unknown>): Promise<void> {
  try {
    await info();
  } catch (e) {
    if (!/not found/i.test((e as Error).message)) throw e;
    await add();
    return;
  }
  await update();
}

function received(m: JsMsg): ReceivedBatch {
  return { subject: m.subject, data: m.data, storedAtMs: m.time.getTime(), redelivered: m.redelivered, ack: () => m.ack(), inProgress: () => m.working() };
}
