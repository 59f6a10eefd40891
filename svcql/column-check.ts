import type { Expr } from './language/ast.js';
import { parseExpression } from './language/parser.js';
import type { RowSource } from './row-source.js';

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
