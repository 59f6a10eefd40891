import { isAppError } from '../../core/errors.js';
import { formatTriplet, parseTriplet } from '../../core/triplet.js';
import type { VariableInstance } from '../../core/types.js';
import type { VariableCatalog } from '../../core/ports/catalog.js';

/** Graph and data calls by explicit ids answer at most this many variables (docs/api.md "Graphs and data"). */
const MAX_IDS_PER_CALL = 10;

interface ResolvedIds {
  /** Known variables in request order, with their canonical id. */
  readonly found: readonly { readonly varId: string; readonly instance: VariableInstance }[];
  /** One human-readable line per id that was not answered. */
  readonly errors: readonly string[];
}

/**
 * Resolves the ids of a graph or data call (triplets `<name>.<deviceId>.<index>`, which is also
 * the legacy `<name>.<node>.<index>` form). Failures are data, not exceptions (docs/api.md "Graphs and data"): an id
 * that does not parse, an unknown variable, and every id from the 11th on are listed in `errors`
 * while the others still answer.
 */
export function resolveIds(catalog: VariableCatalog, netId: number, ids: readonly string[]): ResolvedIds {
  const found: { varId: string; instance: VariableInstance }[] = [];
  const errors: string[] = [];
  ids.forEach((text, position) => {
    if (position >= MAX_IDS_PER_CALL) {
      errors.push(`'${text}' not answered: at most ${MAX_IDS_PER_CALL} variables per call`);
      return;
    }
    let t;
    try {
      t = parseTriplet(text);
    } catch (err) {
      if (!isAppError(err)) throw err;
      errors.push(err.message);
      return;
    }
    const instance = catalog.find(netId, t.name, t.deviceId, t.index);
    if (!instance) {
      errors.push(`unknown variable '${formatTriplet(t)}' in network ${netId}`);
      return;
    }
    found.push({ varId: formatTriplet(t), instance });
  });
  return { found, errors };
}
