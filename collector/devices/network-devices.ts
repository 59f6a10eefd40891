import { notDeviceAddressReason, unmapIPv4 } from '../../core/cidr.js';
import type { ProfileSet } from '../discovery/profiles.js';
import type { OperatorVariables } from '../inventory/operator-vars.js';
import type { DeviceSnmpOverride, NetworkConfig } from '../../core/config-schema.js';
import { DEFAULTS } from '../../core/config-schema.js';
import { AppError } from '../../core/errors.js';
import { isDeviceAddress, isIpAddress } from '../../core/host-name.js';
import type { Logger } from '../../core/logger.js';
import type {
  AgentTest, AgentTestResult, BlockedAdd, BlockedAddress, DeviceAdd, DeviceKey, DevicePatch, DiscoveryQueue, ExternalTags, ManagedDevice, RemoveResult,
} from '../../core/ports/devices.js';
import type { TaskHandle, TaskInfo, TasksPort } from '../../core/ports/tasks.js';
import type { Device, Tag } from '../../core/types.js';
import type { MetaStore } from '../../store/meta/meta.js';
import { probeDevice } from '../discovery/discovery-device.js';
import { DeviceIds } from '../discovery/device-ids.js';
import type { DiscoveryResult, ProbeTarget } from '../discovery/discovery-run.js';
import { cidrContains, parseCidr, type Cidr } from '../../core/cidr.js';
import type { WorkerPool } from '../pool.js';
import { BlockedList } from './blocked-list.js';
import { applyTags, checkTags, type TagMode } from './external-tags.js';
import { DeviceRegistry } from './registry.js';
import { deviceOf, isPlaceholder, placeholderOf, probeAddressOf, type RegistryEntry } from './registry-entry.js';
import {
  declaredOfConfig, declaredOfEntry, mergeReported, mergeRun, syncConfigDevices, type Declared, type RegistryEvent,
} from './registry-rules.js';
import { resolveAll, type Resolver } from './resolve-address.js';
import { SubmissionQueue } from './submission-queue.js';
import { testAgent } from './agent-test.js';
import { failureKind, failureWords, withAddress } from '../polling/poll-reason.js';

interface NetworkDevicesDeps {
  readonly meta: MetaStore;
  readonly pool: WorkerPool;
  readonly ids: DeviceIds;
  readonly tasks: TasksPort;
  readonly logger: Logger;
  readonly nowMs: () => number;
  readonly resolve: Resolver;
  /** The device profiles in force. */
  readonly profiles: () => ProfileSet;
  /** The operator's SNMP variables in force (the rows of their `table` ones are read at each probe). */
  readonly variables?: () => OperatorVariables;
  /** Rebuilds what is polled from the live devices (the network monitor's adopt). */
  readonly apply: () => Promise<void>;
  /** Saves the live inventory as a generation of kind 'incremental'; resolves with its number. */
  readonly snapshot: () => Promise<number>;
  /** The latest completed generation's devices (an upgrade from a version without the registry starts from them). */
  readonly latestDevices: () => readonly Device[];
  /** A probe of a device that never answered failed (its poll state takes the reason). */
  readonly onProbeFailed?: (deviceId: number, error: string) => void;
  /**
   * A central's network (`mode: central`): its devices are only what its collectors report
   * (mergeReported); the configuration's declared devices are theirs to poll, not listed here.
   */
  readonly reportedOnly?: boolean;
}

/** What a full discovery run probes besides the neighbours it finds. */
interface RunPlan {
  readonly seeds: string[];
  readonly targets: ProbeTarget[];
  /** Known entry ids by the address they are probed at (those not answering are marked unreachable). */
  readonly knownAt: Map<string, number[]>;
  /** Declarations by the resolved address they are probed at, with the id they are listed under. */
  readonly declaredAt: Map<string, { declared: Declared; listedId: number }>;
  /** Names that did not resolve. */
  readonly errors: string[];
  /** The removal count when the run was planned: devices removed after it are not brought back by the run. */
  readonly removalSeq: number;
}

/**
 * The managed devices of one network (core/ports/devices.ts for one network): the persisted device
 * registry, the blocked list, the submission queue of incremental discovery and external tags, and
 * the live inventory they make (what is polled).
 */
export class NetworkDevices {
  private registry!: DeviceRegistry;
  private blockedList!: BlockedList;
  readonly queue: SubmissionQueue;
  /** The inventory's devices as polled, by entry object (rebuilt only for entries that changed). */
  private readonly shown = new WeakMap<RegistryEntry, Device | null>();
  private liveDevices: Device[] = [];
  /** Removals so far, and at which count each device was last removed (a run or probe planned before does not bring it back). */
  private removalSeq = 0;
  private readonly removedAt = new Map<number, number>();
  private applying: Promise<void> = Promise.resolve();
  private applyQueued = false;
  /**
   * The address each declared DNS name last resolved to (a discovery run, a submission): a device
   * that never answered is polled there; a name never resolved is polled by name (which fails).
   */
  private readonly resolvedNames = new Map<string, string>();

  constructor(readonly net: NetworkConfig, private readonly deps: NetworkDevicesDeps) {
    this.queue = new SubmissionQueue(Math.max(1, Math.min(net.discoveryConcurrency, 16)), () => { void this.snapshotAfterDrain(); });
  }

  private get log(): Logger { return this.deps.logger; }
  private get forgetAfterMs(): number { return this.net.forgetUnreachableAfterMs ?? DEFAULTS.forgetUnreachableAfterMs; }

  /** Loads the registry and blocked list, brings config devices in line with the config, and makes the live inventory. */
  async open(): Promise<void> {
    const nowMs = this.deps.nowMs();
    this.registry = DeviceRegistry.open(this.deps.meta, this.net.id);
    this.blockedList = await BlockedList.open(this.deps.meta, this.net.id, this.net.blocked ?? [], nowMs);
    if (this.registry.size === 0) {
      // A data directory of an earlier version: its latest generation's devices are the known ones.
      const seed = this.deps.latestDevices().filter((d) => !isPlaceholder(d)).map((d) => ({
        id: d.id, state: 'present' as const, origin: 'discovered' as const, declaredAddress: d.address, name: '', comment: '', tags: [],
        externalTags: [], snmp: null, record: d, presence: d.presence ?? { answered: true, lastAnsweredMs: d.discoveredAtMs, unreachableSinceMs: null },
        addedAtMs: d.discoveredAtMs, addedBy: 'discovery',
      }));
      await this.registry.write(seed);
    }
    if (this.deps.reportedOnly) { this.refreshLive(); return; }
    const sync = syncConfigDevices(this.registry.all(), this.net.devices ?? []);
    await this.registry.write(sync.changed, sync.dropped);
    // Declared devices are listed (under a stable id) before they first answer.
    const listed = new Set([...this.registry.all().values()].filter((e) => e.origin === 'config').map((e) => e.declaredAddress.toLowerCase()));
    const pending: RegistryEntry[] = [];
    for (const d of this.net.devices ?? []) {
      if (listed.has(d.address.toLowerCase())) continue;
      const id = await this.deps.ids.declaredId(this.net.id, d.address);
      if (this.registry.get(id)) continue;
      pending.push(pendingEntry(id, declaredOfConfig(d), nowMs));
    }
    await this.registry.write(pending);
    this.refreshLive();
  }

  /**
   * The devices polled now, by id: entries present, not at a blocked address — with their record, or
   * (never answered yet) as their placeholder (registry-entry.ts placeholderOf). A new array after every change.
   */
  live(): readonly Device[] { return this.liveDevices; }

  /** Whether the registry is loaded (the network started): before, live() is empty whatever is stored. */
  get ready(): boolean { return this.registry !== undefined; }

  /** The last known record of any device the network ever registered (the catalog's fallback for series). */
  recordOf(deviceId: number): Device | undefined {
    const e = this.registry?.get(deviceId);
    return e ? deviceOf(e) ?? undefined : undefined;
  }

  isBlocked(address: string): boolean { return this.blockedList.isBlocked(address); }

  private refreshLive(): void {
    const out: Device[] = [];
    for (const e of this.registry.all().values()) {
      if (e.state !== 'present') continue;
      const address = probeAddressOf(e);
      if (isIpAddress(address) && this.blockedList.isBlocked(address)) continue;
      let d = this.shown.get(e);
      const at = e.record ? undefined : this.resolvedNames.get(e.declaredAddress) ?? e.declaredAddress;
      if (d === undefined || (at !== undefined && d?.address !== at)) this.shown.set(e, d = deviceOf(e) ?? placeholderOf(e, this.net, at));
      if (d) out.push(d);
    }
    this.liveDevices = out.sort((a, b) => a.id - b.id);
  }

  /** Makes the live inventory again and has it polled; concurrent calls coalesce into one rebuild after the current. */
  private reapply(): Promise<void> {
    if (this.applyQueued) return this.applying;
    this.applyQueued = true;
    // After the previous rebuild whatever its outcome: one that failed (a write refused on a full
    // disk) must not make every later one fail with its error.
    this.applying = this.applying.catch(() => undefined).then(async () => {
      this.applyQueued = false;
      this.refreshLive();
      await this.deps.apply();
    });
    return this.applying;
  }

  // ---- full discovery runs -------------------------------------------------------------------

  /** Resolves seeds and declared devices and lists every known device's address (not blocked ones). */
  async planRun(): Promise<RunPlan> {
    const declared = (this.net.devices ?? []).map(declaredOfConfig);
    const entries = [...this.registry.all().values()].filter((e) => e.state === 'present');
    for (const e of entries) if (e.origin === 'api') declared.push(declaredOfEntry(e)!);
    const names = [...this.net.seeds, ...declared.map((d) => d.declaredAddress)];
    const { resolved, errors } = await resolveAll(names, this.deps.resolve);
    this.noteResolved(resolved);
    for (const err of errors) this.log.warn('a seed or declared device does not resolve: not probed this run', { network: this.net.id, error: err });
    // A declared device that never answered and does not resolve: its state says so.
    for (const e of entries) {
      if (e.record || resolved.has(e.declaredAddress)) continue;
      const err = errors.find((x) => x.startsWith(`${e.declaredAddress}: `));
      if (err) this.deps.onProbeFailed?.(e.id, err);
    }
    const seeds = this.net.seeds.map((s) => resolved.get(s)).filter((a): a is string => a !== undefined);
    const targets: ProbeTarget[] = [];
    const declaredAt = new Map<string, { declared: Declared; listedId: number }>();
    const listedBy = new Map(entries.filter((e) => e.origin !== 'discovered').map((e) => [`${e.origin} ${e.declaredAddress.toLowerCase()}`, e]));
    for (const d of declared) {
      const address = resolved.get(d.declaredAddress);
      if (!address) continue;
      const listed = listedBy.get(`${d.origin} ${d.declaredAddress.toLowerCase()}`);
      const listedId = listed?.id ?? await this.deps.ids.declaredId(this.net.id, d.declaredAddress);
      declaredAt.set(address, { declared: d, listedId });
      targets.push(d.snmp ? { address, override: d.snmp } : { address });
    }
    const knownAt = new Map<string, number[]>();
    for (const e of entries) {
      if (!e.record) continue;
      const address = probeAddressOf(e);
      const at = knownAt.get(address) ?? [];
      at.push(e.id);
      knownAt.set(address, at);
      if (!declaredAt.has(address)) targets.push(e.snmp ? { address, override: e.snmp } : { address });
    }
    return { seeds, targets, knownAt, declaredAt, errors, removalSeq: this.removalSeq };
  }

  /**
   * Merges a full run into the registry (found devices present, known ones probed without answer
   * unreachable or forgotten), logs what changed per device, and makes the live inventory.
   * Returns the live devices to save as the run's generation.
   */
  async mergeRun(plan: RunPlan, found: DiscoveryResult, idsOf: (items: readonly { d: Omit<Device, 'id'>; preferId?: number }[]) => Promise<number[]>): Promise<readonly Device[]> {
    const nowMs = this.deps.nowMs();
    const declared = new Map<number, Declared>();
    const drop: number[] = [];
    const devices: Device[] = [];
    const answered = [...found.answered];
    // An address known for one device that now answers with an identity never seen (a host renamed,
    // without an LLDP chassis id) is that device still: it keeps its id rather than stay twice.
    const foundKnown = new Set<number>();
    for (const [, d] of answered) { const id = this.deps.ids.known(this.net.id, d); if (id !== undefined) foundKnown.add(id); }
    const preferOf = (address: string) => {
      const decl = plan.declaredAt.get(address);
      if (decl) return !this.registry.get(decl.listedId)?.record ? decl.listedId : undefined;
      const at = plan.knownAt.get(address);
      return at?.length === 1 && !foundKnown.has(at[0]!) ? at[0] : undefined;
    };
    const ids = await idsOf(answered.map(([address, d]) => ({ d, preferId: preferOf(address) })));
    const seen = new Set<number>();
    for (let k = 0; k < answered.length; k++) {
      const [address, p] = answered[k]!;
      const id = ids[k]!;
      // Removed by an operator while the run was under way: the run probed it only because it was known then.
      if ((this.removedAt.get(id) ?? 0) > plan.removalSeq) { seen.add(id); continue; }
      const planned = plan.declaredAt.get(address);
      // The declaration as it is now (an operator may have changed the device's name or tags meanwhile).
      const current = planned && this.registry.get(planned.listedId);
      const decl = planned && { ...planned, declared: (current?.state === 'present' ? declaredOfEntry(current) : undefined) ?? planned.declared };
      if (!seen.has(id)) { seen.add(id); devices.push({ ...p, id }); }
      if (decl) {
        declared.set(id, decl.declared);
        if (decl.listedId !== id && !this.registry.get(decl.listedId)?.record) drop.push(decl.listedId);
      }
    }
    const unanswered = new Map<number, string>();
    for (const [address, error] of found.failed) for (const id of plan.knownAt.get(address) ?? []) unanswered.set(id, `${address}: ${error}`);
    // Devices known at an address that answered as another device are not there any more.
    for (const [address, d] of answered) {
      for (const id of plan.knownAt.get(address) ?? []) {
        if (!seen.has(id)) unanswered.set(id, `${address} now answers as ${d.name}`);
      }
    }
    const m = mergeRun(this.registry.all(), { nowMs, forgetAfterMs: this.forgetAfterMs, found: devices, declared, unanswered, drop });
    await this.registry.write(m.changed, m.dropped);
    this.logEvents(m.events);
    this.refreshLive();
    // Declared devices that never answered and did not answer this run either: their state takes the reason.
    for (const [address, { listedId }] of plan.declaredAt) {
      const error = found.failed.get(address);
      if (error !== undefined && !this.registry.get(listedId)?.record) this.deps.onProbeFailed?.(listedId, withAddress(address, error));
    }
    return this.liveDevices;
  }

  /**
   * A central's network: the devices its collectors report (under the central's ids) become its
   * registry (mergeReported), logged per device; returns the live devices to save as a generation.
   */
  async mergeReported(devices: readonly Device[]): Promise<readonly Device[]> {
    const m = mergeReported(this.registry.all(), devices, this.deps.nowMs());
    await this.registry.write(m.changed, m.dropped);
    this.logEvents(m.events);
    this.refreshLive();
    return this.liveDevices;
  }

  private logEvents(events: readonly RegistryEvent[]): void {
    for (const ev of events) {
      const e = ev.entry;
      const f = { network: this.net.id, device: e.id, name: e.name || e.record?.name || '', address: probeAddressOf(e), origin: e.origin };
      if (ev.kind === 'new') this.log.info('device added to the inventory', f);
      else if (ev.kind === 'back') this.log.info('device back in the inventory', { ...f, reason: ev.reason });
      else if (ev.kind === 'unreachable') this.log.warn('device unreachable at discovery: kept with its last record and still polled', { ...f, reason: ev.reason });
      else this.log.warn('device forgotten: no longer polled (its series stay readable)', { ...f, reason: ev.reason });
    }
  }

  // ---- the port --------------------------------------------------------------------------------

  list(): ManagedDevice[] {
    const polled = new Set(this.liveDevices.map((d) => d.id));
    return [...this.registry.all().values()].filter((e) => e.state === 'present').sort((a, b) => a.id - b.id).map((e) => managed(e, polled.has(e.id)));
  }

  get(id: number): ManagedDevice | undefined {
    const e = this.registry.get(id);
    return e && e.state === 'present' ? managed(e, this.liveDevices.some((d) => d.id === id)) : undefined;
  }

  /** The public record of a present device (for GET devices/:id), null before it answers. */
  record(id: number): Device | null {
    const e = this.registry.get(id);
    return e && e.state === 'present' ? deviceOf(e) : null;
  }

  async add(a: DeviceAdd, user: string): Promise<{ task: TaskInfo }> {
    const address = this.checkAddress(a.address);
    if (a.name !== undefined && (typeof a.name !== 'string' || a.name.length > 200)) throw new AppError('BAD_PARAMETER', 'name must be a string of at most 200 characters');
    if (a.comment !== undefined && (typeof a.comment !== 'string' || a.comment.length > 2000)) throw new AppError('BAD_PARAMETER', 'comment must be a string of at most 2000 characters');
    const tags = a.tags === undefined ? [] : checkTags(a.tags, 'tags');
    if (a.port !== undefined && !(Number.isInteger(a.port) && a.port >= 1 && a.port <= 65535)) throw new AppError('BAD_PARAMETER', `port must be an integer from 1 to 65535, got ${JSON.stringify(a.port)}`);
    if (a.community !== undefined && (typeof a.community !== 'string' || a.community === '')) throw new AppError('BAD_PARAMETER', 'community must be a non-empty string');
    const lower = address.toLowerCase();
    const same = [...this.registry.all().values()].find((e) => e.state === 'present'
      && (e.declaredAddress.toLowerCase() === lower || e.record?.address === address));
    if (same) throw new AppError('CONFLICT', `device ${same.id} (${same.name || same.record?.name || same.declaredAddress}) of network ${this.net.id} already has the address ${address}`);
    const snmp: DeviceSnmpOverride | null = a.community !== undefined || a.port !== undefined
      ? { ...(a.port !== undefined ? { port: a.port } : {}), ...(a.community !== undefined ? { firstCommunities: [a.community] } : {}) }
      : null;
    const declared: Declared = { origin: 'api', declaredAddress: address, name: a.name ?? '', comment: a.comment ?? '', tags, snmp, addedBy: user };
    const nowMs = this.deps.nowMs();
    const id = await this.deps.ids.declaredId(this.net.id, address);
    const old = this.registry.get(id);
    // A pending API entry (listed, not yet answered) under the address's stable id.
    // A device removed before keeps its last record (series readable, polled at once) and external tags.
    if (!old || old.state !== 'present') {
      const entry = old ? { ...pendingEntry(id, declared, nowMs), record: old.record, externalTags: old.externalTags, presence: old.presence } : pendingEntry(id, declared, nowMs);
      await this.registry.write([entry]);
      // Listed and polled at once (as its placeholder until its probe answers): never silently unmonitored.
      await this.reapply();
    }
    this.log.info('device added through the API: probing it', { network: this.net.id, device: id, address, user });
    const task = this.enqueue(address, 'api', user, `add ${address}`, declared, id);
    return { task };
  }

  async update(id: number, patch: DevicePatch, user: string): Promise<ManagedDevice> {
    const e = this.need(id);
    if (e.origin === 'config') throw new AppError('READ_ONLY', `device ${id} of network ${this.net.id} is declared in the config (networks[].devices): change it there`);
    if (patch.name !== undefined && (typeof patch.name !== 'string' || patch.name.length > 200)) throw new AppError('BAD_PARAMETER', 'name must be a string of at most 200 characters');
    if (patch.comment !== undefined && (typeof patch.comment !== 'string' || patch.comment.length > 2000)) throw new AppError('BAD_PARAMETER', 'comment must be a string of at most 2000 characters');
    if (patch.community !== undefined && patch.community !== null && (typeof patch.community !== 'string' || patch.community === '')) throw new AppError('BAD_PARAMETER', 'community must be a non-empty string or null');
    const tags = patch.tags === undefined ? e.tags : checkTags(patch.tags, 'tags');
    const address = patch.address === undefined ? undefined : this.checkAddress(patch.address);
    const snmp = patch.community === undefined ? e.snmp : withOwnCommunity(e.snmp, patch.community);
    const reprobe = address !== undefined || patch.community !== undefined;
    const next: RegistryEntry = {
      ...e, name: patch.name ?? e.name, comment: patch.comment ?? e.comment, tags, snmp,
      // An address or community given by an operator makes the device theirs: it is probed as declared.
      ...(reprobe ? { declaredAddress: address ?? e.declaredAddress, origin: e.origin === 'discovered' ? 'api' : e.origin } : {}),
    };
    await this.registry.write([next]);
    // The field names only: a community is a secret and never goes to the log.
    this.log.info('device changed through the API', { network: this.net.id, device: id, user, fields: Object.keys(patch).join(',') });
    await this.reapply();
    if (reprobe) {
      const at = address ?? probeAddressOf(next);
      this.enqueue(at, 'api', user, `re-probe device ${id} at ${at}`, declaredOfEntry(next), id);
    }
    return this.get(id)!;
  }

  /** One test poll of an address with the test's credentials or this network's (agent-test.ts). */
  test(t: AgentTest): Promise<AgentTestResult> {
    return testAgent({ pool: this.deps.pool, profiles: this.deps.profiles(), resolve: this.deps.resolve, nowMs: this.deps.nowMs }, this.net, t);
  }

  async remove(ids: readonly number[], user: string): Promise<RemoveResult> {
    const removed: number[] = [], unknown: number[] = [];
    const changed: RegistryEntry[] = [];
    for (const id of ids) {
      const e = this.registry.get(id);
      if (!e || e.state !== 'present') { if (!unknown.includes(id)) unknown.push(id); continue; }
      if (removed.includes(id)) continue;
      removed.push(id);
      changed.push({ ...e, state: 'removed' });
      this.removedAt.set(id, ++this.removalSeq);
    }
    await this.registry.write(changed);
    for (const e of changed) this.log.info('device removed through the API: no longer polled (its series stay readable)', { network: this.net.id, device: e.id, name: e.name || e.record?.name || '', address: probeAddressOf(e), user });
    if (changed.length > 0) await this.reapply();
    return { removed, unknown };
  }

  blocked(): readonly BlockedAddress[] { return this.blockedList.all(); }

  async block(b: BlockedAdd, user: string): Promise<BlockedAddress> {
    checkComment(b.comment);
    const entry = await this.blockedList.add(b, user, this.deps.nowMs());
    this.log.info('address blocked from discovery', { network: this.net.id, block: entry.id, address: entry.address, user });
    await this.reapply();
    return entry;
  }

  async updateBlock(id: number, b: BlockedAdd, user: string): Promise<BlockedAddress> {
    checkComment(b.comment);
    const entry = await this.blockedList.update(id, b);
    this.log.info('blocked address changed', { network: this.net.id, block: id, address: entry.address, user });
    await this.reapply();
    return entry;
  }

  async unblock(ids: readonly number[], user: string): Promise<RemoveResult> {
    const r = await this.blockedList.remove(ids);
    if (r.removed.length > 0) {
      this.log.info('addresses unblocked', { network: this.net.id, blocks: r.removed.join(','), user });
      await this.reapply();
    }
    return r;
  }

  submit(address: string, user: string): TaskInfo {
    const a = this.checkAddress(address);
    // An address already waiting or under its probe: its submission's task, not a second probe.
    const pending = this.queue.taskOf(a);
    if (pending !== undefined) return this.deps.tasks.get(this.net.id, pending)!;
    const known = [...this.registry.all().values()].find((e) => e.state === 'present' && (e.declaredAddress.toLowerCase() === a.toLowerCase() || e.record?.address === a));
    return this.enqueue(a, 'api', user, `discover ${a}`, known ? declaredOfEntry(known) : undefined, known?.id);
  }

  queueView(limit: number): DiscoveryQueue {
    if (!Number.isInteger(limit) || limit < 0) throw new AppError('BAD_PARAMETER', `limit must be a non-negative integer, got ${limit}`);
    return this.queue.view(limit);
  }

  /**
   * Probes again a device that never answered (its poll answered: its record is made now). Nothing
   * when it has a record, is not present, or its address is already waiting in the queue.
   */
  reprobe(id: number): void {
    const e = this.registry.get(id);
    if (!e || e.state !== 'present' || e.record || this.queue.has(e.declaredAddress)) return;
    try {
      this.enqueue(e.declaredAddress, 'api', 'discovery', `probe device ${id} at ${e.declaredAddress} (its poll answered)`, declaredOfEntry(e), id);
    } catch (err) {
      this.log.warn('a device that answers its polls could not be probed again', { network: this.net.id, device: id, error: (err as Error).message });
    }
  }

  /**
   * Probes again every present device that never answered (its network's credentials changed: the
   * probe tries them all, where its placeholder's poll tries the first only). Returns how many were
   * queued; a full queue or a blocked address leaves the rest to the next discovery.
   */
  reprobeNeverAnswered(why: string): number {
    let queued = 0;
    for (const e of this.registry.all().values()) {
      if (e.state !== 'present' || e.record || this.queue.has(e.declaredAddress)) continue;
      try {
        this.enqueue(e.declaredAddress, 'api', 'discovery', `probe device ${e.id} at ${e.declaredAddress} (${why})`, declaredOfEntry(e), e.id);
        queued++;
      } catch (err) {
        this.log.warn('a device that never answered could not be probed again', { network: this.net.id, device: e.id, error: (err as Error).message });
      }
    }
    return queued;
  }

  /**
   * Saves the inventory as a generation now. Refused (CONFLICT, naming when the next is accepted)
   * less than `discoveryMinInterval` after the last incremental generation: each is a full copy of
   * the inventory, so they are bounded like API discovery starts.
   */
  async newGeneration(user: string): Promise<TaskInfo> {
    const nowMs = this.deps.nowMs();
    const minMs = this.net.discoveryMinIntervalMs;
    if (minMs > 0 && nowMs >= this.lastSnapshotMs && nowMs - this.lastSnapshotMs < minMs) {
      const next = this.lastSnapshotMs + minMs;
      throw new AppError('CONFLICT', `network ${this.net.id} saved a generation from its inventory at ${new Date(this.lastSnapshotMs).toISOString()}; `
        + `they are at least ${minMs / 1000}s apart (discoveryMinInterval): the next may be saved at ${new Date(next).toISOString()}`);
    }
    this.lastSnapshotMs = nowMs;
    const task = this.deps.tasks.begin(this.net.id, 'newGeneration', 'new generation from the inventory', user);
    task.start();
    try {
      await this.applying.catch(() => undefined);
      const generation = await this.deps.snapshot();
      task.complete({ generation });
    } catch (e) {
      task.fail((e as Error).message);
    }
    return this.deps.tasks.get(this.net.id, task.id)!;
  }

  externalTags(key: DeviceKey): ExternalTags {
    const e = this.byKey(key);
    return tagsView(e);
  }

  async setExternalTags(key: DeviceKey, tags: readonly Tag[], mode: TagMode, user: string): Promise<ExternalTags> {
    const e = this.byKey(key);
    const given = checkTags(tags, 'tags');
    const next: RegistryEntry = { ...e, externalTags: applyTags(e.externalTags, given, mode) };
    await this.registry.write([next]);
    this.log.info('external tags set', { network: this.net.id, device: e.id, mode, tags: next.externalTags.join(','), user });
    await this.reapply();
    return tagsView(next);
  }

  /** Ends the submission queue (running probes finish). */
  stop(): Promise<void> {
    if (this.drainTimer) { clearTimeout(this.drainTimer); this.drainTimer = null; }
    return this.queue.stop();
  }

  // ---- submissions -----------------------------------------------------------------------------

  private enqueue(address: string, reason: string, user: string, title: string, declared: Declared | undefined, listedId: number | undefined): TaskInfo {
    if (isIpAddress(address) && this.blockedList.isBlocked(address)) throw blockedError(this.net.id, address, this.blockedList.blocking(address)!);
    if (this.queue.size >= MAX_SUBMISSIONS) {
      throw new AppError('REQUEST_LIMIT', `the discovery queue of network ${this.net.id} holds ${this.queue.size} addresses, its most (${MAX_SUBMISSIONS}): submit more once it has drained (GET /v2/svc/discovery/net/${this.net.id}/queue)`);
    }
    const task = this.deps.tasks.begin(this.net.id, 'submission', title, user);
    this.queue.push({
      address, reason, taskId: task.id, queuedAtMs: this.deps.nowMs(), task,
      run: () => this.runSubmission(address, task, declared, listedId),
    });
    return this.deps.tasks.get(this.net.id, task.id)!;
  }

  private async runSubmission(given: string, task: TaskHandle, declared: Declared | undefined, listedId: number | undefined): Promise<boolean> {
    task.start();
    try {
      const { resolved, errors } = await resolveAll([given], this.deps.resolve);
      const address = resolved.get(given);
      if (!address) {
        this.log.warn('a submitted address does not resolve', { network: this.net.id, address: given, ...(listedId !== undefined ? { device: listedId } : {}), error: errors[0] });
        if (listedId !== undefined) this.deps.onProbeFailed?.(listedId, errors[0]!);
        task.fail(errors[0]!);
        return false;
      }
      if (this.noteResolved(resolved)) await this.reapply();
      const block = this.blockedList.blocking(address);
      if (block) { task.fail(blockedError(this.net.id, address, block).message); return false; }
      task.progress(10, `probing ${address}`);
      const r = await probeDevice(this.deps.pool, address, this.net, this.deps.nowMs, declared?.snmp ?? undefined, { profiles: this.deps.profiles(), logger: this.log, variables: this.deps.variables?.() });
      const nowMs = this.deps.nowMs();
      if (!r.ok) {
        const known = [...this.registry.all().values()].filter((e) => e.state === 'present' && e.record && probeAddressOf(e) === address);
        const m = mergeRun(this.registry.all(), { nowMs, forgetAfterMs: this.forgetAfterMs, found: [], declared: new Map(), unanswered: new Map(known.map((e) => [e.id, `${address}: ${r.error}`])) });
        await this.registry.write(m.changed, m.dropped);
        this.logEvents(m.events);
        const kind = failureKind(r.error);
        const listedNever = listedId !== undefined && !this.registry.get(listedId)?.record ? listedId : undefined;
        this.log.warn('submitted address did not answer', {
          network: this.net.id, address, ...(listedNever !== undefined ? { device: listedNever } : {}), error: r.error, reasonKind: kind, reasonText: failureWords(kind),
        });
        if (listedNever !== undefined) this.deps.onProbeFailed?.(listedNever, withAddress(address, r.error));
        task.fail(`${address}: ${r.error}`);
        if (m.changed.length > 0) await this.reapply();
        return m.changed.length > 0;
      }
      const listed = listedId !== undefined ? this.registry.get(listedId) : undefined;
      if (listedId !== undefined && listed?.state !== 'present') {
        task.fail(`device ${listedId} was removed while ${address} was being probed: not added`);
        return false;
      }
      if (listed) declared = declaredOfEntry(listed) ?? declared;
      const pendingId = listedId !== undefined && !listed?.record ? listedId : undefined;
      const id = await this.deps.ids.idFor(this.net.id, r.device, pendingId);
      const drop = pendingId !== undefined && pendingId !== id ? [pendingId] : [];
      const before = this.registry.get(id);
      const m = mergeRun(this.registry.all(), {
        nowMs, forgetAfterMs: this.forgetAfterMs, found: [{ ...r.device, id }],
        declared: declared ? new Map([[id, declared]]) : new Map(), unanswered: new Map(), drop,
      });
      await this.registry.write(m.changed, m.dropped);
      this.logEvents(m.events);
      await this.reapply();
      // Neighbours of a submitted device that the inventory does not know are submitted too.
      for (const n of r.device.neighbors) {
        for (const a of n.remoteManagementAddresses) {
          if (!this.inRanges(a) || this.blockedList.isBlocked(a) || this.queue.has(a) || this.knowsAddress(a) || this.queue.size >= MAX_SUBMISSIONS) continue;
          this.enqueue(a, 'neighbour', 'discovery', `discover ${a} (neighbour of device ${id})`, undefined, undefined);
        }
      }
      task.complete({ deviceId: id, new: before === undefined || before.state !== 'present' });
      return true;
    } catch (e) {
      task.fail((e as Error).message);
      this.log.warn('submission failed', { network: this.net.id, address: given, error: (e as Error).message });
      return false;
    }
  }

  /**
   * The generation saved when the submission queue drains after changes: at most one per
   * `discoveryMinInterval` (a trickle of submissions would otherwise save a full generation each);
   * a drain sooner than that is saved once the interval has passed (one timer).
   */
  private snapshotAfterDrain(): void {
    if (this.drainTimer) return;
    const waitMs = this.lastSnapshotMs + this.net.discoveryMinIntervalMs - this.deps.nowMs();
    if (waitMs <= 0) { void this.saveDrainSnapshot(); return; }
    this.drainTimer = setTimeout(() => { this.drainTimer = null; void this.saveDrainSnapshot(); }, waitMs);
    this.drainTimer.unref?.();
  }
  private drainTimer: NodeJS.Timeout | null = null;
  /** When the last incremental generation (drain or new_generation) was asked for. */
  private lastSnapshotMs = -Infinity;

  private async saveDrainSnapshot(): Promise<void> {
    this.lastSnapshotMs = this.deps.nowMs();
    try {
      await this.applying.catch(() => undefined);
      const n = await this.deps.snapshot();
      this.log.info('submission queue drained: inventory saved as a generation', { network: this.net.id, generation: n });
    } catch (e) {
      this.log.warn('saving the inventory as a generation failed', { network: this.net.id, error: (e as Error).message });
    }
  }

  /** Keeps what declared names resolved to; true when one changed (what is polled changes with it). */
  private noteResolved(resolved: ReadonlyMap<string, string>): boolean {
    let changed = false;
    for (const [name, address] of resolved) {
      if (isIpAddress(name) || this.resolvedNames.get(name) === address) continue;
      this.resolvedNames.set(name, address);
      changed = true;
    }
    return changed;
  }

  private ranges: Cidr[] | null = null;
  private inRanges(a: string): boolean {
    this.ranges ??= this.net.ranges.map((r) => parseCidr(r.cidr)).filter((c): c is Cidr => c !== null);
    return this.ranges.some((c) => cidrContains(c, a));
  }

  private knowsAddress(a: string): boolean {
    for (const e of this.registry.all().values()) {
      if (e.state !== 'present' || !e.record) continue;
      if (e.record.address === a || e.record.interfaces.some((i) => i.addresses.includes(a))) return true;
    }
    return false;
  }

  private checkAddress(a: unknown): string {
    if (typeof a !== 'string' || !isDeviceAddress(a)) throw new AppError('BAD_PARAMETER', `address ${JSON.stringify(a)} is neither an IP address nor a DNS name`);
    if (isIpAddress(a)) {
      const why = notDeviceAddressReason(a);
      if (why) throw new AppError('BAD_PARAMETER', `address ${a} is ${why}, not a device's`);
      const address = unmapIPv4(a);
      const block = this.blockedList.blocking(address);
      if (block) throw blockedError(this.net.id, address, block);
      return address;
    }
    return a;
  }

  private need(id: number): RegistryEntry {
    const e = this.registry.get(id);
    if (!e || e.state !== 'present') throw new AppError('UNKNOWN_DEVICE', `network ${this.net.id} has no device ${id}`);
    return e;
  }

  private byKey(key: DeviceKey): RegistryEntry {
    const present = [...this.registry.all().values()].filter((e) => e.state === 'present');
    let e: RegistryEntry | undefined;
    let what: string;
    if ('id' in key) { e = present.find((x) => x.id === key.id); what = `id ${key.id}`; }
    else if ('name' in key) { e = present.find((x) => (x.name || x.record?.name) === key.name); what = `name '${key.name}'`; }
    else { e = present.find((x) => x.declaredAddress === key.address || x.record?.address === key.address); what = `address ${key.address}`; }
    if (!e) throw new AppError('UNKNOWN_DEVICE', `network ${this.net.id} has no device with ${what}`);
    return e;
  }
}

/** Addresses the submission queue holds at most (waiting and running): past it, submissions are refused (REQUEST_LIMIT). */
const MAX_SUBMISSIONS = 10_000;

function pendingEntry(id: number, d: Declared, nowMs: number): RegistryEntry {
  return {
    id, state: 'present', origin: d.origin, declaredAddress: d.declaredAddress, name: d.name, comment: d.comment, tags: d.tags,
    externalTags: [], snmp: d.snmp, record: null, presence: { answered: false, lastAnsweredMs: 0, unreachableSinceMs: null },
    addedAtMs: nowMs, addedBy: d.addedBy,
  };
}

function managed(e: RegistryEntry, polled: boolean): ManagedDevice {
  const r = e.record;
  return {
    id: e.id, name: e.name || r?.name || e.declaredAddress, address: r?.address ?? e.declaredAddress, declaredAddress: e.declaredAddress,
    origin: e.origin, vendor: r?.vendor ?? '', model: r?.model ?? '', os: r?.os ?? '', presence: e.presence, polled,
    tags: r ? deviceOf(e)!.tags : [...e.tags, ...e.externalTags], externalTags: e.externalTags, comment: e.comment,
    interfaces: r?.interfaces.length ?? 0, discoveredAtMs: r?.discoveredAtMs ?? 0,
  };
}

function tagsView(e: RegistryEntry): ExternalTags {
  return { deviceId: e.id, name: e.name || e.record?.name || e.declaredAddress, address: probeAddressOf(e), tags: e.externalTags };
}

function blockedError(netId: number, address: string, b: BlockedAddress): AppError {
  return new AppError('BLOCKED_ADDRESS', `${address} is blocked from discovery in network ${netId} by entry ${b.id} (${b.address}${b.origin === 'config' ? ', networks[].blocked' : ''})`);
}

function checkComment(c: unknown): void {
  if (c !== undefined && (typeof c !== 'string' || c.length > 2000)) throw new AppError('BAD_PARAMETER', 'comment must be a string of at most 2000 characters');
}

/** A device's SNMP settings with its own first community set (or dropped: null), the rest kept. */
function withOwnCommunity(snmp: DeviceSnmpOverride | null, community: string | null): DeviceSnmpOverride | null {
  const { firstCommunities: _dropped, ...rest } = snmp ?? {};
  const next: DeviceSnmpOverride = community === null ? rest : { ...rest, firstCommunities: [community] };
  return Object.keys(next).length === 0 ? null : next;
}
