/**
 * The workbench's state as it lives in the hash query (so that the URL reproduces the graph):
 * the matching rule's parameters (docs/api.md "The variable matching rule") and the time window, and the graph call they make.
 */

export const RULE_KEYS = ['name', 'devices', 'components', 'tags', 'tagMatch', 'sortBy', 'limit'] as const;
export type RuleKey = typeof RULE_KEYS[number];

export const RANGES = ['1h', '24h', '7d'] as const;
type Range = typeof RANGES[number] | 'custom';

export type WorkbenchState = Record<RuleKey, string> & {
  readonly range: Range;
  /** ms since the epoch, for the custom range. */
  readonly start: string;
  readonly end: string;
};

const HOURS: Record<typeof RANGES[number], number> = { '1h': 1, '24h': 24, '7d': 168 };

/**
 * Points asked per series at most (`length`: min/max per chunk beyond it): about two per pixel of
 * a wide chart, so a 7-day window of a fast poll stays small.
 */
const GRAPH_LENGTH = 3000;

export function ruleOf(q: URLSearchParams): WorkbenchState {
  const rule = Object.fromEntries(RULE_KEYS.map((k) => [k, q.get(k) ?? ''])) as Record<RuleKey, string>;
  if (rule.tagMatch === '') rule.tagMatch = 'AND';
  const r = q.get('range') ?? '1h';
  const start = q.get('start') ?? '';
  const end = q.get('end') ?? '';
  const custom = r === 'custom' && /^\d+$/.test(start) && /^\d+$/.test(end);
  const range: Range = custom ? 'custom' : (RANGES as readonly string[]).includes(r) ? r as Range : '1h';
  return { ...rule, range, start: custom ? start : '', end: custom ? end : '' };
}

/** The legacy graph call by rule for this state; null when the rule is empty (it would select nothing). */
export function graphPath(netId: number, s: WorkbenchState): string | null {
  if (s.name === '' && s.devices === '' && s.components === '' && s.tags === '') return null;
  const q = new URLSearchParams();
  for (const k of RULE_KEYS) {
    if (s[k] === '' || (k === 'tagMatch' && s[k] === 'AND')) continue;
    q.set(k, s[k]);
  }
  if (s.range === 'custom') { q.set('start', s.start); q.set('end', s.end); }
  else q.set('intervalHr', String(HOURS[s.range]));
  q.set('length', String(GRAPH_LENGTH));
  return `/api/monitor/networks/${netId}/graph/?${q.toString()}`;
}

export function windowLabel(s: WorkbenchState): string {
  if (s.range !== 'custom') return `Last ${s.range.replace(/(\d+)/, '$1 ')}`;
  const f = (ms: string): string => new Date(Number(ms)).toLocaleString();
  return `${f(s.start)} – ${f(s.end)}`;
}
