import { parseNonNegativeInteger, pathParam } from '../../http/params.js';
import type { Handler } from '../../http/http-types.js';
import type { RouteGroup } from '../../http/router.js';
import { json, networkParam, type ApiContext } from '../context.js';

/** Background tasks (docs/api.md "Inventory"): the network's tasks newest first, and one task (404 UNKNOWN_TASK). */
export function registerTasks(router: RouteGroup, ctx: ApiContext): void {
  const s = ctx.services.devices;
  const list: Handler = (req) => json(s.tasks(networkParam(ctx, req, 'netid').id));
  router.get('/ui/net/:netid/tasks', list);
  router.get('/ui/net/:netid/tasks/', list);
  router.get('/ui/net/:netid/tasks/:taskid', (req) => {
    const taskId = parseNonNegativeInteger('taskid', pathParam(req, 'taskid'));
    return json(s.task(networkParam(ctx, req, 'netid').id, taskId));
  });
}
