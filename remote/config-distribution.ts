/**
 * Configuration distribution (docs/scale-out.md "Configuration distribution"): the central puts the
 * distributed part of its configuration (core/config-distributed.ts: networks and variables, with
 * their SNMP credentials) into the key-value bucket `netmon-config`, key `config`, at start and
 * after each reload; collectors with `remote.configFrom: central` watch that key and hand each new
 * value to the app, which checks and applies it as a reload of their own file and keeps it for
 * their next start. The value is JSON; it is never logged (it holds the credentials).
 */
import type { KvBucket, KvWatch } from '../core/ports/transport.js';
import type { Logger } from '../core/logger.js';
import { isDistributedPart, withoutCredentials, type DistributedConfig } from '../core/config-distributed.js';

export const CONFIG_BUCKET = 'netmon-config';
export const CONFIG_KEY = 'config';
/** A put that failed is tried again after this (the newest part only). */
const RETRY_MS = 5_000;

interface Envelope { readonly format: 1; readonly part: DistributedConfig }

export function encodeConfig(part: DistributedConfig): Uint8Array {
  const e: Envelope = { format: 1, part };
  return new TextEncoder().encode(JSON.stringify(e));
}

/** The part an entry carries; null when it does not read as one. */
export function decodeConfig(data: Uint8Array): DistributedConfig | null {
  try {
    const e = JSON.parse(new TextDecoder().decode(data)) as Partial<Envelope>;
    return e.format === 1 && isDistributedPart(e.part) ? e.part : null;
  } catch {
    return null;
  }
}

/**
 * The central's side: puts the newest part, unless the bucket holds the same already (a restart
 * writes no new revision); a put that fails is tried again every RETRY_MS until it is stored, a
 * newer part replacing it.
 */
export class ConfigPublisher {
  private pending: DistributedConfig | null = null;
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly bucket: KvBucket, private readonly logger: Logger) {}

  publish(part: DistributedConfig): void {
    this.pending = part;
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    this.running ??= this.run().finally(() => { this.running = null; });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private async run(): Promise<void> {
    while (this.pending && !this.closed) {
      const part = this.pending;
      this.pending = null;
      const data = encodeConfig(part);
      try {
        const now = await this.bucket.get(CONFIG_KEY);
        if (now && now.op === 'put' && Buffer.from(now.value).equals(Buffer.from(data))) {
          this.logger.info('configuration for the collectors unchanged', { bucket: CONFIG_BUCKET, revision: now.revision });
          continue;
        }
        const revision = await this.bucket.put(CONFIG_KEY, data);
        this.logger.info('configuration for the collectors published', { bucket: CONFIG_BUCKET, revision, keys: Object.keys(part).join(',') });
      } catch (e) {
        this.logger.warn('configuration for the collectors not published: trying again', { bucket: CONFIG_BUCKET, error: (e as Error).message, inMs: RETRY_MS });
        this.pending ??= part;
        if (!this.closed) {
          this.timer = setTimeout(() => { this.timer = null; if (this.pending) this.publish(this.pending); }, RETRY_MS);
          this.timer.unref();
        }
        return;
      }
    }
  }
}

/**
 * The collector's side: each new value of the key, in order, to `apply` (one at a time: a newer
 * value waits for the one being applied). A value that does not read is ignored with a WARN.
 */
export function followConfig(bucket: KvBucket, apply: (part: DistributedConfig, revision: number) => Promise<void>, logger: Logger): KvWatch {
  let last = 0;
  let chain: Promise<void> = Promise.resolve();
  return bucket.watch((entry) => {
    if (entry.key !== CONFIG_KEY || entry.op !== 'put' || entry.revision <= last) return;
    last = entry.revision;
    const part = decodeConfig(entry.value);
    if (!part) {
      logger.warn('a configuration from the central that does not read is ignored: the last one stays', { bucket: CONFIG_BUCKET, revision: entry.revision });
      return;
    }
    chain = chain.then(() => apply(part, entry.revision)).catch((e: unknown) => {
      logger.warn('configuration from the central not applied', { revision: entry.revision, error: withoutCredentials((e as Error).message, part) });
    });
  });
}
