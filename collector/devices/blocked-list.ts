import { parseCidr, cidrContains, type Cidr } from '../../core/cidr.js';
import { AppError } from '../../core/errors.js';
import type { BlockedAddress, BlockedAdd } from '../../core/ports/devices.js';
import type { MetaStore } from '../../store/meta/meta.js';

const NS_BLOCKED = 'blockedAddresses';
const NS_COUNTERS = 'counters';
const COUNTER = 'blockedId';

/**
 * The addresses and ranges a network never probes: the config's (networks[].blocked, read-only, ids
 * kept across restarts by address) and the API's, persisted at `blockedAddresses` [networkId, id]
 * with ids from the `counters` 'blockedId' (shared by all networks).
 */
export class BlockedList {
  private list: { readonly entry: BlockedAddress; readonly cidr: Cidr }[] = [];

  private constructor(private readonly meta: MetaStore, readonly networkId: number) {}

  /** Loads the API entries and brings the config's in line with `configured` (new ones get ids; gone ones leave). */
  static async open(meta: MetaStore, networkId: number, configured: readonly string[], nowMs: number): Promise<BlockedList> {
    const b = new BlockedList(meta, networkId);
    const stored: BlockedAddress[] = [];
    for (const { value } of meta.range<BlockedAddress>(NS_BLOCKED, { start: [networkId], end: [networkId + 1] })) stored.push(value);
    const want = new Set(configured);
    const keep = stored.filter((e) => e.origin === 'api' || want.has(e.address));
    const gone = stored.filter((e) => !keep.includes(e));
    const have = new Set(keep.filter((e) => e.origin === 'config').map((e) => e.address));
    const missing = configured.filter((a) => !have.has(a));
    if (gone.length > 0 || missing.length > 0) {
      const made = await meta.transaction((tx) => {
        for (const e of gone) tx.remove(NS_BLOCKED, [networkId, e.id]);
        let next = tx.get<number>(NS_COUNTERS, COUNTER) ?? 0;
        const out: BlockedAddress[] = missing.map((address) => ({ id: ++next, address, comment: 'networks[].blocked', createdAtMs: nowMs, user: 'config', origin: 'config' as const }));
        for (const e of out) tx.put(NS_BLOCKED, [networkId, e.id], e);
        tx.put(NS_COUNTERS, COUNTER, next);
        return out;
      });
      keep.push(...made);
    }
    b.list = keep.sort((x, y) => x.id - y.id).map((entry) => ({ entry, cidr: parseCidr(entry.address)! })).filter((x) => x.cidr);
    return b;
  }

  all(): readonly BlockedAddress[] { return this.list.map((x) => x.entry); }

  /** The entry that blocks `address` (an IP address), or undefined. */
  blocking(address: string): BlockedAddress | undefined {
    return this.list.find((x) => cidrContains(x.cidr, address))?.entry;
  }

  isBlocked(address: string): boolean { return this.blocking(address) !== undefined; }

  async add(b: BlockedAdd, user: string, nowMs: number): Promise<BlockedAddress> {
    const cidr = checked(b.address);
    const net = this.networkId;
    const entry = await this.meta.transaction((tx) => {
      const id = (tx.get<number>(NS_COUNTERS, COUNTER) ?? 0) + 1;
      tx.put(NS_COUNTERS, COUNTER, id);
      const e: BlockedAddress = { id, address: b.address, comment: b.comment ?? '', createdAtMs: nowMs, user, origin: 'api' };
      tx.put(NS_BLOCKED, [net, id], e);
      return e;
    });
    this.list.push({ entry, cidr });
    return entry;
  }

  async update(id: number, b: BlockedAdd): Promise<BlockedAddress> {
    const at = this.list.findIndex((x) => x.entry.id === id);
    if (at < 0) throw new AppError('UNKNOWN_BLOCK', `network ${this.networkId} has no blocked address ${id}`);
    const old = this.list[at]!.entry;
    if (old.origin === 'config') throw new AppError('READ_ONLY', `blocked address ${id} (${old.address}) comes from networks[].blocked of the config: change the config instead`);
    const cidr = checked(b.address);
    const entry: BlockedAddress = { ...old, address: b.address, comment: b.comment ?? old.comment };
    await this.meta.put(NS_BLOCKED, [this.networkId, id], entry);
    this.list[at] = { entry, cidr };
    return entry;
  }

  /** Removes API entries; config entries and unknown ids are reported as unknown and READ_ONLY respectively. */
  async remove(ids: readonly number[]): Promise<{ removed: number[]; unknown: number[] }> {
    const removed: number[] = [], unknown: number[] = [];
    for (const id of ids) {
      const e = this.list.find((x) => x.entry.id === id)?.entry;
      if (!e) unknown.push(id);
      else if (e.origin === 'config') throw new AppError('READ_ONLY', `blocked address ${id} (${e.address}) comes from networks[].blocked of the config: change the config instead`);
      else if (!removed.includes(id)) removed.push(id);
    }
    const net = this.networkId;
    if (removed.length > 0) await this.meta.transaction((tx) => { for (const id of removed) tx.remove(NS_BLOCKED, [net, id]); });
    this.list = this.list.filter((x) => !removed.includes(x.entry.id));
    return { removed, unknown };
  }
}

function checked(address: unknown): Cidr {
  const c = typeof address === 'string' ? parseCidr(address) : null;
  if (!c) throw new AppError('BAD_PARAMETER', `blocked address ${JSON.stringify(address)} is neither an IP address nor a CIDR range like 10.0.0.0/24`);
  return c;
}
