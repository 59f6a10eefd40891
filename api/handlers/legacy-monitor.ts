import { AppError } from '../../core/errors.js';
import type { ApiContext } from '../context.js';
import type { ApiRequest, ApiResponse } from '../http-types.js';
import { networkParam } from '../params.js';

/**
 * Legacy graph and data calls without ids (`/api/monitor/networks/:netid/graph/` and `data/`)
 * select variables by the matching rule of spec 4.3, which this server does not evaluate yet:
 * they answer 501 NOT_IMPLEMENTED (after the network check). The calls by explicit ids are
 * served by handlers/graph-data.ts.
 */
export function byMatchingRule(ctx: ApiContext, req: ApiRequest): ApiResponse {
  const net = networkParam(ctx, req, 'netid');
  throw new AppError('NOT_IMPLEMENTED', `variable selection by matching rule is not implemented yet (network ${net.id}); list the ids in the path`);
}
