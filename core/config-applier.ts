/**
 * How a configuration reload reaches the parts of the server: one contract, ConfigApplier, that
 * every part reacting to the configuration meets. app.ts lists the appliers in the order their
 * effects must happen; a reload (reloadConfig in core/config-reload.ts, then applyConfig below):
 *  1. loads and validates the new file and plans the differences (planReload);
 *  2. asks every applier's `check`: any refusal refuses the whole reload (CONFIG_INVALID), nothing
 *     has changed;
 *  3. refuses a change to a restart-only key (RESTART_KEYS: CONFIG_RELOAD_REFUSED naming the keys);
 *  4. swaps the Config in the holder: readers of the holder see the new Config whole from then on;
 *  5. runs every applier's `apply`, in order.
 * Steps 1–4 and the applies up to the first that returns a promise run in one turn of the event
 * loop, so nothing a check saw can change before its apply runs.
 *
 * Every key of the config schema (core/config-schema.ts) is owned by exactly one applier or is
 * restart-only; configKeyTable derives the table of what applies how from the appliers and
 * RESTART_KEYS, and a test holds it against the schema and the docs.
 */
import type { Config } from './config-schema.js';
import { RESTART_KEYS, type ReloadPlan } from './config-reload.js';

export interface ConfigApplier {
  /** What it is, for the table of keys and for logs (`device profiles`, `notifier`). */
  readonly name: string;
  /**
   * The config keys it owns, as paths of the schema's property names: `notifications`,
   * `variables.snmp`, `networks`; elements of a list are `[]` (`networks[].snmp.maxInFlight`). A key
   * owns everything under it. A change to an owned key takes effect through this applier.
   */
  readonly keys: readonly string[];
  /** Keys owned by another applier that this one reads as well (the map views follow `networks`). */
  readonly uses?: readonly string[];
  /**
   * True when the part reads its keys through the holder at each use (a call, a grid step, a
   * tick): the swap applies them and `apply` does nothing.
   */
  readonly perCall?: boolean;
  /**
   * Whether the part can take `next` (loaded and validated, not yet in force). Returns the reason
   * it cannot (the reload is refused, CONFIG_INVALID `<source>: <reason>`), or undefined. Must not
   * change anything. Synchronous, so that nothing changes between the checks and the swap.
   */
  check?(next: Config, plan: ReloadPlan): string | undefined;
  /**
   * Makes `next` (now the holder's Config) take effect. Runs after the swap, in the list's order,
   * each awaited before the next. A throw stops the reload there (the Config stays swapped): an
   * applier whose failure should not stop the reload logs it itself.
   */
  apply(next: Config, plan: ReloadPlan): Promise<void> | void;
}

/** An applier for a part that reads `keys` through the holder at each use: nothing to do but the swap. */
export function readPerCall(name: string, keys: readonly string[], uses?: readonly string[]): ConfigApplier {
  return Object.freeze({ name, keys: Object.freeze([...keys]), ...(uses ? { uses: Object.freeze([...uses]) } : {}), perCall: true, apply: () => {} });
}

/** Step 2: the first refusal of a check, as its reason prefixed by the file (`netmon.yaml: variables: …`), or undefined. */
export function checkConfig(appliers: readonly ConfigApplier[], next: Config, plan: ReloadPlan): string | undefined {
  for (const a of appliers) {
    const why = a.check?.(next, plan);
    if (why !== undefined) return `${next.source}: ${why}`;
  }
  return undefined;
}

/**
 * Step 5: every applier's `apply`, in order. A synchronous apply is not awaited, so that the
 * applies before the first asynchronous one run in the same turn as the swap.
 */
export async function applyConfig(appliers: readonly ConfigApplier[], next: Config, plan: ReloadPlan): Promise<void> {
  for (const a of appliers) {
    const done = a.apply(next, plan);
    if (done) await done;
  }
}

/** How a key of the table applies. */
type KeyApplies = 'restart' | 'live' | 'per call';

export interface ConfigKeyRow {
  /** A schema path, as the appliers and RESTART_KEYS name it. */
  readonly key: string;
  readonly applies: KeyApplies;
  /** The applier that owns it; `start` for a restart-only key. */
  readonly by: string;
}

/**
 * The table of what applies how, from the appliers' keys and RESTART_KEYS: one row a declared key,
 * restart-only keys first (in RESTART_KEYS' order), then the appliers' keys in the list's order.
 * A key declared twice is in the table twice: the test of the table refuses it.
 */
export function configKeyTable(appliers: readonly ConfigApplier[]): readonly ConfigKeyRow[] {
  return [
    ...RESTART_KEYS.map((key): ConfigKeyRow => ({ key, applies: 'restart', by: 'start' })),
    ...appliers.flatMap((a) => a.keys.map((key): ConfigKeyRow => ({ key, applies: a.perCall ? 'per call' : 'live', by: a.name }))),
  ];
}
