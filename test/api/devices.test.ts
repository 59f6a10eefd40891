/**
 * The inventory routes of issue 12 (docs/api.md "Inventory", "Legacy network commands") over the real router and services and the
 * in-memory DevicesPort (test/fakes/fake-devices.ts): one table per family, each row a request on a
 * fresh fixture and what its answer must be, error cases included; then the sequences whose state
 * carries over (an add seen as a task, a block that stops polling, tags added and removed).
 */
import t, { type Test } from 'tap';
import { fixture, type FakeService } from '../fakes/fake-service.js';
import { apiFor, call, type CallResult } from '../fakes/call.js';

/** Network 1 with managed devices 10 (sw10) and 11 (sw11) and the config block 192.0.2.0/24; network 2 empty. */
function setup(): { fake: FakeService; send: (method: string, url: string, body?: unknown, type?: string) => Promise<CallResult> } {
  const fake = fixture();
  fake.devices.seed(1, { id: 10, name: 'sw10', address: '10.0.0.10', interfaces: 2 });
  fake.devices.seed(1, { id: 11, name: 'sw11', address: '10.0.0.11', interfaces: 1 });
  fake.devices.seedConfigBlock(1, '192.0.2.0/24');
  const { router } = apiFor(fake, 1_700_000_000_000);
  const send = (method: string, url: string, body?: unknown, type = 'application/json') => call(router, method, url,
    body === undefined ? Buffer.alloc(0) : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
    body === undefined ? {} : { 'content-type': type });
  return { fake, send };
}

type Row = [what: string, method: string, url: string, body: unknown, status: number, check?: (j: any) => unknown];

async function runTable(t: Test, rows: readonly Row[]): Promise<void> {
  for (const [what, method, url, body, status, check] of rows) {
    const { send } = setup();
    const a = await send(method, url, body);
    t.equal(a.status, status, `${what}: ${method} ${url} → ${status}${a.status !== status ? ` (got ${a.text.slice(0, 200)})` : ''}`);
    if (a.status >= 400) t.match(a.json, { status: 'error', code: String, error: String }, `${what}: the error envelope`);
    if (check) t.ok(check(a.json), `${what}: ${check.toString().replace(/\s+/g, ' ').slice(0, 120)}`);
  }
}

const D = '/v2/ui/net/1/devices';
const code = (c: string) => (j: any) => j.code === c;
const says = (re: RegExp) => (j: any) => re.test(j.error);

t.test('managed devices: list, one, add, change, remove', async (t) => {
  await runTable(t, [
    ['the list', 'GET', D, undefined, 200, (j) => j.networkId === 1 && j.devices.map((d: any) => d.id).join() === '10,11'],
    ['the list, trailing slash', 'GET', `${D}/`, undefined, 200, (j) => j.devices.length === 2],
    ['unknown network', 'GET', '/v2/ui/net/9/devices', undefined, 404, code('UNKNOWN_NETWORK')],
    ['malformed network', 'GET', '/v2/ui/net/x/devices', undefined, 400, code('BAD_PARAMETER')],
    ['one device with its record, no poll settings', 'GET', `${D}/10`, undefined, 200, (j) => j.id === 10 && j.record.id === 10 && !('poll' in j.record) && j.record.interfaces.length === 2],
    ['unknown device', 'GET', `${D}/99`, undefined, 404, code('UNKNOWN_DEVICE')],
    ['malformed device id', 'GET', `${D}/abc`, undefined, 400, says(/devid/)],
    ['add', 'POST', `${D}/`, { address: '10.0.0.50', name: 'new', tags: ['Role.Edge'], community: 'c', port: 1161 }, 200, (j) => j.status === 'ok' && j.task.kind === 'submission' && j.task.state === 'queued'],
    ['add without the slash', 'POST', D, { address: 'edge1.example.net' }, 200, (j) => j.task.title.includes('edge1.example.net')],
    ['add a blocked address', 'POST', `${D}/`, { address: '192.0.2.7' }, 409, code('BLOCKED_ADDRESS')],
    ['add an address a device has', 'POST', `${D}/`, { address: '10.0.0.10' }, 409, code('CONFLICT')],
    ['add: not an address', 'POST', `${D}/`, { address: 'not an address!' }, 400, says(/'address'/)],
    ['add: no address', 'POST', `${D}/`, {}, 400, says(/'address' is required/)],
    ['add: a bad port', 'POST', `${D}/`, { address: '10.0.0.9', port: 70000 }, 400, says(/'port'/)],
    ['add: a bad tag', 'POST', `${D}/`, { address: '10.0.0.9', tags: ['nodot'] }, 400, says(/'tags'/)],
    ['add: a misspelt field', 'POST', `${D}/`, { adress: '10.0.0.9' }, 400, says(/unknown field 'adress'/)],
    ['add: not an object', 'POST', `${D}/`, [1], 400, code('BAD_PARAMETER')],
    ['add: not JSON', 'POST', `${D}/`, '{"address":', 400, code('BAD_JSON')],
    ['add on an unknown network', 'POST', '/v2/ui/net/9/devices/', { address: '10.0.0.9' }, 404, code('UNKNOWN_NETWORK')],
    ['change', 'PUT', `${D}/10`, { name: 'core1', tags: ['Role.Core'], comment: 'rack 4' }, 200, (j) => j.device.name === 'core1' && j.device.tags[0] === 'Role.Core'],
    ['change an unknown device', 'PUT', `${D}/99`, { name: 'x' }, 404, code('UNKNOWN_DEVICE')],
    ['change nothing', 'PUT', `${D}/10`, {}, 400, says(/names no field/)],
    ['change to a blocked address', 'PUT', `${D}/10`, { address: '192.0.2.1' }, 409, code('BLOCKED_ADDRESS')],
    ['change: malformed id', 'PUT', `${D}/1x`, { name: 'x' }, 400, says(/dev_id/)],
    ['remove a list', 'DELETE', `${D}/10,99,10`, undefined, 200, (j) => j.removed.join() === '10' && j.unknown.join() === '99'],
    ['remove: malformed list', 'DELETE', `${D}/10,abc`, undefined, 400, says(/'abc'/)],
    ['remove: an empty list', 'DELETE', `${D}/,`, undefined, 400, says(/at least one id/)],
    ['remove: too many ids', 'DELETE', `${D}/${Array.from({ length: 1001 }, (_, i) => i).join(',')}`, undefined, 400, says(/at most 1000/)],
    ['PATCH is not a method here', 'PATCH', `${D}/10`, undefined, 405, code('METHOD_NOT_ALLOWED')],
  ]);
});

t.test('blocked addresses; `blocking` is never read as a device id', async (t) => {
  await runTable(t, [
    ['the list', 'GET', `${D}/blocking/`, undefined, 200, (j) => j.blocked.length === 1 && j.blocked[0].origin === 'config'],
    ['the list without the slash', 'GET', `${D}/blocking`, undefined, 200, (j) => j.blocked.length === 1],
    ['block a range', 'POST', `${D}/blocking/`, { address: '10.9.0.0/16', comment: 'lab' }, 200, (j) => j.blocked.origin === 'api' && j.blocked.address === '10.9.0.0/16'],
    ['block: a bad range', 'POST', `${D}/blocking/`, { address: '10.9.0.0/33' }, 400, says(/CIDR/)],
    ['block: a name is not blockable', 'POST', `${D}/blocking/`, { address: 'host.example' }, 400, says(/'address'/)],
    ['block: no address', 'POST', `${D}/blocking`, { comment: 'x' }, 400, says(/required/)],
    ['change a config entry', 'PUT', `${D}/blocking/1`, { address: '192.0.2.0/25' }, 409, code('READ_ONLY')],
    ['change an unknown entry', 'PUT', `${D}/blocking/77`, { address: '10.1.1.1' }, 404, code('UNKNOWN_BLOCK')],
    ['unblock an unknown entry', 'DELETE', `${D}/blocking/77`, undefined, 200, (j) => j.unknown.join() === '77' && j.removed.length === 0],
    ['unblock a config entry', 'DELETE', `${D}/blocking/1`, undefined, 409, code('READ_ONLY')],
    ['unblock: malformed list', 'DELETE', `${D}/blocking/x`, undefined, 400, code('BAD_PARAMETER')],
    ['DELETE …/devices/blocking without ids', 'DELETE', `${D}/blocking`, undefined, 405, (j) => j.code === 'METHOD_NOT_ALLOWED'],
    ['PUT …/devices/blocking without an id', 'PUT', `${D}/blocking`, { address: '10.1.1.1' }, 405, code('METHOD_NOT_ALLOWED')],
    ['DELETE …/devices/blocking/ (trailing slash)', 'DELETE', `${D}/blocking/`, undefined, 405, code('METHOD_NOT_ALLOWED')],
    ['DELETE …/devices/ (trailing slash)', 'DELETE', `${D}/`, undefined, 405, code('METHOD_NOT_ALLOWED')],
  ]);
});

t.test('tasks and incremental discovery', async (t) => {
  const S = '/v2/svc/discovery/net/1';
  await runTable(t, [
    ['no tasks yet', 'GET', '/v2/ui/net/1/tasks/', undefined, 200, (j) => Array.isArray(j.tasks) && j.tasks.length === 0],
    ['tasks without the slash', 'GET', '/v2/ui/net/1/tasks', undefined, 200, (j) => Array.isArray(j.tasks)],
    ['unknown task', 'GET', '/v2/ui/net/1/tasks/5', undefined, 404, code('UNKNOWN_TASK')],
    ['malformed task id', 'GET', '/v2/ui/net/1/tasks/x', undefined, 400, code('BAD_PARAMETER')],
    ['tasks of an unknown network', 'GET', '/v2/ui/net/9/tasks', undefined, 404, code('UNKNOWN_NETWORK')],
    ['submit an address', 'POST', `${S}/submit/10.0.0.77`, undefined, 200, (j) => j.status === 'ok' && j.task.kind === 'submission'],
    ['submit a DNS name', 'POST', `${S}/submit/sw.example.net`, undefined, 200, (j) => j.task.title === 'discover sw.example.net'],
    ['submit an IPv6 address', 'POST', `${S}/submit/2001%3Adb8%3A%3A1`, undefined, 200, (j) => j.task.title === 'discover 2001:db8::1'],
    ['submit a blocked address', 'POST', `${S}/submit/192.0.2.5`, undefined, 409, code('BLOCKED_ADDRESS')],
    ['submit a bad name', 'POST', `${S}/submit/bad%20name`, undefined, 400, says(/'dev'/)],
    ['submit by GET', 'GET', `${S}/submit/10.0.0.77`, undefined, 405, code('METHOD_NOT_ALLOWED')],
    ['submit on an unknown network', 'POST', '/v2/svc/discovery/net/9/submit/10.0.0.7', undefined, 404, code('UNKNOWN_NETWORK')],
    ['the queue', 'GET', `${S}/queue`, undefined, 200, (j) => j.paused === false && j.total === 0 && Array.isArray(j.queued)],
    ['the queue with a limit', 'GET', `${S}/queue?limit=5`, undefined, 200, (j) => j.total === 0],
    ['queue: a malformed limit', 'GET', `${S}/queue?limit=abc`, undefined, 400, says(/limit/)],
    ['queue: a negative limit', 'GET', `${S}/queue?limit=-1`, undefined, 400, says(/limit/)],
    ['queue: a limit too large', 'GET', `${S}/queue?limit=100000`, undefined, 400, says(/limit/)],
    ['a new generation', 'POST', `${S}/new_generation`, undefined, 200, (j) => j.task.kind === 'newGeneration' && j.task.state === 'completed' && j.task.result.generation > 0],
    ['pause', 'POST', `${S}/pause`, undefined, 200, (j) => j.paused === true],
    ['resume', 'POST', `${S}/resume`, undefined, 200, (j) => j.paused === false],
    ['pause by GET', 'GET', `${S}/pause`, undefined, 405, code('METHOD_NOT_ALLOWED')],
    ['pause an unknown network', 'POST', '/v2/svc/discovery/net/9/pause', undefined, 404, code('UNKNOWN_NETWORK')],
  ]);
});

t.test('external tags, both path forms', async (t) => {
  const T = '/v2/tags/net/1/external';
  await runTable(t, [
    ['by id', 'GET', `${T}?id=10`, undefined, 200, (j) => j.deviceId === 10 && j.name === 'sw10' && j.tags.length === 0],
    ['by name', 'GET', `${T}?name=sw11`, undefined, 200, (j) => j.deviceId === 11],
    ['by address', 'GET', `${T}?address=10.0.0.11`, undefined, 200, (j) => j.deviceId === 11],
    ['the spec\'s literal form', 'GET', '/v2/tags/net:1/external?id=10', undefined, 200, (j) => j.deviceId === 10],
    ['no key', 'GET', T, undefined, 400, says(/exactly one/)],
    ['two keys', 'GET', `${T}?id=10&name=sw10`, undefined, 400, says(/id and name/)],
    ['a malformed id', 'GET', `${T}?id=abc`, undefined, 400, says(/'id'/)],
    ['an unknown device', 'GET', `${T}?id=99`, undefined, 404, code('UNKNOWN_DEVICE')],
    ['an unknown network', 'GET', '/v2/tags/net/9/external?id=10', undefined, 404, code('UNKNOWN_NETWORK')],
    ['an unknown network, literal form', 'GET', '/v2/tags/net:9/external?id=10', undefined, 404, code('UNKNOWN_NETWORK')],
    ['another word than net:', 'GET', '/v2/tags/nets:1/external?id=10', undefined, 404, code('NOT_FOUND')],
    ['set', 'POST', T, { id: 10, tags: ['Ext.A', 'Ext.B'] }, 200, (j) => j.tags.join() === 'Ext.A,Ext.B'],
    ['set, literal form', 'POST', '/v2/tags/net:1/external', { address: '10.0.0.11', tags: ['Ext.C'], mode: 'add' }, 200, (j) => j.deviceId === 11 && j.tags.join() === 'Ext.C'],
    ['set: a bad tag', 'POST', T, { id: 10, tags: ['x'] }, 400, says(/'tags'/)],
    ['set: no key', 'POST', T, { tags: ['Ext.A'] }, 400, says(/exactly one/)],
    ['set: no tags', 'POST', T, { id: 10 }, 400, says(/'tags' is required/)],
    ['set: a bad mode', 'POST', T, { id: 10, tags: ['Ext.A'], mode: 'merge' }, 400, says(/'mode'/)],
    ['set: an unknown device', 'POST', T, { name: 'nope', tags: [] }, 404, code('UNKNOWN_DEVICE')],
    ['set: not JSON', 'POST', T, 'id=10', 400, code('BAD_JSON')],
  ]);
});

t.test('the health ping in the forms clients send', async (t) => {
  const ok = (j: any) => j.status === 'ok' && j.networkId === 1 && j.network === 'lab' && j.health === 'ok';
  await runTable(t, [
    ['nsgcli ping', 'GET', '/v2/ping/net/1/se', undefined, 200, ok],
    ['Grafana datasource test', 'GET', '/v2/ping/net/1/test', undefined, 200, ok],
    ['older Grafana datasource, no token', 'GET', '/v2/ping/net/1/test/', undefined, 200, ok],
    ['older Grafana datasource, token in the path (authentication off)', 'GET', '/v2/ping/net/1/test/sometoken', undefined, 200, ok],
    ['the bare form', 'GET', '/v2/ping/net/1', undefined, 200, ok],
    ['an unknown network', 'GET', '/v2/ping/net/9/se', undefined, 404, code('UNKNOWN_NETWORK')],
    ['POST', 'POST', '/v2/ping/net/1/se', undefined, 405, code('METHOD_NOT_ALLOWED')],
  ]);
});

t.test('legacy network commands', async (t) => {
  const L = '/api/ui/networks/1';
  const TS = 100_000_000_000;
  await runTable(t, [
    ['networks', 'GET', '/api/ui/networks', undefined, 200, (j) => j.networks.map((n: any) => n.id).join() === '1,2'],
    ['status of every network', 'GET', '/api/ui/status', undefined, 200, (j) => j.networks.length === 2 && j.networks[0].network.id === 1 && j.networks[0].latestDiscovery.number === 2],
    ['full', 'GET', `${L}/full`, undefined, 200, (j) => j.network.id === 1 && j.topology.generation === 2 && j.topology.devices.length === 2],
    ['generations', 'GET', `${L}/generations`, undefined, 200, (j) => j.generations.map((g: any) => `${g.number}:${g.status}`).join() === '1:completed,2:completed,3:running'],
    ['a generation by number', 'GET', `${L}/generations/1`, undefined, 200, (j) => j.number === 1 && j.devices === 1 && j.kind === 'full'],
    ['a generation by time stamp', 'GET', `${L}/generations/${TS}`, undefined, 200, (j) => j.number === 2 && j.links === 1],
    ['a generation that does not exist', 'GET', `${L}/generations/99999999999`, undefined, 404, code('UNKNOWN_GENERATION')],
    ['a generation before any completed', 'GET', `${L}/generations/${TS}`.replace('/1/', '/2/'), undefined, 404, code('UNKNOWN_GENERATION')],
    ['generation 0', 'GET', `${L}/generations/0`, undefined, 400, says(/generation number/)],
    ['a malformed generation', 'GET', `${L}/generations/abc`, undefined, 400, code('BAD_PARAMETER')],
    ['discover (one runs: its number)', 'GET', `${L}/discover`, undefined, 200, (j) => j.status === 'ok' && j.started === false && j.generation === 3],
    ['tiles', 'GET', `${L}/tiles`, undefined, 200, (j) => j.networkId === 1 && Array.isArray(j.tiles)],
    ['topo', 'GET', `${L}/topo`, undefined, 200, (j) => j.generation === 2 && j.links.length === 1],
    ['topo of a generation', 'GET', `${L}/topo/1`, undefined, 200, (j) => j.generation === 1 && j.devices.length === 1],
    ['topo at a time stamp', 'GET', `${L}/topo/${TS}`, undefined, 200, (j) => j.generation === 2],
    ['topo ?generation=', 'GET', `${L}/topo?generation=1`, undefined, 200, (j) => j.generation === 1],
    ['topo of an empty network', 'GET', '/api/ui/networks/2/topo', undefined, 200, (j) => j.generation === null && j.devices.length === 0],
    ['nodes', 'GET', `${L}/nodes`, undefined, 200, (j) => j.devices.length === 2 && !('poll' in j.devices[0])],
    ['nodes ?generation=', 'GET', `${L}/nodes?generation=1`, undefined, 200, (j) => j.devices.length === 1],
    ['a node', 'GET', `${L}/nodes/10`, undefined, 200, (j) => j.id === 10 && !('poll' in j) && j.pollState.state === 'unknown'],
    ['a node not in the generation', 'GET', `${L}/nodes/11?generation=1`, undefined, 404, code('UNKNOWN_DEVICE')],
    ['a node summary', 'GET', `${L}/nodes/10/summary`, undefined, 200, (j) => j.id === 10 && j.interfaces === 2 && j.generation === 2 && j.boxDescr === 'Linux sw10'],
    ['a node summary, malformed id', 'GET', `${L}/nodes/x/summary`, undefined, 400, code('BAD_PARAMETER')],
    ['icons', 'GET', `${L}/icons`, undefined, 200, (j) => j.icons.length === 6 && j.devices.length === 2 && j.devices[0].icon === 'device'],
    ['an unknown network', 'GET', '/api/ui/networks/9/nodes', undefined, 404, code('UNKNOWN_NETWORK')],
    ['a malformed selector', 'GET', `${L}/nodes?generation=x`, undefined, 400, code('BAD_PARAMETER')],
  ]);
});

t.test('sequences: an add is a task until its probe answers; a block stops polling; tags add and remove', async (t) => {
  const { fake, send } = setup();
  const added = await send('POST', `${D}/`, { address: '10.0.0.60', name: 'edge' });
  const taskId = added.json.task.id;
  t.equal((await send('GET', `/v2/ui/net/1/tasks/${taskId}`)).json.state, 'queued', 'the add is a queued task');
  t.equal((await send('GET', '/v2/svc/discovery/net/1/queue?limit=1')).json.queued[0].address, '10.0.0.60', 'its address is in the queue');
  const dev = (await send('GET', D)).json.devices.find((d: any) => d.address === '10.0.0.60');
  t.match(dev, { origin: 'api', polled: false, name: 'edge' }, 'listed, not yet polled');
  fake.devices.answer(1, taskId);
  t.match((await send('GET', `/v2/ui/net/1/tasks/${taskId}`)).json, { state: 'completed', result: { deviceId: dev.id } }, 'the task completes with the device id');
  t.equal((await send('GET', `${D}/${dev.id}`)).json.polled, true, 'then polled');
  t.equal((await send('GET', `${D}/${dev.id}`)).json.record, null, 'no discovery record until a generation holds it');
  t.equal((await send('GET', '/v2/ui/net/1/tasks')).json.tasks[0].id, taskId, 'tasks newest first');

  const b = (await send('POST', `${D}/blocking/`, { address: '10.0.0.0/28' })).json.blocked;
  t.equal((await send('GET', `${D}/10`)).json.polled, false, 'a block stops the polling of a device inside it');
  t.equal((await send('POST', '/v2/svc/discovery/net/1/submit/10.0.0.12')).status, 409, 'and refuses submissions inside it');
  t.equal((await send('PUT', `${D}/blocking/${b.id}`, { address: '10.0.0.0/30', comment: 'narrower' })).json.blocked.comment, 'narrower', 'an API entry can be changed');
  t.same((await send('DELETE', `${D}/blocking/${b.id}`)).json, { status: 'ok', removed: [b.id], unknown: [] }, 'and removed');
  t.equal((await send('POST', '/v2/svc/discovery/net/1/submit/10.0.0.12')).status, 200, 'submissions pass again');

  const T = '/v2/tags/net/1/external';
  t.equal((await send('POST', T, 'id=10&tags=Ext.A', 'application/x-www-form-urlencoded')).json.code, 'UNSUPPORTED_MEDIA_TYPE', 'a form body is 415');
  await send('POST', T, { id: 10, tags: ['Ext.A', 'Ext.B'] });
  t.same((await send('POST', T, { id: 10, tags: ['Ext.C'], mode: 'add' })).json.tags, ['Ext.A', 'Ext.B', 'Ext.C'], 'add');
  t.same((await send('POST', T, { name: 'sw10', tags: ['Ext.A'], mode: 'remove' })).json.tags, ['Ext.B', 'Ext.C'], 'remove');
  t.same((await send('GET', '/v2/tags/net:1/external?address=10.0.0.10')).json.tags, ['Ext.B', 'Ext.C'], 'read back through the literal path');
  t.same((await send('DELETE', `${D}/10`)).json, { status: 'ok', removed: [10], unknown: [] }, 'a device removed');
  t.equal((await send('GET', `${D}/10`)).status, 404, 'is gone from the list');
});
