/**
 * Map views in the whole server over a real socket: the SYSTEM and SCRIPTED views exist once the
 * server answers, a configuration reload brings the SCRIPTED views in step (app.reloadConfig), a
 * view made through the API and every id survive a restart on the same data directory.
 */
import t from 'tap';
import { startApp, type App } from '../../app.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { checkViewRule } from '../../services/views/view-record.js';
import { randomPort, tempDir } from '../fakes/helpers.js';

/** One network whose agent does not answer (nothing listens on its SNMP port): views need no devices. */
function configText(snmpPort: number, views: string): string {
  return `
networks:
  - id: 1
    name: quiet
    seeds: [127.0.0.1]
    snmp: { port: ${snmpPort}, timeout: 100ms, retries: 0 }
    discoveryInterval: 1h
${views}`;
}

async function http(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base}${path}`, {
    method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return { status: res.status, json: await res.json() };
}

t.test('views in the running server: made at start, kept in step on reload, kept across a restart', async (t) => {
  const dataDir = tempDir(t, 'netmon-views-e2e-');
  const snmpPort = randomPort();
  let views = 'views:\n  - { network: 1, name: Core, devRule: "Role = \'Core\'" }\n';
  const load = () => loadConfig({ text: configText(snmpPort, views), env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir }, checkViewRule });
  let app: App = await startApp(load(), silentLogger, { load });
  t.teardown(() => app.stop());
  let base = `http://127.0.0.1:${app.port}`;
  const names = async () => ((await http(base, 'GET', '/v2/ui/net/1/views')).json as { id: number; name: string; type: string }[]).map((v) => `${v.id}:${v.name}:${v.type}`);

  const first = await names();
  t.equal(first.length, 2, 'a SYSTEM and a SCRIPTED view as soon as the server answers');
  t.match(first, [/:Whole network:SYSTEM$/, /:Core:SCRIPTED$/]);
  const made = await http(base, 'POST', '/v2/ui/net/1/views');
  t.match(made, { status: 200, json: { status: 'ok', id: Number } }, 'create');
  const id = made.json.id as number;
  t.equal((await http(base, 'POST', `/v2/ui/net/1/views/${id}/update`, { name: 'mine', formData: 'é "x"' })).status, 200, 'update');
  const status = await http(base, 'GET', '/v2/ui/net/1/status?s=name');
  t.same(status.json.views.map((v: { name: string }) => v.name), ['Core', 'Whole network', 'mine'], 'the status tiles, by name');
  const refused = await http(base, 'POST', `/v2/ui/net/1/views/${id}/update`, { devRule: 'Vendor = ' });
  t.match(refused, { status: 400, json: { status: 'error', code: 'VIEW_REFUSED', error: /SvcQL syntax error at 1:10: expected a value after '=' but found end of input$/ } }, 'a rule that does not parse');

  views = 'views:\n  - { network: 1, name: Edge }\n';
  await app.reloadConfig();
  const afterReload = await names();
  t.same(afterReload.map((v) => v.split(':').slice(1).join(':')), ['Whole network:SYSTEM', 'mine:INTERACTIVE', 'Edge:SCRIPTED'], 'Core removed, Edge added by the reload');
  views = 'views:\n  - { network: 1, name: Edge, devRule: "Vendor = " }\n';
  await t.rejects(app.reloadConfig(), { code: 'CONFIG_INVALID', message: /views\[0\]\.devRule \(line \d+\)/ }, 'a reload with a bad rule is refused');
  t.same(await names(), afterReload, 'and changes nothing');

  views = 'views:\n  - { network: 1, name: Edge }\n';
  await app.stop();
  app = await startApp(load(), silentLogger, { load });
  base = `http://127.0.0.1:${app.port}`;
  t.same(await names(), afterReload, 'the same views and ids after a restart');
  t.equal((await http(base, 'GET', `/v2/ui/net/1/views/${id}`)).json[0].formData, 'é "x"', 'formData as it was sent');
});
