import { readdirSync } from 'node:fs';
import t from 'tap';
import { loadConfig } from '../../core/config-load.js';
import { parseReportFile } from '../../services/reports/report-names.js';
import { tempDir, waitFor } from '../fakes/helpers.js';
import { fixture, servicesOf } from '../fakes/fake-service.js';

/**
 * The report schedule over the fake collector with a clock the test moves: each due time of
 * `every 1h` runs every category of every network once (none before the first due time, none
 * twice), one run after another, and `keep` holds the newest runs per network and category.
 */
const H = 3_600_000;

t.test('scheduled reports: every 1h, keep 2', { timeout: 60_000 }, async (t) => {
  const dir = tempDir(t, 'netmon-report-schedule-');
  const fake = fixture();
  fake.config = loadConfig({
    path: 'sched.yaml', env: { DATA_DIR: dir },
    text: 'networks:\n  - { id: 1, name: lab, seeds: [10.0.0.10] }\n  - { id: 2, name: empty, seeds: [10.0.0.20] }\nreports: { schedule: every 1h, keep: 2 }\n',
  });
  const k = Math.ceil(1_700_000_000_000 / H);
  let now = k * H - 1;
  const services = servicesOf(fake, { nowMs: () => now });
  const runs = () => [1, 2].flatMap((n) => fake.tasks.list(n)).filter((x) => x.kind === 'action');
  // At each run's begin: how many runs had not ended (one after another: none).
  const unendedAtBegin: number[] = [];
  const begin = fake.tasks.begin.bind(fake.tasks);
  fake.tasks.begin = (...args: Parameters<typeof begin>) => {
    unendedAtBegin.push(runs().filter((x) => x.state === 'queued' || x.state === 'running').length);
    return begin(...args);
  };
  services.reports.start();
  t.teardown(() => services.reports.stop());

  const ended = (n: number) => waitFor(async () => {
    const r = runs();
    return r.length === n && r.every((x) => x.state === 'completed') ? r : undefined;
  }, 20_000, `${n} report runs completed`);
  for (let step = 0; step < 3; step++) {
    t.equal(runs().length, 6 * step, `before due time ${step + 1}: ${6 * step} runs`);
    // The scheduler looks again at the due time or within a minute of real time; restarted 1 ms
    // before the due time (as a server started then would be), its next look is 1 ms away.
    now = (k + step) * H - 1;
    services.reports.stop();
    services.reports.start();
    now = (k + step) * H; // the due time
    const r = await ended(6 * (step + 1));
    t.equal(r.filter((x) => x.user === 'schedule').length, 6 * (step + 1), 'all by the schedule');
  }
  const files = readdirSync(`${dir}/reports`).map(parseReportFile);
  t.ok(files.every((f) => f !== null), 'only report files in the directory');
  t.equal(files.length, 2 * 3 * 2 * 2, 'keep 2: 2 networks × 3 categories × 2 runs × (csv, html)');
  t.same([...new Set(files.map((f) => f!.createdAtMs))].sort(), [(k + 1) * H, (k + 2) * H], 'the two newest due times are kept');
  t.equal(runs().length, 18, 'no due time ran twice');
  t.same(unendedAtBegin, new Array(18).fill(0), 'each scheduled run began after the previous one ended');
});
