import { AppError } from '../../core/errors.js';
import type { DevicePollState, DiscoveryStart, FailureKind, Reachability, GenerationSelector } from '../../core/ports/networks.js';
import type { Device, Generation } from '../../core/types.js';
import { jsonBytes } from '../../svcql/index.js';
import { AnswerBound } from '../answer-bound.js';
import type { ServiceDeps } from '../deps.js';
import type { NetworkService } from './networks.js';
import type { WorkGates } from '../work-gates.js';
import { ICONS, iconOf, type IconDef } from './device-icons.js';
import type { GenerationSummary } from '../../core/ports/networks.js';

/**
 * Discovery start and the generation-selected discovery data (docs/api.md "Generation selection"). Shapes of start, topo,
 * devices and device are the project's (the spec marks them † or leaves them open).
 *
 * The topology and devices answers grow with the network, so they are bounded in bytes
 * (REQUEST_LIMITS.maxAnswerBytes, AppError REQUEST_LIMIT before any of the answer is built). A
 * generation never changes once selectable and the collector gives the same object for it, so
 * each answer's size is estimated once per generation (a WeakMap on the Generation) and a later
 * call checks it in constant time.
 */

/** How to narrow a devices answer over the bound. */
const NARROW_DEVICES = 'ask for devices one at a time: /v2/discovery/net/:id/devices/:devid (their ids are in the topology)';
/** How to narrow a topology answer over the bound (it has no narrower form). */
const NARROW_TOPOLOGY = 'ask for devices one at a time: /v2/discovery/net/:id/devices/:devid (their ids: SvcQL SELECT id FROM devices)';

/** Estimated JSON bytes of a generation's answers, by answer. */
interface AnswerSizes { topology?: number; devices?: number }

interface GenerationHead {
  readonly networkId: number;
  readonly generation: number | null;
  readonly startedAtMs: number | null;
  readonly completedAtMs: number | null;
}

/**
 * A Device record as the API shows it: everything discovery found except `poll` (how the device is
 * polled, credentials included), which never leaves the server.
 */
export function publicDevice(d: Device): Record<string, unknown> {
  const out: Record<string, unknown> = { ...d };
  delete out.poll;
  return out;
}

/**
 * A device's poll state as the devices answers show it (the project's shape): `state` is `ok` (its
 * latest poll answered), `failing` (from its first failed poll until it answers again) or `unknown`
 * (not polled since the server started, or not in the network's current generation); the state is
 * the collector's now, whichever generation was selected. Not named `poll`: that field of the
 * stored record (how the device is polled, credentials included) never leaves the server.
 */
export interface PollStateRecord {
  readonly state: 'ok' | 'failing' | 'unknown';
  readonly failingSinceMs: number | null;
  readonly consecutiveFailures: number;
  readonly reason: string;
  readonly lastSuccessMs: number | null;
  /** `neverAnswered`, `unreachable` or `answering`; null when `state` is `unknown`. */
  readonly reachability: Reachability | null;
  /** The kind of `reason` (timeout, credentials, noRoute, refused, agentError, unresolved, other); null without one. */
  readonly reasonKind: FailureKind | null;
  /** One line for people: `never answered: …`, `unreachable since <time>: …`, `answering`; '' when unknown. */
  readonly summary: string;
  /** `mode: collector`: the site's collector that polls the device (null: no live collector has it); absent otherwise. */
  readonly polledBy?: string | null;
}

const UNKNOWN_POLL_STATE: PollStateRecord = Object.freeze({
  state: 'unknown', failingSinceMs: null, consecutiveFailures: 0, reason: '', lastSuccessMs: null, reachability: null, reasonKind: null, summary: '',
});

export function pollStateRecord(s: DevicePollState | undefined): PollStateRecord {
  const by = s?.polledBy !== undefined ? { polledBy: s.polledBy } : {};
  if (!s || (!s.failing && s.lastSuccessMs === null)) return s?.polledBy !== undefined ? { ...UNKNOWN_POLL_STATE, ...by } : UNKNOWN_POLL_STATE;
  return {
    ...by,
    state: s.failing ? 'failing' : 'ok', failingSinceMs: s.failingSinceMs, consecutiveFailures: s.consecutiveFailures,
    reason: s.reason, lastSuccessMs: s.lastSuccessMs,
    reachability: s.reachability ?? (s.failing ? 'unreachable' : 'answering'), reasonKind: s.reasonKind ?? null,
    summary: s.summary ?? (s.failing ? s.reason : 'answering'),
  };
}

/**
 * The most a pollState adds to a device record in JSON: the fields, two times, and a reason of at
 * most 200 characters (collector/polling/device-health.ts MAX_REASON_CHARS), escaped, and the
 * collector that polls it (`mode: collector`: a name of at most 64 characters).
 */
const POLL_STATE_MAX_BYTES = 1490;

/** A device as the topology shows it: identity and interfaces, no neighbour tables or components. */
function topoDevice(d: Device) {
  return {
    id: d.id,
    name: d.name,
    address: d.address,
    vendor: d.vendor,
    model: d.model,
    sysObjectID: d.sysObjectID,
    boxDescr: d.sysDescr,
    tags: d.tags,
    interfaces: d.interfaces.map((i) => ({
      index: i.index,
      name: i.name,
      descr: i.descr,
      alias: i.alias,
      speedBps: i.speedBps,
      adminStatus: i.adminStatus,
      operStatus: i.operStatus,
      mac: i.mac,
      addresses: i.addresses,
    })),
  };
}

function head(netId: number, gen: Generation | null): GenerationHead {
  return {
    networkId: netId,
    generation: gen ? gen.number : null,
    startedAtMs: gen ? gen.startedAtMs : null,
    completedAtMs: gen ? gen.completedAtMs : null,
  };
}

/** A link as the topology shows it. */
const link = (l: Generation['links'][number]) => ({ a: l.a, b: l.b, protocol: l.protocol });

/** Estimated bytes of `{...head, devices: [...], links: [...]}` from its parts (never built whole). */
function answerBytes(gen: Generation, device: (d: Device) => unknown, withLinks: boolean): number {
  let n = jsonBytes(head(gen.networkId, gen)) + 12 + Math.max(0, gen.devices.length - 1);
  for (const d of gen.devices) n += jsonBytes(device(d));
  if (withLinks) {
    n += 10 + Math.max(0, gen.links.length - 1);
    for (const l of gen.links) n += jsonBytes(link(l));
  }
  return n;
}

function withPollState(d: Device, s: DevicePollState | undefined): Record<string, unknown> {
  const out = publicDevice(d);
  out.pollState = pollStateRecord(s);
  return out;
}

/** One generation as the legacy `generations/:n` call shows it (the project's shape). */
interface GenerationDetail extends GenerationSummary {
  readonly networkId: number;
  readonly kind: 'full' | 'incremental';
  readonly externalNeighbors: number;
  /** The generation's errors, the first GENERATION_ERRORS_SHOWN of them. */
  readonly errors: readonly string[];
  readonly errorCount: number;
}

/** How many of a generation's errors the legacy `generations/:n` answer lists. */
const GENERATION_ERRORS_SHOWN = 100;

/** What the legacy device answers name of a device: who it is and what it is, in a generation. */
export interface DeviceHead {
  readonly networkId: number;
  readonly generation: number;
  readonly id: number;
  readonly name: string;
  readonly address: string;
  readonly vendor: string;
  readonly model: string;
  readonly os: string;
  readonly boxDescr: string;
  readonly softwareRev: string;
  readonly serialNumber: string;
}

/** A device in brief (legacy `nodes/:nodeid/summary`): identity, what it is, and its poll state. */
interface DeviceSummary extends DeviceHead {
  readonly sysUpTimeCs: number;
  readonly interfaces: number;
  readonly components: number;
  readonly neighbors: number;
  readonly tags: readonly string[];
  readonly discoveredAtMs: number;
  readonly pollState: PollStateRecord;
}

export class DiscoveryService {
  private readonly sizes = new WeakMap<Generation, AnswerSizes>();

  /** `gates`: the gate `limits.discovery` of the starts; absent (unit tests), starts are not gated. */
  constructor(private readonly deps: ServiceDeps, private readonly networks: NetworkService, private readonly gates?: WorkGates) {}

  /** AppError REQUEST_LIMIT when the generation's `which` answer is over the answer bytes bound. */
  private checkSize(gen: Generation, which: keyof AnswerSizes): void {
    let sizes = this.sizes.get(gen);
    if (!sizes) this.sizes.set(gen, sizes = {});
    const bytes = sizes[which] ??= which === 'topology'
      ? answerBytes(gen, topoDevice, true)
      : answerBytes(gen, publicDevice, false) + gen.devices.length * POLL_STATE_MAX_BYTES;
    new AnswerBound(which === 'topology' ? NARROW_TOPOLOGY : NARROW_DEVICES).row(bytes);
  }

  /**
   * `{ status: 'ok', started, generation, message }`, and `nextStartAtMs` when the start was refused
   * as too soon after the last one (networks[].discoveryMinInterval). With `key`, under the gate
   * `limits.discovery` (RATE_LIMITED / SERVER_BUSY before anything is begun): a run started holds
   * its place until its task has ended; a start refused by the network gives it back at once.
   */
  start(netId: number, user?: string, key?: string): DiscoveryStart & { readonly status: 'ok' } {
    const net = this.networks.need(netId);
    const release = key !== undefined && this.gates ? this.gates.hold('discovery', key) : null;
    let r: DiscoveryStart;
    try { r = this.deps.collector.networks.startDiscovery(net.id, user); } catch (e) { release?.(null); throw e; }
    if (release) {
      const tasks = this.deps.collector.tasks;
      const task = r.started ? tasks.list(net.id).find((t) => t.kind === 'discovery' && t.title === `discovery generation ${r.generation}`) : undefined;
      release(task && tasks.whenEnded ? tasks.whenEnded(net.id, task.id) : null);
    }
    const out = { status: 'ok' as const, started: r.started, generation: r.generation, message: r.message };
    return r.nextStartAtMs === undefined ? out : { ...out, nextStartAtMs: r.nextStartAtMs };
  }

  private selected(netId: number, sel: GenerationSelector): Generation | null {
    const net = this.networks.need(netId);
    return this.deps.collector.networks.generation(net.id, sel);
  }

  /** `{ networkId, generation, startedAtMs, completedAtMs, devices, links }`. */
  topology(netId: number, sel: GenerationSelector) {
    const gen = this.selected(netId, sel);
    if (gen) this.checkSize(gen, 'topology');
    return {
      ...head(netId, gen),
      devices: gen ? gen.devices.map(topoDevice) : [],
      links: gen ? gen.links.map(link) : [],
    };
  }

  /**
   * `{ networkId, generation, startedAtMs, completedAtMs, devices: Device[] }` (public records, each
   * with its `pollState`).
   */
  devices(netId: number, sel: GenerationSelector) {
    const gen = this.selected(netId, sel);
    if (gen) this.checkSize(gen, 'devices');
    const states = gen ? this.networks.deviceStates(netId) : new Map<number, DevicePollState>();
    return { ...head(netId, gen), devices: gen ? gen.devices.map((d) => withPollState(d, states.get(d.id))) : [] };
  }

  /** One public Device record with its `pollState`; AppError UNKNOWN_DEVICE when the generation lacks it. */
  device(netId: number, devId: number, sel: GenerationSelector): Record<string, unknown> {
    const { d } = this.deviceOf(netId, devId, sel);
    return withPollState(d, this.networks.deviceStates(netId).get(devId));
  }

  private deviceOf(netId: number, devId: number, sel: GenerationSelector): { gen: Generation; d: Device } {
    const gen = this.selected(netId, sel);
    const d = gen?.devices.find((x) => x.id === devId);
    if (!gen || !d) {
      const where = gen ? `generation ${gen.number}` : 'any completed discovery (none has completed yet)';
      throw new AppError('UNKNOWN_DEVICE', `device ${devId} is not in ${where}`);
    }
    return { gen, d };
  }

  /** One device in brief (DeviceSummary); AppError UNKNOWN_DEVICE as `device`. */
  deviceSummary(netId: number, devId: number, sel: GenerationSelector): DeviceSummary {
    const { gen, d } = this.deviceOf(netId, devId, sel);
    return {
      networkId: netId, generation: gen.number, id: d.id, name: d.name, address: d.address, vendor: d.vendor, model: d.model,
      os: d.os ?? '', boxDescr: d.sysDescr, softwareRev: d.softwareRev, serialNumber: d.serialNumber, sysUpTimeCs: d.sysUpTimeCs,
      interfaces: d.interfaces.length, components: d.components.length, neighbors: d.neighbors.length, tags: d.tags,
      discoveredAtMs: d.discoveredAtMs, pollState: pollStateRecord(this.networks.deviceStates(netId).get(devId)),
    };
  }

  /** Every kept generation of the network, oldest first (any status). */
  generations(netId: number): { networkId: number; generations: readonly GenerationSummary[] } {
    const net = this.networks.need(netId);
    return { networkId: net.id, generations: this.deps.collector.networks.generations(net.id) };
  }

  /**
   * The selected generation's summary with its kind, errors and counts; AppError UNKNOWN_GENERATION
   * when none is selected (nothing completed yet) or the selection matches none.
   */
  generationDetail(netId: number, sel: GenerationSelector): GenerationDetail {
    const gen = this.selected(netId, sel);
    if (!gen) throw new AppError('UNKNOWN_GENERATION', `no discovery of network ${netId} has completed yet`);
    return {
      networkId: netId, number: gen.number, status: gen.status, kind: gen.kind ?? 'full', startedAtMs: gen.startedAtMs,
      completedAtMs: gen.completedAtMs, devices: gen.devices.length, links: gen.links.length,
      externalNeighbors: gen.externalNeighbors?.length ?? 0, errors: gen.errors.slice(0, GENERATION_ERRORS_SHOWN), errorCount: gen.errors.length,
    };
  }

  /** The icon set and each device's icon in the selected generation (services/networks/device-icons.ts). */
  icons(netId: number, sel: GenerationSelector): GenerationHead & { icons: readonly IconDef[]; devices: { id: number; icon: string }[] } {
    const gen = this.selected(netId, sel);
    return { ...head(netId, gen), icons: ICONS, devices: gen ? gen.devices.map((d) => ({ id: d.id, icon: iconOf(d) })) : [] };
  }
}
