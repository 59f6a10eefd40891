import type { Expr, SelectStatement } from './language/ast.js';
import { parseExpression } from './language/parser.js';
import { isSeriesSource, type Catalog, type RowSource } from './row-source.js';

/**
 * The column names of a matching expression that its table does not know: neither a column of the
 * table nor, compared without case as columns are resolved, a tag facet some row has. Not an error:
 * facets are free-form, so a name may be a tag no device carries yet; but a misspelt column
 * (`Nmae`, `devic`) matches nothing silently, and a rule editor says so with these names.
 * Each name once, in the order of the text.
 */
export function unknownColumns<R>(expr: string | Expr, source: RowSource<R>): string[] {
  const tree = typeof expr === 'string' ? parseExpression(expr) : expr;
  const known = new Set(source.knownColumns().map((n) => n.toLowerCase()));
  const out: string[] = [];
  for (const name of columnNames(tree)) {
    if (!known.has(name.toLowerCase()) && !out.includes(name)) out.push(name);
  }
  return out;
}

/** Every `column` node of a tree, depth first, left to right (a walk bounded by the tree's size). */
function columnNames(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const n of node) columnNames(n, out);
  } else if (node !== null && typeof node === 'object') {
    const n = node as { kind?: unknown; name?: unknown };
    if (n.kind === 'column' && typeof n.name === 'string') out.push(n.name);
    else for (const v of Object.values(node)) columnNames(v, out);
  }
  return out;
}

/**
 * The warnings of a statement for the `table` answer (the SvcQL console shows them): the names of
 * its WHERE that its table knows neither as a column nor as a facet of a row (`unknownColumns`),
 * each as a sentence. `time` is the range, not a column. None for an unknown table (that is an
 * error of its own) or a statement without WHERE.
 */
export function statementWarnings(statement: SelectStatement, catalog: Catalog): string[] {
  const table = catalog.table(statement.from);
  if (!statement.where || !table) return [];
  // The column names of a series table do not depend on the range: an empty one reads no points.
  const source = isSeriesSource(table) ? table.open({ fromMs: 0, toMs: 0 }) : table;
  return unknownColumns(statement.where, source)
    .filter((name) => name.toLowerCase() !== 'time')
    .map((name) => `'${name}' is neither a column of the ${statement.from} table nor a tag facet of any of its rows: WHERE matches nothing by it (a misspelling?)`);
}
