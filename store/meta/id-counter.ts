import type { MetaTxn } from './meta.js';

/** The last id handed out in each namespace that allocates ids: key the namespace, value the id. */
const NS_ID_COUNTERS = 'idCounters';

/** Allocates the next id of `ns` (1, 2, …) in the caller's transaction; an id is never handed out twice. */
export function takeNextId(tx: MetaTxn, ns: string): number {
  const id = (tx.get<number>(NS_ID_COUNTERS, ns) ?? 0) + 1;
  tx.put(NS_ID_COUNTERS, ns, id);
  return id;
}

/** Makes sure `takeNextId` hands out only ids above `id` (used when a record is put at an id of its own). */
export function raiseIdCounter(tx: MetaTxn, ns: string, id: number): void {
  if ((tx.get<number>(NS_ID_COUNTERS, ns) ?? 0) < id) tx.put(NS_ID_COUNTERS, ns, id);
}
