/**
 * `mode: collector` (docs/scale-out.md): the server polls as it does standalone and every grid step
 * it writes also goes, as batches, to the NATS server at its site (remote/points-publisher.ts). Each
 * slot's definition (what it holds, by device identity, variable and component: the collector's
 * `slotKeys`) is sent with the first points of the slot, again when it changes (checked every
 * minute) and all of them again every hour (a central that starts late finds them in the stream's
 * newer batches). app.ts loads this file only in that mode.
 */
import type { Logger } from '../core/logger.js';
import type { ComponentHealth, RemoteStatus } from '../core/ports/networks.js';
import type { RemoteConfig } from '../core/config-remote.js';
import type { SeriesStore } from '../store/series/series.js';
import { connectJetStream } from './nats-jetstream.js';
import { PointsPublisher } from './points-publisher.js';
import { encodeInventory, type InventoryDevice } from './inventory-codec.js';
import { encodeStates, type ReportedPollState } from './states-codec.js';
import type { BatchTransport } from '../core/ports/transport.js';
import { CollectorAssignment } from './collector-assignment.js';
import { lazyBucket, lazyTransport } from './lazy-transport.js';
import { CONFIG_BUCKET, followConfig } from './config-distribution.js';
import type { DistributedConfig } from '../core/config-distributed.js';

type StepSink = Pick<SeriesStore, 'appendStep' | 'reserveSlots'>;

export interface CollectorRoleOptions {
  readonly remote: RemoteConfig;
  /** What each slot of a network holds (collector/monitor.ts `slotKeys`). */
  readonly slotKeys: (networkId: number) => ReadonlyMap<number, string>;
  readonly nowMs: () => number;
  readonly logger: Logger;
  /** The networks' poll intervals at start: a heartbeat TTL too long for them is logged. */
  readonly pollIntervalsMs: readonly number[];
  /** Called with the ids of a network's devices this collector polls, each time they change (Monitor.setPolledDevices). */
  readonly onPolled: (networkId: number, deviceIds: ReadonlySet<number>) => void;
  /** `remote.configFrom: central`: each new configuration from the central (its value's revision), applied one at a time. */
  readonly onConfig?: (part: DistributedConfig, revision: number) => Promise<void>;
}

export interface CollectorRole {
  /** The network's steps into `local` (this server's store) and to the central. */
  stepsFor(networkId: number, local: StepSink): StepSink;
  /** A network's live devices, each with its identity: published (in parts) for the central. */
  devicesAdopted(networkId: number, devices: readonly InventoryDevice[]): void;
  /**
   * A network's failing devices after a poll cycle (by identity): published for the central when
   * they changed, else at most every STATES_EVERY_MS; one lost is replaced by the next.
   */
  pollStates(networkId: number, cycleStartMs: number, failing: readonly ReportedPollState[]): void;
  /** The collector of the site that polls a device (null: no live collector has it). */
  polledBy(networkId: number, deviceId: number): string | null;
  /** The subject this collector publishes its points on (its inventories: `netmon.inventory.…`). */
  readonly subject: string;
  status(): RemoteStatus;
  /** The healthcheck's `remote` component (see `health` in startCollectorRole). */
  health(): ComponentHealth;
  /** Publishes what is gathered (waiting up to `waitMs`), then closes the connection. */
  close(waitMs?: number): Promise<void>;
}

/** Points held in memory while the site's server does not take them (~60 MB of batches). */
const MAX_BUFFERED_POINTS = 5_000_000;
const RECHECK_MS = 60_000;
/** Poll states that did not change go to the central at most this often. */
const STATES_EVERY_MS = 30_000;
const RESEND_ALL_MS = 3_600_000;

export async function startCollectorRole(opts: CollectorRoleOptions): Promise<CollectorRole> {
  const r = opts.remote;
  let closing = false;
  // The connection is made in the background: a collector whose site's server is away starts,
  // polls and answers its API all the same (its batches wait in memory meanwhile).
  const transport = lazyTransport(connectJetStream({
    servers: r.servers, name: `netmon-collector-${r.site}-${r.collector}`, publishTimeoutMs: r.publishTimeoutMs, logger: opts.logger,
    ...(r.user !== null ? { user: r.user, pass: r.password ?? '' } : {}),
  }));
  transport.ensureStream({ name: r.stream, subjects: [`netmon.*.${r.site}.>`], maxAgeMs: r.maxAgeMs, maxBytes: r.maxBytes, duplicateWindowMs: 120_000 })
    .catch((e: Error) => { if (!closing) opts.logger.error('the site\'s stream is not made: publishes fail until it is', { stream: r.stream, error: e.message }); });
  const subject = `netmon.points.${r.site}.${r.collector}`;
  const publisher = new PointsPublisher({ transport, subject, collector: r.collector, nowMs: opts.nowMs, logger: opts.logger, maxBufferedPoints: MAX_BUFFERED_POINTS });
  /**
   * The healthcheck's `remote` component: ok while the site's server takes the batches; degraded
   * while it is not reachable (the batches wait in memory); failing once that memory is nearly full.
   */
  const health = (): ComponentHealth => {
    const st = publisher.status();
    const live = assignment.collectors().filter((c) => c.live).map((c) => c.collector).join(', ');
    const sent = `${st.points} points in ${st.batches} batches to ${subject}; ${st.bufferedPoints} waiting, ${st.droppedPoints} dropped; `
      + `polling ${assignment.polledCount()} devices; collectors live at the site: ${live || 'none known yet'}`;
    if (st.bufferedPoints >= 0.9 * MAX_BUFFERED_POINTS) return { healthy: false, status: 'failing', detail: `the site's server does not take the batches (${st.lastError || 'no answer'}): ${sent}` };
    if (!transport.connected()) return { healthy: true, status: 'degraded', detail: `not connected to ${r.servers.join(', ')}: ${sent}` };
    return { healthy: true, status: 'ok', detail: sent };
  };
  // The site's collectors share its devices (heartbeats in the site's bucket; collector-assignment.ts).
  const assignment = new CollectorAssignment({
    kv: lazyBucket(transport.kv({ name: `netmon-collectors-${r.site}`, maxAgeMs: r.heartbeatTtlMs })),
    self: r.collector, ttlMs: r.heartbeatTtlMs, nowMs: opts.nowMs, logger: opts.logger, onPolled: opts.onPolled,
    figures: () => ({ health: health().status ?? 'ok', lagMs: publisher.lagMs(), bufferedBytes: publisher.status().bufferedBytes }),
  });
  assignment.start().catch((e: Error) => { if (!closing) opts.logger.error('device assignment not started: this collector polls nothing', { error: e.message }); });
  // `configFrom: central`: the central's networks and variables (config-distribution.ts).
  const configWatch = r.configFrom === 'central' && opts.onConfig
    ? followConfig(transport.openKv(CONFIG_BUCKET), opts.onConfig, opts.logger) : null;
  /** Per network: which slots have their definition given to the publisher. */
  const defined = new Map<number, DefinedSlots>();

  const recheck = setInterval(() => {
    for (const [networkId, slots] of defined) {
      const keys = opts.slotKeys(networkId);
      slots.forEach((slot) => { const key = keys.get(slot); if (key !== undefined) publisher.define(networkId, slot, key); });
    }
  }, RECHECK_MS);
  const site = assignment;
  const shortest = Math.min(...opts.pollIntervalsMs);
  if (r.heartbeatTtlMs * 1.125 >= shortest) {
    opts.logger.warn('remote.heartbeatTtl is too long for the shortest poll interval: a dead collector\'s devices may miss more than one grid step', {
      heartbeatTtlMs: r.heartbeatTtlMs, shortestPollIntervalMs: shortest, wanted: `below ${Math.floor(shortest / 1.125)} ms`,
    });
  }
  const inventories = new InventorySender(transport, `netmon.inventory.${r.site}.${r.collector}`, r.collector, opts);
  const states = new StatesSender(transport, `netmon.states.${r.site}.${r.collector}`, r.collector, opts);
  const resendAll = setInterval(() => { publisher.defineAllAgain(); inventories.sendAllAgain(); }, RESEND_ALL_MS);
  recheck.unref();
  resendAll.unref();
  opts.logger.info('collector: publishing grid steps to the site', { servers: r.servers.join(','), subject, stream: r.stream });

  return {
    subject,
    devicesAdopted(networkId, devices) {
      inventories.send(networkId, devices.map(withoutSecrets));
      site.devices(networkId, devices.map((d) => ({ identity: d.identity, id: d.device.id })));
    },
    pollStates: (networkId, cycleStartMs, failing) => states.send(networkId, cycleStartMs, failing),
    polledBy: (networkId, deviceId) => site.polledBy(networkId, deviceId),
    stepsFor(networkId, local) {
      const slots = new DefinedSlots();
      defined.set(networkId, slots);
      return {
        appendStep(gridTsMs, stepSlots, values, count = stepSlots.length) {
          local.appendStep(gridTsMs, stepSlots, values, count);
          let keys: ReadonlyMap<number, string> | undefined;
          for (let i = 0; i < count; i++) {
            const slot = stepSlots[i]!;
            if (slots.has(slot)) continue;
            keys ??= opts.slotKeys(networkId);
            const key = keys.get(slot);
            if (key === undefined) continue;
            publisher.define(networkId, slot, key);
            slots.add(slot);
          }
          publisher.appendStep(networkId, gridTsMs, stepSlots, values, count);
        },
        reserveSlots: (n) => local.reserveSlots?.(n),
      };
    },
    status: () => {
      const st = publisher.status();
      return {
        connected: transport.connected(), points: st.points, batches: st.batches, bufferedPoints: st.bufferedPoints, droppedPoints: st.droppedPoints, retries: st.retries, duplicates: st.duplicates,
        bufferedBytes: st.bufferedBytes, lagMs: publisher.lagMs(), polledDevices: site.polledCount(),
        collectors: site.collectors().map((c) => ({ collector: c.collector, live: c.live, ageMs: c.ageMs, health: c.health, lagMs: c.lagMs, bufferedBytes: c.bufferedBytes, polled: c.polled, networks: c.networks })),
      };
    },
    health,
    async close(waitMs = 10_000) {
      closing = true;
      // Never connected (the site's server away since the start): nothing waits for it any more.
      transport.abandonIfConnecting();
      clearInterval(recheck);
      clearInterval(resendAll);
      await configWatch?.stop();
      await site.close();
      await Promise.all([publisher.close(waitMs), inventories.close(waitMs)]);
      await transport.close();
    },
  };
}

/** A device as its inventory carries it: how it is polled, without the community (the central polls nothing). */
function withoutSecrets(d: InventoryDevice): InventoryDevice {
  return d.device.poll.community === '' ? d : { ...d, device: { ...d.device, poll: { ...d.device.poll, community: '' } } };
}

/** A set of small non-negative integers (slots), as a bitmap: one lookup a point. */
class DefinedSlots {
  private bits = new Uint8Array(1024);

  has(slot: number): boolean {
    return slot >= 0 && slot >> 3 < this.bits.length && (this.bits[slot >> 3]! & (1 << (slot & 7))) !== 0;
  }

  add(slot: number): void {
    if (slot < 0) return;
    if (slot >> 3 >= this.bits.length) {
      const grown = new Uint8Array(Math.max((slot >> 3) + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[slot >> 3]! |= 1 << (slot & 7);
  }

  forEach(fn: (slot: number) => void): void {
    this.bits.forEach((byte, i) => { for (let b = 0; b < 8; b++) if (byte & (1 << b)) fn(i * 8 + b); });
  }
}

/** A part of an inventory is at most this (a NATS message is at most 1 MiB by default). */
const INVENTORY_PART_BYTES = 512 * 1024;

/**
 * Publishes each network's newest inventory, one after the other, each part tried again (same
 * message id) until the engine stores it; a newer inventory of a network replaces one that waits.
 */
class InventorySender {
  private readonly boot: number;
  private seq = 0;
  private readonly waiting = new Map<number, readonly InventoryDevice[]>();
  private readonly last = new Map<number, readonly InventoryDevice[]>();
  private sending: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly transport: Pick<BatchTransport, 'publish'>, private readonly subject: string, private readonly collector: string,
    private readonly opts: Pick<CollectorRoleOptions, 'nowMs' | 'logger'>,
  ) {
    this.boot = opts.nowMs();
  }

  send(networkId: number, devices: readonly InventoryDevice[]): void {
    this.last.set(networkId, devices);
    this.waiting.set(networkId, devices);
    this.sending ??= this.run().finally(() => { this.sending = null; });
  }

  sendAllAgain(): void {
    for (const [networkId, devices] of this.last) this.send(networkId, devices);
  }

  async close(waitMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.sending ?? Promise.resolve(), new Promise<void>((r) => { timer = setTimeout(r, waitMs); })]);
    clearTimeout(timer);
    this.closed = true;
  }

  private async run(): Promise<void> {
    while (!this.closed && this.waiting.size > 0) {
      const [networkId, devices] = this.waiting.entries().next().value as [number, readonly InventoryDevice[]];
      this.waiting.delete(networkId);
      const parts = encodeInventory({ collector: this.collector, boot: this.boot, seq: ++this.seq, networkId, sentAtMs: this.opts.nowMs() }, devices, INVENTORY_PART_BYTES);
      for (const part of parts) {
        if (!(await this.publish(networkId, part))) break;
      }
    }
  }

  /** One part, tried again until stored; false when a newer inventory of the network replaced it or the sender closed. */
  private async publish(networkId: number, part: { id: string; data: Uint8Array }): Promise<boolean> {
    for (let attempt = 0; !this.closed; attempt++) {
      if (this.waiting.has(networkId)) return false;
      try {
        await this.transport.publish(this.subject, part.data, part.id);
        return true;
      } catch (e) {
        if (attempt === 0) this.opts.logger.warn('inventory publish to the engine failed: trying again', { network: networkId, part: part.id, error: (e as Error).message });
        await new Promise((r) => setTimeout(r, Math.min(5_000, 100 * 2 ** Math.min(attempt, 10))));
      }
    }
    return false;
  }
}

/**
 * Publishes a network's poll states after its cycles: at once when the failing devices or their
 * reasons changed since the last one stored, else at most every STATES_EVERY_MS. A publish that
 * fails is not tried again: the next cycle's states replace it (and go, since nothing was stored).
 */
class StatesSender {
  private readonly boot: number;
  private seq = 0;
  /** Per network: what the last stored message said (failing identities and reasons), and when. */
  private readonly last = new Map<number, { said: string; atMs: number }>();
  private readonly inFlight = new Set<number>();

  constructor(
    private readonly transport: Pick<BatchTransport, 'publish'>, private readonly subject: string, private readonly collector: string,
    private readonly opts: Pick<CollectorRoleOptions, 'nowMs' | 'logger'>,
  ) {
    this.boot = opts.nowMs();
  }

  send(networkId: number, cycleStartMs: number, failing: readonly ReportedPollState[]): void {
    if (this.inFlight.has(networkId)) return;
    const said = failing.map((f) => `${f.identity}\0${f.reason}`).join('\n');
    const now = this.opts.nowMs();
    const last = this.last.get(networkId);
    if (last && last.said === said && now - last.atMs < STATES_EVERY_MS) return;
    const msg = encodeStates({ collector: this.collector, boot: this.boot, seq: ++this.seq, networkId, sentAtMs: now, cycleStartMs, failing });
    this.inFlight.add(networkId);
    this.transport.publish(this.subject, msg.data, msg.id).then(
      () => { this.last.set(networkId, { said, atMs: now }); },
      (e: unknown) => { this.opts.logger.debug('poll states not published: the next cycle\'s go', { network: networkId, error: (e as Error).message }); },
    ).finally(() => this.inFlight.delete(networkId));
  }
}
