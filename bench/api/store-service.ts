import { TaskRegistry } from '../../collector/tasks.js';
import { devicesUnavailable } from './devices-unavailable.js';
import type { DevicesPort, TasksPort } from '../../core/ports/index.js';
/**
 * A bench-only collector: one network whose inventory is a list of synthetic variables over a real
 * series store and ring buffer, behind the collector's ports. A fixture for driving the API under
 * load, not evidence that the collector and the API fit together (the e2e tests are).
 */
import type {
  CollectorPorts, DiscoveryStatus, GenerationSelector, GenerationSummary, LatestValues, NetworkSummary, NetworksPort, PipelineEvents, PollStatus,
  VariableCatalog,
} from '../../core/ports/index.js';
import { variableDef } from '../../collector/inventory/variables-builtin.js';
import { AppError } from '../../core/errors.js';
import type { Generation, VariableInstance } from '../../core/types.js';
import { RingBuffer } from '../../store/ring.js';
import type { SeriesStore } from '../../store/series/series.js';

export class BenchService implements CollectorPorts, NetworksPort {
  readonly ring: RingBuffer;
  private readonly net: NetworkSummary;
  private readonly instances: VariableInstance[];
  private readonly byTriplet = new Map<string, VariableInstance>();
  private readonly gen: Generation;
  readonly tasks: TasksPort = new TaskRegistry((netId) => this.get(netId) !== undefined, () => Date.now());
  readonly devices: DevicesPort = devicesUnavailable('the fake collector');

  constructor(readonly series: SeriesStore, instances: VariableInstance[], pollIntervalMs: number, nowMs: number) {
    this.instances = instances;
    for (const v of instances) this.byTriplet.set(`${v.name}.${v.deviceId}.${v.index}`, v);
    this.ring = RingBuffer.create(Math.max(1, instances.length));
    this.net = {
      id: 1, name: 'bench', pollIntervalMs, discoveryIntervalMs: 3_600_000,
      seeds: ['127.1.0.1'], ranges: [{ cidr: '127.1.0.0/16', sweep: false }],
    };
    this.gen = {
      networkId: 1, number: 1, status: 'completed', startedAtMs: nowMs - 60_000, completedAtMs: nowMs - 30_000,
      devices: [], links: [], errors: [],
    };
  }

  get networks(): NetworksPort { return this; }
  list(): readonly NetworkSummary[] { return [this.net]; }
  get(netId: number): NetworkSummary | undefined { return netId === 1 ? this.net : undefined; }

  discoveryStatus(_netId: number): DiscoveryStatus {
    const g = this.gen;
    return {
      running: null,
      latest: { number: g.number, status: g.status, startedAtMs: g.startedAtMs, completedAtMs: g.completedAtMs, devices: 0, links: 0 },
      generations: 1,
    };
  }

  startDiscovery(_netId: number) { return { started: false, generation: 1, message: 'the bench network does not discover' }; }
  generation(_netId: number, _sel: GenerationSelector): Generation | null { return this.gen; }
  generations(_netId: number): readonly GenerationSummary[] {
    const g = this.gen;
    return [{ number: g.number, status: g.status, startedAtMs: g.startedAtMs, completedAtMs: g.completedAtMs, devices: g.devices.length, links: g.links.length }];
  }

  pollStatus(_netId: number): PollStatus {
    return { cycles: 0, lastCycleStartMs: null, lastCycleDurationMs: null, devicesPolled: 0, devicesFailed: 0, variables: this.instances.length };
  }

  deviceStates(_netId: number) { return []; }

  readonly catalog: VariableCatalog = {
    instances: () => this.instances,
    instanceCount: () => this.instances.length,
    find: (netId, name, deviceId, index) => (netId === 1 ? this.byTriplet.get(`${name}.${deviceId}.${index}`) : undefined),
    definition: (name) => variableDef(name),
    define: () => { throw new AppError('BAD_PARAMETER', 'the bench collector defines no variables'); },
    configure: (defs) => { if (defs.length > 0) throw new AppError('BAD_PARAMETER', 'the bench collector has no operator variables'); },
    allocate: async () => { throw new AppError('BAD_PARAMETER', 'the bench collector allocates no variables'); },
    allocateMany: async (list) => list.map(() => new AppError('BAD_PARAMETER', 'the bench collector allocates no variables')),
  };
  readonly latest: LatestValues = { observations: (slot) => this.ring.read(slot), last: (slot) => this.ring.last(slot) };
  readonly events: PipelineEvents = { onCycleDone: () => () => {}, onGridStepWritten: () => () => {} };
  health() { return { healthy: true, components: { store: { healthy: true, detail: 'bench fixture' } } }; }
}
