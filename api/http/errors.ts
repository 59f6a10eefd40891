import { AppError, isAppError, type ErrorCode } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import type { ApiResponse } from './http-types.js';

/** The JSON error envelope of every API error: `{"status":"error","error":"<text>","code":"<CODE>"}`. */
interface ErrorBody {
  readonly status: 'error';
  readonly error: string;
  readonly code: ErrorCode;
}

/** How many characters of a request's text (a path, a parameter value, a header) an error message echoes. */
export const ECHO_MAX_CHARS = 100;

/**
 * How long an error message may be: messages made here quote the request through `excerpt`, but
 * messages made elsewhere (services, SvcQL, the triplet parser) may quote it whole; `errorResponse`
 * cuts every message to this length, so that no error body echoes more than a short excerpt.
 */
export const ERROR_MESSAGE_MAX_CHARS = 400;

/**
 * `text` when it has at most `max` characters, else its first `max` characters and `…`. Every
 * error message that quotes request text goes through here (the one place the echo is bounded).
 */
export function excerpt(text: string, max: number = ECHO_MAX_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

export function errorResponse(code: ErrorCode, message: string, headers?: Record<string, string>): ApiResponse {
  const e = new AppError(code, message);
  const body: ErrorBody = { status: 'error', error: excerpt(message, ERROR_MESSAGE_MAX_CHARS), code };
  return headers ? { status: e.status, headers, body } : { status: e.status, body };
}

/**
 * Maps anything a handler threw to a response. An AppError keeps its code and status; any other
 * value is a bug: it is logged with its stack and answered as 500 INTERNAL without details.
 */
export function responseForError(err: unknown, logger: Logger, where: string): ApiResponse {
  if (isAppError(err)) return errorResponse(err.code, err.message);
  const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
  logger.error('handler failed', { where, error: detail });
  return errorResponse('INTERNAL', 'internal error');
}
