// The import rules of the source layout (.dependency-cruiser.cjs at the repo root): the repo's own
// sources break none of them, and each rule reports what it is there to forbid, over a small
// fixture tree in a temp dir. docs/import-rules.md explains the rules.
import t from 'tap';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

/** The repo root, from this file's place in dist/test/arch/. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RULES_FILE = join(ROOT, '.dependency-cruiser.cjs');

interface Violation {
  rule: string;
  from: string;
  to: string;
  /** For `no-circular`: the cycle, from `to` back to `from`. */
  cycle?: string[];
}

/** Runs the repo's rules over the sources under `baseDir` (its own tsconfig.json), as
 *  `npm run lint:imports` does over the repo; returns the violations, sorted. */
async function runRules(baseDir: string): Promise<Violation[]> {
  const options = await extractDepcruiseOptions(RULES_FILE);
  const tsConfigFile = join(baseDir, 'tsconfig.json');
  const { output } = await cruise(
    ['.'],
    { ...options, baseDir, tsConfig: { fileName: tsConfigFile }, validate: true },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  const result = output as ICruiseResult;
  return result.summary.violations
    .map((v) => ({ rule: v.rule.name, from: v.from, to: v.to, ...(v.cycle ? { cycle: v.cycle.map((d) => d.name) } : {}) }))
    .sort((a, b) => key(a).localeCompare(key(b)));
}

const key = (v: Violation): string => `${v.rule}: ${v.from} → ${v.to}`;

t.test('the repo sources break no import rule', async (t) => {
  const started = performance.now();
  const violations = await runRules(ROOT);
  t.comment(`import rules checked in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  for (const v of violations) t.comment(`violation ${key(v)}${v.cycle ? ` (cycle: ${[v.from, ...v.cycle].join(' → ')})` : ''}`);
  t.same(violations.map(key), [], `${violations.length} import rule violation(s); \`npm run lint:imports\` explains each`);
});

/** The fixture tree: each file and what it imports. A file is written as `import '<spec>';` lines
 *  (`type:<spec>` is written as a type-only import). */
const FIXTURE: Record<string, string[]> = {
  'core/a.ts': ['../api/b.js'],
  'core/ok.ts': ['node:fs', './errors.js', 'yaml'],
  'core/errors.ts': [],
  'core/ports/port.ts': ['../errors.js'],
  'core/missing.ts': ['./nowhere.js'],
  'snmp/codec.ts': ['../core/errors.js'],
  'snmp/cycle-a.ts': ['./cycle-b.js'],
  'snmp/cycle-b.ts': ['./cycle-a.js'],
  'snmp/bad.ts': ['../sim/agent.js'],
  'sim/agent.ts': ['../snmp/codec.js', '../core/errors.js'],
  'sim/server.ts': ['uWebSockets.js'],
  'sim/bad.ts': ['../svcql/query.js'],
  'svcql/query.ts': ['../core/errors.js', './language/parser.js'],
  'svcql/bad.ts': ['../store/y.js'],
  'svcql/language/parser.ts': ['./ast.js', '../../core/errors.js'],
  'svcql/language/ast.ts': [],
  'svcql/language/bad.ts': ['../query.js'],
  'store/y.ts': ['../core/errors.js'],
  'store/lmdb-env.ts': ['lmdb'],
  'store/cache.ts': ['lmdb'],
  'store/bad.ts': ['../svcql/query.js', '../workers/index.js'],
  'workers/index.ts': ['./v2c/w.js', '../store/y.js', '../snmp/codec.js'],
  'workers/v2c/w.ts': ['../../core/errors.js'],
  'workers/bad.ts': ['../collector/ok.js'],
  'workers/netsnmp/snmp-session.ts': ['net-snmp'],
  'workers/v2c/session.ts': ['net-snmp'],
  'collector/ok.ts': ['../workers/index.js', '../svcql/query.js', '../store/y.js', '../snmp/codec.js'],
  'collector/z.ts': ['../workers/v2c/w.js'],
  'collector/up.ts': ['../api/b.js', '../services/s.js'],
  'collector/pool.ts': ['piscina'],
  'collector/other-pool.ts': ['piscina'],
  'collector/profiles.ts': ['yaml'],
  'services/maps/map-layout.ts': ['d3-force'],
  'services/maps/other-layout.ts': ['d3-force'],
  'services/notify/notify-email.ts': ['nodemailer'],
  'services/notify/notify-other.ts': ['nodemailer'],
  'services/query/promql-parse.ts': ['@prometheus-io/lezer-promql'],
  'services/query/promql-other.ts': ['@prometheus-io/lezer-promql'],
  'remote/ok.ts': ['../core/errors.js', '../store/y.js'],
  'remote/nats-jetstream.ts': ['@nats-io/transport-node', '@nats-io/jetstream', '../core/errors.js'],
  'remote/bad.ts': ['../collector/ok.js', '@nats-io/transport-node', '@nats-io/jetstream'],
  'services/s.ts': ['../store/y.js', '../svcql/query.js', '../core/errors.js'],
  'services/bad.ts': ['../api/b.js', '../collector/ok.js', '../workers/index.js'],
  // two wings of services/: each reached through its index.ts, its own files importing each other
  'services/alpha/index.ts': ['./alpha.js'],
  'services/alpha/alpha.ts': ['./alpha-part.js', '../beta/index.js', '../s.js'],
  'services/alpha/alpha-part.ts': ['../../core/errors.js'],
  'services/beta/index.ts': ['./beta.js'],
  'services/beta/beta.ts': ['../../core/errors.js'],
  'services/beta/bad.ts': ['../alpha/alpha-part.js'],
  'services/root-bad.ts': ['./beta/beta.js', './alpha/index.js'],
  'api/b.ts': ['../services/s.js', '../core/errors.js'],
  'api/wing-ok.ts': ['../services/alpha/index.js', 'type:../services/beta/index.js'],
  'api/wing-bad.ts': ['../services/alpha/alpha.js'],
  'api/x.ts': ['../store/y.js'],
  'api/t.ts': ['type:../svcql/query.js'],
  'api/http/uws.ts': ['uWebSockets.js'],
  'api/http/params.ts': [],
  'api/routes/context.ts': ['../http/params.js'],
  'api/routes/series-calls.ts': ['./web-ui.js'],
  'api/routes/index.ts': ['./v2/status.js', './v2/maps.js', './legacy/nodes.js', './web-ui.js', './context.js'],
  'api/routes/web-ui.ts': ['./context.js'],
  'api/routes/v2/status.ts': ['../context.js', '../../http/params.js'],
  'api/routes/v2/maps.ts': ['./status.js', '../context.js'],
  'api/routes/legacy/nodes.ts': ['../v2/status.js', '../../http/params.js'],
  'ui/page.ts': ['../core/errors.js'],
  'scripts/build.ts': ['../core/errors.js'],
  'cli/ok.ts': ['../services/s.js', '../store/y.js', '../core/errors.js'],
  'cli/bad.ts': ['../api/b.js'],
  'cli/wing-bad.ts': ['type:../services/beta/beta.js'],
  'app.ts': ['./collector/ok.js', './api/b.js', './bench/load.js'],
  'main.ts': ['./app.js', './test/helpers.js'],
  'bench/load.ts': ['uWebSockets.js', 'lmdb', '../collector/ok.js', 'yaml'],
  'test/helpers.ts': ['../bench/load.js', 'piscina', 'net-snmp'],
  // test folders: their own files, test/fakes/ and the product, but no other test folder
  'test/fakes/clock.ts': ['../../core/errors.js'],
  'test/fakes/bad.ts': ['./clock.js', '../e2e/start.js'],
  'test/e2e/start.ts': ['../fakes/clock.js'],
  'test/core/config.test.ts': ['../../core/ok.js', '../fakes/clock.js', './fixture.js', './sub/more.js'],
  'test/core/fixture.ts': [],
  'test/core/sub/more.ts': ['../fixture.js'],
  'test/ui/bad.test.ts': ['../e2e/start.js', '../fakes/clock.js', 'type:../core/fixture.js'],
  'extra/thing.ts': ['../core/errors.js'],
};

/** Every violation the fixture must report, and no other: rule, from, to. */
const EXPECTED: Array<[string, string, string]> = [
  ['core-not-to-other-folders', 'core/a.ts', 'api/b.ts'],
  ['not-to-unresolvable', 'core/missing.ts', './nowhere.js'],
  ['no-circular', 'snmp/cycle-a.ts', 'snmp/cycle-b.ts'], // a cycle is reported once
  ['snmp-only-to-core', 'snmp/bad.ts', 'sim/agent.ts'],
  ['sim-only-to-core-snmp', 'sim/bad.ts', 'svcql/query.ts'],
  ['uws-only-from-api-http-uws', 'sim/server.ts', 'node_modules/uWebSockets.js/index.js'],
  ['svcql-only-to-core', 'svcql/bad.ts', 'store/y.ts'],
  ['svcql-language-not-to-engine', 'svcql/language/bad.ts', 'svcql/query.ts'],
  ['store-only-to-core', 'store/bad.ts', 'svcql/query.ts'],
  ['store-only-to-core', 'store/bad.ts', 'workers/index.ts'],
  ['lmdb-only-from-store-lmdb-env', 'store/cache.ts', 'node_modules/lmdb/index.js'],
  ['workers-only-to-core-snmp-store', 'workers/bad.ts', 'collector/ok.ts'],
  ['net-snmp-only-from-workers-netsnmp-snmp-session', 'workers/v2c/session.ts', 'node_modules/net-snmp/index.js'],
  ['collector-to-workers-only-via-index', 'collector/z.ts', 'workers/v2c/w.ts'],
  ['collector-only-to-core-snmp-store-svcql', 'collector/up.ts', 'api/b.ts'],
  ['collector-only-to-core-snmp-store-svcql', 'collector/up.ts', 'services/s.ts'],
  ['piscina-only-from-collector-pool', 'collector/other-pool.ts', 'node_modules/piscina/index.js'],
  ['yaml-only-from-core', 'collector/profiles.ts', 'node_modules/yaml/index.js'],
  ['d3-force-only-from-services-maps-map-layout', 'services/maps/other-layout.ts', 'node_modules/d3-force/index.js'],
  ['nodemailer-only-from-services-notify-notify-email', 'services/notify/notify-other.ts', 'node_modules/nodemailer/index.js'],
  ['lezer-promql-only-from-services-query-promql-parse', 'services/query/promql-other.ts', 'node_modules/@prometheus-io/lezer-promql/index.js'],
  ['remote-only-to-core-store', 'remote/bad.ts', 'collector/ok.ts'],
  ['nats-transport-only-from-remote-nats-jetstream', 'remote/bad.ts', 'node_modules/@nats-io/transport-node/index.js'],
  ['nats-jetstream-only-from-remote-nats-jetstream', 'remote/bad.ts', 'node_modules/@nats-io/jetstream/index.js'],
  ['services-only-to-core-store-svcql', 'services/bad.ts', 'api/b.ts'],
  ['services-only-to-core-store-svcql', 'services/bad.ts', 'collector/ok.ts'],
  ['services-only-to-core-store-svcql', 'services/bad.ts', 'workers/index.ts'],
  ['services-wings-only-via-index', 'api/wing-bad.ts', 'services/alpha/alpha.ts'],
  ['services-wings-only-via-index', 'cli/wing-bad.ts', 'services/beta/beta.ts'],
  ['services-wings-only-via-index', 'services/root-bad.ts', 'services/beta/beta.ts'],
  ['wing-to-wing-only-via-index', 'services/beta/bad.ts', 'services/alpha/alpha-part.ts'],
  ['api-only-to-core-services', 'api/x.ts', 'store/y.ts'],
  ['api-only-to-core-services', 'api/t.ts', 'svcql/query.ts'],
  ['route-modules-not-to-route-modules', 'api/routes/v2/maps.ts', 'api/routes/v2/status.ts'], // a sibling route module
  ['route-modules-not-to-route-modules', 'api/routes/legacy/nodes.ts', 'api/routes/v2/status.ts'], // legacy reaching into v2
  ['route-modules-not-to-route-modules', 'api/routes/series-calls.ts', 'api/routes/web-ui.ts'], // a shared helper importing a route module
  ['ui-not-to-other-folders', 'ui/page.ts', 'core/errors.ts'],
  ['scripts-not-to-other-folders', 'scripts/build.ts', 'core/errors.ts'],
  ['cli-only-to-core-store-services', 'cli/bad.ts', 'api/b.ts'],
  ['product-not-to-bench-or-test', 'app.ts', 'bench/load.ts'],
  ['product-not-to-bench-or-test', 'main.ts', 'test/helpers.ts'],
  ['folder-has-rules', 'extra/thing.ts', 'core/errors.ts'],
  ['test-folders-only-to-fakes', 'test/fakes/bad.ts', 'test/e2e/start.ts'], // the shared doubles borrow from no test folder
  ['test-folders-only-to-fakes', 'test/ui/bad.test.ts', 'test/e2e/start.ts'], // a sibling folder's helper
  ['test-folders-only-to-fakes', 'test/ui/bad.test.ts', 'test/core/fixture.ts'], // type-only too
];

const PACKAGES = ['uWebSockets.js', 'lmdb', 'net-snmp', 'piscina', 'd3-force', 'nodemailer', '@prometheus-io/lezer-promql', '@nats-io/transport-node', '@nats-io/jetstream', 'yaml'];

function writeFixture(dir: string): void {
  const put = (file: string, text: string): void => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  };
  put('package.json', JSON.stringify({ name: 'fixture', type: 'module', private: true, dependencies: Object.fromEntries(PACKAGES.map((p) => [p, '*'])) }));
  put('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }));
  for (const pkg of PACKAGES) {
    put(`node_modules/${pkg}/package.json`, JSON.stringify({ name: pkg, version: '1.0.0', main: 'index.js' }));
    put(`node_modules/${pkg}/index.js`, 'module.exports = {};\n');
  }
  for (const [file, imports] of Object.entries(FIXTURE)) {
    const lines = imports.map((spec) =>
      spec.startsWith('type:') ? `import type * as T from '${spec.slice(5)}';\nexport type { T };` : `import '${spec}';`,
    );
    put(file, [...lines, 'export const here = 1;', ''].join('\n'));
  }
}

t.test('the rules report each forbidden import of a fixture tree, and nothing allowed', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFixture(dir);
  const found = await runRules(dir);
  const foundKeys = new Set(found.map(key));
  if (EXPECTED.some(([rule, from, to]) => !foundKeys.has(key({ rule, from, to })))) {
    for (const v of found) t.comment(`found ${key(v)}`);
  }

  for (const [rule, from, to] of EXPECTED) {
    t.ok(foundKeys.has(key({ rule, from, to })), `${rule} reports ${from} → ${to}`);
  }
  const expectedKeys = new Set(EXPECTED.map(([rule, from, to]) => key({ rule, from, to })));
  t.same(found.map(key).filter((k) => !expectedKeys.has(k)), [], 'no violation beyond the expected ones');

  // every rule of the config is shown to bite at least once
  const options = await extractDepcruiseOptions(RULES_FILE);
  const ruleNames = (options.ruleSet?.forbidden ?? []).map((r) => r.name ?? '(unnamed)');
  const bitten = new Set(EXPECTED.map(([rule]) => rule));
  t.same(ruleNames.filter((name) => !bitten.has(name)), [], 'every rule has a fixture case');
});

// The shared route helpers that route modules may import (SHARED_ROUTE_HELPERS in the rules file)
// exist, and none holds a path literal: a helper registers calls only under paths its route module
// gives, so a route module cannot pass for a helper to get round the rule.
t.test('the shared route helpers exist and hold no path of their own', async (t) => {
  const options = await extractDepcruiseOptions(RULES_FILE);
  const rule = (options.ruleSet?.forbidden ?? []).find((r) => r.name === 'route-modules-not-to-route-modules');
  const to = rule !== undefined && 'to' in rule ? rule.to : undefined;
  const pathNot = to !== undefined && 'pathNot' in to ? to.pathNot : undefined;
  const helpers = (Array.isArray(pathNot) ? pathNot : []).map((p) => /^\^(api\/routes\/[\w./\\-]+)\$$/.exec(p)?.[1]?.replace(/\\\./g, '.'));
  t.ok(helpers.length > 0, `${helpers.length} shared route helpers`);
  for (const file of helpers) {
    t.type(file, 'string', 'each helper is named by one exact path');
    if (file === undefined) continue;
    t.ok(existsSync(join(ROOT, file)), `${file} exists`);
    if (!existsSync(join(ROOT, file))) continue;
    // a string that starts like a path (`'/v2/…'`, `'/ui/…'`, `` `/:id` ``) in the code, comments left out
    const code = readFileSync(join(ROOT, file), 'utf8').split('\n').filter((l) => !/^\s*(?:\*|\/\/|\/\*)/.test(l));
    t.same(code.filter((l) => /['"`]\/[\w:]/.test(l)), [], `${file} has no path literal: it adds no route of its own`);
  }
});
