import { AppError, isAppError, type ErrorCode } from '../../core/errors.js';
import type { Logger } from '../../core/logger.js';
import type { ApiResponse } from './http-types.js';

/** The JSON error envelope of every API error: `{"status":"error","error":"<text>","code":"<CODE>"}`. */
export interface ErrorBody {
  readonly status: 'error';
  readonly error: string;
  readonly code: ErrorCode;
}

export function errorResponse(code: ErrorCode, message: string, headers?: Record<string, string>): ApiResponse {
  const e = new AppError(code, message);
  const body: ErrorBody = { status: 'error', error: message, code };
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
