import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { createLogger } from '../../core/logger.js';
import { vendorProfiles } from '../../sim/vendors.js';
import { getJson, randomPort, simulatedConfigText, tempDir, waitFor } from '../fakes/helpers.js';

/**
 * An operator's profile folder (`profilesDir`) reaches the probes of a running server: every
 * simulated device matches the folder's profile (exact sysObjectIDs beat the built-in prefixes) and
 * is discovered with its OS; a config reload without `profilesDir` puts the built-in profiles back
 * for the next discovery.
 */
t.test('profilesDir: the operator profiles are used by discovery, and a reload reads them again', async (t) => {
  const dir = tempDir(t, 'netmon-profiles-');
  const profiles = join(dir, 'profiles.d');
  mkdirSync(profiles);
  const oids = vendorProfiles.flatMap((v) => v.models.map((m) => m.sysObjectID));
  writeFileSync(join(profiles, 'lab.yaml'), `name: lab-test\nos: LabOS\nmatch:\n  sysObjectID: [${oids.join(', ')}]\n`);
  const simPort = randomPort();
  let withProfiles = true;
  const load = () => loadConfig({
    path: join(dir, 'netmon.yaml'),
    env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: join(dir, 'data') },
    text: simulatedConfigText(simPort, {
      devices: 4, interfacesPerDevice: 2, pollInterval: '5s', networkExtra: '    discoveryMinInterval: 0s',
      extra: withProfiles ? `profilesDir: ${profiles}` : '',
    }),
  });
  const app: App = await startApp(load(), createLogger({ level: 'warn', write: () => {} }), { load });
  t.teardown(() => app.stop());
  const base = `http://127.0.0.1:${app.port}`;
  const devicesOf = async (generation: number) => waitFor(async () => {
    const r = await getJson(base, '/v2/discovery/net/1/devices');
    return r.body.generation >= generation && r.body.devices?.length === 4 ? r.body : undefined;
  }, 30_000, `generation ${generation} with the 4 devices`);

  const first = await devicesOf(1);
  for (const d of first.devices) {
    t.match(d, { os: 'LabOS', profile: 'lab-test' }, `${d.name}: the folder's profile`);
    t.ok(d.tags.includes('OS.LabOS'), `${d.name}: tagged OS.LabOS`);
  }

  withProfiles = false;
  await app.reloadConfig();
  const start = await getJson(base, '/v2/svc/discovery/net/1/start');
  t.equal(start.status, 200);
  const tasks = await getJson(base, '/v2/ui/net/1/tasks/');
  t.match(tasks.body.tasks.find((x: any) => x.kind === 'discovery' && x.title.includes(String(start.body.generation))), { user: 'anonymous' },
    'the run started through the API is a task of the caller (anonymous with authentication off)');
  const next = await devicesOf(first.generation + 1);
  for (const d of next.devices) t.not(d.profile, 'lab-test', `${d.name}: after the reload, a built-in profile (${d.profile}, ${d.os})`);
});
