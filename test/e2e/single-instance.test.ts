import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { getJson, randomPort, startServer, tempDir, waitFor } from '../fakes/helpers.js';

/**
 * One server per port and per data directory, with the built server: a second server on the
 * port of a running one, or on its data directory, fails to start with a message that says why
 * (for the directory: the first one's PID), and the first one goes on answering.
 */
const config = (dir: string) => {
  const path = join(dir, 'netmon.yaml');
  // a network with nothing to discover: the servers only need to be up
  writeFileSync(path, `
networks:
  - id: 1
    seeds: [127.0.0.1]
    ranges: [127.0.0.1/32]
    snmp: { port: ${randomPort()}, timeout: 1s, retries: 0 }
    discoveryInterval: 1h
`);
  return path;
};

const cases = [
  // exit codes (docs/running.md): 4 a start-up that failed otherwise (the port), 3 the data directory held by another server
  { name: 'two servers on one port', samePort: true, sameDir: false, exit: 4, error: (port: number) => new RegExp(`start-up failed .*cannot listen on 127\\.0\\.0\\.1:${port}`) },
  { name: 'two servers on one data directory', samePort: false, sameDir: true, exit: 3, error: (_port: number, pid: number) => new RegExp(`start-up failed .*data directory .* is in use by another server \\(PID ${pid} on `) },
];

for (const c of cases) {
  t.test(`${c.name}: the second fails to start, saying why`, { timeout: 120_000 }, async (t) => {
    const dir = tempDir(t, 'netmon-single-');
    const configPath = config(dir);
    const port = randomPort();
    const first = startServer(t, configPath, join(dir, 'data1'), port);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => ((await getJson(base, '/api/metrics/ping')).body === 'pong' ? true : undefined), 30_000, 'the first server');

    const second = startServer(t, configPath, join(dir, c.sameDir ? 'data1' : 'data2'), c.samePort ? port : randomPort());
    t.equal(await second.exited, c.exit, `the second server exits with status ${c.exit}`);
    t.match(second.log(), c.error(port, first.proc.pid!), 'its log says why');
    t.equal((await getJson(base, '/api/metrics/ping')).body, 'pong', 'the first one still answers');
    t.equal(first.proc.exitCode, null, 'and still runs');
    first.proc.kill('SIGTERM');
    t.equal(await first.exited, 0, 'the first one stops cleanly');
  });
}
