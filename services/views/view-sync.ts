import type { Config, ViewConfig } from '../../core/config-schema.js';
import { AppError } from '../../core/errors.js';
import type { MetaKey, MetaStore, MetaTxn } from '../../store/meta/meta.js';
import { checkViewRule } from './view-record.js';
import type { ViewStore } from './view-store.js';

/**
 * The views the server keeps itself: key [networkId, 'system'] (the network's SYSTEM view) or
 * [networkId, 'config', name] (a SCRIPTED view), value the view's id. It keeps their ids stable
 * across restarts and reloads.
 */
const NS_MANAGED = 'mapViewsManaged';

/** The name of every network's SYSTEM view. */
export const WHOLE_NETWORK_VIEW_NAME = 'Whole network';

/**
 * Brings the stored SYSTEM and SCRIPTED views in step with `config`, in one transaction: a SYSTEM
 * view "Whole network" (rules '', shared) for every configured network that has none; a SCRIPTED
 * view (shared, no owner) per entry of `views:`, created, or updated in place when its definition
 * differs (a SCRIPTED view is known by network and name, so its id stays); the SCRIPTED views no
 * longer declared are removed with their coordinates. Resolves with whether anything was written:
 * views already in step open no transaction at all, so a restart on a full disk (writes refused)
 * is not held up by them. A rule that does not parse (a configuration loaded without the rule
 * checker) is VIEW_REFUSED naming its key, and nothing is written.
 */
export async function syncConfiguredViews(store: ViewStore, meta: MetaStore, config: Config, nowMs: number): Promise<boolean> {
  for (const v of config.views) checkConfiguredRules(v);
  const sync = (tx: MetaTxn): void => {
    const views = store.within(tx);
    for (const net of config.networks) {
      if (tx.get<number>(NS_MANAGED, [net.id, 'system']) !== undefined) continue;
      const id = views.insert({
        networkId: net.id, name: WHOLE_NETWORK_VIEW_NAME, devRule: '', linkRule: '', adjacent: false, connecting: false,
        type: 'SYSTEM', owner: '', shared: true, formData: '', origin: 'server', configKey: '',
        createdAtMs: nowMs, updatedAtMs: nowMs, layoutUpdatedAtMs: nowMs,
      });
      tx.put(NS_MANAGED, [net.id, 'system'], id);
    }
    const declared = new Set<string>();
    for (const v of config.views) {
      declared.add(JSON.stringify([v.network, v.name]));
      const key = [v.network, 'config', v.name];
      const id = tx.get<number>(NS_MANAGED, key);
      const cur = id === undefined ? undefined : views.get(id);
      const wanted = {
        name: v.name, devRule: v.devRule, linkRule: v.linkRule, adjacent: v.adjacent, connecting: v.connecting, formData: v.formData,
      };
      if (cur) {
        // A changed definition is an update; a view that only moved in the list keeps its updatedAt.
        const same = (Object.keys(wanted) as (keyof typeof wanted)[]).every((k) => cur.data[k] === wanted[k]);
        if (!same) views.put(cur.id, { ...cur.data, ...wanted, configKey: v.key, updatedAtMs: nowMs });
        else if (cur.data.configKey !== v.key) views.put(cur.id, { ...cur.data, configKey: v.key });
        continue;
      }
      const made = views.insert({
        networkId: v.network, ...wanted, configKey: v.key, type: 'SCRIPTED', owner: '', shared: true, origin: 'config',
        createdAtMs: nowMs, updatedAtMs: nowMs, layoutUpdatedAtMs: nowMs,
      });
      tx.put(NS_MANAGED, key, made);
    }
    const stale: { key: MetaKey; id: number }[] = [];
    for (const { key, value } of meta.range<number>(NS_MANAGED)) {
      const [net, kind, name] = key as [number, string, string];
      if (kind === 'config' && !declared.has(JSON.stringify([net, name]))) stale.push({ key, id: value });
    }
    for (const s of stale) {
      const rec = views.get(s.id);
      if (rec) views.erase(rec);
      tx.remove(NS_MANAGED, s.key);
    }
  };
  if (!writesAnything(meta, sync)) return false;
  await meta.transaction(sync);
  return true;
}

/** Whether `fn` would write: it runs against the store's current data with its writes dropped. */
function writesAnything(meta: MetaStore, fn: (tx: MetaTxn) => void): boolean {
  let writes = 0;
  fn({ get: (ns, key) => meta.get(ns, key), put: () => { writes++; }, remove: () => { writes++; } });
  return writes > 0;
}

function checkConfiguredRules(v: ViewConfig): void {
  for (const [field, table] of [['devRule', 'devices'], ['linkRule', 'interfaces']] as const) {
    try {
      checkViewRule(v[field], table);
    } catch (err) {
      throw new AppError('VIEW_REFUSED', `${v.key}.${field}: not a matching expression over the ${table} table: ${(err as Error).message}`, { cause: err });
    }
  }
}
