/**
 * The ports between the collector and everything that reads it, in core types only: the collector
 * implements them (collector/monitor.ts); services and tests depend on these interfaces, so that a
 * remote collector (scale-out) or an in-memory fake can stand in.
 */
export type * from './networks.js';
export type * from './catalog.js';
export type * from './latest.js';
export type * from './events.js';
export type * from './devices.js';
export type * from './tasks.js';

import type { VariableCatalog } from './catalog.js';
import type { PipelineEvents } from './events.js';
import type { LatestValues } from './latest.js';
import type { NetworksPort } from './networks.js';
import type { DevicesPort } from './devices.js';
import type { TasksPort } from './tasks.js';

/** Everything the collector offers, as one object (the single-process default implements all four). */
export interface CollectorPorts {
  readonly networks: NetworksPort;
  readonly catalog: VariableCatalog;
  readonly latest: LatestValues;
  readonly events: PipelineEvents;
  /** Managed devices, blocking, incremental discovery, external tags (docs/api.md "Inventory"). */
  readonly devices: DevicesPort;
  /** Background tasks of every network. */
  readonly tasks: TasksPort;
}
