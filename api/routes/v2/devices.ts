import { errorResponse } from '../../http/errors.js';
import type { Handler, RoutedRequest } from '../../http/http-types.js';
import { readJson } from '../../http/json-body.js';
import { parseNonNegativeInteger, pathParam } from '../../http/params.js';
import type { RouteGroup } from '../../http/router.js';
import { agentTest, blockedAdd, deviceAdd, devicePatch, MAX_IDS_PER_CALL, snmpCredentialsBody } from '../../../services/devices/index.js';
import { json, networkParam, type ApiContext } from '../context.js';
import { gateKeyOf, userOf } from '../../http/caller-keys.js';
import { idListParam } from '../../http/id-list-param.js';

/**
 * Device management (docs/api.md "Inventory") and the v2.0 device list calls: the managed devices of
 * a network, devices added, changed and removed by hand, and addresses blocked from discovery.
 * Reads need `user`, writes `admin`. Paths with and without the trailing slash are the same call.
 *
 * `blocking` is a word of the path, never a device id: `PUT` or `DELETE …/devices/blocking` (no id
 * after it) is 405 naming the methods of `…/devices/blocking/`, not a 400 about a malformed id.
 */
export function registerDevices(router: RouteGroup, ctx: ApiContext): void {
  const s = ctx.services.devices;
  const net = (req: RoutedRequest) => networkParam(ctx, req, 'netid').id;
  const base = '/ui/net/:netid/devices';

  const list: Handler = (req) => json(s.list(net(req)));
  const add: Handler = async (req) => json(await s.add(net(req), deviceAdd(readJson(req)), userOf(req), gateKeyOf(req)));
  for (const p of [base, `${base}/`]) {
    router.get(p, list);
    router.post(p, add, { access: 'admin' });
  }
  // The onboarding's test: one poll of an address, nothing stored (a word of the path, like `blocking`).
  router.post(`${base}/test`, async (req) => json(await s.test(net(req), agentTest(readJson(req)), gateKeyOf(req))), { access: 'admin' });
  router.get(`${base}/:devid`, (req) => json(s.get(net(req), parseNonNegativeInteger('devid', pathParam(req, 'devid')))));
  router.add('PUT', `${base}/:dev_id`, async (req) => {
    if (req.params.dev_id === 'blocking') return blockingWithoutId(req);
    const id = parseNonNegativeInteger('dev_id', pathParam(req, 'dev_id'));
    return json(await s.update(net(req), id, devicePatch(readJson(req)), userOf(req)));
  }, { access: 'admin' });
  router.add('DELETE', `${base}/:ids`, async (req) => {
    if (req.params.ids === 'blocking') return blockingWithoutId(req);
    return json(await s.remove(net(req), idListParam(req, 'ids', MAX_IDS_PER_CALL), userOf(req)));
  }, { access: 'admin' });

  const blocked: Handler = (req) => json(s.blocked(net(req)));
  const block: Handler = async (req) => json(await s.block(net(req), blockedAdd(readJson(req)), userOf(req)));
  for (const p of [`${base}/blocking`, `${base}/blocking/`]) {
    router.get(p, blocked);
    router.post(p, block, { access: 'admin' });
  }
  router.add('PUT', `${base}/blocking/:id`, async (req) => {
    const id = parseNonNegativeInteger('id', pathParam(req, 'id'));
    return json(await s.updateBlock(net(req), id, blockedAdd(readJson(req)), userOf(req)));
  }, { access: 'admin' });
  router.add('DELETE', `${base}/blocking/:ids`, async (req) => json(await s.unblock(net(req), idListParam(req, 'ids', MAX_IDS_PER_CALL), userOf(req))), { access: 'admin' });

  // The network's SNMP credentials (docs/api.md "SNMP credentials"), administrators only: the answers
  // name them by source and index or name; secrets go in, never out. No cache keeps an answer.
  const snmp = '/admin/net/:netid/snmp';
  const noStore = (body: unknown) => ({ status: 200, headers: { 'cache-control': 'no-store' }, body });
  router.get(snmp, (req) => noStore(s.snmpCredentials(net(req))), { access: 'admin' });
  router.add('PUT', snmp, async (req) => noStore(await s.setSnmpCredentials(net(req), snmpCredentialsBody(readJson(req)), userOf(req))), { access: 'admin' });
}

function blockingWithoutId(req: RoutedRequest) {
  return errorResponse('METHOD_NOT_ALLOWED', `method ${req.method} needs an id after …/devices/blocking/ (GET and POST are the calls of …/devices/blocking/ itself)`, { allow: 'GET, POST' });
}
