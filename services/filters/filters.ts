import type { Caller } from '../../core/caller.js';
import { AppError } from '../../core/errors.js';
import type { MetaTxn } from '../../store/meta/meta.js';
import { Repository, type StoredRecord } from '../../store/meta/repository.js';
import type { ServiceDeps } from '../deps.js';
import { actingUser } from './filter-owner.js';
import { decodeFilterData, parseFilterInput, toViewFilter, type FilterData, type ViewFilter } from './filter-record.js';

/** The filters: a repository (ids shared by all networks, never handed out twice). */
const NS_FILTERS = 'viewFilters';
/**
 * The live (not deleted) filters of each network by owner and name: key [networkId, user, name],
 * value the filter's id. It keeps a user's names unique in a network and lists a network's filters
 * without reading the others'.
 */
const NS_NAMES = 'viewFilterNames';

/**
 * View filters (docs/api.md "View filters"): named SvcQL matching expressions per network
 * and user, private when made, shared and unshared by their owner. Who acts is `actingUser` of the
 * caller and the call's `user` parameter.
 *
 * - A user's filter names are unique in a network (another user may use the same name); a name is
 *   free again once its filter is deleted.
 * - Delete is soft: the record stays with `deleted: true` (its id is never reused) and leaves the
 *   name index, so it is in no list and every later call on it is UNKNOWN_FILTER.
 * - Delete, share and unshare are the owner's only. Sharing a shared filter and unsharing a private
 *   one are refused (FILTER_REFUSED), as sharing has no such transition; the state is unchanged.
 * - Every change is one metadata transaction that checks and writes together, so concurrent calls
 *   on one filter apply one after another and none is lost.
 */
export class FilterService {
  private readonly repo: Repository<FilterData>;

  constructor(private readonly deps: ServiceDeps) {
    this.repo = new Repository<FilterData>(deps.meta, NS_FILTERS, { decode: decodeFilterData, noun: 'filter', notFound: 'UNKNOWN_FILTER' });
  }

  /** The acting user's filters of the network and every shared one, in id order. */
  list(networkId: number, caller: Caller, userParam: string | null): ViewFilter[] {
    const user = actingUser(caller, userParam);
    const out: ViewFilter[] = [];
    for (const { value: id } of this.deps.meta.range<number>(NS_NAMES, { start: [networkId], end: [networkId + 1] })) {
      const rec = this.repo.get(id);
      if (rec && (rec.data.user === user || rec.data.shared)) out.push(toViewFilter(rec.id, rec.data));
    }
    return out.sort((a, b) => a.id - b.id);
  }

  /** Creates a private filter of the acting user from a creation body (`parseFilterInput`); CONFLICT when the user has that name already. */
  async create(networkId: number, caller: Caller, userParam: string | null, body: unknown): Promise<ViewFilter> {
    const user = actingUser(caller, userParam);
    const input = parseFilterInput(body);
    const nowMs = this.deps.clock.nowMs();
    const rec = await this.deps.meta.transaction((tx) => {
      const nameKey = [networkId, user, input.name];
      const taken = tx.get<number>(NS_NAMES, nameKey);
      if (taken !== undefined) {
        throw new AppError('CONFLICT', `user '${user}' already has a filter named '${input.name}' in network ${networkId} (filter ${taken})`);
      }
      const made = this.repo.within(tx).create({
        networkId, user, ...input, shared: false, deleted: false, createdAtMs: nowMs, updatedAtMs: nowMs,
      });
      tx.put(NS_NAMES, nameKey, made.id);
      return made;
    });
    return toViewFilter(rec.id, rec.data);
  }

  /** Marks the acting user's filter deleted and frees its name. */
  async remove(networkId: number, caller: Caller, userParam: string | null, id: number): Promise<void> {
    const user = actingUser(caller, userParam);
    const nowMs = this.deps.clock.nowMs();
    await this.deps.meta.transaction((tx) => {
      const rec = this.owned(tx, networkId, id, user, 'delete');
      this.repo.within(tx).put(id, { ...rec.data, deleted: true, updatedAtMs: nowMs });
      tx.remove(NS_NAMES, [networkId, rec.data.user, rec.data.name]);
    });
  }

  /** Shares (`shared` true) or unshares the acting user's filter (docs/api.md "View filters", Sharing). */
  async setShared(networkId: number, caller: Caller, userParam: string | null, id: number, shared: boolean): Promise<void> {
    const user = actingUser(caller, userParam);
    const verb = shared ? 'share' : 'unshare';
    const nowMs = this.deps.clock.nowMs();
    await this.deps.meta.transaction((tx) => {
      const rec = this.owned(tx, networkId, id, user, verb);
      if (rec.data.shared === shared) throw new AppError('FILTER_REFUSED', `filter ${id} is already ${shared ? 'shared' : 'private'}`);
      this.repo.within(tx).put(id, { ...rec.data, shared, updatedAtMs: nowMs });
    });
  }

  /** The live filter `id` of the network, owned by `user`; else UNKNOWN_FILTER or FILTER_REFUSED. */
  private owned(tx: MetaTxn, networkId: number, id: number, user: string, verb: string): StoredRecord<FilterData> {
    const rec = this.repo.within(tx).get(id);
    if (!rec || rec.data.networkId !== networkId) throw new AppError('UNKNOWN_FILTER', `no filter ${id} in network ${networkId}`);
    if (rec.data.deleted) throw new AppError('UNKNOWN_FILTER', `filter ${id} of network ${networkId} was deleted`);
    if (rec.data.user !== user) throw new AppError('FILTER_REFUSED', `filter ${id} is not owned by '${user}': only its owner may ${verb} it`);
    return rec;
  }
}
