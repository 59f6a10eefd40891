import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { tempDir } from '../fakes/helpers.js';

/**
 * Every configuration the project ships passes the built server's `--check-config`: the README's
 * Configuration block (as README.md has it) and each examples/*.yaml. An operator copies them.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const main = join(root, 'dist', 'main.js');

/** The first ```yaml block after the README's "## Configuration" heading. */
function readmeConfigBlock(): string {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## Configuration\n'));
  const m = /\n```yaml\n([\s\S]*?)\n```\n/.exec(section);
  if (!m) throw new Error('README.md: no yaml block under "## Configuration"');
  return m[1]!;
}

/** `node dist/main.js --config <file> --check-config` in `cwd`: its exit code and output. */
function checkConfig(file: string, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [main, '--config', file, '--check-config'], { cwd, timeout: 60_000 }, (e, stdout, stderr) => {
      resolve({ code: e ? (typeof e.code === 'number' ? e.code : -1) : 0, stdout, stderr });
    });
  });
}

const examples = readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.yaml')).sort();

t.test('the shipped examples are there', async (t) => {
  t.ok(examples.length >= 3, `examples/*.yaml: ${examples.join(', ')}`);
});

const cases = [
  // The README's block names profilesDir: ./profiles.d (relative to the working directory): it is made there.
  { name: 'README.md "Configuration"', file: () => readmeConfigBlock(), needs: ['profiles.d'] },
  ...examples.map((f) => ({ name: `examples/${f}`, file: () => readFileSync(join(root, 'examples', f), 'utf8'), needs: [] as string[] })),
];

for (const c of cases) {
  t.test(`${c.name} passes --check-config`, { timeout: 90_000 }, async (t) => {
    const dir = tempDir(t, 'netmon-config-examples-');
    for (const d of c.needs) mkdirSync(join(dir, d));
    writeFileSync(join(dir, 'netmon.yaml'), c.file());
    const r = await checkConfig('netmon.yaml', dir);
    t.equal(r.code, 0, `exit 0 (stderr: ${r.stderr.trim()})`);
    t.match(r.stdout, /^netmon\.yaml: OK \(\d+ network\(s\)\)\n$/, 'it says OK');
  });
}
