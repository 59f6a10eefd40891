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

  get(name: string): VariableDef | undefined { return this.byName.get(name); }

  /** Throws AppError BAD_PARAMETER for a bad name, a built-in name, or a second, different definition. */
  define(def: VariableDef): void {
    if (!/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(def.name)) {
      throw new AppError('BAD_PARAMETER', `variable name '${def.name}' must be a letter then letters, digits or _ (at most 64)`);
    }
    const known = this.byName.get(def.name);
    if (known === undefined) { this.byName.set(def.name, Object.freeze({ ...def })); return; }
    if (BUILTIN_VARIABLES.includes(known)) throw new AppError('BAD_PARAMETER', `variable '${def.name}' is built in`);
    const same = known.description === def.description && known.unit === def.unit && known.category === def.category
      && known.type === def.type && known.scope === def.scope;
    if (!same) throw new AppError('BAD_PARAMETER', `variable '${def.name}' is already defined differently`);
  }
}
