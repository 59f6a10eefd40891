import { AppError } from '../../core/errors.js';
import { parseExpression } from '../../svcql/index.js';
import { CONTROL_CHARS } from '../../core/names.js';

/** A view filter as the API answers it (docs/api.md "View filters"), every field present. */
export interface ViewFilter {
  readonly id: number;
  readonly user: string;
  readonly deleted: boolean;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly name: string;
  readonly formData: string;
  readonly svcql: string;
  readonly shared: boolean;
}

/** A view filter as it is stored (the id is the repository's key). */
export interface FilterData {
  readonly networkId: number;
  readonly user: string;
  readonly name: string;
  readonly svcql: string;
  readonly formData: string;
  readonly shared: boolean;
  readonly deleted: boolean;
  readonly createdAtMs: number;
  readonly updatedAtMs: number;
}

/** What a creation body gives (docs/api.md "View filters"). */
interface FilterInput {
  readonly name: string;
  readonly svcql: string;
  readonly formData: string;
}

/** Longest filter name: names are shown in a list and are part of an index key. */
const MAX_FILTER_NAME_CHARS = 200;

export function toViewFilter(id: number, d: FilterData): ViewFilter {
  return {
    id, user: d.user, deleted: d.deleted, createdAt: d.createdAtMs, updatedAt: d.updatedAtMs,
    name: d.name, formData: d.formData, svcql: d.svcql, shared: d.shared,
  };
}

/**
 * Checks a creation body: a JSON object with `name` (non-blank, at most MAX_FILTER_NAME_CHARS,
 * no control characters), `svcql` (a SvcQL matching expression: what follows WHERE, checked by the
 * SvcQL parser, whose SVCQL_SYNTAX and SVCQL_LIMIT errors go up as they are) and `formData` (a
 * string kept as it is; absent means ''). Other fields (`id`, `user`, `shared`…) are ignored: the
 * id is made, the owner is the acting user and a new filter is private.
 */
export function parseFilterInput(body: unknown): FilterInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('BAD_REQUEST', 'the body must be a JSON object {name, svcql, formData}');
  }
  const { name, svcql, formData } = body as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '') throw new AppError('BAD_REQUEST', "'name' must be a non-empty string");
  if (name.length > MAX_FILTER_NAME_CHARS) throw new AppError('BAD_REQUEST', `'name' is longer than ${MAX_FILTER_NAME_CHARS} characters`);
  if (CONTROL_CHARS.test(name)) throw new AppError('BAD_REQUEST', "'name' contains control characters");
  if (typeof svcql !== 'string' || svcql.trim() === '') {
    throw new AppError('BAD_REQUEST', "'svcql' must be a non-empty SvcQL matching expression (what follows WHERE)");
  }
  parseExpression(svcql);
  if (formData !== undefined && typeof formData !== 'string') throw new AppError('BAD_REQUEST', "'formData' must be a string");
  return { name, svcql, formData: formData ?? '' };
}

/** The repository's decoder: a stored record must have every field with its type. */
export function decodeFilterData(raw: unknown): FilterData {
  const d = raw as Partial<Record<keyof FilterData, unknown>> | null;
  const ok = typeof d === 'object' && d !== null &&
    typeof d.networkId === 'number' && typeof d.user === 'string' && typeof d.name === 'string' &&
    typeof d.svcql === 'string' && typeof d.formData === 'string' && typeof d.shared === 'boolean' &&
    typeof d.deleted === 'boolean' && typeof d.createdAtMs === 'number' && typeof d.updatedAtMs === 'number';
  if (!ok) throw new Error('not a view filter record');
  return d as FilterData;
}
