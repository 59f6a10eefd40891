import { AppError } from '../../core/errors.js';
import type {
  AgentTest, AgentTestResult, BlockedAddress, BlockedAdd, DeviceAdd, DeviceKey, DevicePatch, DiscoveryQueue, ExternalTags, ManagedDevice, RemoveResult,
  SnmpCredentialsChange, SnmpCredentialsView,
} from '../../core/ports/devices.js';
import type { TaskInfo } from '../../core/ports/tasks.js';
import type { Tag } from '../../core/types.js';
import type { ServiceDeps } from '../deps.js';
import { pollStateRecord, publicDevice, type NetworkService, type PollStateRecord } from '../networks/index.js';
import type { WorkGates } from '../work-gates.js';

/** The default and the largest `limit` of the discovery queue call. */
export const QUEUE_DEFAULT_LIMIT = 100;
export const QUEUE_MAX_LIMIT = 10_000;
/** The most ids one DELETE of devices or blocked addresses may name. */
export const MAX_IDS_PER_CALL = 1000;

/**
 * A managed device with its poll state now (never answered, unreachable since…, answering; the
 * last reason): a device that is listed but not monitored says so here.
 */
type ListedDevice = ManagedDevice & { readonly pollState: PollStateRecord };

/** GET /v2/ui/net/:netid/devices/:devid: the managed device, its poll state and its latest discovery record. */
type ManagedDeviceDetail = ListedDevice & { readonly record: Record<string, unknown> | null };

/**
 * Device management, background tasks, incremental discovery and external tags (docs/api.md
 * "Inventory") over the collector's DevicesPort and TasksPort. Every call checks the network first (AppError
 * UNKNOWN_NETWORK, 404); the port's own errors (UNKNOWN_DEVICE, UNKNOWN_BLOCK, UNKNOWN_TASK,
 * BLOCKED_ADDRESS, READ_ONLY, CONFLICT, BAD_PARAMETER) pass through with their codes. Arguments are
 * the port's types, already checked (services/devices/device-bodies.ts); `user` is who asks, for the tasks
 * and records the collector keeps.
 */
export class DeviceService {
  /** `gates`: the gate `limits.discovery` of submissions and new generations; absent (unit tests), they are not gated. */
  constructor(private readonly deps: ServiceDeps, private readonly networks: NetworkService, private readonly gates?: WorkGates) {}

  /** `begin` under the gate `limits.discovery` for `key`, its place held until the task it answers has ended. */
  private gated(netId: number, key: string | undefined, begin: () => Promise<TaskInfo>): Promise<TaskInfo> {
    if (!this.gates || key === undefined) return begin();
    const tasks = this.deps.collector.tasks;
    return this.gates.holdTask('discovery', key, begin, (t) => t.id,
      (id) => tasks.whenEnded ? tasks.whenEnded(netId, id) : Promise.resolve());
  }

  private get port() { return this.deps.collector.devices; }
  private net(netId: number): number { return this.networks.need(netId).id; }

  list(netId: number): { networkId: number; devices: readonly ListedDevice[] } {
    const devices = this.port.list(this.net(netId));
    const states = this.networks.deviceStates(netId);
    return { networkId: netId, devices: devices.map((d) => ({ ...d, pollState: pollStateRecord(states.get(d.id)) })) };
  }

  /** The device with its public record of the latest completed generation (null when it has none yet). */
  get(netId: number, deviceId: number): ManagedDeviceDetail {
    const d = this.port.get(this.net(netId), deviceId);
    if (!d) throw new AppError('UNKNOWN_DEVICE', `network ${netId} has no device ${deviceId}`);
    const gen = this.deps.collector.networks.generation(netId, {});
    const rec = gen?.devices.find((x) => x.id === deviceId);
    // A device that never answered is in the generation as its placeholder: it has no record yet.
    const placeholder = rec !== undefined && rec.discoveredAtMs === 0 && rec.sysObjectID === '';
    return { ...d, pollState: pollStateRecord(this.networks.deviceStates(netId).get(deviceId)), record: rec && !placeholder ? publicDevice(rec) : null };
  }

  async add(netId: number, d: DeviceAdd, user: string, key?: string): Promise<{ status: 'ok'; task: TaskInfo }> {
    const id = this.net(netId);
    const task = await this.gated(id, key, async () => (await this.port.add(id, d, user)).task);
    return { status: 'ok', task };
  }

  async update(netId: number, deviceId: number, patch: DevicePatch, user: string): Promise<{ status: 'ok'; device: ListedDevice }> {
    const d = await this.port.update(this.net(netId), deviceId, patch, user);
    return { status: 'ok', device: { ...d, pollState: pollStateRecord(this.networks.deviceStates(netId).get(d.id)) } };
  }

  /**
   * One test poll of an address (the onboarding's "test"): what the agent answered and the profile
   * that would match, or why not. Under the gate `limits.discovery` like a submission: it is SNMP
   * work a caller starts.
   */
  async test(netId: number, t: AgentTest, key?: string): Promise<AgentTestResult> {
    const id = this.net(netId);
    if (!this.gates || key === undefined) return this.port.test(id, t);
    const release = this.gates.hold('discovery', key);
    const answer = this.port.test(id, t);
    release(answer);
    return answer;
  }

  /** The network's SNMP credentials in force, named by source and index or name: never a secret. */
  snmpCredentials(netId: number): SnmpCredentialsView {
    return this.port.snmpCredentials(this.net(netId));
  }

  /** Replaces the network's overlay of SNMP credentials (docs/api.md "SNMP credentials"); answers the credentials in force. */
  setSnmpCredentials(netId: number, change: SnmpCredentialsChange, user: string): Promise<SnmpCredentialsView> {
    return this.port.setSnmpCredentials(this.net(netId), change, user);
  }

  async remove(netId: number, ids: readonly number[], user: string): Promise<{ status: 'ok' } & RemoveResult> {
    const r = await this.port.remove(this.net(netId), ids, user);
    return { status: 'ok', removed: r.removed, unknown: r.unknown };
  }

  blocked(netId: number): { blocked: readonly BlockedAddress[] } {
    return { blocked: this.port.blocked(this.net(netId)) };
  }

  async block(netId: number, b: BlockedAdd, user: string): Promise<{ status: 'ok'; blocked: BlockedAddress }> {
    return { status: 'ok', blocked: await this.port.block(this.net(netId), b, user) };
  }

  async updateBlock(netId: number, id: number, b: BlockedAdd, user: string): Promise<{ status: 'ok'; blocked: BlockedAddress }> {
    return { status: 'ok', blocked: await this.port.updateBlock(this.net(netId), id, b, user) };
  }

  async unblock(netId: number, ids: readonly number[], user: string): Promise<{ status: 'ok' } & RemoveResult> {
    const r = await this.port.unblock(this.net(netId), ids, user);
    return { status: 'ok', removed: r.removed, unknown: r.unknown };
  }

  /** Every task of the network, newest first. */
  tasks(netId: number): { tasks: readonly TaskInfo[] } {
    return { tasks: this.deps.collector.tasks.list(this.net(netId)) };
  }

  task(netId: number, taskId: number): TaskInfo {
    const t = this.deps.collector.tasks.get(this.net(netId), taskId);
    if (!t) throw new AppError('UNKNOWN_TASK', `network ${netId} has no task ${taskId} (finished tasks are kept in memory, the newest 500 per network)`);
    return t;
  }

  async submit(netId: number, address: string, user: string, key?: string): Promise<{ status: 'ok'; task: TaskInfo }> {
    const id = this.net(netId);
    return { status: 'ok', task: await this.gated(id, key, () => this.port.submit(id, address, user)) };
  }

  queue(netId: number, limit: number): DiscoveryQueue {
    if (!Number.isInteger(limit) || limit < 0 || limit > QUEUE_MAX_LIMIT) {
      throw new AppError('BAD_PARAMETER', `parameter 'limit' must be an integer from 0 to ${QUEUE_MAX_LIMIT}, got ${limit}`);
    }
    return this.port.queue(this.net(netId), limit);
  }

  async newGeneration(netId: number, user: string, key?: string): Promise<{ status: 'ok'; task: TaskInfo }> {
    const id = this.net(netId);
    return { status: 'ok', task: await this.gated(id, key, () => this.port.newGeneration(id, user)) };
  }

  pause(netId: number, user: string): DiscoveryQueue { return this.port.pause(this.net(netId), user); }
  resume(netId: number, user: string): DiscoveryQueue { return this.port.resume(this.net(netId), user); }

  externalTags(netId: number, key: DeviceKey): ExternalTags {
    return this.port.externalTags(this.net(netId), key);
  }

  setExternalTags(netId: number, key: DeviceKey, tags: readonly Tag[], mode: 'replace' | 'add' | 'remove', user: string): Promise<ExternalTags> {
    return this.port.setExternalTags(this.net(netId), key, tags, mode, user);
  }
}
