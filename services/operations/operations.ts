import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Caller } from '../../core/caller.js';
import type { ReloadPlan } from '../../core/config-reload.js';
import { redactSecrets } from '../../core/config-redact.js';
import { AppError, isAppError } from '../../core/errors.js';
import type { SeriesStore } from '../../store/series/series.js';
import type { AlertNotifier } from '../alert-types.js';
import type { ServiceDeps } from '../deps.js';
import type { DiscoveryService, NetworkService } from '../networks/index.js';
import type { MapService } from '../maps/index.js';
import type { ServerCaches } from './server-caches.js';
import type { ViewService } from '../views/index.js';
import type { WorkGates } from '../work-gates.js';

/**
 * The answer of every action (`/v2/ui/net/:id/actions/…`): `done` when the effect is complete at
 * the answer (HTTP 200), `started` when it runs as a background task (HTTP 202, `taskId` names it
 * in `tasks/:taskid`). An action that cannot run answers the usual error object instead (4xx/5xx
 * with `{status: "error", error}`), and changes nothing.
 */
export interface ActionStatus {
  readonly action: string;
  readonly network: number;
  readonly status: 'done' | 'started';
  readonly message: string;
  readonly taskId?: number;
  readonly details: Readonly<Record<string, unknown>>;
}

/** What only the application can do; app.ts gives them once everything is up (`attach`). */
interface ServerHooks {
  /** app.ts's reloadConfig: throws CONFIG_INVALID or CONFIG_RELOAD_REFUSED and then changes nothing. */
  reloadConfig(): Promise<ReloadPlan>;
  readonly version: string;
  readonly startedAtMs: number;
}

/** Slots per store rollup of expire/variables; the event loop runs between two. */
export const EXPIRE_BATCH_SLOTS = 4096;

/**
 * The slots (of `slots`) without a point in [fromMs, toMs]: one store rollup per batch of
 * EXPIRE_BATCH_SLOTS slots (a rollup reads each hour once for the whole batch, where a `last` per
 * slot would read every hour of the window for each slot without recent points), yielding to the
 * event loop between batches.
 */
export async function slotsWithoutPoints(series: SeriesStore, slots: readonly number[], fromMs: number, toMs: number): Promise<Set<number>> {
  const stale = new Set<number>();
  for (let at = 0; at < slots.length; at += EXPIRE_BATCH_SLOTS) {
    if (at > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const batch = slots.slice(at, at + EXPIRE_BATCH_SLOTS);
    const count = series.rollup(batch, fromMs, toMs).count;
    for (let i = 0; i < batch.length; i++) if (count[i] === 0) stale.add(batch[i]!);
  }
  return stale;
}

/** Dump files kept in `<dataDir>/dumps/`: the newest ones; older ones are removed after each dump. */
export const DUMPS_KEPT = 5;
const DUMP_FILE = /^dump-\d{8}T\d{6}\d{3}Z-net\d+\.json$/;

/**
 * The operations of a network (docs/api.md "Actions and settings") and the effective settings, over the services
 * that do the work; the configuration reload through the hooks app.ts attaches.
 */
export class OperationsService {
  private hooks: ServerHooks | null = null;

  /** Config keys read per call (the settings name the file) through the holder: a reload applies them with the swap (core/config-applier.ts). */
  static readonly configKeys: readonly string[] = ['source'];

  constructor(
    private readonly deps: ServiceDeps,
    private readonly parts: {
      readonly networks: NetworkService; readonly discovery: DiscoveryService; readonly views: ViewService;
      readonly maps: MapService; readonly notifier: AlertNotifier; readonly caches: ServerCaches;
      /** The gate `limits.actions` of the long actions (make/variables, make/maps, expire/variables, dump). */
      readonly gates: WorkGates;
    },
  ) {}

  attach(hooks: ServerHooks): void { this.hooks = hooks; }

  private done(action: string, network: number, message: string, details: Record<string, unknown> = {}): ActionStatus {
    this.deps.logger.info(`action ${action}: ${message}`, { network });
    return { action, network, status: 'done', message, details };
  }

  /**
   * reload/config: the configuration file read, checked and applied without restart. A file that
   * does not load answers BAD_REQUEST (400) with the loader's message; a change only a restart
   * applies answers CONFIG_RELOAD_REFUSED (409) naming the keys. Either way the running one stays.
   */
  async reloadConfig(netId: number): Promise<ActionStatus> {
    this.parts.networks.need(netId);
    if (!this.hooks) throw new AppError('CONFIG_RELOAD_REFUSED', 'this server was started without a configuration loader');
    let plan: ReloadPlan;
    try {
      plan = await this.hooks.reloadConfig();
    } catch (e) {
      if (isAppError(e) && e.code === 'CONFIG_INVALID') {
        throw new AppError('BAD_REQUEST', `configuration not reloaded; the running one stays: ${e.message}`);
      }
      throw e;
    }
    return this.done('reload/config', netId, `configuration reloaded from ${this.deps.config().source}`, {
      source: this.deps.config().source,
      added: plan.added.map((n) => n.id), removed: plan.removed, changed: plan.changed.length, unchanged: plan.unchanged,
    });
  }

  /**
   * rebalance: the network's polls are dispatched longest-first from the next cycle on (slowest
   * last poll first, devices not polled yet before them), so that with polls in flight bounded the
   * long ones are not the cycle's tail; `details` is the collector's PollOrder. NOT_IMPLEMENTED
   * when the collector does not order its polls.
   */
  rebalance(netId: number): ActionStatus {
    this.parts.networks.need(netId);
    const networks = this.deps.collector.networks;
    if (!networks.rebalance) throw new AppError('NOT_IMPLEMENTED', 'this collector does not order its polls');
    const order = networks.rebalance(netId);
    return this.done('rebalance', netId, `poll dispatch re-ordered: ${order.devices} device(s), slowest first (${order.measured} with a measured poll)`, { ...order });
  }

  /** reload/devices: a discovery run of the network (as the discovery start call), as a background task. */
  reloadDevices(netId: number, user: string, key?: string): ActionStatus {
    this.parts.networks.need(netId);
    const r = this.parts.discovery.start(netId, user, key);
    const action = 'reload/devices';
    if (!r.started) {
      return this.done(action, netId, r.message, {
        started: false, generation: r.generation, ...('nextStartAtMs' in r ? { nextStartAtMs: r.nextStartAtMs } : {}),
      });
    }
    const task = this.deps.collector.tasks.list(netId).find((t) => t.kind === 'discovery' && t.title === `discovery generation ${r.generation}`);
    this.deps.logger.info('action reload/devices: discovery started', { network: netId, generation: r.generation });
    return { action, network: netId, status: 'started', message: r.message, ...(task ? { taskId: task.id } : {}), details: { generation: r.generation } };
  }

  /** make/views: the stored SYSTEM and SCRIPTED views brought in step with the configuration. */
  async makeViews(netId: number, caller: Caller): Promise<ActionStatus> {
    this.parts.networks.need(netId);
    await this.parts.views.syncConfig();
    const views = this.parts.views.list(netId, caller, null);
    return this.done('make/views', netId, `views in step with the configuration: ${views.length} view(s)`, { views: views.length });
  }

  /**
   * make/maps: the automatic layout (`layout=auto`) computed again for every view of the network
   * the caller sees, and stored; a view too large for it is listed in `details.skipped` with why.
   */
  async makeMaps(netId: number, caller: Caller, key: string): Promise<ActionStatus> {
    this.parts.networks.need(netId);
    return this.parts.gates.gate('actions').run(key, () => this.layoutAll(netId, caller));
  }

  private async layoutAll(netId: number, caller: Caller): Promise<ActionStatus> {
    const laidOut: number[] = [];
    const skipped: { view: number; reason: string }[] = [];
    for (const v of this.parts.views.list(netId, caller, null)) {
      try {
        await this.parts.maps.layout(netId, v.id, caller, {}, 'auto');
        laidOut.push(v.id);
      } catch (e) {
        if (!isAppError(e) || e.status >= 500) throw e;
        skipped.push({ view: v.id, reason: e.message });
      }
    }
    return this.done('make/maps', netId, `automatic layout of ${laidOut.length} view(s)`, { views: laidOut, skipped });
  }

  /**
   * make/variables: the network's variable catalog and poll plans built again from its live
   * devices, as a background task (`started`, its taskId; the task's result: `{variables}`).
   */
  makeVariables(netId: number, user: string, key: string = user): ActionStatus {
    this.parts.networks.need(netId);
    const catalog = this.deps.collector.catalog;
    if (!catalog.rebuild) throw new AppError('NOT_FOUND', 'this collector cannot rebuild its variable catalog');
    const rebuild = catalog.rebuild.bind(catalog);
    // Admitted by the gate first (a refusal begins nothing); the task is `queued` until a place is free.
    const hand = this.parts.gates.admit('actions', key);
    const task = this.deps.collector.tasks.begin(netId, 'action', 'rebuild the variable catalog and poll plans', user);
    hand(async () => {
      task.start();
      await rebuild(netId).then((variables) => {
        task.complete({ variables });
        this.deps.logger.info('action make/variables: catalog rebuilt', { network: netId, variables });
      }, (e: unknown) => {
        task.fail((e as Error).message);
        this.deps.logger.error('action make/variables failed', { network: netId, error: (e as Error).message });
      });
    });
    return { action: 'make/variables', network: netId, status: 'started', message: 'rebuilding the variable catalog', taskId: task.id, details: {} };
  }

  /**
   * expire/variables?retentionHrs=N: the server-allocated variable instances of the network (alert
   * state, derived variables) with no point in the last N hours leave the catalog; discovered
   * variables are never touched, and the series stay in the store until its retention.
   * `details`: `expired`, `retentionHrs`, `variables` (instances after).
   */
  async expireVariables(netId: number, retentionHrs: number, key = 'anonymous'): Promise<ActionStatus> {
    this.parts.networks.need(netId);
    const catalog = this.deps.collector.catalog;
    if (!catalog.expireAllocated) throw new AppError('NOT_FOUND', 'this collector cannot expire variables');
    return this.parts.gates.gate('actions').run(key, () => this.expire(netId, retentionHrs));
  }

  private async expire(netId: number, retentionHrs: number): Promise<ActionStatus> {
    const catalog = this.deps.collector.catalog;
    if (!catalog.expireAllocated) throw new AppError('NOT_FOUND', 'this collector cannot expire variables');
    const nowMs = this.deps.clock.nowMs();
    const fromMs = nowMs - retentionHrs * 3_600_000;
    const series = this.deps.series;
    const expired = await catalog.expireAllocated(netId, (slots) => slotsWithoutPoints(series, slots, fromMs, nowMs + 1));
    return this.done('expire/variables', netId, `${expired} allocated variable(s) without a point in the last ${retentionHrs} h expired`, {
      expired, retentionHrs, variables: catalog.instanceCount(netId),
    });
  }

  /** alerts/purge/queue: every queued notification dropped (each stream's queue); `details.dropped`. */
  purgeAlertQueue(netId: number): ActionStatus {
    this.parts.networks.need(netId);
    const dropped = this.parts.notifier.purge();
    return this.done('alerts/purge/queue', netId, `${dropped} queued notification(s) dropped`, { dropped });
  }

  /**
   * tsdb/reconnect: the series store writes the points it holds now (after a write failure they
   * wait in memory); answers the store's state after. A store that still refuses answers
   * STORE_WRITE_FAILED (503) naming the reason; the points stay held.
   */
  async tsdbReconnect(netId: number): Promise<ActionStatus> {
    this.parts.networks.need(netId);
    const before = this.deps.series.status?.().unwrittenPoints ?? 0;
    await this.deps.series.flush();
    const store = this.deps.series.status?.() ?? null;
    return this.done('tsdb/reconnect', netId, `series store writable; ${before} held point(s) written`, { written: before, store });
  }

  /** cache/list: every cache of the server with its entries (and bytes when known). */
  cacheList(netId: number): ActionStatus {
    this.parts.networks.need(netId);
    const caches = this.parts.caches.list();
    return { action: 'cache/list', network: netId, status: 'done', message: `${caches.length} cache(s)`, details: { caches } };
  }

  /** cache/clear and cache/refresh: the named cache (`name`) or every one; an unknown name is NOT_FOUND naming the known ones. */
  cacheClear(netId: number, name: string | undefined, refresh: boolean): ActionStatus {
    this.parts.networks.need(netId);
    const chosen = this.parts.caches.select(name);
    if (!chosen) throw new AppError('NOT_FOUND', `no cache named '${name}'; the caches are: ${this.parts.caches.names().join(', ')}`);
    for (const c of chosen) { if (refresh) c.refresh(); else c.clear(); }
    const action = refresh ? 'cache/refresh' : 'cache/clear';
    return this.done(action, netId, `${chosen.length} cache(s) ${refresh ? 'refreshed' : 'cleared'}`, {
      caches: chosen.map((c) => ({ name: c.name, ...c.size() })),
    });
  }

  /**
   * dump: a diagnostic snapshot written to `<dataDir>/dumps/dump-<time>-net<id>.json`: the
   * settings (secrets redacted), every network's discovery and poll status, the network's failing
   * devices, the catalog's size, the health with the store's figures, the caches. The newest
   * DUMPS_KEPT dumps are kept. `details`: file (name), path, bytes. Under the gate `limits.actions`;
   * the file is written without holding the event loop. Dumps are written, never served by the API.
   */
  async dump(netId: number, key = 'anonymous'): Promise<ActionStatus> {
    this.parts.networks.need(netId);
    return this.parts.gates.gate('actions').run(key, () => this.writeDump(netId));
  }

  private async writeDump(netId: number): Promise<ActionStatus> {
    const c = this.deps.collector;
    const nowMs = this.deps.clock.nowMs();
    const snapshot = {
      createdAtMs: nowMs, createdAt: new Date(nowMs).toISOString(), network: netId,
      settings: this.settings(),
      networks: c.networks.list().map((n) => ({
        ...n, discovery: c.networks.discoveryStatus(n.id), poll: c.networks.pollStatus(n.id),
        variables: c.catalog.instanceCount(n.id),
      })),
      failingDevices: c.networks.deviceStates(netId).filter((d) => d.failing),
      health: c.networks.health(),
      caches: this.parts.caches.list(),
    };
    const dir = join(this.deps.config().server.dataDir, 'dumps');
    mkdirSync(dir, { recursive: true });
    const text = JSON.stringify(redactSecrets(snapshot), null, 2) + '\n';
    // One file per dump: a second dump within the same millisecond is named by the next one.
    let at = nowMs, file = '';
    for (;;) {
      file = `dump-${new Date(at++).toISOString().replace(/[-:.]/g, '')}-net${netId}.json`;
      if (existsSync(join(dir, file))) continue;
      try {
        await writeFile(join(dir, file), text, { mode: 0o600, flag: 'wx' });
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
    const old = readdirSync(dir).filter((f) => DUMP_FILE.test(f)).sort();
    for (const f of old.slice(0, Math.max(0, old.length - DUMPS_KEPT))) rmSync(join(dir, f), { force: true });
    return this.done('dump', netId, `diagnostic snapshot written to ${file}`, {
      file, path: join(dir, file), bytes: Buffer.byteLength(text), kept: Math.min(old.length, DUMPS_KEPT),
    });
  }

  /**
   * The effective server-side parameters: the running Config with its defaults applied, secrets
   * redacted (core/config-redact.ts), and facts of the running server.
   */
  settings(): Record<string, unknown> {
    const cfg = this.deps.config();
    return redactSecrets({
      version: this.hooks?.version ?? 'unknown',
      startedAtMs: this.hooks?.startedAtMs ?? null,
      dataDir: cfg.server.dataDir,
      source: cfg.source,
      networks: this.deps.collector.networks.list().map((n) => ({ id: n.id, name: n.name })),
      config: cfg,
    });
  }
}
