import type { Expr } from './language/ast.js';
import { compileWhere } from './compile.js';
import { parseExpression } from './language/parser.js';
import type { Catalog, RowSource, TableSource } from './row-source.js';

/**
 * Compiles a matching expression (text or parsed) against a row source, for view rules, the
 * preview call and view filters: `(row) => boolean`. Throws AppError SVCQL_* on a bad expression.
 */
export function compileMatcher<R>(expr: string | Expr, source: RowSource<R>): (row: R) => boolean {
  return compileWhere(typeof expr === 'string' ? parseExpression(expr) : expr, source);
}

/**
 * A catalog over fixed tables plus series tables made on demand (`series(name)` returns undefined
 * for an unknown variable name).
 */
export function mapCatalog(
  tables: Readonly<Record<string, TableSource>>,
  series?: { names(): readonly string[]; get(name: string): TableSource | undefined },
): Catalog {
  return {
    table: (name) => (Object.prototype.hasOwnProperty.call(tables, name) ? tables[name] : series?.get(name)),
    tableNames: () => [...Object.keys(tables), ...(series?.names() ?? [])],
  };
}
