import { isAppError } from '../../../core/errors.js';
import { errorResponse } from '../../http/errors.js';
import type { ApiResponse, RoutedRequest } from '../../http/http-types.js';
import { readJson } from '../../http/json-body.js';
import { parseNonNegativeInteger, pathParam } from '../../http/params.js';
import type { RouteGroup } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';

/** The answer of a filter call that succeeds: 200 with an empty body (docs/api.md "View filters"). */
const DONE: ApiResponse = Object.freeze({ status: 200, body: null });

/**
 * View filters (docs/api.md "View filters"; services/filters/filters.ts). Every call takes the optional
 * `user` query parameter (services/filters/filter-owner.ts). The list and create paths are served with and
 * without the spec's trailing slash (the router matches a path as it is spelled).
 *
 * A failed creation is a 500 with the error body, as docs/api.md "Errors" states, whatever the cause: the
 * body keeps the cause's code (BAD_JSON, SVCQL_SYNTAX, CONFLICT…), so that a client can tell a
 * refused request from a server bug (INTERNAL). An unknown network stays a 404 and a store that
 * cannot write a 503. A failed delete, share or unshare is a 400 (UNKNOWN_FILTER, FILTER_REFUSED,
 * BAD_PARAMETER).
 */
export function registerFilters(router: RouteGroup, ctx: ApiContext): void {
  const { filters } = ctx.services;
  const user = (req: RoutedRequest) => req.query.get('user');
  const filterId = (req: RoutedRequest) => parseNonNegativeInteger('filter_id', pathParam(req, 'filter_id'));

  for (const path of ['/ui/net/:id/filters/', '/ui/net/:id/filters']) {
    router.get(path, (req) => json(filters.list(networkParam(ctx, req).id, req.caller, user(req))));
    router.post(path, async (req) => {
      const net = networkParam(ctx, req);
      try {
        await filters.create(net.id, req.caller, user(req), readJson(req));
      } catch (err) {
        if (isAppError(err) && err.status < 500) return { ...errorResponse(err.code, err.message), status: 500 };
        throw err;
      }
      return DONE;
    });
  }
  router.add('DELETE', '/ui/net/:id/filters/:filter_id', async (req) => {
    await filters.remove(networkParam(ctx, req).id, req.caller, user(req), filterId(req));
    return DONE;
  });
  for (const [verb, shared] of [['share', true], ['unshare', false]] as const) {
    router.post(`/ui/net/:id/filters/:filter_id/${verb}`, async (req) => {
      await filters.setShared(networkParam(ctx, req).id, req.caller, user(req), filterId(req), shared);
      return DONE;
    });
  }
}
