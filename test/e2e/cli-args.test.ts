import { readFileSync } from 'node:fs';
import t from 'tap';
import { spawnServer } from '../fakes/helpers.js';

/**
 * The built server's command-line arguments that answer and exit at once: what each prints, where,
 * and its exit code (docs/running.md "Exit codes"). None of them starts a server.
 */
const version = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const usage = /^Usage: node dist\/main\.js \[--config FILE\] \[--check-config\][\s\S]*--version[\s\S]*Exit codes:/;

const cases: { args: string[]; exit: number; stdout: RegExp; stderr: RegExp }[] = [
  { args: ['--version'], exit: 0, stdout: new RegExp(`^netmon ${version.replace(/\./g, '\\.')}\\n$`), stderr: /^$/ },
  { args: ['--help'], exit: 0, stdout: usage, stderr: /^$/ },
  { args: ['-h'], exit: 0, stdout: usage, stderr: /^$/ },
  { args: ['help'], exit: 0, stdout: usage, stderr: /^$/ },
  // bad usage: the reason, then the usage, on stderr; exit 2
  { args: ['--versoin'], exit: 2, stdout: /^$/, stderr: /Unknown option '--versoin'[\s\S]*Usage: node dist\/main\.js/ },
  { args: ['help', 'me'], exit: 2, stdout: /^$/, stderr: /Unexpected argument 'help'[\s\S]*Usage: node dist\/main\.js/ },
  { args: ['--config'], exit: 2, stdout: /^$/, stderr: /--config <value>' argument missing[\s\S]*Usage:/ },
  { args: ['--check-config', '--config', '/nonexistent/netmon.yaml'], exit: 2, stdout: /^$/, stderr: /^netmon: .*nonexistent\/netmon\.yaml/ },
];

for (const c of cases) {
  t.test(`netmon ${c.args.join(' ')}: exit ${c.exit}`, { timeout: 60_000 }, async (t) => {
    const out = spawnOutputs(t, c.args);
    t.equal(await out.exited, c.exit, `exit code ${c.exit}`);
    t.match(out.stdout(), c.stdout, 'stdout');
    t.match(out.stderr(), c.stderr, 'stderr');
  });
}

/** spawnServer with stdout and stderr kept apart. */
function spawnOutputs(t: Parameters<typeof spawnServer>[0], args: string[]) {
  const server = spawnServer(t, args, {});
  let stdout = '';
  let stderr = '';
  server.proc.stdout!.on('data', (b: Buffer) => { stdout += b.toString(); });
  server.proc.stderr!.on('data', (b: Buffer) => { stderr += b.toString(); });
  return { exited: server.exited, stdout: () => stdout, stderr: () => stderr };
}
