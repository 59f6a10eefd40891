// Comments cite the project's own documents: a reader has the repository and nothing else. So no
// source file cites a specification by section number ("spec 4.3", "spec §2") or a conventions
// file that is not in the repository; every `*.md` file a source names exists in the repository;
// and every docs/api.md "<section>" citation names a heading of docs/api.md.
// ui/src/api-types.gen.ts is left out: it is generated from docs/openapi.yaml, whose text it copies.
import t from 'tap';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repo root, from this file's place in dist/test/arch/. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', '.git', 'test-artifacts']);
const GENERATED = /\.gen\.ts$/;

function walk(dir: string, keep: (name: string) => boolean, depth = 0, out: string[] = []): string[] {
  if (depth > 8) return out;
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(d.name) || d.name.startsWith('.')) continue;
    const p = join(dir, d.name);
    if (d.isDirectory()) walk(p, keep, depth + 1, out);
    else if (keep(d.name)) out.push(p);
  }
  return out;
}

/** Every Markdown file of the repository, by its path from the root and by its bare name. */
const markdown = walk(ROOT, (n) => n.endsWith('.md')).map((p) => relative(ROOT, p));
const markdownNames = new Set(markdown.map((p) => p.split('/').pop()!));

/** A specification's section number, or a conventions file the repository does not hold. */
const FOREIGN = /\b[Ss]pec\s*(?:§\s*)?\d|\bCONVENTIONS\b|\bapi-spec\b/;
/** This file, which spells out what it looks for. */
const SELF = fileURLToPath(import.meta.url).replace(/[/\\]dist[/\\]/, '/').replace(/\.js$/, '.ts');
const sources = walk(ROOT, (n) => /\.(ts|mts|js|mjs|cjs)$/.test(n) && !n.endsWith('.d.ts') && !GENERATED.test(n))
  .filter((f) => f !== SELF);

t.test('no comment cites a specification section or a conventions file outside the repository', async (t) => {
  t.ok(sources.length > 100, `sources found (${sources.length})`);
  const found: string[] = [];
  for (const f of sources) {
    readFileSync(f, 'utf8').split('\n').forEach((line, i) => {
      if (FOREIGN.test(line)) found.push(`${relative(ROOT, f)}:${i + 1}: ${line.trim()}`);
    });
  }
  t.same(found, [], 'cite docs/api.md (by section name) or another file of docs/, or state the rule itself');
});

t.test('every Markdown file a source names is in the repository', async (t) => {
  const missing: string[] = [];
  for (const f of sources) {
    readFileSync(f, 'utf8').split('\n').forEach((line, i) => {
      for (const m of line.matchAll(/(?<![\w/.-])((?:\.\.?\/)*(?:[\w.-]+\/)*[\w.-]+\.md)\b/g)) {
        const named = m[1]!;
        const bare = named.replace(/^(?:\.\.?\/)+/, '');
        const ok = bare.includes('/')
          ? existsSync(join(ROOT, bare)) || existsSync(join(dirname(f), named))
          : markdownNames.has(bare);
        if (!ok) missing.push(`${relative(ROOT, f)}:${i + 1}: ${named}`);
      }
    });
  }
  t.ok(markdown.includes('docs/api.md'), 'docs/api.md is found');
  t.same(missing, [], 'each named .md file exists (names are case-sensitive)');
});

t.test('every docs/api.md "<section>" citation names a heading of docs/api.md', async (t) => {
  const headings = readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8').split('\n')
    .filter((l) => /^#{1,6} /.test(l)).map((l) => l.replace(/^#+ /, ''));
  const wrong: string[] = [];
  for (const f of sources) {
    readFileSync(f, 'utf8').split('\n').forEach((line, i) => {
      for (const m of line.matchAll(/docs\/api\.md "([^"]+)"/g)) {
        if (!headings.some((h) => h.startsWith(m[1]!))) wrong.push(`${relative(ROOT, f)}:${i + 1}: "${m[1]}"`);
      }
    });
  }
  t.ok(headings.length > 20, `docs/api.md headings read (${headings.length})`);
  t.same(wrong, [], 'a cited section is the start of a heading of docs/api.md');
});
