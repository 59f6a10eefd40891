import { AppError, isAppError } from '../../../core/errors.js';
import { VIEW_TYPES, type ViewType } from '../../../services/views/index.js';
import { excerpt } from '../../http/errors.js';
import type { ApiResponse, RoutedRequest } from '../../http/http-types.js';
import { readJson } from '../../http/json-body.js';
import type { RouteGroup } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';
import { viewParam } from '../../http/map-params.js';

/** The answer of a view call that succeeds and has nothing to return: 200 (docs/api.md "Map views"). */
const OK: ApiResponse = Object.freeze({ status: 200, body: Object.freeze({ status: 'ok' }) });

/**
 * Map views (docs/api.md "Map views"; services/views/views.ts). Every call is the `user`
 * access level. Answers: list and get the view objects (get: an array of one); create
 * `{status: "ok", id}`; validate `{status: "ok", warnings}` (a valid rule's unknown column names);
 * update, delete, share and unshare `{status: "ok"}`. A failure is
 * the error envelope `{status: "error", error, code}`: 400 for a refused call or a bad body
 * (VIEW_REFUSED, BAD_REQUEST, BAD_JSON, BAD_PARAMETER) — an update, validate, share or unshare of a
 * view the caller may not see included (`refusedAs400`) —, 404 for a get or delete of a view the
 * caller may not see (UNKNOWN_VIEW) or an unknown network, 413 for a formData over ui.viewFormDataMaxBytes, 415 for a
 * body without a JSON content type. Create takes no body (one sent is ignored).
 */
export function registerViews(router: RouteGroup, ctx: ApiContext): void {
  const { views } = ctx.services;
  const viewId = (req: RoutedRequest) => viewParam(req, 'view_id');
  const net = (req: RoutedRequest) => networkParam(ctx, req).id;

  router.get('/ui/net/:id/views', (req) => json(views.list(net(req), req.caller, typeParam(req))));
  router.post('/ui/net/:id/views', async (req) => json({ status: 'ok', id: await views.create(net(req), req.caller) }));
  router.get('/ui/net/:id/views/:view_id', (req) => json([views.get(net(req), req.caller, viewId(req))]));
  router.post('/ui/net/:id/views/:view_id/update', async (req) => {
    const n = net(req);
    await refusedAs400(() => views.update(n, req.caller, viewId(req), readJson(req)));
    return OK;
  });
  router.post('/ui/net/:id/views/:view_id/validate', async (req) => {
    const n = net(req);
    const { warnings } = await refusedAs400(() => views.validate(n, req.caller, viewId(req), readJson(req)));
    return json({ status: 'ok', warnings });
  });
  router.add('DELETE', '/ui/net/:id/views/:view_id', async (req) => {
    await views.remove(net(req), req.caller, viewId(req));
    return OK;
  });
  for (const [verb, shared] of [['share', true], ['unshare', false]] as const) {
    router.post(`/ui/net/:id/views/:view_id/${verb}`, async (req) => {
      const n = net(req);
      await refusedAs400(() => views.setShared(n, req.caller, viewId(req), shared));
      return OK;
    });
  }
}

/**
 * Runs an update, validate, share or unshare: a view the caller may not see is refused with 400
 * (sharing another user's view is refused, and a failed update, validate or share is a 400) as
 * VIEW_REFUSED, with UNKNOWN_VIEW's message, the same for a view that does not exist and for another
 * user's private view (no hint which). Get, delete and the maps keep the 404.
 */
async function refusedAs400<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (isAppError(err) && err.code === 'UNKNOWN_VIEW') throw new AppError('VIEW_REFUSED', err.message, { cause: err });
    throw err;
  }
}

/** The list's `type` (SYSTEM, SCRIPTED or INTERACTIVE, unquoted; any case accepted); null when absent or empty. */
function typeParam(req: RoutedRequest): ViewType | null {
  const v = req.query.get('type');
  if (v === null || v === '') return null;
  const t = v.trim().toUpperCase() as ViewType;
  if (!VIEW_TYPES.includes(t)) throw new AppError('BAD_PARAMETER', `parameter 'type' must be SYSTEM, SCRIPTED or INTERACTIVE, got '${excerpt(v)}'`);
  return t;
}
