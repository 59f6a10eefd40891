/**
 * Who may change a view's layout (issue "Hard to break", round 3, case 8), through the real router
 * with the v2 and legacy map routes: PUT coordinates and `layout=auto|fit|reset` of a SYSTEM or
 * SCRIPTED view are for administrators (users and user-role tokens: 403 FORBIDDEN, nothing stored,
 * `layoutUpdatedAt` unchanged); an INTERACTIVE view's layout is its owner's or an administrator's;
 * the anonymous caller of a server with authentication off changes any as before. Reading a map
 * stays open to everyone who sees the view. A table of views × callers × calls.
 */
import t from 'tap';
import { registerLegacyMaps } from '../../api/routes/legacy/maps.js';
import { registerMaps } from '../../api/routes/v2/maps.js';
import { registerViews } from '../../api/routes/v2/views.js';
import { loadConfig } from '../../core/config-load.js';
import { checkViewRule } from '../../services/views/view-record.js';
import { WHOLE_NETWORK_VIEW_NAME } from '../../services/views/views.js';
import { callerRouter } from '../fakes/caller-router.js';
import { fixture, NOW_MS, servicesOf } from '../fakes/fake-service.js';
import { ManualClock } from '../fakes/clock.js';

const CONFIG = `
networks:
  - { id: 1, name: lab, seeds: [10.0.0.10] }
views:
  - { network: 1, name: Core, devRule: "" }
`;

/** The calls that change a layout, v2 and legacy (device 10 is in the fixture's latest generation). */
const CHANGES: [string, string, (view: number) => string, unknown][] = [
  ['v2 PUT coordinates', 'PUT', (v) => `/v2/ui/net/1/views/${v}/coordinates`, [{ id: 10, x: 1, y: 2 }]],
  ['v2 layout=reset', 'GET', (v) => `/v2/ui/net/1/views/${v}/map?layout=reset`, undefined],
  ['v2 layout=auto', 'GET', (v) => `/v2/ui/net/1/views/${v}/map?layout=auto`, undefined],
  ['v2 layout=fit', 'GET', (v) => `/v2/ui/net/1/views/${v}/map?layout=fit`, undefined],
  ['legacy PUT nodes/coordinates', 'PUT', (v) => `/api/ui/networks/1/views/${v}/nodes/coordinates`, [{ id: 10, x: 3, y: 4 }]],
  ['legacy ?reset', 'GET', (v) => `/api/ui/networks/1/views/${v}/map?reset`, undefined],
  ['legacy ?layout', 'GET', (v) => `/api/ui/networks/1/views/${v}/map?layout`, undefined],
];

t.test('layout changes: SYSTEM and SCRIPTED views for administrators, INTERACTIVE views for their owner', async (t) => {
  const clock = new ManualClock(NOW_MS);
  const fake = fixture();
  fake.config = loadConfig({ text: CONFIG, env: {}, checkViewRule });
  const services = servicesOf(fake, clock);
  await services.views.start();
  const { as } = callerRouter(services, clock, (r, ctx) => { registerViews(r.group('/v2'), ctx); registerMaps(r.group('/v2'), ctx); registerLegacyMaps(r.group('/api'), ctx); });
  const listed = (await as(undefined, 'GET', '/v2/ui/net/1/views')).json as { id: number; name: string }[];
  const system = listed.find((v) => v.name === WHOLE_NETWORK_VIEW_NAME)!.id;
  const scripted = listed.find((v) => v.name === 'Core')!.id;
  const alices = (await as('user:alice', 'POST', '/v2/ui/net/1/views')).json.id as number;
  t.equal((await as('user:alice', 'POST', `/v2/ui/net/1/views/${alices}/share`)).status, 200, 'alice shares her view');
  const tokens = (await as('token:ci', 'POST', '/v2/ui/net/1/views')).json.id as number;
  const views = { system, scripted, alices, tokens } as const;
  const layoutAt = async (view: number) => ((await as('admin:root', 'GET', `/v2/ui/net/1/views/${view}`)).json as { layoutUpdatedAt: number }[])[0]?.layoutUpdatedAt;

  // [caller, view, status of every layout change]; 404: the caller does not see the view.
  const cases: [string | undefined, keyof typeof views, number][] = [
    ['user:alice', 'system', 403], ['user:alice', 'scripted', 403], ['user:alice', 'alices', 200],
    ['user:bob', 'system', 403], ['user:bob', 'scripted', 403], ['user:bob', 'alices', 403], ['user:bob', 'tokens', 404],
    ['token:ci', 'system', 403], ['token:ci', 'scripted', 403], ['token:ci', 'tokens', 200], ['token:ci', 'alices', 403],
    ['admin:root', 'system', 200], ['admin:root', 'scripted', 200], ['admin:root', 'alices', 200],
    ['admintoken:ops', 'system', 200], ['admintoken:ops', 'scripted', 200],
    [undefined, 'system', 200], [undefined, 'scripted', 200], [undefined, 'alices', 200], [undefined, 'tokens', 200],
  ];
  for (const [who, view, status] of cases) {
    for (const [call, method, url, body] of CHANGES) {
      clock.now += 1000;
      const before = await layoutAt(views[view]);
      const a = await as(who, method, url(views[view]), body);
      const what = `${who ?? 'anonymous (auth off)'} ${call} of the ${view} view`;
      t.equal(a.status, status, `${what}: ${status}`);
      if (status === 403) {
        t.equal(a.json?.code, 'FORBIDDEN', `${what}: FORBIDDEN`);
        if (view !== 'tokens') t.equal(await layoutAt(views[view]), before, `${what}: layoutUpdatedAt unchanged`);
      }
      if (status === 200 && view !== 'tokens') t.equal(await layoutAt(views[view]), clock.now, `${what}: layout changed`);
    }
    if (status !== 404) t.equal((await as(who, 'GET', `/v2/ui/net/1/views/${views[view]}/map`)).status, 200, `${who} reads the ${view} map`);
  }
});
