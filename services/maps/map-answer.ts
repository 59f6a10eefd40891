import type { Generation, LinkEnd, Tag } from '../../core/types.js';
import { ADJACENT, CONNECTING, MATCHING, type MapFlags } from './map-graph.js';
import type { Point } from './map-layout.js';
import type { MapRules } from './map-rules.js';

/**
 * The map payload (this project's shape; the spec marks it †): the generation it was built from,
 * the rules, and the devices and links with their stored coordinates and why each is shown.
 */

interface MapDevice {
  readonly id: number;
  readonly name: string;
  readonly address: string;
  readonly vendor: string;
  readonly model: string;
  readonly tags: readonly Tag[];
  /** Stored coordinates; both null when the device floats (none stored). */
  readonly x: number | null;
  readonly y: number | null;
  /** Matches the device rule. */
  readonly matching: boolean;
  /** Does not match, and is one hop from a matching device (view flag `adjacent`). */
  readonly adjacent: boolean;
  /** Does not match, and is on a shortest path between two matching devices (view flag `connecting`). */
  readonly connecting: boolean;
}

interface MapLink {
  readonly a: LinkEnd;
  readonly b: LinkEnd;
  readonly protocol: 'lldp' | 'cdp';
  /** Matches the link rule and joins two matching devices. */
  readonly matching: boolean;
  /** Matches the link rule and joins a matching device to an `adjacent` one. */
  readonly adjacent: boolean;
  /** Matches the link rule and is on a shortest path between two matching devices. */
  readonly connecting: boolean;
}

export interface MapAnswer {
  readonly networkId: number;
  readonly viewId: number;
  /** The generation the map shows (null before any discovery completed: no devices). */
  readonly generation: number | null;
  readonly startedAtMs: number | null;
  readonly completedAtMs: number | null;
  readonly rules: MapRules;
  readonly devices: MapDevice[];
  readonly links: MapLink[];
  /** Previews only: whether devices and links not on the map were left out. */
  readonly hide?: boolean;
}

/**
 * The answer for `gen` with `flags`: the devices and links on the map (any flag set), or with
 * `preview` the preview's answer: with `hide` false every device and link of the generation (those
 * not on the map have every flag false).
 *
 * `previous`, an answer built before from the same generation, rules and preview form (only the
 * coordinates may differ), lends its parts: its links array whole, and each device object whose
 * coordinates did not change; so an answer after a coordinate change shares all but the moved
 * devices with the one before (and an encoder that remembers what it encoded has little to do).
 */
export function mapAnswer(
  networkId: number, viewId: number, gen: Generation | null, rules: MapRules, flags: MapFlags | null,
  coords: ReadonlyMap<number, Point>, preview: { readonly hide: boolean } | null, previous: MapAnswer | null = null,
): MapAnswer {
  const head = {
    networkId, viewId,
    generation: gen ? gen.number : null, startedAtMs: gen ? gen.startedAtMs : null, completedAtMs: gen ? gen.completedAtMs : null,
    rules: previous?.rules ?? { devRule: rules.devRule, linkRule: rules.linkRule, adjacent: rules.adjacent, connecting: rules.connecting },
  };
  const tail = preview ? { hide: preview.hide } : {};
  if (previous) {
    let changed = false;
    const devices = previous.devices.map((d) => {
      const p = coords.get(d.id);
      const x = p ? p.x : null, y = p ? p.y : null;
      if (x === d.x && y === d.y) return d;
      changed = true;
      return { ...d, x, y };
    });
    return { ...head, devices: changed ? devices : previous.devices, links: previous.links, ...tail };
  }
  const all = preview !== null && !preview.hide;
  const devices: MapDevice[] = [];
  const links: MapLink[] = [];
  if (gen && flags) {
    gen.devices.forEach((d, i) => {
      const f = flags.devices[i]!;
      if (f === 0 && !all) return;
      const p = coords.get(d.id);
      devices.push({
        id: d.id, name: d.name, address: d.address, vendor: d.vendor, model: d.model, tags: d.tags,
        x: p ? p.x : null, y: p ? p.y : null,
        matching: (f & MATCHING) !== 0, adjacent: (f & ADJACENT) !== 0, connecting: (f & CONNECTING) !== 0,
      });
    });
    gen.links.forEach((l, i) => {
      const f = flags.links[i]!;
      if (f === 0 && !all) return;
      links.push({
        a: l.a, b: l.b, protocol: l.protocol,
        matching: (f & MATCHING) !== 0, adjacent: (f & ADJACENT) !== 0, connecting: (f & CONNECTING) !== 0,
      });
    });
  }
  return { ...head, devices, links, ...tail };
}
