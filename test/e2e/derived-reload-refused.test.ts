import t from 'tap';
import { startApp, type App } from '../../app.js';
import type { Config } from '../../core/config-schema.js';
import { loadConfig } from '../../core/config-load.js';
import { silentLogger } from '../../core/logger.js';
import { checkViewRule } from '../../services/views/view-record.js';
import { checkDerivedExpression } from '../../svcql/derived-expr.js';
import { randomPort, simulatedConfigText, tempDir } from '../fakes/helpers.js';

/**
 * A reload whose `variables:` the catalog refuses changes nothing (app.ts checks the definitions
 * before the configuration is swapped): reload/config answers 400 naming the variable, the running
 * configuration and the catalog's definitions stay. The loader refuses such names itself
 * (test/core/config-derived.test.ts); here the loader is bypassed, as a config built in code would.
 * A reload refused for a restart-only change after the definitions were set puts the running ones back.
 */

const DERIVED = `
variables:
  derived:
    - name: devTotal
      expression: sum(ifInRate) + sum(ifOutRate)
`;

t.test('a reload with a derived variable the catalog refuses changes nothing', { timeout: 120_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-derived-refused-');
  const simPort = randomPort();
  const good = (): Config => loadConfig({
    path: 'derived.yaml', env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir }, checkViewRule, checkDerivedExpression,
    text: simulatedConfigText(simPort, { devices: 1, interfacesPerDevice: 2, pollInterval: '60s', networkExtra: '    discoveryInterval: 10m', extra: DERIVED }),
  });
  let load = good;
  const app: App = await startApp(good(), silentLogger, { load: () => load() });
  t.teardown(() => app.stop());
  const base = `http://127.0.0.1:${app.port}`;
  const running = app.config();
  const catalog = app.monitor.catalog;
  const builtin = catalog.definition('ifInRate');
  const reload = async () => {
    const r = await fetch(`${base}/v2/ui/net/1/actions/reload/config`, { method: 'POST' });
    return { status: r.status, body: await r.json() as { error?: string } };
  };
  const withDerived = (c: Config, name: string): Config => ({
    ...c,
    variables: { ...c.variables, derived: [...c.variables.derived, { name, scope: 'interface', expression: 'ifInErrors * 2', unit: '', category: 'Derived', description: 'ifInErrors * 2', devices: '', thresholds: null }] },
  });

  const cases: { name: string; next: () => Config; status: number; error: RegExp }[] = [
    { name: 'a built-in name', next: () => withDerived(good(), 'ifInRate'), status: 400, error: /not reloaded.*variables: variable 'ifInRate' is built in/ },
    { name: 'the alert state\'s name', next: () => withDerived(good(), 'alertState'), status: 400, error: /variable 'alertState'/ },
    // valid definitions, then a change only a restart applies: the new definition must not stay
    { name: 'a new variable with a restart-only change', next: () => ({ ...withDerived(good(), 'newOne'), server: { ...good().server, workers: running.server.workers + 1 } }), status: 409, error: /server\.workers/ },
  ];
  for (const c of cases) {
    load = c.next;
    const r = await reload();
    t.equal(r.status, c.status, `${c.name}: refused`);
    t.match(r.body.error, c.error, `${c.name}: the answer says why`);
    t.equal(app.config(), running, `${c.name}: the running configuration stays`);
    t.same(catalog.definition('ifInRate'), builtin, `${c.name}: ifInRate keeps its built-in definition`);
    t.match(catalog.definition('devTotal'), { category: 'Derived', description: 'sum(ifInRate) + sum(ifOutRate)' }, `${c.name}: the running derived variable stays defined`);
    t.equal(catalog.definition('newOne'), undefined, `${c.name}: no definition of a refused configuration stays`);
  }
  load = good;
  t.equal((await reload()).status, 200, 'a good file reloads');
});
