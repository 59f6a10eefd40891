/**
 * A bench-only MonitorService: one network whose inventory is a list of synthetic variables over
 * a real series store and ring buffer. A fixture for driving the API under load, not evidence
 * that the collector and the API fit together (the e2e tests are).
 */
import type {
  DiscoveryStatus, GenerationSelector, MonitorService, NetworkSummary, PollStatus,
} from '../../api/monitor-service.js';
import { variableDef } from '../../collector/inventory/variables-builtin.js';
import type { Generation, VariableDef, VariableInstance } from '../../core/types.js';
import { RingBuffer } from '../../store/ring.js';
import type { SeriesStore } from '../../store/series/series.js';

export class BenchService implements MonitorService {
  readonly ring: RingBuffer;
  private readonly net: NetworkSummary;
  private readonly instances: VariableInstance[];
  private readonly byTriplet = new Map<string, VariableInstance>();
  private readonly gen: Generation;

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

  networks(): readonly NetworkSummary[] { return [this.net]; }
  network(netId: number): NetworkSummary | undefined { return netId === 1 ? this.net : undefined; }

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

  pollStatus(_netId: number): PollStatus {
    return { cycles: 0, lastCycleStartMs: null, lastCycleDurationMs: null, devicesPolled: 0, devicesFailed: 0, variables: this.instances.length };
  }

  variables(_netId: number): readonly VariableInstance[] { return this.instances; }
  variable(netId: number, name: string, deviceId: number, index: number): VariableInstance | undefined {
    return netId === 1 ? this.byTriplet.get(`${name}.${deviceId}.${index}`) : undefined;
  }
  variableDef(name: string): VariableDef | undefined { return variableDef(name); }
  health() { return { healthy: true, components: { store: { healthy: true, detail: 'bench fixture' } } }; }
}
