import { AppError, type ErrorCode } from '../../core/errors.js';
import { raiseIdCounter, takeNextId } from './id-counter.js';
import type { MetaKey, MetaStore, MetaTxn } from './meta.js';
import { envelope, openEnvelope } from './record-envelope.js';

/** A record as a repository hands it out. */
export interface StoredRecord<T> {
  readonly id: number;
  /** 1 when created, one more on every write: what `replaceIf` compares. */
  readonly version: number;
  readonly data: T;
}

interface RepositoryOptions<T> {
  /**
   * Checks a record's data and returns it typed (it may also upgrade an older shape); throws to
   * refuse it. Applied to every record read, where a refusal becomes INTERNAL (the stored data is
   * bad), and to every record before it is written, where its error goes up as it is (the
   * caller's data is bad; throw an AppError with a 400 code for that). Without it, data is taken
   * as it is.
   */
  decode?: (data: unknown) => T;
  /** Names a record in error messages; the namespace by default. */
  noun?: string;
  /** The code of "no record with that id": NOT_FOUND by default (UNKNOWN_DEVICE for devices, say). */
  notFound?: ErrorCode;
}

/** The repository's operations inside a metadata transaction, to go together with other writes. */
interface RepositoryTxn<T> {
  get(id: number): StoredRecord<T> | undefined;
  create(data: T): StoredRecord<T>;
  put(id: number, data: T): StoredRecord<T>;
  update(id: number, fn: (data: T) => T): StoredRecord<T>;
  replaceIf(id: number, expectedVersion: number, data: T): StoredRecord<T>;
  remove(id: number): boolean;
}

/**
 * Typed records with numeric ids in one metadata namespace: key the id, value the envelope
 * `{ v, data }` (record-envelope.ts). `create` takes the next id from the namespace's counter
 * (id-counter.ts) in the same transaction as the record, so an id is never handed out twice, not
 * even after its record is removed or the store is reopened. Every write is a metadata
 * transaction: concurrent `update`s of one record all count, and `replaceIf` refuses a write made
 * against a version that is no longer the current one (CONFLICT), as an HTTP PUT with a stale
 * version must be. Ids are positive safe integers; no record has any other id.
 */
export class Repository<T> {
  private readonly noun: string;
  private readonly notFound: ErrorCode;

  constructor(private readonly meta: MetaStore, readonly ns: string, private readonly opts: RepositoryOptions<T> = {}) {
    this.noun = opts.noun ?? ns;
    this.notFound = opts.notFound ?? 'NOT_FOUND';
  }

  get(id: number): StoredRecord<T> | undefined {
    return isId(id) ? this.decodeStored(id, this.meta.get(this.ns, id)) : undefined;
  }

  /** Every record, in id order. */
  list(): StoredRecord<T>[] {
    const out: StoredRecord<T>[] = [];
    for (const { key, value } of this.meta.range(this.ns)) out.push(this.decodeStored(key, value)!);
    return out;
  }

  /** Stores `data` under a new id. */
  create(data: T): Promise<StoredRecord<T>> {
    return this.meta.transaction((tx) => this.within(tx).create(data));
  }

  /**
   * Creates or replaces the record `id` (a stored record that no longer decodes included);
   * `create` hands out only ids above it from then on. A record put at the id of a removed one
   * starts again at version 1.
   */
  put(id: number, data: T): Promise<StoredRecord<T>> {
    return this.meta.transaction((tx) => this.within(tx).put(id, data));
  }

  /** Replaces the record `id` with `fn(its data)`, atomically; fails with the not-found code when absent. */
  update(id: number, fn: (data: T) => T): Promise<StoredRecord<T>> {
    return this.meta.transaction((tx) => this.within(tx).update(id, fn));
  }

  /**
   * Replaces the record `id` if it is still at `expectedVersion`, else fails with CONFLICT (the
   * not-found code when absent). Only the stored version is read, not the data.
   */
  replaceIf(id: number, expectedVersion: number, data: T): Promise<StoredRecord<T>> {
    return this.meta.transaction((tx) => this.within(tx).replaceIf(id, expectedVersion, data));
  }

  /** Removes the record `id`; resolves with whether there was one. Its id is not handed out again. */
  remove(id: number): Promise<boolean> {
    return this.meta.transaction((tx) => this.within(tx).remove(id));
  }

  /** The same operations, synchronous, in the caller's transaction `tx`: to write a record together with others. */
  within(tx: MetaTxn): RepositoryTxn<T> {
    const raw = (id: number): unknown => (isId(id) ? tx.get(this.ns, id) : undefined);
    const current = (id: number) => this.decodeStored(id, raw(id));
    const absent = (id: number) => new AppError(this.notFound, `${this.noun} ${id} not found`);
    /** The version alone, so that a record whose data no longer decodes can still be replaced or removed. */
    const versionOf = (id: number): number | undefined => {
      const value = raw(id);
      if (value === undefined) return undefined;
      const env = openEnvelope(value);
      if (!env) throw this.badStored(id, 'not a { v, data } envelope');
      return env.v;
    };
    const write = (id: number, version: number, data: T): StoredRecord<T> => {
      const checked = this.opts.decode ? this.opts.decode(data) : data;
      tx.put(this.ns, id, envelope(version, checked));
      return { id, version, data: checked };
    };
    return {
      get: current,
      create: (data) => write(takeNextId(tx, this.ns), 1, data),
      put: (id, data) => {
        if (!isId(id)) throw new AppError('BAD_PARAMETER', `${this.noun} id ${id} is not a positive integer`);
        raiseIdCounter(tx, this.ns, id);
        return write(id, (openEnvelope(raw(id))?.v ?? 0) + 1, data);
      },
      update: (id, fn) => {
        const rec = current(id);
        if (!rec) throw absent(id);
        return write(id, rec.version + 1, fn(rec.data));
      },
      replaceIf: (id, expectedVersion, data) => {
        const version = versionOf(id);
        if (version === undefined) throw absent(id);
        if (version !== expectedVersion) {
          throw new AppError('CONFLICT', `${this.noun} ${id} is at version ${version}, not ${expectedVersion}`);
        }
        return write(id, version + 1, data);
      },
      remove: (id) => {
        if (raw(id) === undefined) return false;
        tx.remove(this.ns, id);
        return true;
      },
    };
  }

  private decodeStored(key: MetaKey, raw: unknown): StoredRecord<T> | undefined {
    if (raw === undefined) return undefined;
    if (typeof key !== 'number' || !isId(key)) throw this.badStored(key, 'its key is not an id');
    const env = openEnvelope(raw);
    if (!env) throw this.badStored(key, 'not a { v, data } envelope');
    if (!this.opts.decode) return { id: key, version: env.v, data: env.data as T };
    try {
      return { id: key, version: env.v, data: this.opts.decode(env.data) };
    } catch (err) {
      throw this.badStored(key, (err as Error).message, err);
    }
  }

  private badStored(key: MetaKey, why: string, cause?: unknown): AppError {
    return new AppError('INTERNAL', `${this.noun} ${JSON.stringify(key)}: bad stored record: ${why}`, { cause });
  }
}

const isId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
