import { AppError } from '../core/errors.js';
import type { Tag, VariableInstance } from '../core/types.js';
import type { Budget } from './budget.js';
import { compileTagRules, parseTagMatch, parseTagRules } from './tag-set.js';

/**
 * The variable matching rule of the API (query parameters name, devices, components, tags,
 * tagMatch, sortBy, limit, start, count). Every API call taking a rule compiles it here once and
 * evaluates it over the variable inventory (or over alerts, which carry the same fields).
 */

/** What a rule looks at. VariableInstance has these fields; an alert adapts to them. */
interface RuleSubject {
  readonly name: string;
  readonly deviceName: string;
  readonly componentName: string;
  readonly tags: readonly Tag[];
}

/** Statistics of one slot over the calling request's time window (NaN when there is no point). */
export interface RuleStats { readonly curr: number; readonly min: number; readonly max: number }

type SortColumn = 'devices' | 'component' | 'description' | 'curr' | 'min' | 'max';

export interface VariableRule {
  /** No name, devices, components or tags: the rule matches nothing. */
  readonly empty: boolean;
  readonly sort: { readonly column: SortColumn; readonly desc: boolean } | null;
  /** Whether select() needs `stats` (sorting by curr, min or max). */
  readonly needsStats: boolean;
  match(v: RuleSubject): boolean;
  /**
   * Matching instances, sorted by sortBy (stable; values without statistics last), cut to the top
   * `limit`, then paged by start/count. `stats` gives curr/min/max over the request's window.
   * `budget` (a request's) is charged one unit per instance tested and per sort comparison, so a
   * spent budget stops the selection (AppError TIME_BUDGET) even inside the sort.
   */
  select(instances: readonly VariableInstance[], stats?: (slot: number) => RuleStats, budget?: Budget): VariableInstance[];
}

const SORT_COLUMNS: readonly SortColumn[] = ['devices', 'component', 'description', 'curr', 'min', 'max'];
const collator = new Intl.Collator('en', { numeric: true });

type Query = URLSearchParams | Readonly<Record<string, string | undefined>>;

function param(q: Query, name: string): string | undefined {
  const v = q instanceof URLSearchParams ? q.get(name) : q[name];
  if (v === null || v === undefined) return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
}

const list = (v: string | undefined): string[] | null =>
  v === undefined ? null : v.split(',').map((s) => s.trim()).filter((s) => s !== '');

function integer(q: Query, name: string, min: number): number | null {
  const v = param(q, name);
  if (v === undefined) return null;
  if (!/^-?\d+$/.test(v) || !Number.isSafeInteger(Number(v)) || Number(v) < min) {
    throw new AppError('BAD_PARAMETER', `${name} must be an integer ≥ ${min}, not '${v}'`);
  }
  return Number(v);
}

/** Compiles a rule from request query parameters. Throws AppError BAD_PARAMETER on bad values. */
export function compileVariableRule(query: Query): VariableRule {
  const names = list(param(query, 'name'));
  const devices = list(param(query, 'devices'));
  const components = list(param(query, 'components'));
  const tagText = param(query, 'tags');
  const tagRules = tagText === undefined ? null : parseTagRules(tagText);
  const tagMatch = parseTagMatch(param(query, 'tagMatch'));
  const empty = names === null && devices === null && components === null && tagRules === null;

  let sort: VariableRule['sort'] = null;
  const sortBy = param(query, 'sortBy');
  if (sortBy !== undefined) {
    const dot = sortBy.indexOf('.');
    const col = dot < 0 ? sortBy : sortBy.slice(0, dot);
    const dir = dot < 0 ? '' : sortBy.slice(dot + 1).toLowerCase();
    if (!SORT_COLUMNS.includes(col as SortColumn)) {
      throw new AppError('BAD_PARAMETER', `sortBy column '${col}' is not one of ${SORT_COLUMNS.join(', ')}`);
    }
    sort = { column: col as SortColumn, desc: dir === 'desc' };
  }
  const limit = integer(query, 'limit', -1);
  const start = integer(query, 'start', 0) ?? 0;
  const count = integer(query, 'count', 0);

  const nameSet = names && new Set(names);
  const deviceSet = devices && new Set(devices);
  const componentSet = components && new Set(components);
  const tagsHold = tagRules && tagRules.length ? compileTagRules(tagRules, tagMatch) : null;

  const match = (v: RuleSubject): boolean => {
    if (empty) return false;
    if (nameSet && !nameSet.has(v.name)) return false;
    if (deviceSet && !deviceSet.has(v.deviceName)) return false;
    if (componentSet && !componentSet.has(v.componentName)) return false;
    if (tagsHold && !tagsHold(v.tags)) return false;
    return true;
  };

  const needsStats = sort !== null && (sort.column === 'curr' || sort.column === 'min' || sort.column === 'max');

  return {
    empty,
    sort,
    needsStats,
    match,
    select(instances, stats, budget) {
      if (empty) return [];
      let out = budget ? instances.filter((v) => { budget.spend(); return match(v); }) : instances.filter(match);
      if (sort) {
        const { column, desc } = sort;
        const sign = desc ? -1 : 1;
        if (column === 'curr' || column === 'min' || column === 'max') {
          const keyed = out.map((v) => ({ v, k: stats ? stats(v.slot)[column] : NaN }));
          keyed.sort((a, b) => {
            budget?.spend();
            const an = Number.isNaN(a.k);
            const bn = Number.isNaN(b.k);
            if (an || bn) return an === bn ? 0 : an ? 1 : -1;
            return a.k === b.k ? 0 : (a.k < b.k ? -1 : 1) * sign;
          });
          out = keyed.map((x) => x.v);
        } else {
          const key = column === 'devices' ? (v: VariableInstance) => v.deviceName
            : column === 'component' ? (v: VariableInstance) => v.componentName
              : (v: VariableInstance) => v.description;
          out.sort((a, b) => { budget?.spend(); return collator.compare(key(a), key(b)) * sign; });
        }
      }
      if (limit !== null && limit >= 0) out = out.slice(0, limit);
      if (start > 0 || count !== null) out = out.slice(start, count === null ? undefined : start + count);
      return out;
    },
  };
}
