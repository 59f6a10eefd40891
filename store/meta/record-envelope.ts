/**
 * How a repository stores a record: `{ v, data }`, where `v` is the record's version (1 when
 * created, one more on every write) and `data` the record itself. The id is the key.
 */
interface RecordEnvelope {
  readonly v: number;
  readonly data: unknown;
}

export const envelope = (version: number, data: unknown): RecordEnvelope => ({ v: version, data });

/** The envelope in a stored value, or undefined when the value is not one. */
export function openEnvelope(raw: unknown): RecordEnvelope | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const { v, data } = raw as { v?: unknown; data?: unknown };
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1 || !('data' in raw)) return undefined;
  return { v, data };
}
