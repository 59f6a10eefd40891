/**
 * A transport whose connection is still being made: a collector starts (polls, answers its API, with
 * the last configuration it received) while the site's NATS server is away, and its transport is
 * usable from the start. Every call waits for the connection; `close` before it came ends the wait
 * (the calls waiting reject) and closes the connection once it comes.
 */
import type { BatchTransport, KvBucket, KvWatch } from '../core/ports/transport.js';

export interface LazyTransport extends BatchTransport {
  /** When the connection has not come yet: gives up waiting (every call waiting rejects, at once). */
  abandonIfConnecting(): void;
}

export function lazyTransport(connecting: Promise<BatchTransport>): LazyTransport {
  let transport: BatchTransport | null = null;
  let closed = false;
  let giveUp!: (e: Error) => void;
  const abandoned = new Promise<never>((_, reject) => { giveUp = reject; });
  abandoned.catch(() => undefined);
  const ready = Promise.race([connecting, abandoned]).then((t) => { transport = t; return t; });
  ready.catch(() => undefined);
  // A connection that comes after close is closed at once.
  connecting.then((t) => { if (closed) void t.close(); }, () => undefined);
  return {
    kv: async (spec) => (await ready).kv(spec),
    openKv: (name) => lazyBucket(ready.then((t) => t.openKv(name))),
    ensureStream: async (spec) => (await ready).ensureStream(spec),
    publish: async (subject, data, msgId) => (await ready).publish(subject, data, msgId),
    consume(spec, onBatch) {
      let inner: ReturnType<BatchTransport['consume']> | null = null;
      let stopped = false;
      const done = ready.then((t) => {
        if (stopped) return;
        inner = t.consume(spec, onBatch);
        return inner.done;
      });
      done.catch(() => undefined);
      return { done, async stop() { stopped = true; await inner?.stop(); } };
    },
    connected: () => transport?.connected() ?? false,
    abandonIfConnecting() {
      if (transport) return;
      closed = true;
      giveUp(new Error('the transport closed before its connection came'));
    },
    async close() {
      closed = true;
      if (transport) await transport.close();
      else giveUp(new Error('the transport closed before its connection came'));
    },
  };
}

/** A bucket whose handle comes later: each call waits for it; a watch starts once it is there. */
export function lazyBucket(bucket: Promise<KvBucket>): KvBucket {
  bucket.catch(() => undefined);
  return {
    put: async (key, value) => (await bucket).put(key, value),
    get: async (key) => (await bucket).get(key),
    delete: async (key) => (await bucket).delete(key),
    watch(onEntry): KvWatch {
      let inner: KvWatch | null = null;
      let stopped = false;
      const ready = bucket.then((b) => {
        if (stopped) return;
        inner = b.watch(onEntry);
        return inner.ready;
      });
      // A watch whose bucket never came (closed before the connection) ends quietly.
      ready.catch(() => undefined);
      return { ready, async stop() { stopped = true; await inner?.stop(); } };
    },
  };
}
