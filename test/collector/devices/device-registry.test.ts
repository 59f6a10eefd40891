/**
 * The rules that keep devices (collector/devices/registry-rules.ts) and external tags: a device that
 * answers is present; a known device that does not answer stays, marked unreachable; a discovered
 * one is forgotten after the window, config and API ones never; removed or forgotten devices found
 * again come back with their id; config devices follow the config.
 */
import t from 'tap';
import { applyTags, checkTags } from '../../../collector/devices/external-tags.js';
import { deviceOf, type RegistryEntry } from '../../../collector/devices/registry-entry.js';
import { mergeRun, syncConfigDevices, type Declared } from '../../../collector/devices/registry-rules.js';
import type { Device } from '../../../core/types.js';

const H = 3_600_000;
const WINDOW = 7 * 24 * H;
const rec = (id: number, address = `10.0.0.${id}`): Device => ({
  id, name: `dev${id}`, address, snmpPort: 161, sysObjectID: '', sysDescr: '', sysContact: '', sysLocation: '', sysUpTimeCs: 0,
  chassisId: '', vendor: '', model: '', serialNumber: '', softwareRev: '', tags: ['Vendor.X'], interfaces: [], components: [],
  neighbors: [], discoveredAtMs: 0,
  poll: { version: '2c', community: 'public', v3User: '', hc: true, hrProcessor: false, ucdCpu: false, ucdMem: false, hrRamIndex: 0 },
});
const entry = (id: number, o: Partial<RegistryEntry> = {}): RegistryEntry => ({
  id, state: 'present', origin: 'discovered', declaredAddress: `10.0.0.${id}`, name: '', comment: '', tags: [], externalTags: [],
  snmp: null, record: rec(id), presence: { answered: true, lastAnsweredMs: 0, unreachableSinceMs: null }, addedAtMs: 0, addedBy: 'discovery', ...o,
});
const down = (sinceMs: number) => ({ answered: false, lastAnsweredMs: 0, unreachableSinceMs: sinceMs });
const apiDecl: Declared = { origin: 'api', declaredAddress: 'sw.example', name: 'sw', comment: 'c', tags: ['Role.Core'], snmp: { communities: ['s'] }, addedBy: 'alice' };

t.test('merge rules', async (t) => {
  const cases: {
    name: string; before: RegistryEntry[]; nowMs: number; found?: Device[]; unanswered?: number[]; declared?: [number, Declared][];
    want: Record<string, unknown>[]; events: string[];
  }[] = [
    { name: 'a new device answers', before: [], nowMs: 5, found: [rec(1)], want: [{ id: 1, state: 'present', origin: 'discovered', presence: { answered: true, lastAnsweredMs: 5, unreachableSinceMs: null } }], events: ['new 1'] },
    { name: 'a known device not probed stays as it was', before: [entry(1)], nowMs: 5, want: [{ id: 1, presence: { answered: true } }], events: [] },
    { name: 'a known device that does not answer stays, unreachable', before: [entry(1)], nowMs: 10, unanswered: [1], want: [{ id: 1, state: 'present', presence: { answered: false, unreachableSinceMs: 10 }, record: { address: '10.0.0.1' } }], events: ['unreachable 1'] },
    { name: 'still unreachable: the first miss is kept, nothing logged again', before: [entry(1, { presence: down(10) })], nowMs: 20 * H, unanswered: [1], want: [{ presence: { unreachableSinceMs: 10 }, state: 'present' }], events: [] },
    { name: 'a discovered device past the window is forgotten', before: [entry(1, { presence: down(0) })], nowMs: WINDOW, unanswered: [1], want: [{ state: 'forgotten' }], events: ['forgotten 1'] },
    { name: 'a config device is never forgotten', before: [entry(1, { origin: 'config', presence: down(0) })], nowMs: 100 * WINDOW, unanswered: [1], want: [{ state: 'present', origin: 'config' }], events: [] },
    { name: 'an API device is never forgotten', before: [entry(1, { origin: 'api', presence: down(0) })], nowMs: 100 * WINDOW, unanswered: [1], want: [{ state: 'present', origin: 'api' }], events: [] },
    { name: 'an unreachable device answers again', before: [entry(1, { presence: down(0) })], nowMs: H, found: [rec(1)], want: [{ presence: { answered: true, unreachableSinceMs: null } }], events: ['back 1'] },
    { name: 'a removed device found again keeps its id, discovered', before: [entry(1, { state: 'removed', origin: 'api', comment: 'kept' })], nowMs: 1, found: [rec(1)], want: [{ id: 1, state: 'present', origin: 'discovered', comment: 'kept' }], events: ['back 1'] },
    { name: 'a forgotten device found again comes back', before: [entry(1, { state: 'forgotten', presence: down(0) })], nowMs: 1, found: [rec(1)], want: [{ id: 1, state: 'present' }], events: ['back 1'] },
    { name: 'a removed device not answering stays removed', before: [entry(1, { state: 'removed' })], nowMs: 100 * WINDOW, unanswered: [1], want: [{ state: 'removed' }], events: [] },
    { name: 'an API declaration applies when it answers', before: [], nowMs: 1, found: [rec(1)], declared: [[1, apiDecl]], want: [{ origin: 'api', name: 'sw', declaredAddress: 'sw.example', tags: ['Role.Core'], addedBy: 'alice' }], events: ['new 1'] },
  ];
  for (const c of cases) {
    const m = mergeRun(new Map(c.before.map((e) => [e.id, e])), {
      nowMs: c.nowMs, forgetAfterMs: WINDOW, found: c.found ?? [], declared: new Map(c.declared ?? []),
      unanswered: new Map((c.unanswered ?? []).map((id) => [id, 'timeout'])),
    });
    t.match([...m.entries.values()], c.want, `${c.name}: entries`);
    t.same(m.events.map((e) => `${e.kind} ${e.entry.id}`), c.events, `${c.name}: events`);
  }
});

t.test('config devices follow the config', async (t) => {
  const before = new Map([
    [1, entry(1, { origin: 'config', declaredAddress: 'a.example' })],
    [2, entry(2, { origin: 'config', declaredAddress: 'gone.example' })],
    [3, entry(3, { origin: 'config', declaredAddress: 'pending.example', record: null })],
  ]);
  const r = syncConfigDevices(before, [{ address: 'A.example', name: 'renamed', tags: ['Site.X'] }]);
  t.same(r.dropped, [3], 'a never-answered config device no longer declared leaves');
  t.match(r.changed, [{ id: 1, name: 'renamed', tags: ['Site.X'], origin: 'config' }, { id: 2, origin: 'discovered', declaredAddress: '10.0.0.2' }]);
});

t.test('the device as shown: operator name and tags, external tags merged', async (t) => {
  const d = deviceOf(entry(4, { name: 'core', tags: ['Role.Core'], externalTags: ['Cmdb.Gold', 'Vendor.X'] }))!;
  t.match(d, { id: 4, name: 'core', tags: ['Vendor.X', 'Role.Core', 'Cmdb.Gold'], externalTags: ['Cmdb.Gold', 'Vendor.X'], origin: 'discovered' });
  t.equal(deviceOf(entry(5, { record: null })), null, 'not shown before it answers');
});

t.test('external tags: modes and validation', async (t) => {
  const cases: [string, string[], string[], 'replace' | 'add' | 'remove', string[]][] = [
    ['replace', ['A.x', 'B.y'], ['C.z'], 'replace', ['C.z']],
    ['replace with repeats', [], ['C.z', 'C.z'], 'replace', ['C.z']],
    ['add keeps order, no repeats', ['A.x'], ['B.y', 'A.x'], 'add', ['A.x', 'B.y']],
    ['remove', ['A.x', 'B.y'], ['A.x', 'Q.q'], 'remove', ['B.y']],
  ];
  for (const [name, cur, tags, mode, want] of cases) t.same(applyTags(cur, tags, mode), want, name);
  const bad: [string, unknown][] = [['no facet', ['Word']], ['a space', ['Role.Core switch']], ['empty word', ['Role.']], ['not a list', 'Role.Core'], ['a number', [3]], ['facet starts with a digit', ['1x.y']]];
  for (const [name, tags] of bad) t.throws(() => checkTags(tags, 'tags'), { code: 'BAD_PARAMETER' }, name);
  t.throws(() => applyTags([], [], 'merge' as 'add'), { code: 'BAD_PARAMETER' }, 'an unknown mode');
  t.same(checkTags(['Cmdb.Gold-1', 'Site.Paris/2'], 'tags'), ['Cmdb.Gold-1', 'Site.Paris/2']);
});
