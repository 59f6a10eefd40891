import { AppError } from '../core/errors.js';
import type { Position } from './language/errors.js';

/** A well-formed query that cannot be evaluated (unknown table, misplaced function…) (code SVCQL_EVAL). */
export function evalError(text: string, pos?: Position): AppError {
  const at = pos ? ` at ${pos.line}:${pos.col}` : '';
  return new AppError('SVCQL_EVAL', `SvcQL error${at}: ${text}`);
}
