import type { MetaKey, MetaStore, MetaTxn } from '../../store/meta/meta.js';
import { takeNextId } from '../../store/meta/id-counter.js';
import { Repository, type StoredRecord } from '../../store/meta/repository.js';
import { NS_MAP_COORDINATES } from './map-view-source.js';
import { decodeViewData, type ViewData } from './view-record.js';

/** The views: a repository (ids shared by all networks, never handed out twice). */
export const NS_VIEWS = 'mapViews';
/** The views of each network: key [networkId, viewId], value 1. Lists a network's views without reading the others'. */
const NS_BY_NETWORK = 'mapViewsByNetwork';

/** The writes of the view records inside a metadata transaction (ViewStore.within). */
interface ViewStoreTxn {
  get(id: number): StoredRecord<ViewData> | undefined;
  /** Replaces the view `id` (its network stays: the index is not touched). */
  put(id: number, data: ViewData): void;
  /** Stores a new view under the next id, indexed by its network; returns the id. */
  insert(data: ViewData): number;
  /** Stores a new view under `id`, an id taken from `nextId` in the same transaction. */
  insertAt(id: number, data: ViewData): void;
  /** The id the next `insert` would use, taken now (for a view whose data names its own id). */
  nextId(): number;
  /**
   * Removes a view, its network index entry and its stored coordinates (map-view-source.ts: keys
   * [viewId, deviceId]). The coordinates are read from the store inside the transaction function,
   * which runs after every earlier write and before any later one, so none of the view's is left.
   */
  erase(rec: StoredRecord<ViewData>): void;
}

/** The stored map views (services/views/views.ts reads and changes them; services/views/view-sync.ts keeps the configured ones). */
export class ViewStore {
  private readonly repo: Repository<ViewData>;

  constructor(private readonly meta: MetaStore) {
    this.repo = new Repository<ViewData>(meta, NS_VIEWS, { decode: decodeViewData, noun: 'view', notFound: 'UNKNOWN_VIEW' });
  }

  get(id: number): StoredRecord<ViewData> | undefined { return this.repo.get(id); }

  /** The views of a network, in id order. */
  *ofNetwork(networkId: number): Iterable<StoredRecord<ViewData>> {
    for (const { key } of this.meta.range(NS_BY_NETWORK, { start: [networkId], end: [networkId + 1] })) {
      const rec = this.repo.get((key as [number, number])[1]);
      if (rec) yield rec;
    }
  }

  within(tx: MetaTxn): ViewStoreTxn {
    const repo = this.repo.within(tx);
    const insertAt = (id: number, data: ViewData): void => {
      repo.put(id, data);
      tx.put(NS_BY_NETWORK, [data.networkId, id], 1);
    };
    return {
      get: (id) => repo.get(id),
      put: (id, data) => { repo.put(id, data); },
      nextId: () => takeNextId(tx, NS_VIEWS),
      insertAt,
      insert: (data) => {
        const id = takeNextId(tx, NS_VIEWS);
        insertAt(id, data);
        return id;
      },
      erase: (rec) => {
        repo.remove(rec.id);
        tx.remove(NS_BY_NETWORK, [rec.data.networkId, rec.id]);
        const keys: MetaKey[] = [];
        for (const { key } of this.meta.range(NS_MAP_COORDINATES, { start: [rec.id], end: [rec.id + 1] })) keys.push(key);
        for (const key of keys) tx.remove(NS_MAP_COORDINATES, key);
      },
    };
  }
}
