/** Errors with stable codes. The API maps `status` to the HTTP status. */
export type ErrorCode =
  | 'BAD_REQUEST' | 'BAD_JSON' | 'BAD_PARAMETER' | 'BAD_TRIPLET'
  | 'UNAUTHORIZED' | 'FORBIDDEN'
  | 'NOT_FOUND' | 'UNKNOWN_NETWORK' | 'UNKNOWN_DEVICE' | 'UNKNOWN_VARIABLE' | 'UNKNOWN_GENERATION'
  | 'METHOD_NOT_ALLOWED' | 'CONFLICT' | 'BODY_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'NOT_IMPLEMENTED'
  | 'CONFIG_INVALID' | 'CONFIG_RELOAD_REFUSED' | 'INTERNAL'
  | 'STORE_WRITE_FAILED' | 'DATA_DIR_LOCKED'
  | 'SVCQL_SYNTAX' | 'SVCQL_LIMIT' | 'SVCQL_REGEXP' | 'SVCQL_EVAL'
  | 'REQUEST_LIMIT' | 'TIME_BUDGET'
  | 'UNKNOWN_FILTER' | 'FILTER_REFUSED' | 'UNKNOWN_HANDLE'
  | 'UNKNOWN_VIEW' | 'VIEW_REFUSED'
  | 'LOGIN_RATE_LIMITED' | 'RATE_LIMITED' | 'SERVER_BUSY'
  | 'UNKNOWN_ALERT' | 'UNKNOWN_SILENCE'
  | 'UNKNOWN_TASK' | 'UNKNOWN_BLOCK' | 'BLOCKED_ADDRESS' | 'READ_ONLY'
  | 'INTEGRATION_NOT_CONFIGURED' | 'UPSTREAM_FAILED' | 'UPSTREAM_TIMEOUT' | 'UPSTREAM_BUSY' | 'UNKNOWN_REPORT'
  | 'UI_NOT_BUILT';

const statusOf: Record<ErrorCode, number> = {
  /** The web UI's files are missing (dist/ui: `npm run build` makes them); the API works without them. */
  UI_NOT_BUILT: 503,
  /** A call to an external service whose section of `integrations:` is absent from the configuration. */
  INTEGRATION_NOT_CONFIGURED: 409,
  /** An external service refused, failed (5xx), closed the connection, or answered something other than bounded JSON. */
  UPSTREAM_FAILED: 502,
  /** An external service did not answer within its configured timeout. */
  UPSTREAM_TIMEOUT: 504,
  /** An external service already has its configured number of calls in flight (each buffers up to its answer bound): try again shortly. */
  UPSTREAM_BUSY: 503,
  /** A report name, id or file that names no report of the network (or an unsafe file name). */
  UNKNOWN_REPORT: 404,
  UNKNOWN_TASK: 404, UNKNOWN_BLOCK: 404,
  /** A device add or submission of an address that is blocked from discovery (networks[].blocked or devices/blocking). */
  BLOCKED_ADDRESS: 409,
  /** A change of something the config owns (a blocked entry of networks[].blocked): change the config instead. */
  READ_ONLY: 409,
  BAD_REQUEST: 400, BAD_JSON: 400, BAD_PARAMETER: 400, BAD_TRIPLET: 400,
  UNAUTHORIZED: 401, FORBIDDEN: 403,
  NOT_FOUND: 404, UNKNOWN_NETWORK: 404, UNKNOWN_DEVICE: 404, UNKNOWN_VARIABLE: 404, UNKNOWN_GENERATION: 404,
  METHOD_NOT_ALLOWED: 405, CONFLICT: 409, BODY_TOO_LARGE: 413, NOT_IMPLEMENTED: 501,
  /** A request body of a type the call does not read (a JSON call given no `application/json` type). */
  UNSUPPORTED_MEDIA_TYPE: 415,
  CONFIG_INVALID: 500, INTERNAL: 500,
  /** A config reload whose changes only a restart applies (core/config-reload.ts); nothing was applied. */
  CONFIG_RELOAD_REFUSED: 409,
  /**
   * A write to the store did not reach the disk (file system full, I/O error); nothing of that write
   * is stored, and it may succeed later (store/lmdb-env.ts). The message names the data directory and the reason.
   */
  STORE_WRITE_FAILED: 503,
  /** The data directory is held by another running server (store/data-dir-lock.ts); the message names its PID. */
  DATA_DIR_LOCKED: 409,
  SVCQL_SYNTAX: 400, SVCQL_LIMIT: 400, SVCQL_REGEXP: 400, SVCQL_EVAL: 400,
  /**
   * A documented bound of one request was exceeded (targets per query body, rows, points read,
   * bytes of the answer); the message names the bound and how to narrow the request.
   */
  REQUEST_LIMIT: 400,
  /** The request's evaluation ran past its time budget on the main thread and was stopped. */
  TIME_BUDGET: 400,
  /**
   * View filters (a failed delete, share or unshare is a 400: docs/api.md "Errors"): no such filter in the network
   * (or a deleted one); a call the caller may not make (not the owner, acting for another user) or
   * that the filter's state refuses (sharing a shared filter).
   */
  UNKNOWN_FILTER: 400, FILTER_REFUSED: 400,
  /** A key-value handle that names no record of the network (404 for reads and updates: docs/api.md "Key-value store"). */
  UNKNOWN_HANDLE: 404,
  /** A map view that is not in the network, or that the caller may not see (it looks absent, never forbidden). */
  UNKNOWN_VIEW: 404,
  /**
   * A view call that the view's type, state or owner refuses (docs/api.md "Errors": 400 with
   * `{status: "error", error}`): sharing another user's view or a script-created one, editing a
   * SYSTEM view, an update or validate body whose rules do not parse.
   */
  VIEW_REFUSED: 400,
  /**
   * Too many failed logins (login call or HTTP Basic) from the client's address within
   * `auth.loginFailureWindow`: refused without checking the credentials; the answer's Retry-After
   * says when to try again (services/accounts/login-limiter.ts).
   */
  LOGIN_RATE_LIMITED: 429,
  /**
   * The caller already holds its share of one kind of bounded work (core/work-gate.ts: report runs,
   * discovery starts, tasks…); the message names the bound. Nothing was started.
   */
  RATE_LIMITED: 429,
  /** One kind of bounded work is at its global bound and its queue is full; nothing was started: try again shortly. */
  SERVER_BUSY: 503,
  /** An alert key that names no alert of the network (active or cleared). */
  UNKNOWN_ALERT: 404,
  /**
   * A silence id that names no active silence of the network: never made, of another network, or
   * expired (an expired silence cannot be updated: docs/api.md "Alerts and silences").
   */
  UNKNOWN_SILENCE: 404,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.status = statusOf[code];
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
