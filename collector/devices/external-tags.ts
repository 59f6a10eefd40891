import { AppError } from '../../core/errors.js';
import { DEVICE_TAG } from '../../core/names.js';
import type { Tag } from '../../core/types.js';
import { unionTags } from './registry-entry.js';

export type TagMode = 'replace' | 'add' | 'remove';

/** At most this many external tags per device. */
const MAX_EXTERNAL_TAGS = 200;

/** Throws BAD_PARAMETER naming the first tag that is not `Facet.Word` (core/names.ts DEVICE_TAG). */
export function checkTags(tags: unknown, what: string): readonly Tag[] {
  if (!Array.isArray(tags)) throw new AppError('BAD_PARAMETER', `${what} must be a list of tags like Facet.Word`);
  for (const t of tags) {
    if (typeof t !== 'string' || !DEVICE_TAG.test(t)) {
      throw new AppError('BAD_PARAMETER', `${what}: ${JSON.stringify(t)} is not a tag like Facet.Word (a facet of letters, digits and _, a dot, a word without spaces)`);
    }
  }
  return tags as Tag[];
}

/** The tags after a change: `replace` makes them `tags`, `add` appends the new ones, `remove` takes `tags` away. */
export function applyTags(current: readonly Tag[], tags: readonly Tag[], mode: TagMode): Tag[] {
  let out: Tag[];
  if (mode === 'replace') out = unionTags(tags);
  else if (mode === 'add') out = unionTags(current, tags);
  else if (mode === 'remove') { const gone = new Set(tags); out = current.filter((t) => !gone.has(t)); }
  else throw new AppError('BAD_PARAMETER', `mode must be replace, add or remove, got ${JSON.stringify(mode)}`);
  if (out.length > MAX_EXTERNAL_TAGS) throw new AppError('BAD_PARAMETER', `at most ${MAX_EXTERNAL_TAGS} external tags per device, this would make ${out.length}`);
  return out;
}
