import { AppError } from '../../core/errors.js';
import type { MetaTxn } from '../../store/meta/meta.js';
import type { ServiceDeps } from '../deps.js';
import {
  contentKey, decodeKeyValueRecord, isHandle, newHandle, storedContentType, type KeyValueRecord,
} from './keyvalue-record.js';

/** Records: key [networkId, handle], value a KeyValueRecord. */
const NS_RECORDS = 'keyValues';
/**
 * The content index: key [networkId, contentKey], value the handles holding that content, oldest
 * first (several when updates made two records identical). Kept exact by every write.
 */
const NS_CONTENT = 'keyValueContent';

/** What a read answers: the stored bytes and their content type. */
interface KeyValueData {
  readonly data: Buffer;
  readonly contentType: string;
}

/**
 * The generic key-value store of UI state (docs/api.md "Key-value store (v2 and
 * legacy)"): opaque blocks per network, addressed by a random handle (keyvalue-record.ts).
 *
 * - Creating data that a record of the network already holds (same bytes, same content type)
 *   answers that record's handle, found through the content index. The lookup and the write are
 *   one metadata transaction, so concurrent creates of the same data make one record.
 * - An update replaces a record's bytes and content type and moves the handle in the content index
 *   in the same transaction. Updates may leave two handles with identical data: both stay, and a
 *   create of that data answers the older one (the first in the index). Concurrent updates of one
 *   handle apply one after another; the last stays.
 * - Data over `ui.keyValueMaxBytes` (config, read per call) is BODY_TOO_LARGE.
 */
export class KeyValueService {
  /** Config keys read per call through the holder: a reload applies them with the swap (core/config-applier.ts). */
  static readonly configKeys: readonly string[] = ['ui.keyValueMaxBytes'];

  constructor(private readonly deps: ServiceDeps) {}

  /** Stores `data` (or finds it) and resolves with its handle. */
  create(networkId: number, data: Buffer, contentTypeHeader: string | undefined): Promise<string> {
    const contentType = storedContentType(contentTypeHeader);
    this.checkSize(data);
    const key = contentKey(contentType, data);
    const nowMs = this.deps.clock.nowMs();
    return this.deps.meta.transaction((tx) => {
      const holders = tx.get<string[]>(NS_CONTENT, [networkId, key]);
      if (holders !== undefined && holders.length > 0) return holders[0];
      const handle = freeHandle(tx, networkId);
      const rec: KeyValueRecord = { data, contentType, contentKey: key, createdAtMs: nowMs, updatedAtMs: nowMs };
      tx.put(NS_RECORDS, [networkId, handle], rec);
      tx.put(NS_CONTENT, [networkId, key], [handle]);
      return handle;
    });
  }

  /** Replaces the data of `handle`; UNKNOWN_HANDLE when the network has no such record. */
  async update(networkId: number, handle: string, data: Buffer, contentTypeHeader: string | undefined): Promise<void> {
    if (!isHandle(handle)) throw unknownHandle(networkId, handle);
    const contentType = storedContentType(contentTypeHeader);
    this.checkSize(data);
    const key = contentKey(contentType, data);
    const nowMs = this.deps.clock.nowMs();
    await this.deps.meta.transaction((tx) => {
      const raw = tx.get(NS_RECORDS, [networkId, handle]);
      if (raw === undefined) throw unknownHandle(networkId, handle);
      const old = decodeKeyValueRecord(raw, `key-value record ${handle}`);
      if (old.contentKey !== key) {
        dropHolder(tx, networkId, old.contentKey, handle);
        const holders = tx.get<string[]>(NS_CONTENT, [networkId, key]) ?? [];
        tx.put(NS_CONTENT, [networkId, key], [...holders, handle]);
      }
      const rec: KeyValueRecord = { data, contentType, contentKey: key, createdAtMs: old.createdAtMs, updatedAtMs: nowMs };
      tx.put(NS_RECORDS, [networkId, handle], rec);
    });
  }

  /** The data of `handle`; UNKNOWN_HANDLE when the network has no such record (a malformed handle included). */
  get(networkId: number, handle: string): KeyValueData {
    const raw = isHandle(handle) ? this.deps.meta.get(NS_RECORDS, [networkId, handle]) : undefined;
    if (raw === undefined) throw unknownHandle(networkId, handle);
    const rec = decodeKeyValueRecord(raw, `key-value record ${handle}`);
    return { data: rec.data, contentType: rec.contentType };
  }

  private checkSize(data: Buffer): void {
    const max = this.deps.config().ui.keyValueMaxBytes;
    if (data.length > max) {
      throw new AppError('BODY_TOO_LARGE', `key-value data of ${data.length} bytes is over the limit of ${max} bytes (ui.keyValueMaxBytes)`);
    }
  }
}

/** A new handle no record of the network has (128 random bits: a repeat is never expected, but checked). */
function freeHandle(tx: MetaTxn, networkId: number): string {
  for (let i = 0; i < 3; i++) {
    const handle = newHandle();
    if (tx.get(NS_RECORDS, [networkId, handle]) === undefined) return handle;
  }
  throw new AppError('INTERNAL', 'key-value store: no free handle after 3 random draws');
}

/** Removes `handle` from the holders of `key` (the entry goes when none is left). */
function dropHolder(tx: MetaTxn, networkId: number, key: string, handle: string): void {
  const rest = (tx.get<string[]>(NS_CONTENT, [networkId, key]) ?? []).filter((h) => h !== handle);
  if (rest.length > 0) tx.put(NS_CONTENT, [networkId, key], rest);
  else tx.remove(NS_CONTENT, [networkId, key]);
}

const unknownHandle = (networkId: number, handle: string): AppError =>
  new AppError('UNKNOWN_HANDLE', `no key-value record '${handle.length > 100 ? `${handle.slice(0, 100)}…` : handle}' in network ${networkId}`);
