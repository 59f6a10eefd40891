// Runs the compiled test files (dist/test/**/*.test.js), several at a time, each as a plain
// `node --enable-source-maps <file>` process, and reads each file's TAP with tap-parser.
//
// Why not `tap run`: it starts every file with tap's module loader hook (@tapjs/processinfo, which
// it always adds, for coverage and --changed; no option removes it). That hook costs about 1.5 s of
// CPU per file on this 2-core machine (docs/testing.md, "What the start of a file costs"): over
// ~200 files, minutes of the suite. The test files are plain tap files and print TAP when run with
// node, so this runner only schedules them and reads their results.
//
// Usage: node scripts/run-tests.mjs [-j N] [--verbose] [files…]
//   -j N        files at a time (default TEST_JOBS, else 2 × the CPUs; most files wait on sockets,
//               timers and agents rather than compute)
//   --verbose   print every file's TAP, not only the failing files'
//   files       test files or folders (default: dist/test)
// Files of one serial group (test/lab/: one lab of network namespaces on the machine) run one
// after another; they start first, since together they are the longest chain.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, sep } from 'node:path';
import { Parser } from 'tap-parser';

const FILE_TIMEOUT_S = 300;
const args = process.argv.slice(2);
let jobs = Number(process.env.TEST_JOBS) || availableParallelism() * 2;
let verbose = false;
const roots = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '-j' || a === '--jobs') jobs = Number(args[++i]);
  else if (a.startsWith('-j')) jobs = Number(a.slice(2));
  else if (a === '--verbose' || a === '-v') verbose = true;
  else if (a === '--help' || a === '-h') {
    console.log('usage: node scripts/run-tests.mjs [-j N] [--verbose] [files or folders…]');
    process.exit(0);
  } else roots.push(a);
}
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error('run-tests: -j needs a whole number ≥ 1');
  process.exit(2);
}

function findTests(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((e) => {
    const p = join(path, e.name);
    if (e.isDirectory()) return findTests(p);
    return e.name.endsWith('.test.js') ? [p] : [];
  });
}
const files = [...new Set((roots.length ? roots : ['dist/test']).flatMap(findTests))].sort();

/** The serial group of a file (files of one group never run at the same time), or undefined. */
const serialGroup = (file) => (file.split(sep).includes('lab') ? 'lab' : undefined);
/** Start order: the lab's chain first, then the folders whose files run longest (they wait on
 *  polls, timers and browsers), then the rest; sorted by name within a rank. */
const RANK = ['lab', 'remote', 'e2e', 'fuzz', 'ui', 'api'];
const rank = (file) => {
  const parts = file.split(sep);
  const r = RANK.findIndex((name) => parts.includes(name));
  return r === -1 ? RANK.length : r;
};
const queue = files.map((file, i) => ({ file, i })).sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i);

const results = [];
const busyGroups = new Set();
/** The process groups of the files running: each file runs in its own group (see runFile). */
const groups = new Set();
// Stopped (Ctrl-C, a CI timeout): the files' groups do not get the terminal's signal, so pass it on
// (SIGTERM: a file's own exit handlers run) and end what is left after 5 s.
let stopping = false;
const signalGroups = (signal) => {
  for (const pid of groups) {
    try {
      process.kill(-pid, signal);
    } catch {}
  }
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    signalGroups('SIGTERM');
    setTimeout(() => {
      signalGroups('SIGKILL');
      process.exit(130);
    }, groups.size ? 5_000 : 0);
  });
}
let running = 0;
const started = Date.now();

function runFile(file) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, ['--enable-source-maps', file], {
      env: { ...process.env, TAP_TIMEOUT: String(FILE_TIMEOUT_S) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group: a timeout ends the file and whatever it started
    });
    groups.add(child.pid);
    const out = [];
    const parser = new Parser();
    let final;
    parser.on('complete', (r) => (final = r));
    child.stdout.on('data', (d) => {
      out.push(d);
      parser.write(d);
    });
    child.stderr.on('data', (d) => out.push(d));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, (FILE_TIMEOUT_S + 30) * 1000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      groups.delete(child.pid);
      parser.end();
      const output = Buffer.concat(out).toString('utf8');
      // tap ends a file run by node with its count of every assertion, subtests' included
      // ("# { total: 14, pass: 13, fail: 1 }"); tap-parser's own counts are of the top level only.
      const summary = /^# \{ (total: \d+.*) \}$/m.exec(output)?.[1] ?? '';
      const r = { ok: final?.ok ?? false, count: 0, pass: 0, fail: 0, skip: 0, todo: 0 };
      for (const [, key, n] of summary.matchAll(/(\w+): (\d+)/g)) r[key === 'total' ? 'count' : key] = Number(n);
      const ok = code === 0 && !timedOut && r.ok;
      const why = timedOut ? `timed out after ${FILE_TIMEOUT_S + 30} s` : code !== 0 ? `exit ${code ?? signal}` : '';
      resolve({ file, ok, why, ms: Date.now() - t0, r, output });
    });
  });
}

function report(res) {
  const s = (res.ms / 1000).toFixed(1).padStart(6);
  const counts = `${res.r.pass}/${res.r.count}${res.r.skip ? `, ${res.r.skip} skipped` : ''}`;
  const line = `${res.ok ? 'ok    ' : 'FAILED'} ${s} s  ${relative('.', res.file)}  (${counts})${res.why ? ` ${res.why}` : ''}`;
  if (!res.ok || verbose) process.stdout.write(`${res.output.replace(/\n*$/, '\n')}`);
  console.log(line);
  // A skip is said out loud (a missing tool on a laptop), with tap's reason: every skipped test of the file.
  for (const skipped of skipsOf(res)) console.log(`         skipped: ${skipped}`);
}

/** The tests a file skipped, each as "name: reason" from its TAP (`ok 1 - name # SKIP reason`). */
const skipsOf = (res) => [...res.output.matchAll(/^\s*ok \d+ - (.*?) # SKIP ?(.*)$/gm)].map(([, name, why]) => (why ? `${name}: ${why}` : name));

/** The failing tests of a file's TAP, each with where it failed and what was found and wanted. */
function failuresOf(res) {
  const lines = res.output.split('\n');
  const out = [];
  lines.forEach((line, i) => {
    const m = /^(\s*)not ok \d+ - (.*)$/.exec(line);
    if (!m) return;
    out.push(`${m[1]}not ok - ${m[2]}`);
    if (lines[i + 1]?.trim() !== '---') return;
    const yaml = [];
    for (let k = i + 2; k < lines.length && lines[k].trim() !== '...'; k++) yaml.push(lines[k]);
    const value = (key) => yaml.find((l) => l.trim().startsWith(`${key}:`))?.trim();
    const file = value('fileName'), at = value('lineNumber');
    const said = [file && at ? `at ${file.slice(10).trim()}:${at.slice(12).trim()}` : undefined, value('found'), value('wanted'), value('pattern')];
    const diffAt = yaml.findIndex((l) => l.trim().startsWith('diff:'));
    const diff = diffAt < 0 ? [] : yaml.slice(diffAt + 1).map((l) => l.trim()).filter((l) => /^[-+](?![-+]{2} )/.test(l)).slice(0, 6);
    out.push(...[...said.filter(Boolean), ...diff].map((l) => `${m[1]}  ${l}`));
  });
  return out;
}

await new Promise((done) => {
  const next = () => {
    if (queue.length === 0 && running === 0) return done();
    while (running < jobs && !stopping) {
      const at = queue.findIndex((q) => !busyGroups.has(serialGroup(q.file)));
      if (at === -1) break;
      const [{ file }] = queue.splice(at, 1);
      const group = serialGroup(file);
      if (group) busyGroups.add(group);
      running++;
      runFile(file).then((res) => {
        running--;
        if (group) busyGroups.delete(group);
        results.push(res);
        report(res);
        next();
      });
    }
  };
  next();
});

const sum = (k) => results.reduce((n, res) => n + (res.r[k] ?? 0), 0);
const failed = results.filter((res) => !res.ok);
const wall = (Date.now() - started) / 1000;
console.log(`\n# the ten slowest files`);
for (const res of [...results].sort((a, b) => b.ms - a.ms).slice(0, 10))
  console.log(`#   ${(res.ms / 1000).toFixed(1).padStart(6)} s  ${relative('.', res.file)}`);
console.log(
  `# ${results.length} files, ${jobs} at a time: ${sum('count')} assertions, ${sum('pass')} passed, ` +
    `${sum('fail')} failed, ${sum('skip')} skipped, ${sum('todo')} todo; ${wall.toFixed(1)} s wall`,
);
const skippedFiles = results.filter((res) => res.r.skip > 0);
if (skippedFiles.length) {
  console.log(`# ${skippedFiles.length} files skipped tests (see "skipped:" above):`);
  for (const res of skippedFiles) console.log(`#   ${relative('.', res.file)} (${res.r.skip})`);
}
if (failed.length) {
  console.log(`# ${failed.length} failing files:`);
  for (const res of failed) {
    console.log(`#   ${relative('.', res.file)}${res.why ? ` (${res.why})` : ''}`);
    // What failed, where a log that keeps only its end still shows it: each failing test with the
    // first lines of its diagnostics, or the end of the file's output when no test says it failed.
    const failures = failuresOf(res);
    const lines = failures.length ? failures : res.output.trimEnd().split('\n').slice(-12);
    for (const l of lines.slice(0, 40)) console.log(`#     ${l.slice(0, 300)}`);
  }
}
process.exit(failed.length ? 1 : 0);
