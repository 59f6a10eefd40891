import type { Device, Tag, VariableInstance } from '../core/types.js';
import { buildSource, single, type RowSource } from './row-source.js';
import { facetOf, wordOf } from './tag-set.js';

/** The `tags` table: one row per distinct tag, sorted; columns `facet`, `word`, `tag`. */
export function tagsSource(tags: Iterable<Tag>): RowSource<Tag> {
  const rows = [...new Set(tags)].sort();
  return buildSource<Tag>({
    table: 'tags',
    rows: () => rows,
    columns: {
      facet: single((t) => facetOf(t)),
      word: single((t) => wordOf(t)),
      tag: single((t) => t),
    },
    identity: (t) => ({ variable: '', device: '', deviceId: null, component: '', index: null, description: t, tags: [t] }),
  });
}

/** Every tag of devices, their interfaces and variable instances (input for tagsSource). */
export function* allTags(devices: readonly Device[], instances: readonly VariableInstance[] = []): Iterable<Tag> {
  for (const d of devices) {
    yield* d.tags;
    for (const i of d.interfaces) yield* i.tags;
  }
  for (const v of instances) yield* v.tags;
}
