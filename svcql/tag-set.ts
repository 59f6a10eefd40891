import type { Tag } from '../core/types.js';
import { AppError } from '../core/errors.js';

/**
 * Tag logic shared by SvcQL facet columns and the variable matching rule. A tag is
 * `<Facet>.<Word>`; the word is everything after the first dot (`Model.WS-C3750.24` has the word
 * `WS-C3750.24`). A tag without a dot is a facet with an empty word.
 */
export function facetOf(tag: Tag): string {
  const dot = tag.indexOf('.');
  return dot < 0 ? tag : tag.slice(0, dot);
}

export function wordOf(tag: Tag): string {
  const dot = tag.indexOf('.');
  return dot < 0 ? '' : tag.slice(dot + 1);
}

/** The words of one facet, in tag order. */
export function facetWords(tags: readonly Tag[], facet: string): string[] {
  const prefix = `${facet}.`;
  const out: string[] = [];
  for (let i = 0; i < tags.length; i++) {
    const t = tags[i]!;
    if (t.length > prefix.length && t.startsWith(prefix)) out.push(t.slice(prefix.length));
  }
  return out;
}

function hasFacet(tags: readonly Tag[], facet: string): boolean {
  const prefix = `${facet}.`;
  for (let i = 0; i < tags.length; i++) if (tags[i]!.startsWith(prefix)) return true;
  return false;
}

/**
 * One tag rule: `Facet.Word` (has the tag), `Facet` or `Facet.*` (has some word in the facet),
 * each optionally prefixed by `!` (the opposite).
 */
interface TagRule {
  readonly negated: boolean;
  readonly facet: string;
  /** null: any word of the facet. */
  readonly word: string | null;
}

type TagMatch = 'AND' | 'OR' | 'NOT_AND' | 'NOT_OR';

/** Parses a comma separated list of tag rules; blanks are skipped. Throws BAD_PARAMETER on `!` alone. */
export function parseTagRules(text: string): TagRule[] {
  const out: TagRule[] = [];
  for (const raw of text.split(',')) {
    let s = raw.trim();
    if (s === '') continue;
    let negated = false;
    if (s.startsWith('!')) { negated = true; s = s.slice(1).trim(); }
    if (s === '') throw new AppError('BAD_PARAMETER', `tag rule '${raw.trim()}' names no tag`);
    const dot = s.indexOf('.');
    const facet = dot < 0 ? s : s.slice(0, dot);
    const word = dot < 0 ? null : s.slice(dot + 1);
    out.push({ negated, facet, word: word === '*' || word === '' ? null : word });
  }
  return out;
}

function tagRuleHolds(rule: TagRule, tags: readonly Tag[]): boolean {
  const present = rule.word === null ? hasFacet(tags, rule.facet) : tags.includes(`${rule.facet}.${rule.word}`);
  return rule.negated ? !present : present;
}

/** Combines tag rules by `tagMatch` (docs/api.md "The variable matching rule"); AND when `mode` is missing. */
export function compileTagRules(rules: readonly TagRule[], mode: TagMatch = 'AND'): (tags: readonly Tag[]) => boolean {
  // Precompute the full tag text of each rule so the hot path is an includes() per rule.
  const tests = rules.map((r) => {
    if (r.word === null) return (tags: readonly Tag[]) => tagRuleHolds(r, tags);
    const full = `${r.facet}.${r.word}`;
    return r.negated ? (tags: readonly Tag[]) => !tags.includes(full) : (tags: readonly Tag[]) => tags.includes(full);
  });
  const every = (tags: readonly Tag[]): boolean => { for (const t of tests) if (!t(tags)) return false; return true; };
  const some = (tags: readonly Tag[]): boolean => { for (const t of tests) if (t(tags)) return true; return false; };
  switch (mode) {
    case 'AND': return every;
    case 'OR': return some;
    case 'NOT_AND': return (tags) => !every(tags);
    case 'NOT_OR': return (tags) => !some(tags);
  }
}

export function parseTagMatch(text: string | undefined | null): TagMatch {
  if (text === undefined || text === null || text === '') return 'AND';
  const m = text.trim().toUpperCase();
  if (m === 'AND' || m === 'OR' || m === 'NOT_AND' || m === 'NOT_OR') return m;
  throw new AppError('BAD_PARAMETER', `tagMatch '${text}' is not one of AND, OR, NOT_AND, NOT_OR`);
}
