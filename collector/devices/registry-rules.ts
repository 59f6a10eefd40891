import type { DeviceConfig, DeviceSnmpOverride } from '../../core/config-schema.js';
import type { Device, DeviceOrigin, Tag } from '../../core/types.js';
import type { RegistryEntry } from './registry-entry.js';

/**
 * The rules that keep devices (issue 12 point 1), as pure functions over registry entries: a device
 * that answers is present with its new record; a known device that does not answer stays with its
 * last record, marked unreachable; a discovered one unreachable for `forgetAfterMs` is forgotten;
 * config and API devices are never forgotten; a removed or forgotten device found again comes back
 * with its id.
 */

/** What an operator declared about a device (config `devices:` or the API), applied when it answers. */
export interface Declared {
  readonly origin: Extract<DeviceOrigin, 'config' | 'api'>;
  readonly declaredAddress: string;
  readonly name: string;
  readonly comment: string;
  readonly tags: readonly Tag[];
  readonly snmp: DeviceSnmpOverride | null;
  readonly addedBy: string;
}

export type RegistryEvent =
  | { readonly kind: 'new'; readonly entry: RegistryEntry }
  | { readonly kind: 'back'; readonly entry: RegistryEntry; readonly reason: string }
  | { readonly kind: 'unreachable'; readonly entry: RegistryEntry; readonly reason: string }
  | { readonly kind: 'forgotten'; readonly entry: RegistryEntry; readonly reason: string };

interface RunFacts {
  readonly nowMs: number;
  readonly forgetAfterMs: number;
  /** Devices that answered, with their ids. */
  readonly found: readonly Device[];
  /** Declarations that apply to found devices (reached at a declared address), by id. */
  readonly declared: ReadonlyMap<number, Declared>;
  /** Known entries that were probed and did not answer, by id → why. */
  readonly unanswered: ReadonlyMap<number, string>;
  /** Entries to drop (a never-answered declaration whose device turned out to have another id). */
  readonly drop?: readonly number[];
}

interface RunMerge {
  readonly entries: Map<number, RegistryEntry>;
  /** Entries written or changed (to persist). */
  readonly changed: readonly RegistryEntry[];
  readonly dropped: readonly number[];
  readonly events: readonly RegistryEvent[];
}

/** Applies one run's (or one submission's) facts to the entries; entries it does not name are unchanged. */
export function mergeRun(entries: ReadonlyMap<number, RegistryEntry>, f: RunFacts): RunMerge {
  const out = new Map(entries);
  const changed = new Map<number, RegistryEntry>();
  const events: RegistryEvent[] = [];
  const dropped: number[] = [];
  for (const id of f.drop ?? []) if (out.delete(id)) dropped.push(id);
  for (const d of f.found) {
    const r = answered(out.get(d.id), d, f.nowMs, f.declared.get(d.id));
    out.set(d.id, r.entry); changed.set(d.id, r.entry);
    if (r.event) events.push(r.event);
  }
  for (const [id, reason] of f.unanswered) {
    const e = out.get(id);
    if (!e || changed.has(id)) continue;
    const r = unanswered(e, f.nowMs, f.forgetAfterMs, reason);
    if (r.entry !== e) { out.set(id, r.entry); changed.set(id, r.entry); }
    if (r.event) events.push(r.event);
  }
  return { entries: out, changed: [...changed.values()], dropped, events };
}

/** A device answered: present, with its record; `declared` (when reached at a declared address) sets origin and the operator's fields. */
function answered(e: RegistryEntry | undefined, d: Device, nowMs: number, declared?: Declared): { entry: RegistryEntry; event?: RegistryEvent } {
  const presence = { answered: true, lastAnsweredMs: nowMs, unreachableSinceMs: null };
  if (!e) {
    const entry: RegistryEntry = {
      id: d.id, state: 'present', origin: declared?.origin ?? 'discovered', declaredAddress: declared?.declaredAddress ?? d.address,
      name: declared?.name ?? '', comment: declared?.comment ?? '', tags: declared?.tags ?? [], externalTags: [],
      snmp: declared?.snmp ?? null, record: d, presence, addedAtMs: nowMs, addedBy: declared?.addedBy ?? 'discovery',
    };
    return { entry, event: { kind: 'new', entry } };
  }
  const wasGone = e.state !== 'present';
  const wasUnreachable = e.state === 'present' && e.record !== null && !e.presence.answered;
  // A device back from removal or forgetting is a discovered one unless it was reached at a declared address.
  const origin = declared?.origin ?? (wasGone ? 'discovered' : e.origin);
  const entry: RegistryEntry = {
    ...e, state: 'present', origin, record: d, presence,
    declaredAddress: declared?.declaredAddress ?? (origin === 'discovered' ? d.address : e.declaredAddress),
    ...(declared ? { name: declared.name, comment: declared.comment || e.comment, tags: declared.tags, snmp: declared.snmp } : {}),
  };
  if (wasGone) return { entry, event: { kind: 'back', entry, reason: `found again after it was ${e.state}` } };
  if (wasUnreachable) return { entry, event: { kind: 'back', entry, reason: `answers again after ${describeMs(nowMs - (e.presence.unreachableSinceMs ?? nowMs))} unreachable` } };
  return { entry };
}

/**
 * A known device was probed and did not answer: it stays with its last record, marked unreachable
 * from this probe on; a discovered one unreachable for `forgetAfterMs` or more is forgotten.
 * Removed and forgotten entries, and entries that never answered, only keep their state.
 */
function unanswered(e: RegistryEntry, nowMs: number, forgetAfterMs: number, reason: string): { entry: RegistryEntry; event?: RegistryEvent } {
  if (e.state !== 'present' || e.record === null) return { entry: e };
  const since = e.presence.unreachableSinceMs ?? nowMs;
  const presence = { answered: false, lastAnsweredMs: e.presence.lastAnsweredMs, unreachableSinceMs: since };
  if (e.origin === 'discovered' && nowMs - since >= forgetAfterMs) {
    const entry: RegistryEntry = { ...e, state: 'forgotten', presence };
    return { entry, event: { kind: 'forgotten', entry, reason: `unreachable for ${describeMs(nowMs - since)} (forgetUnreachableAfter ${describeMs(forgetAfterMs)}): ${reason}` } };
  }
  const entry: RegistryEntry = { ...e, presence };
  return e.presence.answered ? { entry, event: { kind: 'unreachable', entry, reason } } : { entry };
}

/**
 * Brings config devices in line with the config: an entry of origin `config` whose address the
 * config no longer declares becomes a discovered device (forgettable), or leaves when it never
 * answered; a declared device's operator fields follow the config. Returns the changed entries
 * and the ids to drop.
 */
export function syncConfigDevices(entries: ReadonlyMap<number, RegistryEntry>, devices: readonly DeviceConfig[]): { changed: RegistryEntry[]; dropped: number[] } {
  const byAddress = new Map(devices.map((d) => [d.address.toLowerCase(), d]));
  const changed: RegistryEntry[] = [];
  const dropped: number[] = [];
  for (const e of entries.values()) {
    if (e.origin !== 'config') continue;
    const d = byAddress.get(e.declaredAddress.toLowerCase());
    if (!d) {
      if (e.record === null) dropped.push(e.id);
      else changed.push({ ...e, origin: 'discovered', declaredAddress: e.record.address, snmp: null });
      continue;
    }
    const name = d.name ?? '';
    const snmp = d.snmp ?? null;
    if (name !== e.name || JSON.stringify(d.tags) !== JSON.stringify(e.tags) || JSON.stringify(snmp) !== JSON.stringify(e.snmp)) {
      changed.push({ ...e, name, tags: d.tags, snmp });
    }
  }
  return { changed, dropped };
}

/** The declaration of a config device. */
export function declaredOfConfig(d: DeviceConfig): Declared {
  return { origin: 'config', declaredAddress: d.address, name: d.name ?? '', comment: '', tags: d.tags, snmp: d.snmp ?? null, addedBy: 'config' };
}

/** The declaration an API or config entry carries (applied again when it answers). */
export function declaredOfEntry(e: RegistryEntry): Declared | undefined {
  if (e.origin === 'discovered') return undefined;
  return { origin: e.origin, declaredAddress: e.declaredAddress, name: e.name, comment: e.comment, tags: e.tags, snmp: e.snmp, addedBy: e.addedBy };
}

/** `3d 4h`, `12m`, `40s`: a duration for log lines. */
function describeMs(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${s % 60 ? ` ${s % 60}s` : ''}`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h${Math.floor(s / 60) % 60 ? ` ${Math.floor(s / 60) % 60}m` : ''}`;
  return `${Math.floor(s / 86_400)}d${Math.floor(s / 3600) % 24 ? ` ${Math.floor(s / 3600) % 24}h` : ''}`;
}

/**
 * A central's network (`mode: central`): its devices are what its collectors report, each already
 * under the central's id. A reported device is present with the record as the collector has it
 * (its origin and presence included: the collector knows whether it answers); a present entry that
 * no collector reports any more is forgotten (its series stay readable).
 */
export function mergeReported(entries: ReadonlyMap<number, RegistryEntry>, reported: readonly Device[], nowMs: number): RunMerge {
  const changed: RegistryEntry[] = [];
  const events: RegistryEvent[] = [];
  const ids = new Set<number>();
  for (const d of reported) {
    ids.add(d.id);
    const e = entries.get(d.id);
    const presence = d.presence ?? { answered: true, lastAnsweredMs: nowMs, unreachableSinceMs: null };
    const entry: RegistryEntry = {
      id: d.id, state: 'present', origin: d.origin ?? 'discovered', declaredAddress: d.address,
      name: e?.name ?? '', comment: e?.comment ?? '', tags: e?.tags ?? [], externalTags: e?.externalTags ?? [],
      snmp: null, record: d, presence, addedAtMs: e?.addedAtMs ?? nowMs, addedBy: e?.addedBy ?? 'collector',
    };
    changed.push(entry);
    if (!e) events.push({ kind: 'new', entry });
    else if (e.state !== 'present') events.push({ kind: 'back', entry, reason: `reported again after it was ${e.state}` });
  }
  for (const e of entries.values()) {
    if (e.state !== 'present' || ids.has(e.id)) continue;
    const entry: RegistryEntry = { ...e, state: 'forgotten' };
    changed.push(entry);
    events.push({ kind: 'forgotten', entry, reason: 'no collector reports it any more' });
  }
  const out = new Map(entries);
  for (const e of changed) out.set(e.id, e);
  return { entries: out, changed, dropped: [], events };
}
