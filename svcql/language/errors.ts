import { AppError } from '../../core/errors.js';

/** Where a token starts: 1-based line and column, 0-based offset. */
export interface Position {
  readonly line: number;
  readonly col: number;
  readonly offset: number;
}

/** `SvcQL syntax error at 1:17: expected a value after '=' but found 'AND'` (code SVCQL_SYNTAX). */
export function syntaxError(pos: Position, text: string): AppError {
  return new AppError('SVCQL_SYNTAX', `SvcQL syntax error at ${pos.line}:${pos.col}: ${text}`);
}

/** A bound of limits.ts was exceeded (code SVCQL_LIMIT). */
export function limitError(text: string, pos?: Position): AppError {
  const at = pos ? ` at ${pos.line}:${pos.col}` : '';
  return new AppError('SVCQL_LIMIT', `SvcQL limit exceeded${at}: ${text}`);
}

/** A REGEXP pattern that does not compile or is not safe to run (code SVCQL_REGEXP). */
export function regexpError(text: string, pos?: Position, cause?: unknown): AppError {
  const at = pos ? ` at ${pos.line}:${pos.col}` : '';
  return new AppError('SVCQL_REGEXP', `SvcQL regular expression error${at}: ${text}`, cause === undefined ? undefined : { cause });
}
