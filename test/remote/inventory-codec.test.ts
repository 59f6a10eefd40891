/**
 * A collector's inventory on the wire (remote/inventory-codec.ts): split into parts of at most the
 * given size by whole devices, each part decoding to its devices in order; what is not a whole part
 * is refused with a BatchFormatError.
 */
import t from 'tap';
import { BatchFormatError, KIND_INVENTORY, batchHeader, batchKind } from '../../remote/batch-codec.js';
import { decodeInventoryPart, encodeInventory, type InventoryDevice } from '../../remote/inventory-codec.js';
import type { Device } from '../../core/types.js';

const device = (id: number, interfaces: number): InventoryDevice => ({
  identity: `chassis:00:00:00:00:00:${id.toString(16).padStart(2, '0')}`,
  device: { id, name: `sw${id}`, address: `10.0.0.${id}`, interfaces: Array.from({ length: interfaces }, (_, i) => ({ index: i + 1, name: `ge-0/0/${i}` })) } as unknown as Device,
});
const head = { collector: 'c1', boot: 1_790_000_000_000, seq: 3, networkId: 1, sentAtMs: 1_790_000_100_000 };

// [what, devices, max part bytes, parts expected]
const cases: [string, InventoryDevice[], number, number][] = [
  ['no devices: one empty part', [], 1_000, 1],
  ['small devices in one part', [device(1, 2), device(2, 2)], 100_000, 1],
  ['one device a part when each is near the limit', [device(1, 40), device(2, 40), device(3, 40)], 2_000, 3],
  ['a device larger than the limit goes alone', [device(1, 2), device(2, 500), device(3, 2)], 2_000, 3],
  ['many devices in several parts', Array.from({ length: 200 }, (_, i) => device(i + 1, 4)), 8_000, 0],
];
for (const [what, devices, max, expected] of cases) {
  t.test(what, async (t) => {
    const parts = encodeInventory(head, devices, max);
    if (expected > 0) t.equal(parts.length, expected, `${expected} parts`);
    else t.ok(parts.length > 1, `${parts.length} parts`);
    const decoded = parts.map((p) => decodeInventoryPart(p.data));
    t.same(decoded.map((d) => d.part), parts.map((_, i) => i), 'numbered in order');
    t.ok(decoded.every((d) => d.parts === parts.length && d.collector === 'c1' && d.seq === 3 && d.networkId === 1), 'each says its inventory and how many parts it has');
    t.same(decoded.flatMap((d) => d.devices.map((x) => x.device.id)), devices.map((d) => d.device.id), 'every device once, in order');
    t.same(parts.map((p) => p.id), parts.map((_, i) => `c1.${head.boot}.inventory.3.${i}`), 'message ids name the part');
    const oversize = decoded.filter((d) => d.devices.length > 1 && parts[d.part]!.data.length > max + 400);
    t.same(oversize.map((d) => d.part), [], 'no part of several devices is much larger than the limit');
    t.equal(batchKind(parts[0]!.data), KIND_INVENTORY, 'its kind is inventory');
  });
}

const withBody = (text: string) => Uint8Array.from([...batchHeader(KIND_INVENTORY), ...new TextEncoder().encode(text)]);
const refused: [string, Uint8Array, RegExp][] = [
  ['a points batch', Uint8Array.of(0x4e, 1, 1, 0), /not an inventory part/],
  ['not JSON', withBody('{"collector":'), /not JSON/],
  ['without devices', withBody(JSON.stringify({ ...head, part: 0, parts: 1 })), /without its collector, numbers or devices/],
  ['a device without an id', withBody(JSON.stringify({ ...head, part: 0, parts: 1, devices: [{ identity: 'x', device: {} }] })), /without its collector/],
];
for (const [what, data, why] of refused) {
  t.test(`refused: ${what}`, async (t) => {
    let thrown: unknown;
    try { decodeInventoryPart(data); } catch (e) { thrown = e; }
    t.ok(thrown instanceof BatchFormatError, `a BatchFormatError (${String(thrown)})`);
    t.match((thrown as Error | undefined)?.message ?? '', why, 'naming why');
  });
}
