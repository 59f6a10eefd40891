import type { VariableDef, VariableInstance } from '../types.js';

/**
 * The variable catalog port: every variable instance (triplet) of a network with its storage slot,
 * and the definitions of variables. Implemented by the collector's inventory; read by services.
 */

/** A variable that discovery did not make (alert state, derived variables): named by its triplet. */
export interface VariableAllocation {
  readonly netId: number;
  readonly name: string;
  /** A device of the network's current generation, or 0: a network-level variable (no device, component or tags). */
  readonly deviceId: number;
  /** Component index; 0 for a device-level variable. */
  readonly index: number;
}

export interface VariableCatalog {
  /** Every variable instance of a network (discovered and allocated), in a stable order. */
  instances(netId: number): readonly VariableInstance[];
  /**
   * `instances(netId)` in the same order, in batches: each batch covers at most `batch` instances
   * of the list, and only those named in `names` are made and answered when `names` is given (a
   * batch may then be empty). A reader that yields to the event loop between two batches never holds
   * it for the whole list (some 150,000 instances on a network of 10,000 interfaces). What follows is
   * the network's variables as they were at the call. Optional: readers fall back to `instances`.
   */
  instanceBatches?(netId: number, batch: number, names?: readonly string[]): Iterable<readonly VariableInstance[]>;
  /** How many `instances(netId)` answers, without making the instances (cheap on a cold cache). */
  instanceCount(netId: number): number;
  find(netId: number, name: string, deviceId: number, index: number): VariableInstance | undefined;
  /** The definition of a variable name (built-in or defined), or undefined. */
  definition(name: string): VariableDef | undefined;
  /**
   * Defines a variable that discovery does not make (its name must not be a built-in one's; a second
   * call with the same name must give the same definition). Throws AppError BAD_PARAMETER otherwise.
   */
  define(def: VariableDef): void;
  /**
   * Sets the definitions of the configuration's operator variables (`variables.snmp` and
   * `variables.derived`, as core/config-variables.ts configuredDefinitions makes them), replacing
   * the previous set: called at start and at every config reload. Throws AppError BAD_PARAMETER
   * (nothing changed) for a built-in name or one that `define` made.
   */
  configure(defs: readonly VariableDef[]): void;
  /**
   * The instance of a defined variable on a device, with a storage slot of its own: stable across
   * restarts (persisted before the promise resolves) and never shared with another triplet. Values
   * for it are written by its owner (series store `appendStep`); the poller never touches the slot.
   * Throws AppError UNKNOWN_VARIABLE for a name without a definition, UNKNOWN_NETWORK for a network
   * that is not configured.
   */
  allocate(a: VariableAllocation): Promise<VariableInstance>;
  /**
   * `allocate` for many triplets (a derived variable's instances when its plan is built): resolves
   * with one entry per allocation, in order, the instance or the Error `allocate` would have thrown
   * for it (the others are allocated all the same). New ones are persisted a batch (thousands) per
   * metadata transaction, and other work runs between two batches: 500,000 allocations do not hold
   * the event loop. Only instances allocated so are answered, never a discovered one.
   */
  allocateMany(list: readonly VariableAllocation[]): Promise<(VariableInstance | Error)[]>;
  /**
   * Builds the network's variables and poll plans again from its live devices (the inventory
   * discovery made, with the devices added or removed since); resolves with the number of
   * variable instances after. Throws UNKNOWN_NETWORK. Optional: a catalog without it cannot.
   */
  rebuild?(netId: number): Promise<number>;
  /**
   * Forgets the allocated instances (those `allocate` made: alert state, derived variables) of the
   * network whose slot is in the set `staleOf` resolves with: it is asked once, with the slots of
   * every allocated instance of the network (the caller reads the store for them in batches,
   * yielding between them); discovered instances are never touched. Their series stay
   * in the store until its retention; a later allocate of the same triplet gets a new slot.
   * Resolves with the number forgotten. Throws UNKNOWN_NETWORK. Optional as `rebuild`.
   */
  expireAllocated?(netId: number, staleOf: (slots: readonly number[]) => Promise<ReadonlySet<number>>): Promise<number>;
}
