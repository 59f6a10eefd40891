import type { NetworkConfig } from '../../core/config-schema.js';
import type { Device, Generation, Interface, VariableInstance } from '../../core/types.js';
import { AppError } from '../../core/errors.js';
import { TimeSlice } from '../../core/time-slice.js';
import type { VariableAllocation } from '../../core/ports/catalog.js';
import type { MetaStore } from '../../store/meta/meta.js';
import { planHandleSteps, ScratchArena, type PlanHandle } from '../../workers/index.js';
import { devicePlanSteps, interfaceLookup, variableInstance, type InstanceDefs } from '../polling/plan-build.js';
import { NO_OPERATOR_VARIABLES, type OperatorVariables } from './operator-vars.js';
import type { VariableDefs } from './variable-defs.js';
import { REACHABLE, variableDef } from './variables-builtin.js';

/**
 * Inventory.rebuild lets other work run (the API, poll answers) after this many devices: 5,000 new
 * devices held the event loop up to 10.7 s in one loop (bench/discovery).
 */
const REBUILD_YIELD_DEVICES = 200;
/**
 * ...and whenever it has run this long since the last yield, also within one device: planning and
 * packing a device of 10,000 interfaces (118,000 variables) took 0.7 s in one step (bench/discovery/huge-table).
 */
const REBUILD_SLICE_MS = 15;
/** Columns copied between two checks of the time slice. */
const REBUILD_STEP_VARS = 4096;

/** Slot maps, one record per device; NS_LEGACY holds the one-key-per-variable slots of earlier versions. */
const NS_DEVICE_SLOTS = 'deviceSlots';
const NS_LEGACY = 'slots';
const NS_COUNTERS = 'counters';
/** Slots of variables that discovery did not make (VariableCatalog.allocate): key [netId, name, deviceId, index] → slot. */
const NS_ALLOCATED = 'allocatedSlots';
/**
 * Inventory.allocateMany persists this many new allocations in one metadata transaction, and lets
 * other work run between two batches (bench/derived/allocate-bench.ts).
 */
export const ALLOCATE_BATCH = 5000;

interface Allocated { readonly name: string; readonly deviceId: number; readonly index: number; readonly slot: number }

/** An allocated variable's key in a network's index (name, device, index). */
const tripletKey = (name: string, deviceId: number, index: number): string => `${name}\u0000${deviceId}\u0000${index}`;

/**
 * A device's slot map as stored: the variable names it uses, and per variable three Int32 (name
 * number, component index, slot) packed in one buffer. Every variable the device ever had stays in
 * it, so an interface that comes back gets its old slot (and series) back.
 */
interface DeviceSlotRecord {
  readonly names: string[];
  readonly entries: Uint8Array;
}

/** A network's variables as parallel arrays, grouped by device (no object per variable). */
interface NetworkVars {
  /** The settings the plans were built with (a device's plan is reused only under the same object). */
  readonly net: NetworkConfig | null;
  /** The operator variables the plans were built with (plans are reused only under the same object). */
  readonly vars: OperatorVariables | null;
  readonly devices: readonly Device[];
  readonly devicePos: Map<number, number>;
  /** Variables of devices[d] are [start[d], start[d + 1]). */
  readonly start: Int32Array;
  readonly nameId: Uint16Array;
  readonly index: Int32Array;
  readonly slot: Int32Array;
  readonly plans: readonly PlanHandle[];
  /** The `reachable` slot of devices[d]. */
  readonly reachable: Int32Array;
  /** VariableInstance objects made for the API (discovered, then allocated ones), kept while something uses them. */
  cache: WeakRef<VariableInstance[]> | null;
}

const NO_DEVICES: NetworkVars = Object.freeze({
  net: null, vars: null, devices: [], devicePos: new Map(), start: new Int32Array(1), nameId: new Uint16Array(0), index: new Int32Array(0),
  slot: new Int32Array(0), plans: [], reachable: new Int32Array(0), cache: null,
});

const ifScan = (d: Device) => (index: number): Interface | undefined => d.interfaces.find((i) => i.index === index);

/**
 * The variable inventory: every variable instance (triplet) with its storage slot, and the poll plan of
 * every device (packed: workers/v2c/plan-handle.ts). Slots are persisted (one record per device), so a
 * triplet keeps its slot (and its stored series) across generations and restarts; the slot space is
 * shared by all networks. Variables are kept as parallel typed arrays; VariableInstance objects are
 * made on demand.
 */
export class Inventory {
  private nextSlot: number;
  private readonly byNetwork = new Map<number, NetworkVars>();
  /** Variable names by number (the same numbering for every network). */
  private readonly names: string[] = [];
  private readonly nameIds = new Map<string, number>();
  /** Grid kind of every slot (GridKind; 0 for none), all networks. */
  private kindsBySlot = new Uint8Array(0);

  /** The data directory has slots in the per-variable keys of earlier versions (read as a fallback). */
  private readonly legacy: boolean;
  /** Allocated variables by network, in allocation order. */
  private readonly allocated = new Map<number, Allocated[]>();
  /** The same, by network then tripletKey (allocate and find in constant time). */
  private readonly allocatedIndex = new Map<number, Map<string, Allocated>>();
  /** Allocations being persisted, by triplet key, so that two concurrent calls get one slot. */
  private readonly allocating = new Map<string, Promise<number>>();
  /**
   * Per network, the last known record of a device that may be missing from the generation (one that
   * left the inventory, or whose interface is gone): find() falls back to it and to the device's slot
   * record, so series stay readable whatever the generation holds.
   */
  private readonly records = new Map<number, (deviceId: number) => Device | undefined>();

  /** The operator's SNMP variables (config `variables.snmp`), replaced by setVariables. */
  private operator: OperatorVariables = NO_OPERATOR_VARIABLES;
  /** Definitions for VariableInstance objects: built-in, then the catalog's (operator variables, kept ones after a reload removed them). */
  private readonly instanceDefs: InstanceDefs;

  constructor(private readonly meta: MetaStore, private readonly defs: VariableDefs) {
    this.instanceDefs = {
      def: (name) => this.defs.get(name) ?? this.defs.retired(name),
      rows: (d, name) => { const v = this.operator.snmp.find((x) => x.name === name); return v ? d.variableRows?.[v.oid] : undefined; },
    };
    this.nextSlot = meta.get<number>(NS_COUNTERS, 'nextSlot') ?? 0;
    this.legacy = [...meta.range(NS_LEGACY, { limit: 1 })].length > 0;
    for (const { key, value } of meta.range<number>(NS_ALLOCATED)) {
      const [netId, name, deviceId, index] = key as [number, string, number, number];
      this.addAllocated(netId, { name, deviceId, index, slot: value });
    }
  }

  private allocatedOf(netId: number): Allocated[] {
    let a = this.allocated.get(netId);
    if (!a) this.allocated.set(netId, a = []);
    return a;
  }

  private indexOf(netId: number): Map<string, Allocated> {
    let m = this.allocatedIndex.get(netId);
    if (!m) this.allocatedIndex.set(netId, m = new Map());
    return m;
  }

  private addAllocated(netId: number, a: Allocated): void {
    this.allocatedOf(netId).push(a);
    this.indexOf(netId).set(tripletKey(a.name, a.deviceId, a.index), a);
  }

  /**
   * The slot of a variable that discovery did not make (VariableCatalog.allocate): the same slot for
   * the same triplet forever (persisted before the promise resolves), from the slot space every
   * network shares. Its grid kind stays 0: the poller and the interpolator never touch it.
   */
  async allocate(a: VariableAllocation): Promise<number> {
    const [r] = await this.allocateMany([a]);
    if (r instanceof Error) throw r;
    return r!;
  }

  /**
   * `allocate` for many triplets: one entry per allocation, in order, the slot or the AppError
   * `allocate` would throw for it (the others are allocated all the same). The new ones are
   * persisted ALLOCATE_BATCH at a time, each batch in one metadata transaction (with the slot
   * counter), and other work runs between two batches. Known triplets cost one map lookup.
   */
  async allocateMany(list: readonly VariableAllocation[]): Promise<(number | Error)[]> {
    const out: (number | Error)[] = new Array(list.length);
    for (let from = 0; from < list.length; from += ALLOCATE_BATCH) {
      if (from > 0) await new Promise((r) => setImmediate(r));
      const waits: Promise<void>[] = [];
      const fresh: { k: number; netId: number; a: Allocated; key: string }[] = [];
      const to = Math.min(list.length, from + ALLOCATE_BATCH);
      let settle!: (ok: boolean) => void;
      const batchDone = new Promise<boolean>((r) => { settle = r; });
      for (let k = from; k < to; k++) {
        const a = list[k]!;
        const bad = this.refusal(a);
        if (bad) { out[k] = bad; continue; }
        const known = this.indexOf(a.netId).get(tripletKey(a.name, a.deviceId, a.index));
        if (known) { out[k] = known.slot; continue; }
        const key = `${a.netId}\u0000${tripletKey(a.name, a.deviceId, a.index)}`;
        const pending = this.allocating.get(key);
        if (pending) { waits.push(pending.then((slot) => { out[k] = slot; }, (e: Error) => { out[k] = e; })); continue; }
        const slot = this.nextSlot++;
        const entry = { k, netId: a.netId, a: { name: a.name, deviceId: a.deviceId, index: a.index, slot }, key };
        fresh.push(entry);
        out[k] = slot;
        const p = batchDone.then((ok) => { if (!ok) throw batchError; return slot; });
        p.catch(() => undefined);
        this.allocating.set(key, p);
      }
      let batchError: Error = new Error('not persisted');
      if (fresh.length > 0) {
        const counter = this.nextSlot;
        let ok = true;
        try {
          await this.meta.transaction((tx) => {
            for (const f of fresh) tx.put(NS_ALLOCATED, [f.netId, f.a.name, f.a.deviceId, f.a.index], f.a.slot);
            // Never below a counter a rebuild stored meanwhile.
            tx.put(NS_COUNTERS, 'nextSlot', Math.max(counter, tx.get<number>(NS_COUNTERS, 'nextSlot') ?? 0));
          });
        } catch (e) {
          ok = false;
          batchError = e as Error;
        }
        for (const f of fresh) {
          this.allocating.delete(f.key);
          if (ok) this.addAllocated(f.netId, f.a);
        }
        if (ok) {
          this.growKinds(this.nextSlot);
          for (const id of new Set(fresh.map((f) => f.netId))) { const n = this.byNetwork.get(id); if (n) n.cache = null; }
        } else {
          for (const f of fresh) out[f.k] = batchError;
        }
        settle(ok);
      } else settle(true);
      await Promise.all(waits);
    }
    return out;
  }

  /** Why an allocation is refused (AppError), or undefined. */
  private refusal(a: VariableAllocation): AppError | undefined {
    if (this.defs.get(a.name) === undefined) return new AppError('UNKNOWN_VARIABLE', `variable '${a.name}' has no definition`);
    if (variableDef(a.name) !== undefined || this.operator.snmp.some((v) => v.name === a.name)) {
      return new AppError('BAD_PARAMETER', `variable '${a.name}' is polled: its instances are discovered, not allocated`);
    }
    if (!Number.isSafeInteger(a.deviceId) || a.deviceId < 0 || !Number.isSafeInteger(a.index) || a.index < 0) {
      return new AppError('BAD_PARAMETER', `device id and index must be non-negative integers, got ${a.deviceId} and ${a.index}`);
    }
    return undefined;
  }

  /**
   * Forgets the allocated variables (VariableCatalog.allocate) of a network whose slot is in the set
   * `staleOf(slots)` resolves with (asked once, with the slots of every allocated variable of the
   * network, so that the caller can read the store for all of them in batches): their records are removed from the metadata store and they leave the catalog. Their
   * slots are never given again (the slot counter only grows), so their stored series stay until
   * the store's retention and are never mixed with another triplet's. A later `allocate` of the
   * same triplet gets a new slot. Resolves with the number forgotten.
   */
  async expireAllocated(netId: number, staleOf: (slots: readonly number[]) => Promise<ReadonlySet<number>>): Promise<number> {
    const asked = this.allocatedOf(netId).map((a) => a.slot);
    if (asked.length === 0) return 0;
    const staleSlots = await staleOf(asked);
    // The list as it is now (allocations made meanwhile were not asked about: they stay).
    const list = this.allocatedOf(netId);
    const stale = list.filter((a) => staleSlots.has(a.slot));
    if (stale.length === 0) return 0;
    await Promise.all(stale.map((a) => this.meta.remove(NS_ALLOCATED, [netId, a.name, a.deviceId, a.index])));
    const gone = new Set(stale);
    this.allocated.set(netId, list.filter((a) => !gone.has(a)));
    const index = this.indexOf(netId);
    for (const a of stale) index.delete(tripletKey(a.name, a.deviceId, a.index));
    const n = this.byNetwork.get(netId);
    if (n) n.cache = null;
    return stale.length;
  }

  /** The highest slot assigned so far + 1 (the ring and state buffers need at least this capacity). */
  get slotCount(): number { return this.nextSlot; }

  private nameId(name: string): number {
    let id = this.nameIds.get(name);
    if (id === undefined) { id = this.names.length; this.names.push(name); this.nameIds.set(name, id); }
    return id;
  }

  /**
   * Sets the operator's SNMP variables: the next rebuild of each network plans every device again
   * (no plan is reused across a change). The caller rebuilds the networks (Monitor.setVariables).
   */
  setVariables(v: OperatorVariables): void { this.operator = v; }
  get variables(): OperatorVariables { return this.operator; }

  /** Names the source of last known device records of a network (find()'s fallback). */
  setRecords(netId: number, recordOf: (deviceId: number) => Device | undefined): void {
    this.records.set(netId, recordOf);
  }

  /**
   * Rebuilds a network's variables and plans from a generation (completed, or the live inventory);
   * persists new slots. A device whose record is the very object of the previous build (same
   * NetworkConfig object too) keeps its plan and columns (copied, not re-planned), so a change of a
   * few devices costs their planning plus one copy of the columns.
   */
  async rebuild(net: NetworkConfig, g: Pick<Generation, 'devices'>): Promise<void> {
    const prev = this.byNetwork.get(net.id);
    const operator = this.operator;
    const reuse = prev && prev.net === net && prev.vars === operator ? prev : undefined;
    // Columns are filled as devices are planned: nothing per variable outlives its device's turn
    // (long-lived temporaries would make V8 grow its young generation for good).
    const cols = new ColumnsBuilder(g.devices.length * 16);
    const start = new Int32Array(g.devices.length + 1);
    const devicePos = new Map<number, number>();
    const reachable = new Int32Array(g.devices.length);
    const plans: PlanHandle[] = [];
    const writes: Promise<void>[] = [];
    const counterWrite = () => {
      // Written when the stored counter differs (new slots, or an earlier write that failed), not
      // every time: a restart on a full disk (writes refused) then rebuilds its known inventory.
      // Issued in the same tick as the slot records it covers, so that lmdb-js commits them in one
      // transaction: a crash never leaves a stored slot above the stored counter.
      if (this.meta.get<number>(NS_COUNTERS, 'nextSlot') !== this.nextSlot) writes.push(this.meta.put(NS_COUNTERS, 'nextSlot', this.nextSlot));
    };
    /** Where this rebuild packs its plans, one at a time (packing may pause: not the shared arena). */
    const arena = new ScratchArena();
    // The slot records put so far in a slice are committed with their counter before others run (see counterWrite).
    const slice = new TimeSlice(REBUILD_SLICE_MS, counterWrite);
    try {
      for (let pos = 0; pos < g.devices.length; pos++) {
        const d = g.devices[pos]!;
        if (pos > 0 && (pos % REBUILD_YIELD_DEVICES === 0 || slice.overdue)) await slice.pause();
        const pp = reuse?.devicePos.get(d.id);
        if (reuse && pp !== undefined && reuse.devices[pp] === d) {
          start[pos] = cols.length;
          devicePos.set(d.id, pos);
          for (let k = reuse.start[pp]!; k < reuse.start[pp + 1]!; k++) cols.push(reuse.nameId[k]!, reuse.index[k]!, reuse.slot[k]!);
          reachable[pos] = reuse.reachable[pp]!;
          plans.push(reuse.plans[pp]!);
          continue;
        }
        const known = this.readDeviceSlots(d.id);
        let added = false;
        const slotOf = (name: string, index: number): number => {
          const key = `${name}.${index}`;
          let slot = known.get(key);
          if (slot === undefined) {
            slot = (this.legacy ? this.meta.get<number>(NS_LEGACY, `${name}.${d.id}.${index}`) : undefined) ?? this.nextSlot++;
            known.set(key, slot);
            added = true;
          }
          return slot;
        };
        const p = await slice.run(devicePlanSteps(d, net, (name, _dev, index) => slotOf(name, index), operator.forDevice(d)));
        // `reachable` (REACHABLE): a variable of every device that no poll op computes, so it is not in the
        // plan; its slot is made here, with the device's others, and kept in the same record (stable
        // across generations and restarts). The network monitor writes its values (one per poll
        // outcome); its grid kind stays 0, so the interpolator never touches it.
        const reachableSlot = slotOf(REACHABLE, 0);
        reachable[pos] = reachableSlot;
        // Put before the next yield: lmdb-js batches the puts of one tick (with counterWrite) into one transaction.
        if (added) writes.push(this.meta.put(NS_DEVICE_SLOTS, d.id, packDeviceSlots(known)));
        const v = p.vars;
        this.growKinds(this.nextSlot);
        start[pos] = cols.length;
        devicePos.set(d.id, pos);
        for (let k = 0; k < v.slots.length; k++) {
          if (k > 0 && k % REBUILD_STEP_VARS === 0 && slice.overdue) {
            await slice.pause();
            // Another network's rebuild or an allocation may have grown the slot space meanwhile.
            this.growKinds(this.nextSlot);
          }
          this.kindsBySlot[v.slots[k]!] = v.kinds[k]!;
          cols.push(this.nameId(v.names[k]!), v.indexes[k]!, v.slots[k]!);
        }
        this.kindsBySlot[reachableSlot] = 0;
        cols.push(this.nameId(REACHABLE), 0, reachableSlot);
        plans.push(await slice.run(planHandleSteps(p.plan, arena)));
      }
    } finally {
      // Also when planning a device threw: the slot records already put in this tick have their counter.
      counterWrite();
      // Awaited below on success; on a throw their failures must not go unhandled.
      for (const w of writes) w.catch(() => undefined);
    }
    start[g.devices.length] = cols.length;
    await Promise.all(writes);
    const { nameId, index, slot } = cols.done();
    this.byNetwork.set(net.id, { net, vars: operator, devices: g.devices, devicePos, start, nameId, index, slot, plans, reachable, cache: null });
  }

  private growKinds(slots: number): void {
    if (this.kindsBySlot.length >= slots) return;
    const grown = new Uint8Array(Math.max(slots, Math.ceil(this.kindsBySlot.length * 1.5)));
    grown.set(this.kindsBySlot);
    this.kindsBySlot = grown;
  }

  /** `name.index` → slot of every variable the device ever had. */
  private readDeviceSlots(deviceId: number): Map<string, number> {
    const out = new Map<string, number>();
    const rec = this.meta.get<DeviceSlotRecord>(NS_DEVICE_SLOTS, deviceId);
    if (!rec) return out;
    const e = rec.entries;
    const ints = new Int32Array(e.buffer.slice(e.byteOffset, e.byteOffset + e.byteLength));
    for (let k = 0; k + 2 < ints.length; k += 3) out.set(`${rec.names[ints[k]!]}.${ints[k + 1]}`, ints[k + 2]!);
    return out;
  }

  /** The slot of a device's `reachable` variable, or -1 when the device is not in the network's current generation. */
  reachableSlot(netId: number, deviceId: number): number {
    const n = this.byNetwork.get(netId);
    const p = n?.devicePos.get(deviceId);
    return n && p !== undefined ? n.reachable[p]! : -1;
  }

  /** Number of variables of a network made from its generation: the polled ones and every device's `reachable`. */
  count(netId: number): number { return this.byNetwork.get(netId)?.slot.length ?? 0; }

  /**
   * How many `instances(netId)` answers (the polled variables, and the allocated ones that it
   * lists), counted from the columns and the allocation records without making any instance.
   */
  instanceCount(netId: number): number {
    const n = this.byNetwork.get(netId);
    const cached = n?.cache?.deref();
    if (cached) return cached.length;
    let count = n?.slot.length ?? 0;
    for (const a of this.allocated.get(netId) ?? []) {
      if (this.defs.get(a.name) !== undefined && (a.deviceId === 0 || (n?.devicePos.has(a.deviceId) ?? false))) count++;
    }
    return count;
  }

  /**
   * Every variable of a network as VariableInstance objects (made on demand, shared while in use):
   * the polled ones in plan order, then the allocated ones whose device is in the current generation.
   */
  instances(netId: number): readonly VariableInstance[] {
    let n = this.byNetwork.get(netId);
    if (!n) {
      if (!this.allocated.has(netId)) return [];
      this.byNetwork.set(netId, n = { ...NO_DEVICES, devicePos: new Map(), cache: null });
    }
    const cached = n.cache?.deref();
    if (cached) return cached;
    const out: VariableInstance[] = new Array(n.slot.length);
    n.devices.forEach((d, p) => {
      const lookup = interfaceLookup(d);
      for (let k = n.start[p]!; k < n.start[p + 1]!; k++) out[k] = variableInstance(d, lookup, this.names[n.nameId[k]!]!, n.index[k]!, n.slot[k]!, this.instanceDefs);
    });
    for (const a of this.allocated.get(netId) ?? []) {
      const v = this.allocatedInstance(n, a);
      if (v) out.push(v);
    }
    n.cache = new WeakRef(out);
    return out;
  }

  /**
   * `instances(netId)` in the same order, a batch per `batch` instances of the list, only those
   * named in `names` made when given: the catalog's `instanceBatches`. Reads the network's columns
   * as they are at the call (a rebuild meanwhile replaces them, it does not change these); the
   * cached list when there is one.
   */
  instanceBatches(netId: number, batch: number, names?: readonly string[]): Iterable<readonly VariableInstance[]> {
    const size = Math.max(1, Math.floor(batch));
    const keep = names ? new Set(names) : null;
    const n = this.byNetwork.get(netId);
    const cached = n?.cache?.deref();
    if (!n || cached) {
      const all = cached ?? this.instances(netId);
      return (function* () {
        for (let at = 0; at < all.length; at += size) {
          const part = all.slice(at, at + size);
          yield keep ? part.filter((v) => keep.has(v.name)) : part;
        }
      })();
    }
    const { devices, start, nameId, index, slot } = n;
    const varNames = this.names, defs = this.instanceDefs;
    const allocated = this.allocated.get(netId) ?? [];
    const allocatedInstance = (a: Allocated): VariableInstance | undefined => this.allocatedInstance(n, a);
    return (function* () {
      let out: VariableInstance[] = [];
      let looked = 0;
      for (let p = 0; p < devices.length; p++) {
        const d = devices[p]!;
        let lookup: ReturnType<typeof interfaceLookup> | null = null;
        for (let k = start[p]!; k < start[p + 1]!; k++) {
          if (looked >= size) { yield out; out = []; looked = 0; }
          looked++;
          const name = varNames[nameId[k]!]!;
          if (keep && !keep.has(name)) continue;
          lookup ??= interfaceLookup(d);
          out.push(variableInstance(d, lookup, name, index[k]!, slot[k]!, defs));
        }
      }
      for (const a of allocated) {
        if (looked >= size) { yield out; out = []; looked = 0; }
        looked++;
        const v = allocatedInstance(a);
        if (v && (!keep || keep.has(v.name))) out.push(v);
      }
      yield out;
    })();
  }

  /**
   * An allocated variable as an instance: on a device of the current generation, or network-level
   * (device id 0: no device, component or tags; the alert evaluator's `alertState.0.<alert number>`).
   */
  private allocatedInstance(n: NetworkVars, a: Allocated): VariableInstance | undefined {
    const def = this.defs.get(a.name);
    if (def && a.deviceId === 0) {
      return {
        slot: a.slot, name: a.name, deviceId: 0, index: a.index, deviceName: '', componentName: '',
        description: def.description, unit: def.unit, category: def.category, tags: [],
      };
    }
    const p = n.devicePos.get(a.deviceId);
    if (!def || p === undefined) return undefined;
    const d = n.devices[p]!;
    const i = a.index === 0 ? undefined : d.interfaces.find((x) => x.index === a.index);
    return {
      slot: a.slot, name: a.name, deviceId: d.id, index: a.index, deviceName: d.name, componentName: i?.name ?? '',
      description: def.description, unit: def.unit, category: def.category, tags: d.tags,
    };
  }

  plans(netId: number): readonly PlanHandle[] { return this.byNetwork.get(netId)?.plans ?? []; }
  /** Grid kind by slot for every slot assigned so far (0: none; may be longer). Shared: do not modify. */
  kinds(): Uint8Array { return this.kindsBySlot; }

  /**
   * A variable by triplet: in the network's generation, else allocated, else — for a device the
   * network knows (setRecords) that is no longer in the generation, or an interface it no longer
   * has — the slot the device's slot record kept for it, with the device's last known record. Such a
   * variable is not polled but its stored series stay readable.
   */
  find(netId: number, name: string, deviceId: number, index: number): VariableInstance | undefined {
    const n = this.byNetwork.get(netId);
    const p = n?.devicePos.get(deviceId);
    const id = this.nameIds.get(name);
    if (n && p !== undefined && id !== undefined) {
      for (let k = n.start[p]!; k < n.start[p + 1]!; k++) {
        if (n.nameId[k] === id && n.index[k] === index) return variableInstance(n.devices[p]!, ifScan(n.devices[p]!), name, index, n.slot[k]!, this.instanceDefs);
      }
    }
    return this.findAllocated(netId, name, deviceId, index) ?? this.findKept(netId, n, p, name, deviceId, index);
  }

  /** find()'s fallback: a variable the device's slot record keeps, on its last known record. */
  private findKept(netId: number, n: NetworkVars | undefined, p: number | undefined, name: string, deviceId: number, index: number): VariableInstance | undefined {
    if (variableDef(name) === undefined && this.instanceDefs.def(name) === undefined) return undefined;
    const d = n && p !== undefined ? n.devices[p]! : this.records.get(netId)?.(deviceId);
    if (!d || d.id !== deviceId) return undefined;
    const slot = this.readDeviceSlots(deviceId).get(`${name}.${index}`);
    return slot === undefined ? undefined : variableInstance(d, ifScan(d), name, index, slot, this.instanceDefs);
  }

  /**
   * An allocated variable's instance (its device must be in the current generation, or be 0:
   * network-level); never a discovered one, even of the same triplet.
   */
  findAllocated(netId: number, name: string, deviceId: number, index: number): VariableInstance | undefined {
    const n = this.byNetwork.get(netId);
    const a = this.allocatedIndex.get(netId)?.get(tripletKey(name, deviceId, index));
    return n && a ? this.allocatedInstance(n, a) : undefined;
  }
}

function packDeviceSlots(slots: Map<string, number>): DeviceSlotRecord {
  const names: string[] = [];
  const ids = new Map<string, number>();
  const ints = new Int32Array(3 * slots.size);
  let k = 0;
  for (const [key, slot] of slots) {
    const dot = key.lastIndexOf('.');
    const name = key.slice(0, dot);
    let id = ids.get(name);
    if (id === undefined) { id = names.length; names.push(name); ids.set(name, id); }
    ints[k++] = id; ints[k++] = Number(key.slice(dot + 1)); ints[k++] = slot;
  }
  return { names, entries: new Uint8Array(ints.buffer) };
}

/** The variable columns, grown by doubling while a network is rebuilt. */
class ColumnsBuilder {
  length = 0;
  private nameId: Uint16Array;
  private index: Int32Array;
  private slot: Int32Array;

  constructor(capacity: number) {
    this.nameId = new Uint16Array(capacity);
    this.index = new Int32Array(capacity);
    this.slot = new Int32Array(capacity);
  }

  push(nameId: number, index: number, slot: number): void {
    if (this.length === this.slot.length) {
      const n = Math.max(1024, 2 * this.length);
      const grow = <T extends Uint16Array | Int32Array>(a: T, make: (n: number) => T): T => { const b = make(n); b.set(a); return b; };
      this.nameId = grow(this.nameId, (k) => new Uint16Array(k));
      this.index = grow(this.index, (k) => new Int32Array(k));
      this.slot = grow(this.slot, (k) => new Int32Array(k));
    }
    this.nameId[this.length] = nameId; this.index[this.length] = index; this.slot[this.length] = slot;
    this.length++;
  }

  /** The columns, trimmed to their length (copies: the builder's spare room is not kept). */
  done(): { nameId: Uint16Array; index: Int32Array; slot: Int32Array } {
    const n = this.length;
    return { nameId: this.nameId.slice(0, n), index: this.index.slice(0, n), slot: this.slot.slice(0, n) };
  }
}
