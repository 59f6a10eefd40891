import type { NetworkConfig } from '../../core/config-schema.js';
import type { Device, Generation, Interface, VariableInstance } from '../../core/types.js';
import type { MetaStore } from '../../store/meta/meta.js';
import { makePlanHandle, type PlanHandle } from '../../workers/index.js';
import { buildDevicePlan, interfaceLookup, variableInstance } from '../polling/plan-build.js';

/** Slot maps, one record per device; NS_LEGACY holds the one-key-per-variable slots of earlier versions. */
const NS_DEVICE_SLOTS = 'deviceSlots';
const NS_LEGACY = 'slots';
const NS_COUNTERS = 'counters';

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
  readonly devices: readonly Device[];
  readonly devicePos: Map<number, number>;
  /** Variables of devices[d] are [start[d], start[d + 1]). */
  readonly start: Int32Array;
  readonly nameId: Uint16Array;
  readonly index: Int32Array;
  readonly slot: Int32Array;
  readonly plans: readonly PlanHandle[];
  /** VariableInstance objects made for the API, kept while something uses them. */
  cache: WeakRef<VariableInstance[]> | null;
}

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

  constructor(private readonly meta: MetaStore) {
    this.nextSlot = meta.get<number>(NS_COUNTERS, 'nextSlot') ?? 0;
    this.legacy = [...meta.range(NS_LEGACY, { limit: 1 })].length > 0;
  }

  /** The highest slot assigned so far + 1 (the ring and state buffers need at least this capacity). */
  get slotCount(): number { return this.nextSlot; }

  private nameId(name: string): number {
    let id = this.nameIds.get(name);
    if (id === undefined) { id = this.names.length; this.names.push(name); this.nameIds.set(name, id); }
    return id;
  }

  /** Rebuilds a network's variables and plans from a completed generation; persists new slots. */
  async rebuild(net: NetworkConfig, g: Generation): Promise<void> {
    // Columns are filled as devices are planned: nothing per variable outlives its device's turn
    // (long-lived temporaries would make V8 grow its young generation for good).
    const cols = new ColumnsBuilder(g.devices.length * 16);
    const start = new Int32Array(g.devices.length + 1);
    const devicePos = new Map<number, number>();
    const plans: PlanHandle[] = [];
    const writes: Promise<void>[] = [];
    g.devices.forEach((d, pos) => {
      const known = this.readDeviceSlots(d.id);
      let added = false;
      const p = buildDevicePlan(d, net, (name, _dev, index) => {
        const key = `${name}.${index}`;
        let slot = known.get(key);
        if (slot === undefined) {
          slot = (this.legacy ? this.meta.get<number>(NS_LEGACY, `${name}.${d.id}.${index}`) : undefined) ?? this.nextSlot++;
          known.set(key, slot);
          added = true;
        }
        return slot;
      });
      // Put before the first await: lmdb-js batches them into one transaction.
      if (added) writes.push(this.meta.put(NS_DEVICE_SLOTS, d.id, packDeviceSlots(known)));
      const v = p.vars;
      this.growKinds(this.nextSlot);
      start[pos] = cols.length;
      devicePos.set(d.id, pos);
      for (let k = 0; k < v.slots.length; k++) {
        this.kindsBySlot[v.slots[k]!] = v.kinds[k]!;
        cols.push(this.nameId(v.names[k]!), v.indexes[k]!, v.slots[k]!);
      }
      plans.push(makePlanHandle(p.plan));
    });
    start[g.devices.length] = cols.length;
    writes.push(this.meta.put(NS_COUNTERS, 'nextSlot', this.nextSlot));
    await Promise.all(writes);
    const { nameId, index, slot } = cols.done();
    this.byNetwork.set(net.id, { devices: g.devices, devicePos, start, nameId, index, slot, plans, cache: null });
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

  /** Number of variables of a network. */
  count(netId: number): number { return this.byNetwork.get(netId)?.slot.length ?? 0; }

  /** Every variable of a network as VariableInstance objects (made on demand, shared while in use). */
  instances(netId: number): readonly VariableInstance[] {
    const n = this.byNetwork.get(netId);
    if (!n) return [];
    const cached = n.cache?.deref();
    if (cached) return cached;
    const out: VariableInstance[] = new Array(n.slot.length);
    n.devices.forEach((d, p) => {
      const lookup = interfaceLookup(d);
      for (let k = n.start[p]!; k < n.start[p + 1]!; k++) out[k] = variableInstance(d, lookup, this.names[n.nameId[k]!]!, n.index[k]!, n.slot[k]!);
    });
    n.cache = new WeakRef(out);
    return out;
  }

  plans(netId: number): readonly PlanHandle[] { return this.byNetwork.get(netId)?.plans ?? []; }
  /** Grid kind by slot for every slot assigned so far (0: none; may be longer). Shared: do not modify. */
  kinds(): Uint8Array { return this.kindsBySlot; }

  find(netId: number, name: string, deviceId: number, index: number): VariableInstance | undefined {
    const n = this.byNetwork.get(netId);
    const p = n?.devicePos.get(deviceId);
    const id = this.nameIds.get(name);
    if (!n || p === undefined || id === undefined) return undefined;
    for (let k = n.start[p]!; k < n.start[p + 1]!; k++) {
      if (n.nameId[k] === id && n.index[k] === index) return variableInstance(n.devices[p]!, ifScan(n.devices[p]!), name, index, n.slot[k]!);
    }
    return undefined;
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
