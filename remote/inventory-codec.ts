/**
 * A collector's inventory on the wire: the live devices of one network, each with its identity
 * (the name its slots' definitions use, batch-codec.ts), sent each time the collector plans them
 * again, so that the central can hold the same devices under its own ids. The devices go as JSON
 * in parts of at most `maxPartBytes` (a NATS message is at most 1 MiB by default), each part
 * `batchHeader(KIND_INVENTORY)` then the JSON of an InventoryPart. Parts of one inventory share
 * (collector, boot, seq); the central takes an inventory once it has all its parts.
 */
import type { Device } from '../core/types.js';
import { BatchFormatError, KIND_INVENTORY, decodeJsonMessage, encodeJsonMessage } from './batch-codec.js';

export interface InventoryDevice {
  readonly identity: string;
  readonly device: Device;
}

export interface InventoryPart {
  readonly collector: string;
  readonly boot: number;
  /** The collector's inventory number since its start (all networks). */
  readonly seq: number;
  readonly part: number;
  readonly parts: number;
  readonly networkId: number;
  readonly sentAtMs: number;
  readonly devices: readonly InventoryDevice[];
}

/** More parts than this (512 KiB each: 2 GiB) is not an inventory of ours. */
const MAX_PARTS = 4096;
const utf8 = new TextEncoder();

/** The message id of a part: a replay of it is stored once. */
export const inventoryMessageId = (p: Pick<InventoryPart, 'collector' | 'boot' | 'seq' | 'part'>): string => `${p.collector}.${p.boot}.inventory.${p.seq}.${p.part}`;

/** One inventory as its parts, each at most `maxPartBytes` unless one device alone is larger. */
export function encodeInventory(head: Omit<InventoryPart, 'part' | 'parts' | 'devices'>, devices: readonly InventoryDevice[], maxPartBytes: number): { id: string; data: Uint8Array }[] {
  const groups: InventoryDevice[][] = [[]];
  let size = 0;
  for (const d of devices) {
    const n = utf8.encode(JSON.stringify(d)).length + 1;
    if (size + n > maxPartBytes && groups[groups.length - 1]!.length > 0) { groups.push([]); size = 0; }
    groups[groups.length - 1]!.push(d);
    size += n;
  }
  return groups.map((group, part) => {
    const body: InventoryPart = { ...head, part, parts: groups.length, devices: group };
    return { id: inventoryMessageId(body), data: encodeJsonMessage(KIND_INVENTORY, body) };
  });
}

export function decodeInventoryPart(data: Uint8Array): InventoryPart {
  const v = decodeJsonMessage(data, KIND_INVENTORY, 'an inventory part');
  const p = v as Partial<InventoryPart>;
  const whole = typeof p.collector === 'string' && [p.boot, p.seq, p.part, p.parts, p.networkId, p.sentAtMs].every((n) => typeof n === 'number')
    && Number.isInteger(p.parts) && p.parts! >= 1 && p.parts! <= MAX_PARTS && Number.isInteger(p.part) && p.part! >= 0 && p.part! < p.parts!
    && Array.isArray(p.devices) && p.devices.every((d) => typeof d?.identity === 'string' && typeof d.device?.id === 'number');
  if (!whole) throw new BatchFormatError('an inventory part without its collector, numbers or devices');
  return p as InventoryPart;
}
