/**
 * The units of a SvcQL console result's columns. The query answer's columns carry names only, so
 * the console reads the statement itself: `SELECT <items> FROM <variable> …`, and a column whose
 * item uses the variable's value (`metric`, or an aggregate of it such as `max(tsmax(metric))`;
 * not `count(…)`, which counts rows) is in the variable's unit (the catalog's). A statement over
 * another table (`devices`, `interfaces`, `variables`) or one whose items do not line up with its
 * columns (`*`) gets no units: a wrong unit would be worse than none.
 */

/** `text` split at `sep` outside quotes and parentheses. */
function splitTop(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0, quote = '', start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) { if (c === quote) quote = ''; continue; }
    if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === sep && depth === 0) { out.push(text.slice(start, i)); start = i + 1; }
  }
  out.push(text.slice(start));
  return out;
}

/** The statements of a console text (`;` outside quotes), empty ones left out. */
export function statements(text: string): string[] {
  return splitTop(text, ';').map((s) => s.trim()).filter((s) => s !== '');
}

export interface StatementShape {
  /** The FROM table (a variable's name, or devices, interfaces…). */
  readonly from: string;
  /** Per select item: whether it carries the variable's value (and so its unit). */
  readonly valued: readonly boolean[];
}

/** The select items and FROM table of a statement, or null when it is not a plain `SELECT … FROM <name>`. */
export function statementShape(statement: string): StatementShape | null {
  const m = /^\s*SELECT\s+([\s\S]*?)\s+FROM\s+([A-Za-z_][\w.]*)/i.exec(statement);
  if (!m) return null;
  const items = splitTop(m[1]!, ',').map((s) => s.trim());
  if (items.some((i) => i === '*' || i === '')) return null;
  return {
    from: m[2]!,
    valued: items.map((i) => {
      const expr = i.replace(/\s+AS\s+\S+$/i, '');
      return /\bmetric\b/i.test(expr) && !/^\s*count\s*\(/i.test(expr);
    }),
  };
}

/** Each column's unit ('' for none), given the FROM variable's unit (null: not a variable). */
export function columnUnits(shape: StatementShape | null, columns: number, unit: string | null): string[] {
  if (shape === null || unit === null || unit === '' || shape.valued.length !== columns) return new Array<string>(columns).fill('');
  return shape.valued.map((v) => (v ? unit : ''));
}
