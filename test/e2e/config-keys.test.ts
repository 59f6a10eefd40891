// Who applies each configuration key on a reload (core/config-applier.ts): the table derived from the
// running app's appliers and RESTART_KEYS covers every key of the schema (core/config-schema.ts,
// read with the TypeScript parser) exactly once, and docs/running.md shows that same table.
import t from 'tap';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { startApp } from '../../app.js';
import { configKeyTable, type ConfigApplier, type ConfigKeyRow } from '../../core/config-applier.js';
import { loadConfig } from '../../core/config-load.js';
import { RESTART_KEYS } from '../../core/config-reload.js';
import { silentLogger } from '../../core/logger.js';
import { randomPort, simulatedConfigText, tempDir } from '../fakes/helpers.js';

/** The repo root, from this file's place in dist/test/e2e/. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface SchemaKey {
  /** `networks`, `networks[].snmp.maxInFlight` (a list's elements are `[]`). */
  readonly path: string;
  /** True when its type is not an interface of the schema file (nothing below it). */
  readonly leaf: boolean;
}

/**
 * Every key of Config, from the interfaces of core/config-schema.ts: a property whose type is an
 * interface of that file (or a list of one, or one or null) has its properties below it.
 */
function schemaKeys(): SchemaKey[] {
  const file = ts.createSourceFile('config-schema.ts', readFileSync(`${ROOT}core/config-schema.ts`, 'utf8'), ts.ScriptTarget.Latest);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  for (const s of file.statements) if (ts.isInterfaceDeclaration(s)) interfaces.set(s.name.text, s);
  /** The local interface a type names, and whether through a list. */
  const target = (type: ts.TypeNode | undefined): { name: string; list: boolean } | null => {
    if (!type) return null;
    if (ts.isTypeOperatorNode(type) || ts.isParenthesizedTypeNode(type)) return target(type.type);
    if (ts.isArrayTypeNode(type)) { const e = target(type.elementType); return e ? { name: e.name, list: true } : null; }
    if (ts.isUnionTypeNode(type)) {
      const parts = type.types.filter((p) => !(ts.isLiteralTypeNode(p) && p.literal.kind === ts.SyntaxKind.NullKeyword) && p.kind !== ts.SyntaxKind.UndefinedKeyword);
      return parts.length === 1 ? target(parts[0]) : null;
    }
    if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && interfaces.has(type.typeName.text)) return { name: type.typeName.text, list: false };
    return null;
  };
  const out: SchemaKey[] = [];
  const walk = (name: string, prefix: string): void => {
    for (const m of interfaces.get(name)!.members) {
      if (!ts.isPropertySignature(m) || !m.name || !(ts.isIdentifier(m.name) || ts.isStringLiteral(m.name))) continue;
      const path = prefix + m.name.text;
      const inner = target(m.type);
      out.push({ path, leaf: inner === null });
      if (inner) walk(inner.name, `${path}${inner.list ? '[]' : ''}.`);
    }
  };
  walk('Config', '');
  return out;
}

/** Whether `q` is `p` or a key above it. */
const covers = (q: string, p: string): boolean => p === q || p.startsWith(`${q}.`) || p.startsWith(`${q}[]`);

/** What is wrong with the table against the schema's keys; empty when every key has one owner. */
function tableFaults(rows: readonly ConfigKeyRow[], appliers: readonly ConfigApplier[], keys: readonly SchemaKey[]): string[] {
  const faults: string[] = [];
  const paths = new Set(keys.map((k) => k.path));
  const seen = new Set<string>();
  for (const r of rows) {
    if (!paths.has(r.key)) faults.push(`${r.key} (${r.by}) is not a key of the schema`);
    if (seen.has(r.key)) faults.push(`${r.key} is declared twice`);
    seen.add(r.key);
  }
  for (const a of appliers) for (const u of a.uses ?? []) if (!paths.has(u)) faults.push(`${u} (used by ${a.name}) is not a key of the schema`);
  // Two appliers may not own one key; a restart-only key may be below a live one (a conditional restart).
  const owned = rows.filter((r) => r.applies !== 'restart');
  for (const a of owned) for (const b of owned) if (a !== b && covers(a.key, b.key)) faults.push(`${b.key} (${b.by}) is below ${a.key} (${a.by}): two owners`);
  for (const k of keys) if (k.leaf && !rows.some((r) => covers(r.key, k.path))) faults.push(`${k.path} is owned by no applier and is not restart-only`);
  return faults;
}

/**
 * The table of docs/running.md: one row a declared key; when every key below a section is
 * declared the same way and the section is not, the row is `section.*`.
 */
function renderTable(rows: readonly ConfigKeyRow[], appliers: readonly ConfigApplier[], keys: readonly SchemaKey[]): string {
  const usedBy = (key: string): string => appliers.filter((a) => (a.uses ?? []).includes(key)).map((a) => a.name).join(', ');
  const shown: { key: string; row: ConfigKeyRow }[] = [];
  const folded = new Set<string>();
  for (const r of rows) {
    if (folded.has(r.key)) continue;
    const dot = r.key.lastIndexOf('.');
    const parent = dot > 0 ? r.key.slice(0, dot) : '';
    const siblings = keys.filter((k) => k.path.startsWith(`${parent}.`) && !k.path.slice(parent.length + 1).includes('.'));
    const same = (p: string) => rows.find((x) => x.key === p && x.applies === r.applies && x.by === r.by);
    if (parent && !rows.some((x) => x.key === parent) && siblings.length > 1 && siblings.every((k) => same(k.path))) {
      for (const k of siblings) folded.add(k.path);
      shown.push({ key: `${parent}.*`, row: r });
    } else {
      const above = rows.find((x) => x !== r && covers(x.key, r.key) && x.applies === r.applies && x.by === r.by);
      if (!above) shown.push({ key: r.key, row: r });
    }
  }
  return [
    '| key | applies | by | also read by |',
    '|---|---|---|---|',
    ...shown.map(({ key, row }) => `| \`${key}\` | ${row.applies} | ${row.by} | ${usedBy(row.key)} |`),
  ].join('\n');
}

const BEGIN = '<!-- config keys: generated from the config appliers, checked by test/e2e/config-keys.test.ts -->';
const END = '<!-- end of config keys -->';

t.test('every configuration key has one owner, and docs/running.md shows the table', { timeout: 120_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-config-keys-');
  const config = loadConfig({
    path: 'keys.yaml', env: { HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir },
    text: simulatedConfigText(randomPort(), { devices: 1, interfacesPerDevice: 2, pollInterval: '60s', networkExtra: '    discoveryInterval: 10m' }),
  });
  const app = await startApp(config, silentLogger);
  t.teardown(() => app.stop());
  const appliers = app.configAppliers;
  const rows = configKeyTable(appliers);
  const keys = schemaKeys();

  t.ok(keys.some((k) => k.path === 'networks[].snmp.maxInFlight') && keys.some((k) => k.path === 'server.port'), 'the schema is read down to its nested keys');
  t.same(tableFaults(rows, appliers, keys), [], 'every key of the schema is owned by exactly one applier or is restart-only');
  t.same(rows.filter((r) => r.applies === 'restart').map((r) => r.key), RESTART_KEYS, 'the restart-only keys are those planReload refuses');
  t.same(appliers.filter((a) => !a.perCall && a.keys.length + (a.uses?.length ?? 0) === 0).map((a) => a.name), [], 'every applier that acts names the keys it acts on');

  // The test fails for a key nobody owns, a key owned twice, a key that is not in the schema.
  const withNew = [...keys, { path: 'newSection', leaf: true }];
  t.match(tableFaults(rows, appliers, withNew), ['newSection is owned by no applier and is not restart-only'], 'a new schema key nobody owns is found');
  t.match(tableFaults([...rows, { key: 'alerts', applies: 'live', by: 'another' }], appliers, keys), [/alerts is declared twice/], 'a key owned twice is found');
  t.match(tableFaults([...rows, { key: 'nothing.here', applies: 'live', by: 'x' }], appliers, keys), [/nothing\.here \(x\) is not a key of the schema/], 'a key outside the schema is found');

  const docPath = `${ROOT}docs/running.md`;
  const table = renderTable(rows, appliers, keys);
  const doc = readFileSync(docPath, 'utf8');
  const from = doc.indexOf(BEGIN), to = doc.indexOf(END);
  t.ok(from >= 0 && to > from, 'docs/running.md has the generated table between its markers');
  // NETMON_WRITE_DOCS=1: write the table into the docs (then check it as always).
  if (process.env['NETMON_WRITE_DOCS'] === '1' && from >= 0 && to > from) {
    writeFileSync(docPath, `${doc.slice(0, from + BEGIN.length)}\n${table}\n${doc.slice(to)}`);
  }
  const written = readFileSync(docPath, 'utf8');
  const inDoc = written.slice(written.indexOf(BEGIN) + BEGIN.length, written.indexOf(END)).trim();
  t.equal(inDoc, table, `docs/running.md's table of keys is the code's; put this between its markers:\n${table}\n`);
});
