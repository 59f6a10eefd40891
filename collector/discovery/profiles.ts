import { fileURLToPath } from 'node:url';
import type { DeviceProfile } from '../../core/profile-schema.js';
import { readProfileDir } from '../../core/profile-load.js';

/**
 * The device profiles discovery chooses from: the built-in ones (the repo's `profiles/` folder) and
 * an operator's `profilesDir`, whose profiles replace built-ins of the same name. Immutable.
 */
export class ProfileSet {
  readonly profiles: readonly DeviceProfile[];

  constructor(profiles: readonly DeviceProfile[]) {
    const byName = new Map<string, DeviceProfile>();
    for (const p of profiles) byName.set(p.name, p);
    this.profiles = Object.freeze([...byName.values()]);
  }

  /**
   * The most specific profile matching a device, or null when none does (no fallback profile). A
   * profile matches when one of its sysObjectID prefixes matches (arc-wise) and one of its sysDescr
   * patterns does, for each criterion it gives. Specificity: the longest matching sysObjectID prefix
   * (in arcs), then having a sysDescr pattern, then the profile name (alphabetical, for determinism).
   */
  match(sysObjectID: string, sysDescr: string): DeviceProfile | null {
    const oid = sysObjectID.replace(/^\./, '');
    let best: DeviceProfile | null = null;
    let bestArcs = -1, bestDescr = false;
    for (const p of this.profiles) {
      let arcs = 0;
      if (p.match.sysObjectID.length > 0) {
        arcs = -1;
        for (const prefix of p.match.sysObjectID) {
          if (oid === prefix || oid.startsWith(prefix + '.')) arcs = Math.max(arcs, prefix.split('.').length);
        }
        if (arcs < 0) continue;
      }
      const descr = p.match.sysDescr.length > 0;
      if (descr && !p.match.sysDescr.some((re) => re.test(sysDescr))) continue;
      const better = arcs > bestArcs || (arcs === bestArcs && descr && !bestDescr)
        || (arcs === bestArcs && descr === bestDescr && best !== null && p.name < best.name);
      if (best === null || better) { best = p; bestArcs = arcs; bestDescr = descr; }
    }
    return best;
  }
}

/** The repo's `profiles/` folder (beside dist/ when built). */
export const BUILTIN_PROFILES_DIR = fileURLToPath(new URL('../../../profiles/', import.meta.url));

/**
 * Built-in profiles plus those of `extraDir` (config `profilesDir`; null: none). Throws AppError
 * CONFIG_INVALID on a bad file (config load has checked `profilesDir` already).
 */
export function loadProfileSet(extraDir: string | null = null): ProfileSet {
  return new ProfileSet([...readProfileDir(BUILTIN_PROFILES_DIR), ...(extraDir ? readProfileDir(extraDir) : [])]);
}

let builtins: ProfileSet | null = null;
/**
 * The built-in set, read once: data shipped with the code (like a constant table), used when the
 * caller of probeDevice passes no set of its own.
 */
export function builtinProfileSet(): ProfileSet {
  return (builtins ??= loadProfileSet(null));
}
