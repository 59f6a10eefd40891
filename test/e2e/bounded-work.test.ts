import t from 'tap';
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServerReady, tempDir, waitFor, writeSimulatedConfig } from '../fakes/helpers.js';

/**
 * Bounded work over a real socket, with the built server and accounts made by the built CLI
 * (authentication on, user-role tokens):
 * - report runs posted many at once get refusals past the gate `limits.reportRuns` — 429
 *   RATE_LIMITED past one caller's share, 503 SERVER_BUSY when the queue is full, each a JSON error
 *   naming the bound — while the server keeps answering; the runs admitted all end, and no more of
 *   them ever ran at once than the bound (from the tasks' own start and end times);
 * - report files that are not regular files in the reports folder — a symbolic link to a file
 *   outside the data directory, a directory, a FIFO — answer 404 UNKNOWN_REPORT (each request
 *   carries a timeout: a FIFO must not hold the request forever).
 */
const MAIN = fileURLToPath(new URL('../../main.js', import.meta.url));
const BOUNDS = { maxRunning: 1, maxQueued: 2, maxPerCaller: 2 };

function cli(dataDir: string, args: string[], input = ''): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [MAIN, ...args], { env: { ...process.env, DATA_DIR: dataDir, NETMON_CONFIG: '' }, input, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface Answer { status: number; body: any }

t.test('report runs are bounded; report files are regular files of their folder', { timeout: 240_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-bounded-');
  const dataDir = join(dir, 'data');
  const limits = `{ maxRunning: ${BOUNDS.maxRunning}, maxQueued: ${BOUNDS.maxQueued}, maxPerCaller: ${BOUNDS.maxPerCaller} }`;
  const configPath = writeSimulatedConfig(dir, {
    devices: 4, interfacesPerDevice: 4, pollInterval: '5s', networkExtra: '    discoveryInterval: 1h',
    extra: `auth: { enabled: true }\nreports: { schedule: off }\nlimits: { reportRuns: ${limits} }`,
  });
  const tokens: string[] = [];
  for (const name of ['ci1', 'ci2', 'ci3']) {
    const r = cli(dataDir, ['token', 'create', name]);
    t.equal(r.code, 0, `token ${name} created (role user)`);
    tokens.push(r.out.trim());
  }
  const { base } = await startServerReady(t, configPath, dataDir, 60_000);
  // Every request with a timeout: a timer held until the answer (AbortSignal.timeout's may be
  // collected on Node 20 before it fires), so a request the server never answers fails the test.
  const call = async (method: string, path: string, token: string): Promise<Answer> => {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`no answer to ${method} ${path} within 20 s`)), 20_000);
    try {
      const r = await fetch(base + path, { method, headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
      const text = await r.text();
      let body: unknown = text;
      try { body = JSON.parse(text); } catch { /* not JSON */ }
      return { status: r.status, body };
    } finally {
      clearTimeout(timer);
    }
  };
  // Discovery must have made the inventory before reports have rows (not needed for the bounds).
  await waitFor(async () => ((await call('GET', '/v2/ui/net/1/tasks', tokens[0]!)).status === 200 ? true : undefined), 30_000, 'the tasks call');

  const storm: [string, number[], 'RATE_LIMITED' | 'SERVER_BUSY', RegExp][] = [
    ['one user-role token posting 40 runs at once', [40, 0, 0], 'RATE_LIMITED',
      /^report runs \(limits\.reportRuns\): this caller already has 2 running or waiting \(at most 2 per caller\)/],
    ['three user-role tokens posting 15 runs each at once', [15, 15, 15], 'SERVER_BUSY',
      /^report runs \(limits\.reportRuns\): 1 running and 2 waiting \(at most 1 at once and 2 waiting\)/],
  ];
  for (const [what, perToken, code, message] of storm) {
    const posts: Promise<Answer>[] = [];
    perToken.forEach((n, i) => { for (let k = 0; k < n; k++) posts.push(call('POST', '/v2/ui/net/1/reports/inventory/run', tokens[i]!)); });
    // The server keeps answering while the runs are posted.
    const pings = Array.from({ length: 5 }, () => call('GET', '/v2/ping/net/1', tokens[0]!));
    const answers = await Promise.all(posts);
    t.same((await Promise.all(pings)).map((p) => p.status), [200, 200, 200, 200, 200], `${what}: pings answered during the storm`);
    const other = answers.filter((a) => a.status !== 202 && a.status !== 429 && a.status !== 503);
    t.same(other, [], `${what}: every answer is 202 (admitted) or a refusal`);
    const refused = answers.filter((a) => a.body?.code === code);
    t.ok(refused.length > 0, `${what}: ${refused.length} of ${answers.length} refused with ${code}`);
    for (const a of refused.slice(0, 1)) {
      t.equal(a.status, code === 'RATE_LIMITED' ? 429 : 503, `${what}: ${code} status`);
      t.equal(a.body.status, 'error', `${what}: a JSON error`);
      t.match(a.body.error, message, `${what}: the message names the gate and the bound`);
    }
    const admitted = answers.filter((a) => a.status === 202).map((a) => a.body.task.id as number);
    t.ok(admitted.length > 0, `${what}: ${admitted.length} admitted`);
    // Every admitted run ends; never more than maxRunning of them ran at once.
    const ended = await waitFor(async () => {
      const list = (await call('GET', '/v2/ui/net/1/tasks', tokens[0]!)).body.tasks as { id: number; state: string; startedAtMs: number; endedAtMs: number }[];
      const mine = list.filter((x) => admitted.includes(x.id));
      return mine.length === admitted.length && mine.every((x) => x.state === 'completed') ? mine : undefined;
    }, 60_000, `${what}: the admitted runs to complete`);
    let most = 0;
    for (const a of ended) most = Math.max(most, ended.filter((b) => b.startedAtMs < a.endedAtMs && a.startedAtMs < b.endedAtMs).length);
    t.ok(most <= BOUNDS.maxRunning, `${what}: at most ${BOUNDS.maxRunning} run at once (${most})`);
  }

  // Files that are not regular files of the reports folder, named as report files.
  const reports = join(dataDir, 'reports');
  mkdirSync(reports, { recursive: true });
  const secret = join(dir, 'outside-secret.txt');
  writeFileSync(secret, 'not for the API\n');
  const name = (ms: number) => `inventory-net1-20200101T000000${String(ms).padStart(3, '0')}Z.csv`;
  symlinkSync(secret, join(reports, name(1)));
  mkdirSync(join(reports, name(2)));
  const fifo = spawnSync('mkfifo', [join(reports, name(3))]);
  t.equal(fifo.status, 0, 'mkfifo');
  const cases: [string, string][] = [
    ['a symbolic link to a file outside the data directory', name(1)],
    ['a directory', name(2)],
    ['a FIFO', name(3)],
    ['a name that does not exist', name(4)],
  ];
  for (const [what, file] of cases) {
    const r = await call('GET', `/reports/${file}`, tokens[0]!).catch((e: Error) => ({ status: 0, body: `no answer: ${e.message}` }));
    t.equal(r.status, 404, `${what}: 404`);
    t.equal(r.body?.code, 'UNKNOWN_REPORT', `${what}: UNKNOWN_REPORT`);
    t.notOk(JSON.stringify(r.body).includes('not for the API'), `${what}: nothing of the file outside`);
  }
  const listed = await call('GET', '/v2/ui/net/1/reports/inventory/list?limit=1000', tokens[0]!);
  t.notOk(listed.body.reports.some((x: { name: string }) => x.name.startsWith('inventory-net1-20200101')), 'the list shows none of them');
  t.equal((await call('GET', '/v2/ping/net/1', tokens[0]!)).status, 200, 'the server still answers');
});
