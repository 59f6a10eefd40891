/**
 * Which devices this collector polls, among the live collectors of its site (docs/scale-out.md
 * "Device assignment"). Each collector writes a heartbeat into the site's key-value bucket
 * (`netmon-collectors-<site>`, key = its name, values dropped by the engine after the TTL) every
 * TTL/4, saying which networks it has devices of and its figures (health, lag, buffered bytes, devices
 * polled). Every collector watches the bucket; a collector is live while its newest heartbeat is
 * younger than the TTL (the engine drops an old value without telling watchers, so each reader ages
 * entries itself, on the engine's clock: see `offsetMs`) and gone at once when it deleted its key (a
 * clean stop). A network's devices go by rendezvous hashing of their identities (remote/rendezvous.ts)
 * over the collectors live for that network: all compute the same owners without talking to one
 * another, a dead collector's devices go to the others, and come back to it when it is back.
 *
 * Until the watch has read the bucket's entries at start, the collector polls nothing (it would not
 * know whom it doubles); a collector is live for a network only once it has the network's devices
 * (it polls from then on), so a collector that is still discovering takes nothing from the others.
 */
import type { KvBucket, KvEntry, KvWatch } from '../core/ports/transport.js';
import type { Logger } from '../core/logger.js';
import { owners } from './rendezvous.js';

/** What a collector says of itself in its heartbeat (JSON). */
export interface Heartbeat {
  readonly collector: string;
  /** Per network id, how many devices the collector has of it (present once it has them). */
  readonly networks: Readonly<Record<string, number>>;
  /** Devices it polls, all networks together. */
  readonly polled: number;
  readonly health: string;
  /** How long its oldest unstored batch has waited for the site's engine (ms). */
  readonly lagMs: number;
  readonly bufferedBytes: number;
  readonly sentAtMs: number;
}

/** One collector as the status shows it. */
export interface CollectorSeen extends Heartbeat {
  /** How old its newest heartbeat is (ms), on the engine's clock. */
  readonly ageMs: number;
  readonly live: boolean;
}

export interface AssignmentOptions {
  readonly kv: KvBucket;
  readonly self: string;
  /** A collector whose heartbeat is older than this is gone. */
  readonly ttlMs: number;
  readonly nowMs: () => number;
  readonly logger: Logger;
  /** This collector's figures for its heartbeat. */
  readonly figures: () => Pick<Heartbeat, 'health' | 'lagMs' | 'bufferedBytes'>;
  /** Called with the ids of a network's devices this collector polls, each time they change. */
  readonly onPolled: (networkId: number, deviceIds: ReadonlySet<number>) => void;
}

interface NetworkDevices {
  readonly identities: readonly string[];
  readonly ids: readonly number[];
  /** Device id → its index in `ids`. */
  readonly index: ReadonlyMap<number, number>;
  /** The owner of each device (by index), from the last computation. */
  owner: readonly string[];
  polled: ReadonlySet<number> | null;
}

interface Peer { beat: Heartbeat; storedAtMs: number }

export class CollectorAssignment {
  private readonly peers = new Map<string, Peer>();
  private readonly networks = new Map<number, NetworkDevices>();
  /** Local clock − the engine's, from our own heartbeats (sent at, stored at): ages are on the engine's clock. */
  private offsetMs = 0;
  private lastPut = { revision: -1, sentAtMs: 0 };
  /** Heartbeats not stored in a row. */
  private failedBeats = 0;
  private watch: KvWatch | null = null;
  private ready = false;
  private timers: NodeJS.Timeout[] = [];
  private closed = false;
  /** The live set each network was last computed from (a change recomputes it). */
  private lastLive = new Map<number, string>();

  constructor(private readonly opts: AssignmentOptions) {}

  /** Writes the first heartbeat and reads the bucket; resolves once this collector knows who is live. */
  async start(): Promise<void> {
    await this.beat();
    if (this.closed) return;
    this.watch = this.opts.kv.watch((e) => this.seen(e));
    await this.watch.ready;
    if (this.closed) return;
    this.ready = true;
    const every = (ms: number, fn: () => void) => { const t = setInterval(fn, ms); t.unref(); this.timers.push(t); };
    every(Math.max(50, Math.floor(this.opts.ttlMs / 4)), () => { void this.beat(); });
    // Ages are checked more often than heartbeats come: a death is seen within TTL + TTL/8.
    every(Math.max(25, Math.floor(this.opts.ttlMs / 8)), () => this.recompute());
    this.recompute();
  }

  /** A network's devices (each with its identity), each time they are planned again. */
  devices(networkId: number, devices: readonly { readonly identity: string; readonly id: number }[]): void {
    const prev = this.networks.get(networkId);
    this.networks.set(networkId, { identities: devices.map((d) => d.identity), ids: devices.map((d) => d.id), index: new Map(devices.map((d, i) => [d.id, i])), owner: [], polled: prev?.polled ?? null });
    this.lastLive.delete(networkId);
    void this.beat();
    this.recompute();
  }

  /** The collector polling the device of this network with this identity (null: none live has it). */
  polledBy(networkId: number, deviceId: number): string | null {
    const n = this.networks.get(networkId);
    const i = n?.index.get(deviceId);
    return i === undefined ? null : n!.owner[i] || null;
  }

  /** Devices this collector polls, all networks together. */
  polledCount(): number {
    let sum = 0;
    for (const n of this.networks.values()) sum += n.polled?.size ?? 0;
    return sum;
  }

  /** Every collector of the bucket (this one too), live or not yet aged out, by name. */
  collectors(): CollectorSeen[] {
    const now = this.opts.nowMs();
    return [...this.peers.values()].map((p) => {
      const ageMs = Math.max(0, now - (p.storedAtMs + this.offsetMs));
      return { ...p.beat, ageMs, live: p.beat.collector === this.opts.self || ageMs < this.opts.ttlMs };
    }).sort((a, b) => a.collector.localeCompare(b.collector));
  }

  /** Stops the heartbeats and deletes this collector's key: the others take its devices at once. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    await this.watch?.stop();
    await this.opts.kv.delete(this.opts.self).catch((e: Error) => this.opts.logger.warn('heartbeat key not deleted: the others take over after its TTL', { error: e.message }));
  }

  private async beat(): Promise<void> {
    if (this.closed) return;
    const networks: Record<string, number> = {};
    for (const [id, n] of this.networks) if (n.ids.length > 0) networks[id] = n.ids.length;
    const beat: Heartbeat = { collector: this.opts.self, networks, polled: this.polledCount(), ...this.opts.figures(), sentAtMs: this.opts.nowMs() };
    try {
      const sentAtMs = this.opts.nowMs();
      const revision = await this.opts.kv.put(this.opts.self, new TextEncoder().encode(JSON.stringify(beat)));
      this.lastPut = { revision, sentAtMs };
      if (this.failedBeats > 0) this.opts.logger.info('heartbeats stored again', { failed: this.failedBeats });
      this.failedBeats = 0;
    } catch (e) {
      // Logged once a run of failures (the transport logs the connection's own losses).
      if (this.failedBeats++ === 0) this.opts.logger.warn('heartbeat not stored: the other collectors will take this one\'s devices after the TTL', { error: (e as Error).message });
    }
  }

  private seen(e: KvEntry): void {
    if (e.op === 'delete') {
      if (e.key !== this.opts.self) this.peers.delete(e.key);
      this.recompute();
      return;
    }
    let beat: Heartbeat;
    try {
      beat = JSON.parse(new TextDecoder().decode(e.value)) as Heartbeat;
      if (typeof beat.networks !== 'object' || beat.networks === null) throw new Error('no networks');
    } catch {
      this.opts.logger.warn('a heartbeat that does not read is ignored', { key: e.key });
      return;
    }
    // Our own heartbeat says how far the engine's clock is from ours (up to the publish's round trip).
    if (e.key === this.opts.self && e.revision === this.lastPut.revision) this.offsetMs = this.lastPut.sentAtMs - e.storedAtMs;
    this.peers.set(e.key, { beat: { ...beat, collector: e.key }, storedAtMs: e.storedAtMs });
    this.recompute();
  }

  /** The collectors live for a network, this one included once it has the network's devices; sorted. */
  private liveFor(networkId: number, live: readonly CollectorSeen[]): string[] {
    const key = String(networkId);
    const names = live.filter((c) => c.collector !== this.opts.self && c.live && (c.networks[key] ?? 0) > 0).map((c) => c.collector);
    if ((this.networks.get(networkId)?.ids.length ?? 0) > 0) names.push(this.opts.self);
    return names.sort();
  }

  private recompute(): void {
    if (!this.ready || this.closed) return;
    const seen = this.collectors();
    for (const [networkId, n] of this.networks) {
      const live = this.liveFor(networkId, seen);
      const signature = live.join(',');
      if (this.lastLive.get(networkId) === signature && n.polled !== null) continue;
      this.lastLive.set(networkId, signature);
      const own = owners(n.identities, live);
      n.owner = Array.from(own, (c) => live[c] ?? '');
      const polled = new Set<number>();
      own.forEach((c, i) => { if (live[c] === this.opts.self) polled.add(n.ids[i]!); });
      const before = n.polled?.size ?? 0;
      n.polled = polled;
      this.opts.logger.info('devices assigned', { network: networkId, live: signature, devices: n.ids.length, polled: polled.size, before });
      this.opts.onPolled(networkId, polled);
    }
  }
}
