// Outbound calls always carry a timeout through core/deadline.ts (ARCHITECTURE.md): no source file
// builds one with AbortSignal.timeout, which a garbage collection can drop on Node 20 before it
// fires (and an AbortSignal.any built on it with it). Comments may name it.
import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repo root, from this file's place in dist/test/arch/. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', '.git']);

function sources(dir: string, depth = 0, out: string[] = []): string[] {
  if (depth > 8) return out;
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(d.name) || d.name.startsWith('.')) continue;
    const p = join(dir, d.name);
    if (d.isDirectory()) sources(p, depth + 1, out);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(d.name) && !d.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

t.test('no AbortSignal.timeout in code (core/deadline.ts withDeadline instead)', async (t) => {
  const files = sources(ROOT);
  t.ok(files.length > 100, `sources found (${files.length})`);
  const uses: string[] = [];
  for (const f of files) {
    readFileSync(f, 'utf8').split('\n').forEach((line, i) => {
      const code = line.trim();
      if (code.startsWith('*') || code.startsWith('//') || code.startsWith('/*')) return;
      if (/AbortSignal\s*\.\s*timeout\s*\(/.test(code)) uses.push(`${f.slice(ROOT.length)}:${i + 1}`);
    });
  }
  t.same(uses, [], 'every outbound call is bounded by withDeadline');
});
