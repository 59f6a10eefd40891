/**
 * SIGHUP reloads the configuration of the real server process (main.ts): a good file applies
 * (the new poll interval in the settings) and the process lives; a broken file leaves it running
 * with the configuration in force.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { getJson, randomPort, simulatedConfigText, startServer, tempDir, waitFor } from '../fakes/helpers.js';

t.test('SIGHUP: a good file applies, a broken one changes nothing', async (t) => {
  const dir = tempDir(t, 'netmon-sighup-');
  const path = join(dir, 'netmon.yaml');
  const simPort = randomPort();
  const text = (poll: string) => simulatedConfigText(simPort, { devices: 2, interfacesPerDevice: 2, pollInterval: poll });
  writeFileSync(path, text('5s'));
  const port = randomPort();
  const server = startServer(t, path, join(dir, 'data'), port);
  const base = `http://127.0.0.1:${port}`;
  const interval = async () => (await getJson(base, '/v2/ui/net/1/settings')).body.config?.networks?.[0]?.pollIntervalMs as number | undefined;
  t.equal(await waitFor(interval, 30_000, 'the server to answer').catch((e) => { t.comment(server.log()); throw e; }), 5000);

  writeFileSync(path, text('3s'));
  server.proc.kill('SIGHUP');
  t.equal(await waitFor(async () => ((await interval()) === 3000 ? 3000 : undefined), 30_000, 'the reload'), 3000, 'the new interval applies');

  writeFileSync(path, 'networks: [\n');
  server.proc.kill('SIGHUP');
  await waitFor(async () => (/configuration not reloaded/.test(server.log()) ? true : undefined), 30_000, 'the refusal in the log');
  t.equal(await interval(), 3000, 'the running configuration stays');
  t.equal(server.proc.exitCode, null, 'the process lives');
  server.proc.kill('SIGTERM');
  t.equal(await server.exited, 0, 'stops cleanly');
});
