/**
 * An in-memory DevicesPort for router and service tests, following the port's documented semantics
 * (core/ports/devices.ts): UNKNOWN_NETWORK for a network the collector does not know; add and
 * submit queue a submission task (BAD_PARAMETER for an address that is neither an IP address nor a
 * DNS name, BLOCKED_ADDRESS inside a blocked address or range, CONFLICT when a device has the
 * address); UNKNOWN_DEVICE, UNKNOWN_BLOCK, READ_ONLY for config entries; external tags by exactly
 * one key with replace/add/remove. Nothing is probed: `answer(taskId)` plays the probe's success
 * (the device becomes polled and the task completes), as the collector would when the agent answers.
 */
import { isIP } from 'node:net';
import { cidrContains, parseCidr } from '../../core/cidr.js';
import { AppError } from '../../core/errors.js';
import type {
  AgentTest, AgentTestResult, BlockedAdd, BlockedAddress, DeviceAdd, DeviceKey, DevicePatch, DevicesPort, DiscoveryQueue, ExternalTags, ManagedDevice, QueuedAddress,
  RemoveResult, SnmpCredentialsChange, SnmpCredentialsView, TaskHandle, TaskInfo, TasksPort,
} from '../../core/ports/index.js';
import type { NetworkConfig } from '../../core/config-schema.js';
import { applyChange, credentialsView, type SnmpOverlay } from '../../collector/devices/snmp-overlay.js';
import type { Tag } from '../../core/types.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface NetState {
  readonly devices: Map<number, Mutable<ManagedDevice>>;
  readonly blocked: Map<number, BlockedAddress>;
  readonly queue: (QueuedAddress & { handle: TaskHandle; deviceId: number | null })[];
  paused: boolean;
  generation: number;
}

const TAG = /^[A-Za-z0-9_-]+\.[^\s,]+$/;
const DNS = /^[A-Za-z0-9_]([A-Za-z0-9_.-]{0,251}[A-Za-z0-9_.])?$/;

export class FakeDevices implements DevicesPort {
  private readonly nets = new Map<number, NetState>();
  private nextDeviceId = 1000;
  private nextBlockId = 1;
  /** Calls made, for tests that check what reached the port (method and network). */
  readonly calls: string[] = [];
  /** Test setup: the agents a test poll finds, by address, with the one community they answer. */
  readonly agents = new Map<string, { community: string; sysName: string; sysObjectID: string }>();
  /** Every community a device was given through `update` (what a test checks reached the port). */
  readonly communities = new Map<number, string | null>();

  constructor(private readonly knows: (netId: number) => boolean, private readonly tasks: TasksPort, private readonly nowMs: () => number) {}

  /** Test setup: a device of the inventory (e.g. one a discovery found). */
  seed(netId: number, d: Partial<ManagedDevice> & { id: number; address: string }): void {
    this.state(netId).devices.set(d.id, {
      name: d.address, declaredAddress: d.address, origin: 'discovered', vendor: '', model: '', os: '',
      presence: { answered: true, lastAnsweredMs: 1, unreachableSinceMs: null }, polled: true, tags: [], externalTags: [],
      comment: '', interfaces: 0, discoveredAtMs: 1, ...d,
    });
    if (d.id >= this.nextDeviceId) this.nextDeviceId = d.id + 1;
  }

  /** Test setup: a blocked entry of the config (networks[].blocked), read-only through the API. */
  seedConfigBlock(netId: number, address: string): BlockedAddress {
    const b: BlockedAddress = { id: this.nextBlockId++, address, comment: 'from the configuration', createdAtMs: 0, user: 'config', origin: 'config' };
    this.state(netId).blocked.set(b.id, b);
    return b;
  }

  /** Plays a probe that answered: the queued address of `taskId` leaves the queue, its device is polled, the task completes. */
  answer(netId: number, taskId: number): void {
    const st = this.state(netId);
    const at = st.queue.findIndex((q) => q.taskId === taskId);
    if (at < 0) throw new Error(`task ${taskId} is not queued`);
    const [q] = st.queue.splice(at, 1);
    let id = q!.deviceId;
    if (id === null) { id = this.nextDeviceId++; this.seed(netId, { id, address: q!.address, origin: 'api' }); }
    const d = st.devices.get(id)!;
    d.polled = true;
    d.presence = { answered: true, lastAnsweredMs: this.nowMs(), unreachableSinceMs: null };
    q!.handle.complete({ deviceId: id });
  }

  list(netId: number): readonly ManagedDevice[] {
    return [...this.state(netId).devices.values()].sort((a, b) => a.id - b.id).map((d) => ({ ...d }));
  }

  get(netId: number, deviceId: number): ManagedDevice | undefined {
    const d = this.state(netId).devices.get(deviceId);
    return d ? { ...d } : undefined;
  }

  async add(netId: number, d: DeviceAdd, user: string): Promise<{ readonly task: TaskInfo }> {
    this.calls.push(`add ${netId}`);
    const st = this.state(netId);
    this.checkProbe(st, d.address);
    const id = this.nextDeviceId++;
    st.devices.set(id, {
      id, name: d.name ?? d.address, address: d.address, declaredAddress: d.address, origin: 'api', vendor: '', model: '', os: '',
      presence: { answered: false, lastAnsweredMs: 0, unreachableSinceMs: null }, polled: false, tags: [...(d.tags ?? [])], externalTags: [],
      comment: d.comment ?? '', interfaces: 0, discoveredAtMs: 0,
    });
    return { task: this.enqueue(netId, st, d.address, id, user) };
  }

  async update(netId: number, deviceId: number, patch: DevicePatch, _user: string): Promise<ManagedDevice> {
    const st = this.state(netId);
    const d = st.devices.get(deviceId);
    if (!d) throw new AppError('UNKNOWN_DEVICE', `network ${netId} has no device ${deviceId}`);
    if (patch.address !== undefined && patch.address !== d.address) {
      this.checkProbe(st, patch.address);
      d.address = patch.address;
      d.declaredAddress = patch.address;
    }
    if (patch.name !== undefined) d.name = patch.name;
    if (patch.comment !== undefined) d.comment = patch.comment;
    if (patch.tags !== undefined) d.tags = [...patch.tags];
    if (patch.community !== undefined) this.communities.set(deviceId, patch.community);
    return { ...d };
  }

  /** Plays a test poll: an agent of `agents` answers its community (or any, with none given); anything else times out. */
  async test(netId: number, t: AgentTest): Promise<AgentTestResult> {
    this.state(netId);
    this.calls.push(`test ${netId}`);
    if (isIP(t.address) === 0 && !DNS.test(t.address)) throw new AppError('BAD_PARAMETER', `address '${t.address}' is neither an IP address nor a DNS name`);
    const port = t.port ?? 161;
    const agent = this.agents.get(t.address);
    if (agent && (t.community === undefined || t.community === agent.community)) {
      return { answered: true, address: t.address, port, version: '2c', credential: 'the community given', sysName: agent.sysName, sysObjectID: agent.sysObjectID, sysDescr: '', profile: null, vendor: '', model: '', os: '', tookMs: 0 };
    }
    return { answered: false, address: t.address, port, reason: `${t.address}:${port}: Request timed out`, reasonKind: 'timeout', reasonText: 'timeout: no SNMP answer', tookMs: 0 };
  }

  async remove(netId: number, ids: readonly number[], _user: string): Promise<RemoveResult> {
    const st = this.state(netId);
    const removed: number[] = [], unknown: number[] = [];
    for (const id of ids) (st.devices.delete(id) ? removed : unknown).push(id);
    return { removed, unknown };
  }

  blocked(netId: number): readonly BlockedAddress[] { return [...this.state(netId).blocked.values()]; }

  async block(netId: number, b: BlockedAdd, user: string): Promise<BlockedAddress> {
    const st = this.state(netId);
    checkRange(b.address);
    const entry: BlockedAddress = { id: this.nextBlockId++, address: b.address, comment: b.comment ?? '', createdAtMs: this.nowMs(), user, origin: 'api' };
    st.blocked.set(entry.id, entry);
    for (const d of st.devices.values()) if (inRange(b.address, d.address)) d.polled = false;
    return entry;
  }

  async updateBlock(netId: number, id: number, b: BlockedAdd, _user: string): Promise<BlockedAddress> {
    const st = this.state(netId);
    const old = st.blocked.get(id);
    if (!old) throw new AppError('UNKNOWN_BLOCK', `network ${netId} has no blocked entry ${id}`);
    if (old.origin === 'config') throw new AppError('READ_ONLY', `blocked entry ${id} (${old.address}) comes from the configuration (networks[].blocked): change it there`);
    checkRange(b.address);
    const entry: BlockedAddress = { ...old, address: b.address, comment: b.comment ?? old.comment };
    st.blocked.set(id, entry);
    return entry;
  }

  async unblock(netId: number, ids: readonly number[], _user: string): Promise<RemoveResult> {
    const st = this.state(netId);
    const removed: number[] = [], unknown: number[] = [];
    for (const id of ids) {
      const b = st.blocked.get(id);
      if (!b) { unknown.push(id); continue; }
      if (b.origin === 'config') throw new AppError('READ_ONLY', `blocked entry ${id} (${b.address}) comes from the configuration (networks[].blocked): change it there`);
    }
    for (const id of ids) if (st.blocked.delete(id)) removed.push(id);
    return { removed, unknown };
  }

  async submit(netId: number, address: string, user: string): Promise<TaskInfo> {
    this.calls.push(`submit ${netId}`);
    const st = this.state(netId);
    this.checkAddress(st, address);
    const known = [...st.devices.values()].find((d) => d.address === address);
    return this.enqueue(netId, st, address, known?.id ?? null, user);
  }

  queue(netId: number, limit: number): DiscoveryQueue {
    const st = this.state(netId);
    const view = (q: QueuedAddress): QueuedAddress => ({ address: q.address, taskId: q.taskId, queuedAtMs: q.queuedAtMs, reason: q.reason });
    return { paused: st.paused, running: [], queued: st.queue.slice(0, limit).map(view), total: st.queue.length };
  }

  async newGeneration(netId: number, user: string): Promise<TaskInfo> {
    const st = this.state(netId);
    const h = this.tasks.begin(netId, 'newGeneration', 'new generation from the inventory', user);
    h.start();
    h.complete({ generation: ++st.generation });
    return this.tasks.get(netId, h.id)!;
  }

  pause(netId: number, _user: string): DiscoveryQueue { this.state(netId).paused = true; return this.queue(netId, 100); }
  resume(netId: number, _user: string): DiscoveryQueue { this.state(netId).paused = false; return this.queue(netId, 100); }

  externalTags(netId: number, key: DeviceKey): ExternalTags {
    const d = this.find(netId, key);
    return { deviceId: d.id, name: d.name, address: d.address, tags: [...d.externalTags] };
  }

  async setExternalTags(netId: number, key: DeviceKey, tags: readonly Tag[], mode: 'replace' | 'add' | 'remove', _user: string): Promise<ExternalTags> {
    const d = this.find(netId, key);
    for (const t of tags) if (!TAG.test(t)) throw new AppError('BAD_PARAMETER', `'${t}' is not a tag of the form Facet.Word`);
    if (mode === 'replace') d.externalTags = [...new Set(tags)];
    else if (mode === 'add') d.externalTags = [...new Set([...d.externalTags, ...tags])];
    else d.externalTags = d.externalTags.filter((t) => !tags.includes(t));
    return this.externalTags(netId, { id: d.id });
  }

  /** Each network's overlay of SNMP credentials (the collector's checks and view, over a file network of community `public`). */
  readonly overlays = new Map<number, SnmpOverlay>();

  snmpCredentials(netId: number): SnmpCredentialsView {
    this.state(netId);
    return credentialsView(fileNetwork(netId), this.overlays.get(netId));
  }

  async setSnmpCredentials(netId: number, change: SnmpCredentialsChange, user: string): Promise<SnmpCredentialsView> {
    this.state(netId);
    this.calls.push(`setSnmpCredentials ${netId}`);
    this.overlays.set(netId, applyChange(this.overlays.get(netId), change, user, this.nowMs()));
    return this.snmpCredentials(netId);
  }

  private find(netId: number, key: DeviceKey): Mutable<ManagedDevice> {
    const all = [...this.state(netId).devices.values()];
    const d = 'id' in key ? all.find((x) => x.id === key.id) : 'name' in key ? all.find((x) => x.name === key.name) : all.find((x) => x.address === key.address);
    if (!d) throw new AppError('UNKNOWN_DEVICE', `network ${netId} has no device with ${JSON.stringify(key)}`);
    return d;
  }

  private enqueue(netId: number, st: NetState, address: string, deviceId: number | null, user: string): TaskInfo {
    const h = this.tasks.begin(netId, 'submission', `discover ${address}`, user);
    st.queue.push({ address, taskId: h.id, queuedAtMs: this.nowMs(), reason: 'api', handle: h, deviceId });
    return this.tasks.get(netId, h.id)!;
  }

  private checkAddress(st: NetState, address: string): void {
    if (isIP(address) === 0 && !DNS.test(address)) throw new AppError('BAD_PARAMETER', `'${address}' is neither an IP address nor a DNS name`);
    for (const b of st.blocked.values()) {
      if (inRange(b.address, address)) throw new AppError('BLOCKED_ADDRESS', `${address} is blocked from discovery by entry ${b.id} (${b.address})`);
    }
  }

  private checkProbe(st: NetState, address: string): void {
    this.checkAddress(st, address);
    const same = [...st.devices.values()].find((d) => d.address === address);
    if (same) throw new AppError('CONFLICT', `device ${same.id} already has address ${address}`);
  }

  private state(netId: number): NetState {
    if (!this.knows(netId)) throw new AppError('UNKNOWN_NETWORK', `network ${netId} is not configured`);
    let st = this.nets.get(netId);
    if (!st) this.nets.set(netId, st = { devices: new Map(), blocked: new Map(), queue: [], paused: false, generation: 100 });
    return st;
  }
}

/** What the fake takes as a network's config file credentials: community `public`, no v3 user. */
const fileNetwork = (id: number): NetworkConfig => ({ id, snmp: { communities: ['public'], v3Users: [] } }) as unknown as NetworkConfig;

function checkRange(address: string): void {
  if (isIP(address) === 0 && !parseCidr(address)) throw new AppError('BAD_PARAMETER', `'${address}' is neither an IP address nor a CIDR range`);
}

function inRange(entry: string, address: string): boolean {
  if (entry === address) return true;
  const c = parseCidr(entry);
  return c !== null && isIP(address) !== 0 && cidrContains(c, address);
}
