import { ALERT_SEVERITIES } from '../../core/config-schema.js';
import { AppError, isAppError } from '../../core/errors.js';
import { DEFAULT_HISTORY_LIMIT, MAX_HISTORY_LIMIT } from '../../services/alerts/index.js';
import { ERROR_MESSAGE_MAX_CHARS, excerpt } from '../http/errors.js';
import type { ApiResponse, RoutedRequest } from '../http/http-types.js';
import { readJson } from '../http/json-body.js';
import { parseNonNegativeInteger, pathParam, queryInteger } from '../http/params.js';
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
    router.get(path, (req) => json(alerts.list(netId(req), {
      active: stateParam(req, 'active'), acknowledged: stateParam(req, 'acknowledged'), severities: severityParam(req), rule: req.query,
    })));
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

/** `active`, `acknowledged`: true, false, or null (absent or empty: both states). */
function stateParam(req: RoutedRequest, name: 'active' | 'acknowledged'): boolean | null {
  const v = req.query.get(name);
  if (v === null || v.trim() === '') return null;
  switch (v.trim().toLowerCase()) {
    case 'true': return true;
    case 'false': return false;
    default: throw new AppError('BAD_PARAMETER', `parameter '${name}' must be true or false, got '${excerpt(v)}'`);
  }
}

/** `severity`: comma-separated severities (any of them), or null (absent or empty: every severity). */
function severityParam(req: RoutedRequest): string[] | null {
  const v = req.query.get('severity');
  if (v === null || v.trim() === '') return null;
  const list = v.split(',').map((x) => x.trim()).filter((x) => x !== '');
  for (const x of list) {
    if (!(ALERT_SEVERITIES as readonly string[]).includes(x)) {
      throw new AppError('BAD_PARAMETER', `parameter 'severity' lists ${ALERT_SEVERITIES.join(', ')}, got '${excerpt(x)}'`);
    }
  }
  return list;
}

/** The largest acknowledgement body: one comment of at most 2000 characters (up to 4 bytes each, escaped). */
const ACK_BODY_MAX_BYTES = 16 * 1024;

/**
 * Ours, v2 only (docs/api.md "Severity, acknowledgement, history and rules"): acknowledge an
 * active alert and withdraw it, a network's (a device's, an alert's) activations, the rules in
 * force. `user` access, as silences: acknowledging is what the people who watch alerts do.
 */
export function registerAlertPeopleCalls(router: RouteGroup, ctx: ApiContext, base: { alerts: string; history: string; rules: string; net: string }): void {
  const { alerts } = ctx.services;
  const netId = (req: RoutedRequest) => networkParam(ctx, req, base.net).id;
  const key = (req: RoutedRequest) => pathParam(req, 'alertKey');
  router.post(`${base.alerts}/:alertKey/ack`, async (req) => {
    const n = netId(req);
    // Always a JSON body (`{}` for no comment): a page of another site cannot send one without a preflight.
    if (req.body.length > ACK_BODY_MAX_BYTES) throw new AppError('BODY_TOO_LARGE', `an acknowledgement body is at most ${ACK_BODY_MAX_BYTES} bytes, got ${req.body.length}`);
    return json(await alerts.acknowledge(n, key(req), req.caller, readJson(req)));
  });
  router.add('DELETE', `${base.alerts}/:alertKey/ack`, async (req) => json(await alerts.unacknowledge(netId(req), key(req))));
  router.get(base.history, (req) => {
    const n = netId(req);
    const device = req.query.get('deviceId');
    const k = req.query.get('key');
    const limit = queryInteger(req, 'limit') ?? DEFAULT_HISTORY_LIMIT;
    if (limit < 1 || limit > MAX_HISTORY_LIMIT) throw new AppError('BAD_PARAMETER', `parameter 'limit' must be 1 … ${MAX_HISTORY_LIMIT}, got ${limit}`);
    return json(alerts.history(n, {
      deviceId: device === null || device.trim() === '' ? null : parseNonNegativeInteger('deviceId', device),
      key: k === null || k === '' ? null : k, limit,
    }));
  });
  router.get(base.rules, (req) => json(alerts.rules(netId(req))));
}
