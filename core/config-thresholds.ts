import type { Checker, Path } from './config-check.js';
import type { VariableThresholds } from './config-schema.js';

/** `{ direction?: above|below, warning?: number, critical?: number }`, at least one level, ordered in the direction. */
export function parseThresholds(c: Checker, raw: unknown, path: Path): VariableThresholds {
  const t = c.object(raw, path, ['direction', 'warning', 'critical']);
  const direction = c.oneOf(t.direction, [...path, 'direction'], ['above', 'below'] as const, 'above');
  const level = (k: 'warning' | 'critical'): number | null => {
    if (t[k] === undefined || t[k] === null) return null;
    if (typeof t[k] !== 'number' || !Number.isFinite(t[k])) c.fail([...path, k], `must be a number, got ${JSON.stringify(t[k])}`);
    return t[k] as number;
  };
  const warning = level('warning');
  const critical = level('critical');
  if (warning === null && critical === null) c.fail(path, 'give warning, critical or both');
  if (warning !== null && critical !== null && (direction === 'above' ? critical < warning : critical > warning)) {
    c.fail([...path, 'critical'], `must be ${direction === 'above' ? 'at least' : 'at most'} warning (${warning}) for direction ${direction}`);
  }
  return { direction, warning, critical };
}
