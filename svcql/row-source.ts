import type { SeriesPoints, Tag } from '../core/types.js';
import type { Budget } from './budget.js';
import type { Scalar } from './scalar.js';
import { facetOf, facetWords } from './tag-set.js';

/**
 * A column of a row source. Single-valued columns give one value per row; multi-valued ones
 * (tag facets, `tag`, `tagFacet`, interface addresses) give zero or more (zero is NULL).
 * Accessors are plain functions over the row so that compiled expressions call them directly.
 */
export type Column<R> =
  | { readonly multi: false; readonly get: (row: R) => Scalar }
  | {
    readonly multi: true;
    readonly values: (row: R) => readonly Scalar[];
    /** Set for a facet column: lets `Facet = 'Word'` compile to a lookup of the tag `Facet.Word`. */
    readonly facet?: { readonly name: string; readonly tags: (row: R) => readonly Tag[] };
  };

/** Who a row is, for the time_series output (target `variable:device:component`, tags map). */
export interface RowIdentity {
  readonly variable: string;
  readonly device: string;
  readonly deviceId: number | null;
  readonly component: string;
  readonly index: number | null;
  readonly description: string;
  readonly tags: readonly Tag[];
}

export interface TimeRange { readonly fromMs: number; readonly toMs: number }

/**
 * A table SvcQL can read. `rows()` is called once per statement; `column(name)` resolves an exact
 * name (a source with tags answers any unknown name as a facet with no words, since facets are
 * open-ended); `knownColumns()` lists names for the case-insensitive fallback and `SELECT *`.
 */
export interface RowSource<R = unknown> {
  readonly table: string;
  rows(): readonly R[];
  /** The columns `SELECT *` shows, in order (single-valued ones). */
  readonly starColumns: readonly string[];
  /**
   * The columns `SELECT DISTINCT *` shows when they differ from starColumns: a table whose star
   * columns are unique per row (each variable instance has its triplet) lists its kinds instead.
   */
  readonly distinctStarColumns?: readonly string[];
  column(name: string): Column<R> | undefined;
  knownColumns(): readonly string[];
  identity(row: R): RowIdentity;
  /** Present on an opened series table: the row's points in the range, and the range. */
  readonly series?: { readonly range: TimeRange; points(row: R): SeriesPoints };
}

/**
 * A series table before its time range is known: the evaluator opens it with the range of WHERE
 * and the request's budget, which each read of points is charged to.
 */
export interface SeriesSource {
  readonly kind: 'series';
  readonly table: string;
  open(range: TimeRange, budget?: Budget): RowSource<any>;
}

export type TableSource = RowSource<any> | SeriesSource;

export const isSeriesSource = (s: TableSource): s is SeriesSource => (s as SeriesSource).kind === 'series';

/** The tables a statement may name in FROM. */
export interface Catalog {
  /** Exact name lookup; undefined when unknown. */
  table(name: string): TableSource | undefined;
  /** Names for the case-insensitive fallback and error messages. */
  tableNames(): readonly string[];
}

export const single = <R>(get: (row: R) => Scalar): Column<R> => ({ multi: false, get });
export const multi = <R>(values: (row: R) => readonly Scalar[]): Column<R> => ({ multi: true, values });

/** A facet column over the tags of a row. */
export function facetColumn<R>(facet: string, tagsOf: (row: R) => readonly Tag[]): Column<R> {
  return { multi: true, values: (row) => facetWords(tagsOf(row), facet), facet: { name: facet, tags: tagsOf } };
}

interface SourceSpec<R> {
  readonly table: string;
  rows(): readonly R[];
  /** Fixed columns, in `SELECT *` order; multi-valued ones are left out of `*`. */
  readonly columns: Readonly<Record<string, Column<R>>>;
  /** Tags of a row: adds `tag`, `tagFacet` and one column per facet. */
  readonly tagsOf?: (row: R) => readonly Tag[];
  /** Extra named columns resolved after fixed ones and before facets (variable names). */
  readonly extra?: { names(): readonly string[]; column(name: string): Column<R> | undefined };
  identity(row: R): RowIdentity;
  readonly series?: RowSource<R>['series'];
  /** `SELECT *` columns when not all single-valued fixed columns. */
  readonly star?: readonly string[];
  /** RowSource.distinctStarColumns. */
  readonly distinctStar?: readonly string[];
}

/** Builds a RowSource from fixed columns plus tag-derived and extra columns. */
export function buildSource<R>(spec: SourceSpec<R>): RowSource<R> {
  const fixed = new Map<string, Column<R>>(Object.entries(spec.columns));
  const tagsOf = spec.tagsOf;
  if (tagsOf) {
    fixed.set('tag', multi((r: R) => tagsOf(r)));
    fixed.set('tagFacet', multi((r: R) => {
      const out: string[] = [];
      for (const t of tagsOf(r)) { const f = facetOf(t); if (!out.includes(f)) out.push(f); }
      return out;
    }));
  }
  const star = spec.star ?? Object.entries(spec.columns).filter(([, c]) => !c.multi).map(([n]) => n);
  let facets: Set<string> | null = null;
  const seenFacets = (): Set<string> => {
    if (facets) return facets;
    facets = new Set<string>();
    if (tagsOf) for (const r of spec.rows()) for (const t of tagsOf(r)) facets.add(facetOf(t));
    return facets;
  };
  let known: string[] | null = null;
  const src: RowSource<R> = {
    table: spec.table,
    rows: spec.rows,
    starColumns: star,
    ...(spec.distinctStar ? { distinctStarColumns: spec.distinctStar } : {}),
    column(name) {
      const f = fixed.get(name);
      if (f) return f;
      if (tagsOf && seenFacets().has(name)) return facetColumn(name, tagsOf);
      const e = spec.extra?.column(name);
      if (e) return e;
      return tagsOf ? facetColumn(name, tagsOf) : undefined;
    },
    knownColumns() {
      if (known) return known;
      const names = new Set<string>(fixed.keys());
      for (const f of seenFacets()) names.add(f);
      if (spec.extra) for (const n of spec.extra.names()) names.add(n);
      known = [...names];
      return known;
    },
    identity: spec.identity,
    ...(spec.series ? { series: spec.series } : {}),
  };
  return src;
}
