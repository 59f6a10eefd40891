import type { Device, VariableInstance } from '../../core/types.js';
import { facetColumn, multi, single, type Column, type RowIdentity, type RowSource } from '../../svcql/row-source.js';
import { instanceColumns, instanceIdentity } from '../../svcql/source-variables.js';
import { facetOf } from '../../svcql/tag-set.js';
import type { Scalar } from '../../svcql/scalar.js';

/**
 * The row a rule's condition is tested on, one per input and grid step. A row is the input's
 * position `i` in the rule's input list (a number: no object per input or step); the columns read
 * the step's values through a frame that the evaluator points at each step's read:
 *
 * - `value`: the input's grid value at the step (`frame.values[frame.base + i]`);
 * - `previous`: the input's latest earlier non-gap value the engine has seen (NULL when none);
 * - the input's columns of the `variables` table (`variable`, `device`, `component`, `index`,
 *   `deviceId`, `triplet`, `description`, `category`, `unit`, `address`, `boxDescr`, `tag`, facets);
 * - any other name: the grid value at the same step of the variable of that name on the same
 *   device and component (NULL when there is none, or it has no value at that step).
 *
 * A sibling variable's values are read with the inputs' (the evaluator reads the slots
 * `siblings()` names); `bindSiblings` gives each referenced name the position of its value
 * relative to `frame.base`, -1 where the component has no such variable.
 */
interface ConditionFrame {
  /** The step's grid values (NaN: gap). */
  values: Float64Array;
  /** Where the rule's values start in `values`: input i at base + i. */
  base: number;
  /** Latest earlier non-gap value per input (NaN: none). */
  previous: Float64Array;
}

interface SiblingRef { positions: Int32Array }

const NO_POSITIONS = new Int32Array(0);

export class ConditionSource implements RowSource<number> {
  readonly table = 'condition';
  readonly starColumns: readonly string[] = [];
  readonly frame: ConditionFrame = { values: new Float64Array(0), base: 0, previous: new Float64Array(0) };
  private readonly fixed = new Map<string, Column<number>>();
  private readonly siblingRefs = new Map<string, SiblingRef>();
  private facets: Set<string> | null = null;
  private known: string[] | null = null;

  /**
   * `inputs`: the rule's inputs in order; `variableNames`: the network's variable names (for the
   * case-insensitive resolution of a sibling name); `devices`: for `address` and `boxDescr`.
   */
  constructor(
    private readonly inputs: readonly VariableInstance[],
    private readonly variableNames: readonly string[] = [],
    devices: readonly Device[] = [],
  ) {
    const f = this.frame;
    this.fixed.set('value', single((i) => f.values[f.base + i]!));
    this.fixed.set('previous', single((i) => f.previous[i]!));
    for (const [name, col] of Object.entries(instanceColumns({ devices }))) {
      if (col.multi) continue;
      const get = col.get;
      this.fixed.set(name, single((i) => get(inputs[i]!)));
    }
    this.fixed.set('tag', multi((i) => inputs[i]!.tags));
  }

  rows(): readonly number[] { return Array.from(this.inputs, (_, i) => i); }

  column(name: string): Column<number> | undefined {
    const f = this.fixed.get(name);
    if (f) return f;
    if (this.facetNames().has(name)) return facetColumn(name, (i: number) => this.inputs[i]!.tags);
    return this.sibling(name);
  }

  knownColumns(): readonly string[] {
    if (!this.known) this.known = [...new Set([...this.fixed.keys(), ...this.facetNames(), ...this.variableNames])];
    return this.known;
  }

  identity(i: number): RowIdentity { return instanceIdentity(this.inputs[i]!); }

  /** The variable names the compiled condition reads as siblings. */
  siblings(): readonly string[] { return [...this.siblingRefs.keys()]; }

  /** Sets the positions (relative to `frame.base`, -1: none) of sibling `name`'s value for every input. */
  bindSibling(name: string, positions: Int32Array): void {
    const ref = this.siblingRefs.get(name);
    if (ref) ref.positions = positions;
  }

  private sibling(name: string): Column<number> {
    let ref = this.siblingRefs.get(name);
    if (!ref) { ref = { positions: NO_POSITIONS }; this.siblingRefs.set(name, ref); }
    const r = ref;
    const f = this.frame;
    return single((i): Scalar => {
      const p = r.positions[i];
      return p === undefined || p < 0 ? null : f.values[f.base + p]!;
    });
  }

  private facetNames(): Set<string> {
    if (!this.facets) {
      this.facets = new Set();
      const seenTags = new Set<readonly string[]>();
      for (const v of this.inputs) {
        if (seenTags.has(v.tags)) continue; // tags arrays are shared per device: scan each once
        seenTags.add(v.tags);
        for (const t of v.tags) this.facets.add(facetOf(t));
      }
    }
    return this.facets;
  }
}
