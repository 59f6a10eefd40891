import { AppError } from '../../core/errors.js';
import type { VariableDef } from '../../core/types.js';
import { BUILTIN_VARIABLES } from './variables-builtin.js';

/**
 * Variable definitions: the built-in ones (what discovery polls) and those defined at run time by
 * the parts that write variables of their own (alert state, derived variables). A name has one
 * definition for the life of the process; defining it again with the same fields is a no-op.
 */
export class VariableDefs {
  private readonly byName = new Map<string, VariableDef>();

  constructor() {
    for (const d of BUILTIN_VARIABLES) this.byName.set(d.name, d);
  }

  /** Names whose definition came from the configuration (`configure`), replaced as a whole at each call. */
  private configured = new Set<string>();

  /** Definitions of configured names a later `configure` dropped (until restart): their kept series stay readable by triplet. */
  private readonly dropped = new Map<string, VariableDef>();

  get(name: string): VariableDef | undefined { return this.byName.get(name); }

  /** The last definition of a name once configured and no longer (Inventory.find of kept series); undefined otherwise. */
  retired(name: string): VariableDef | undefined { return this.byName.has(name) ? undefined : this.dropped.get(name); }

  /**
   * The definitions of the configuration's operator variables (`variables.snmp` and `variables.derived`,
   * core/config-variables.ts configuredDefinitions), replacing those of the previous call: a name
   * no longer configured loses its definition (its series stay in the store), a kept one takes its
   * new fields. Throws AppError BAD_PARAMETER (nothing changed) for a bad name, a built-in name, a
   * name defined at run time by `define` (alert state), or a name twice.
   */
  configure(defs: readonly VariableDef[]): void {
    const names = this.check(defs);
    for (const n of this.configured) { this.dropped.set(n, this.byName.get(n)!); this.byName.delete(n); }
    for (const d of defs) this.byName.set(d.name, Object.freeze({ ...d }));
    this.configured = names;
  }

  /**
   * What `configure(defs)` would throw, without changing anything (a config reload checks the new
   * definitions before it swaps the configuration); returns the names of `defs`.
   */
  check(defs: readonly VariableDef[]): Set<string> {
    const names = new Set<string>();
    for (const d of defs) {
      checkName(d.name);
      if (names.has(d.name)) throw new AppError('BAD_PARAMETER', `variable '${d.name}' is configured twice`);
      names.add(d.name);
      const known = this.byName.get(d.name);
      if (known !== undefined && BUILTIN_VARIABLES.includes(known)) throw new AppError('BAD_PARAMETER', `variable '${d.name}' is built in`);
      if (known !== undefined && !this.configured.has(d.name)) throw new AppError('BAD_PARAMETER', `variable '${d.name}' is already defined by the server`);
    }
    return names;
  }

  /** Throws AppError BAD_PARAMETER for a bad name, a built-in name, or a second, different definition. */
  define(def: VariableDef): void {
    checkName(def.name);
    const known = this.byName.get(def.name);
    if (known === undefined) { this.byName.set(def.name, Object.freeze({ ...def })); return; }
    if (BUILTIN_VARIABLES.includes(known) || this.configured.has(def.name)) throw new AppError('BAD_PARAMETER', `variable '${def.name}' is built in`);
    const same = known.description === def.description && known.unit === def.unit && known.category === def.category
      && known.type === def.type && known.scope === def.scope;
    if (!same) throw new AppError('BAD_PARAMETER', `variable '${def.name}' is already defined differently`);
  }
}

function checkName(name: string): void {
  if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(name)) {
    throw new AppError('BAD_PARAMETER', `variable name '${name}' must be a letter then letters, digits or _ (at most 64)`);
  }
}
