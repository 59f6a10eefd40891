// Import rules of the source layout, checked by dependency-cruiser.
//
//   npm run lint:imports          (command line, readable output)
//   test/arch/import-rules.test.ts (the same rules in `npm test`)
//
// Paths below are regular expressions on paths relative to the repo root, with forward slashes
// (e.g. `api/http/uws.ts`, `node_modules/lmdb/dist/index.cjs`). Every rule is an error.
// docs/import-rules.md has the table of folders and how to add one.

/** The server's folders and the folders each may import besides its own files. node: builtins
 *  and npm packages are not "ours" and are not limited here (the one-file rules for some npm
 *  runtimes are further down). bench/ and test/ are left out on purpose: no product folder may
 *  import them (rule `product-not-to-bench-or-test`). */
const LAYERS = {
  core: [], // core/ports/ is part of core
  snmp: ['core'],
  sim: ['core', 'snmp'],
  svcql: ['core'],
  store: ['core'],
  workers: ['core', 'snmp', 'store'],
  collector: ['core', 'snmp', 'store', 'svcql'], // + workers/index.ts: rule `collector-to-workers-only-via-index`
  services: ['core', 'store', 'svcql'],
  api: ['core', 'services'],
  cli: ['core', 'store', 'services'], // the accounts commands (netmon user|token …), run by main.ts
  remote: ['core', 'store'], // the scale-out roles' parts: the NATS JetStream adapter, the batch codec, the collector's publisher, the central's ingest
  ui: [], // the browser UI imports nothing of the server's code
  scripts: [], // build steps (scripts/ui-build.mjs, scripts/ui-types.mjs): node: builtins and npm packages
};

/** Folders with their own rules outside LAYERS. */
const OTHER_FOLDERS = ['bench', 'test'];
/** Root files that may import any product folder. */
const ROOT_FILES = ['app.ts', 'main.ts'];

const NODE_MODULES = '(?:^|/)node_modules/';
const NOT_PRODUCT = '^(?:bench|test)/';
const re = (s) => s.replace(/[.]/g, '\\.');
const under = (folders) => `^(?:${folders.join('|')})/`;

/** One rule a folder: from `F/` to any of our files outside F/ and outside its allowed folders.
 *  Imports of bench/ and test/ are left to `product-not-to-bench-or-test`, of workers/ from the
 *  collector to `collector-to-workers-only-via-index`, so that each bad import is reported once. */
const layerRules = Object.entries(LAYERS).map(([folder, allowed]) => {
  const skip = [folder, ...allowed, ...OTHER_FOLDERS, ...(folder === 'collector' ? ['workers'] : [])];
  return {
    name: allowed.length ? `${folder}-only-to-${allowed.join('-')}` : `${folder}-not-to-other-folders`,
    comment: allowed.length
      ? `${folder}/ may import only its own files, ${allowed.map((f) => f + '/').join(', ')}` +
        (folder === 'collector' ? ' and workers/index.ts' : '') + ', node: builtins and npm packages'
      : `${folder}/ may import only its own files, node: builtins and npm packages`,
    severity: 'error',
    from: { path: under([folder]) },
    to: { pathNot: [under(skip), NODE_MODULES], dependencyTypesNot: ['core'], couldNotResolve: false },
  };
});

/** SvcQL's language (svcql/language/: lexer, parser, AST, printer, limits, syntax errors) is the
 *  syntax alone: it imports nothing of the engine beside it (the rest of svcql/), which builds on
 *  it. Beyond svcql/ it is held by the svcql layer rule (core/ only). */
const svcqlLanguageRule = {
  name: 'svcql-language-not-to-engine',
  comment: 'svcql/language/ (the syntax) imports nothing of svcql/ outside language/ (the engine); beyond svcql/, core/ only, as the rest of svcql/',
  severity: 'error',
  from: { path: '^svcql/language/' },
  to: { path: '^svcql/', pathNot: '^svcql/language/' },
};

/** Third-party runtimes that each live behind one file of ours. bench/ and test/ are exempt. */
const ONE_FILE_PACKAGES = [
  ['uws', 'uWebSockets.js', 'api/http/uws.ts'],
  ['piscina', 'piscina', 'collector/pool.ts'],
  ['net-snmp', 'net-snmp', 'workers/netsnmp/snmp-session.ts'],
  ['lmdb', 'lmdb', 'store/lmdb-env.ts'],
  ['d3-force', 'd3-force', 'services/maps/map-layout.ts'],
  ['nodemailer', 'nodemailer', 'services/notify/notify-email.ts'],
  ['lezer-promql', '@prometheus-io/lezer-promql', 'services/query/promql-parse.ts'],
  ['nats-transport', '@nats-io/transport-node', 'remote/nats-jetstream.ts'],
  ['nats-jetstream', '@nats-io/jetstream', 'remote/nats-jetstream.ts'],
];
const oneFileRules = ONE_FILE_PACKAGES.map(([short, pkg, file]) => ({
  name: `${short}-only-from-${file.replace(/\.ts$/, '').replace(/\//g, '-')}`,
  comment: `the npm package ${pkg} is imported only by ${file} (bench/ and test/ are exempt)`,
  severity: 'error',
  from: { pathNot: [NOT_PRODUCT, `^${re(file)}$`] },
  // the resolved path (node_modules/<pkg>/..., also its @types), or the bare name when unresolved
  to: { path: [`${NODE_MODULES}(?:@types/)?${re(pkg)}/`, `^${re(pkg)}$`] },
}));

/** YAML is parsed at the boundary only: the config and the device profiles are read and checked in core/. */
const yamlRule = {
  name: 'yaml-only-from-core',
  comment: 'the npm package yaml is imported only by core/ (config-load.ts, config-check.ts, profile-load.ts: files are validated once at the boundary; bench/ and test/ are exempt)',
  severity: 'error',
  from: { pathNot: [NOT_PRODUCT, '^core/'] },
  to: { path: [`${NODE_MODULES}(?:@types/)?yaml/`, '^yaml$'] },
};

/** The feature wings of services/: `services/<wing>/`, each with its public face `index.ts`. The files
 *  at services/ root (ServiceDeps, helpers several wings share, `services/index.ts` that builds the
 *  services) are not a wing. */
const WING = '^services/[^/]+/';
const WING_FACE = '^services/[^/]+/index\\.ts$';
/** What imports services/ from outside the wings: api/, cli/, app.ts, main.ts and the services/ root files. */
const WING_CALLERS = ['^(?:api|cli)/', `^(?:${ROOT_FILES.map(re).join('|')})$`, '^services/[^/]+\\.ts$'];

const wingRules = [
  {
    name: 'services-wings-only-via-index',
    comment:
      'api/, cli/, app.ts, main.ts and the services/ root files reach a wing of services/ only through ' +
      'its public face, services/<wing>/index.ts (docs/import-rules.md "The wings of services/")',
    severity: 'error',
    from: { path: WING_CALLERS },
    to: { path: WING, pathNot: WING_FACE },
  },
  {
    name: 'wing-to-wing-only-via-index',
    comment:
      'a wing of services/ reaches another wing only through its index.ts; the files of one wing ' +
      'import each other freely',
    severity: 'error',
    from: { path: '^services/([^/]+)/' },
    to: { path: WING, pathNot: ['^services/$1/', WING_FACE] },
  },
];
/**
 * Route modules (api/routes/v2/*, api/routes/legacy/* and the files of api/routes/ that add routes
 * of their own) do not import one another: what two of them share is a parameter parser or an
 * answer writer in api/http/ (it calls no service and adds no route), or one of these shared route
 * helpers of api/routes/, which hold handler code over the services that the v2 and the legacy
 * module both register. A helper adds no route with a path of its own (the calls it registers take
 * their paths from the route module that uses them; the arch test checks it), so listing a route
 * module here to silence the rule would show. Only api/routes/index.ts, which registers every
 * module, imports route modules.
 */
const SHARED_ROUTE_HELPERS = [
  'context.ts', // ApiContext (what every handler is given), networkParam, json
  'series-calls.ts', // graph/data by ids and by rule, under a given path
  'alert-calls.ts', // alerts and silences, under given paths
  'keyvalue-calls.ts', // the key-value store, under a given path
].map((f) => `api/routes/${f}`);
const routeModulesRule = {
  name: 'route-modules-not-to-route-modules',
  comment:
    'a file of api/routes/ imports no route module (v2/*, legacy/*, and any file of api/routes/ that is not a shared ' +
    'route helper); only api/routes/index.ts does. Shared parameter parsers and answer writers belong in api/http/, shared handler code in ' +
    'a helper listed in SHARED_ROUTE_HELPERS (docs/import-rules.md)',
  severity: 'error',
  from: { path: '^api/routes/', pathNot: '^api/routes/index\\.ts$' },
  to: { path: '^api/routes/', pathNot: SHARED_ROUTE_HELPERS.map((f) => `^${re(f)}$`) },
};

const KNOWN = [
  under([...Object.keys(LAYERS), ...OTHER_FOLDERS]),
  `^(?:${ROOT_FILES.map(re).join('|')})$`,
  NODE_MODULES,
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    svcqlLanguageRule,
    yamlRule,
    ...wingRules,
    routeModulesRule,
    {
      name: 'collector-to-workers-only-via-index',
      comment: 'the collector reaches the workers only through their one public entry, workers/index.ts',
      severity: 'error',
      from: { path: '^collector/' },
      to: { path: '^workers/', pathNot: '^workers/index\\.ts$' },
    },
    {
      name: 'product-not-to-bench-or-test',
      comment: 'nothing of the product (everything but bench/ and test/, app.ts and main.ts included) imports bench/ or test/',
      severity: 'error',
      from: { pathNot: NOT_PRODUCT },
      to: { path: NOT_PRODUCT },
    },
    {
      name: 'test-folders-only-to-fakes',
      comment:
        'a test folder (test/<folder>/: the tests of one product folder, or one kind of whole-system test) imports ' +
        'no other test folder but test/fakes/, which holds the doubles and fixtures several folders share; ' +
        'test/fakes/ itself imports no other test folder (docs/testing.md)',
      severity: 'error',
      from: { path: '^test/([^/]+)/' },
      to: { path: '^test/[^/]+/', pathNot: ['^test/$1/', '^test/fakes/'] },
    },
    ...oneFileRules,
    {
      name: 'no-circular',
      comment: 'no import cycles in the product, type-only imports included',
      severity: 'error',
      from: { pathNot: NOT_PRODUCT },
      to: { circular: true },
    },
    {
      name: 'folder-has-rules',
      comment:
        'a source file that imports anything lives in a folder these rules know (or is app.ts/main.ts): ' +
        'a new folder gets its entry in LAYERS above (see docs/import-rules.md)',
      severity: 'error',
      from: { pathNot: KNOWN },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      comment: 'every import resolves to a file on disk (a rule cannot check what it cannot see)',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // imports of npm packages are recorded (for the one-file rules) but not followed into the package
    doNotFollow: { path: NODE_MODULES },
    // the build output, local data and dotfiles (this file among them) are not sources; `^\\.[^./]`
    // leaves out `.name` but keeps an unresolved `./x` or `../x`, for `not-to-unresolvable`
    exclude: { path: ['^(?:dist|data)/', '^\\.[^./]'] },
    // count `import type` too: a type-only import still ties one folder to another
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
