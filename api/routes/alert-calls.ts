import { AppError, isAppError } from '../../core/errors.js';
import { ERROR_MESSAGE_MAX_CHARS, excerpt } from '../http/errors.js';
import type { ApiResponse, RoutedRequest } from '../http/http-types.js';
import { readJson } from '../http/json-body.js';
import { parseNonNegativeInteger, pathParam } from '../http/params.js';
import type { RouteGroup } from '../http/router.js';
import { json, networkParam, type ApiContext } from './context.js';

/**
 * Alerts and silences (docs/api.md "Alerts and silences (v2 and legacy)"; services/alerts/alerts.ts,
 * services/silences/silences.ts). The v2 and legacy routes are the same calls under their own prefix;
 * every call is the `user` access level. The list paths answer with and without a trailing slash.
 *
 * - alert list: `[Alert]`; `active` (`true`/`false`, absent or empty: both) and the matching rule's
 *   parameters, combinable; a malformed one is a 400 BAD_PARAMETER;
 * - alert get: the alert object; 404 UNKNOWN_ALERT when the network has no alert with that key;
 * - silence create and update: the result object `{id, status: "success", message: ""}`
 *   with 200; a failure (the spec leaves its status open) answers the status of its code — 400 for
 *   a bad body or parameter, 404 for an unknown network or an unknown or expired silence, 413 for a
 *   body over SILENCE_BODY_MAX_BYTES, 415 for a body that is not JSON — with the result object plus the
 *   project's error fields: `{id, status: "error", message, error, code}` (`error` repeats `message`);
 *   `id` is the silence's (0 when a creation failed or the path's id is malformed);
 * - silence list: `[Silence]`, the active ones; silence get: `[Silence]` or `[]` when the silence is
 *   unknown or expired.
 */
export function registerAlertCalls(router: RouteGroup, ctx: ApiContext, base: { alerts: string; silences: string; net: string }): void {
  const { alerts, silences } = ctx.services;
  const netId = (req: RoutedRequest) => networkParam(ctx, req, base.net).id;
  const silenceId = (req: RoutedRequest) => parseNonNegativeInteger('id', pathParam(req, 'id'));

  for (const path of [base.alerts, `${base.alerts}/`]) {
    router.get(path, (req) => json(alerts.list(netId(req), { active: activeParam(req), rule: req.query })));
  }
  router.get(`${base.alerts}/:alertKey`, (req) => json(alerts.get(netId(req), pathParam(req, 'alertKey'))));

  for (const path of [base.silences, `${base.silences}/`]) {
    router.get(path, (req) => json(silences.list(netId(req))));
    router.post(path, (req) => silenceResult(0, async () => {
      const n = netId(req);
      return (await silences.create(n, req.caller, silenceBody(req))).id;
    }));
  }
  router.get(`${base.silences}/:id`, (req) => json(silences.get(netId(req), silenceId(req))));
  router.post(`${base.silences}/:id`, (req) => {
    let id = 0;
    try { id = silenceId(req); } catch { /* malformed: answered by the run below, with id 0 */ }
    return silenceResult(id, async () => {
      const n = netId(req);
      return (await silences.update(n, req.caller, silenceId(req), silenceBody(req))).id;
    });
  });
}

/** The largest silence body: a silence is a few short fields (a match of at most a few thousand characters). */
export const SILENCE_BODY_MAX_BYTES = 16 * 1024;

function silenceBody(req: RoutedRequest): unknown {
  if (req.body.length > SILENCE_BODY_MAX_BYTES) {
    throw new AppError('BODY_TOO_LARGE', `a silence body is at most ${SILENCE_BODY_MAX_BYTES} bytes, got ${req.body.length}`);
  }
  return readJson(req);
}

/** Runs a create or update and answers the silence result object `{id, status, message}` (see registerAlertCalls). */
async function silenceResult(id: number, run: () => Promise<number>): Promise<ApiResponse> {
  try {
    return json({ id: await run(), status: 'success', message: '' });
  } catch (err) {
    if (!isAppError(err)) throw err;
    const message = excerpt(err.message, ERROR_MESSAGE_MAX_CHARS);
    return { status: err.status, body: { id, status: 'error', message, error: message, code: err.code } };
  }
}

/** `active`: true, false, or null (absent or empty: both states). */
function activeParam(req: RoutedRequest): boolean | null {
  const v = req.query.get('active');
  if (v === null || v.trim() === '') return null;
  switch (v.trim().toLowerCase()) {
    case 'true': return true;
    case 'false': return false;
    default: throw new AppError('BAD_PARAMETER', `parameter 'active' must be true or false, got '${excerpt(v)}'`);
  }
}
