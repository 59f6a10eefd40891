// The config's `profilesDir`: a folder of device profiles read and checked at load.
import t from 'tap';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../core/config-load.js';
import { loadProfileSet } from '../../collector/discovery/profiles.js';

const dir = mkdtempSync(join(tmpdir(), 'netmon-config-profiles-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const folder = (name: string, files: Record<string, string>): string => {
  const d = join(dir, name);
  mkdirSync(d);
  for (const [f, text] of Object.entries(files)) writeFileSync(join(d, f), text);
  return d;
};
const load = (profilesDir: string) => loadConfig({ path: 'netmon.yaml', env: {}, text: `simulator: true\nprofilesDir: ${JSON.stringify(profilesDir)}\n` });

const good = folder('good', {
  'mikrotik.yaml': "name: mikrotik-routeros\nos: RouterOS\nvendor: MikroTik\nmatch:\n  sysObjectID: [1.3.6.1.4.1.14988]\ncpu:\n  - { kind: columnAvg, column: 1.3.6.1.2.1.25.3.3.1.2 }\n",
  'windows.json': '{ "name": "windows", "os": "Windows", "vendor": "Microsoft", "match": { "sysObjectID": ["1.3.6.1.4.1.311"] } }',
});
const bad = folder('bad', { 'x.yaml': 'name: x\nmatch:\n  sysObjectIDs: [1.3.6]\n' });

// [what, profilesDir, expected profilesDir or error pattern]
const cases: [string, string | null, string | RegExp][] = [
  ['a folder of good profiles', good, good],
  ['a bad profile: its file, key and line', bad, /x\.yaml: match\.sysObjectIDs \(line 3\): unknown key 'sysObjectIDs'/],
  ['not a folder', join(dir, 'nowhere'), /^netmon\.yaml: profilesDir \(line 2\): is not a folder/],
  ['empty string', '', /^netmon\.yaml: profilesDir \(line 2\): must be a non-empty string/],
];
for (const [what, value, want] of cases) {
  if (typeof want === 'string') t.equal(load(value!).profilesDir, want, what);
  else t.throws(() => load(value!), { code: 'CONFIG_INVALID', message: want }, what);
}
t.equal(loadConfig({ path: 'netmon.yaml', env: {}, text: 'simulator: true\n' }).profilesDir, null, 'absent: built-ins only');

t.test('a profilesDir profile beside the built-ins, replacing one of the same name', async (t) => {
  const set = loadProfileSet(good);
  t.equal(set.match('1.3.6.1.4.1.14988.1', 'RouterOS RB4011')?.name, 'mikrotik-routeros', 'a new OS family');
  t.equal(set.match('1.3.6.1.4.1.311.1.1.3.1.1', 'Windows')?.file, join(good, 'windows.json'), 'the operator\'s windows profile replaces the built-in');
  t.equal(set.profiles.filter((p) => p.name === 'windows').length, 1);
});
