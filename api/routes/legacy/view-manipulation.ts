import { AppError } from '../../../core/errors.js';
import type { RouteGroup } from '../../http/router.js';

/**
 * Legacy view manipulation (docs/api.md "Legacy view manipulation"): declared not implemented. Each
 * call answers 501 NOT_IMPLEMENTED naming the v2 call to use instead, whatever its network id or
 * body; `PUT …?validate` names the v2 validate call.
 */
export function registerLegacyViewManipulation(router: RouteGroup): void {
  const notImplemented = (call: string, instead: string): never => {
    throw new AppError('NOT_IMPLEMENTED', `${call} is declared not implemented in the legacy API; use ${instead}`);
  };
  router.post('/networks/:netid/views', () => notImplemented('adding a view (POST /api/networks/:netid/views)',
    'POST /v2/ui/net/:id/views, then POST /v2/ui/net/:id/views/:view_id/update'));
  router.add('PUT', '/networks/:netid/views/:view_id', (req) => (req.query.has('validate')
    ? notImplemented('validating a view (PUT /api/networks/:netid/views/:view_id?validate)', 'POST /v2/ui/net/:id/views/:view_id/validate')
    : notImplemented('updating a view (PUT /api/networks/:netid/views/:view_id)', 'POST /v2/ui/net/:id/views/:view_id/update')));
  router.add('DELETE', '/networks/:netid/views/:view_id', () => notImplemented('deleting a view (DELETE /api/networks/:netid/views/:view_id)',
    'DELETE /v2/ui/net/:id/views/:view_id'));
}
