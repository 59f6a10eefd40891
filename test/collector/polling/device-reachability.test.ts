// Nothing silently unmonitored, at the collector: the kinds of failure reasons, the states of a
// device that never answered (never answered → answering → unreachable since…), the warnings they
// log (once per run of failures), and the placeholder a never-answered device is polled as.
import t from 'tap';
import { placeholderOf, isPlaceholder, type RegistryEntry } from '../../../collector/devices/registry-entry.js';
import { DeviceHealth, type PollOutcome } from '../../../collector/polling/device-health.js';
import { failureKind, withAddress } from '../../../collector/polling/poll-reason.js';
import type { NetworkConfig } from '../../../core/config-schema.js';
import { createLogger } from '../../../core/logger.js';

t.test('failure reasons by kind (table)', async (t) => {
  const cases: [string, ReturnType<typeof failureKind>][] = [
    ['127.1.0.240:161: Request timed out', 'timeout'],
    ['10.0.0.1:161: Request timed out; 2 answer(s) that did not fit their request were dropped (first: wrong request id)', 'timeout'],
    ['10.0.0.1:161: RequestTimedOutError', 'timeout'],
    ['10.0.0.1:161: Authentication failure (incorrect password, community or key)', 'credentials'],
    ['10.0.0.1:161: usmStatsWrongDigests report', 'credentials'],
    ['10.0.0.1:161: Unknown user name', 'credentials'],
    ['no credentials configured', 'credentials'],
    ['10.0.0.1:161: send EHOSTUNREACH 10.0.0.1:161', 'noRoute'],
    ['10.0.0.1:161: send ENETUNREACH', 'noRoute'],
    ['10.0.0.1:161: connect ECONNREFUSED 10.0.0.1:161', 'refused'],
    ['no system group', 'agentError'],
    ['10.0.0.1:161: genErr (5) at varbind 1', 'agentError'],
    ['10.0.0.1:161: noSuchName', 'agentError'],
    ['box.example: the DNS name does not resolve (ENOTFOUND)', 'unresolved'],
    ['something else entirely', 'other'],
  ];
  for (const [text, kind] of cases) t.equal(failureKind(text), kind, text);
  t.equal(withAddress('10.0.0.1', '10.0.0.1:161: Request timed out'), '10.0.0.1:161: Request timed out', 'an error that names the address is kept');
  t.equal(withAddress('10.0.0.1', 'no system group'), '10.0.0.1: no system group', 'one that does not gets it');
});

function tracker() {
  const lines: string[] = [];
  let now = 5_000_000;
  const h = new DeviceHealth({ networkId: 1, networkName: 'lab', nowMs: () => now, logger: createLogger({ level: 'debug', write: (l) => lines.push(l) }) });
  return { h, lines, tick: (ms: number) => { now += ms; }, now: () => now };
}

const OK: PollOutcome = { ok: true };
const TIMEOUT = '10.9.0.7:161: Request timed out';

t.test('a device that never answered: its states, reasons and warnings (table)', async (t) => {
  const { h, lines, tick, now } = tracker();
  const listedAt = now();
  h.setDevices([{ id: 7, name: 'new-box', address: '10.9.0.7', neverAnswered: true }]);
  // [what happens, reachability, failing, reasonKind, summary pattern, warnings so far, infos so far]
  type Step = [() => void, string, boolean, string | null, RegExp, number, number];
  const steps: Step[] = [
    [() => undefined, 'neverAnswered', true, null, /^never answered: not polled yet$/, 0, 0],
    [() => h.noteProbeFailure(7, TIMEOUT), 'neverAnswered', true, 'timeout', /^never answered: timeout: no SNMP answer.*Request timed out/, 1, 0],
    [() => h.record(7, { ok: false, error: TIMEOUT }), 'neverAnswered', true, 'timeout', /^never answered: timeout/, 1, 0],
    [() => h.record(7, { ok: false, error: '10.9.0.7:161: send EHOSTUNREACH' }), 'neverAnswered', true, 'noRoute', /^never answered: no route/, 1, 0],
    // its poll answers: answering (its record is made by the probe this starts, network-monitor.ts)
    [() => h.record(7, OK), 'answering', false, null, /^answering$/, 1, 1],
    // the registry gives its record: still answering
    [() => h.setDevices([{ id: 7, name: 'new-box', address: '10.9.0.7' }]), 'answering', false, null, /^answering$/, 1, 1],
    [() => h.record(7, { ok: false, error: '10.9.0.7:161: connect ECONNREFUSED' }), 'unreachable', true, 'refused', /^unreachable since \d{4}-.*Z: refused/, 2, 1],
    // a probe failure of a device that answered before changes nothing (its polls say)
    [() => h.noteProbeFailure(7, TIMEOUT), 'unreachable', true, 'refused', /^unreachable since/, 2, 1],
    [() => h.record(7, OK), 'answering', false, null, /^answering$/, 2, 2],
  ];
  steps.forEach(([act, reachability, failing, kind, summary, warns, infos], i) => {
    tick(2000);
    act();
    const s = h.state(7)!;
    t.match(s, { reachability, failing, reasonKind: kind }, `step ${i}: ${reachability}`);
    t.match(s.summary, summary, `step ${i}: summary ${s.summary}`);
    t.equal(lines.filter((l) => /warn/i.test(l)).length, warns, `step ${i}: warnings`);
    t.equal(lines.filter((l) => /info/i.test(l)).length, infos, `step ${i}: infos`);
    t.same(h.states().find((x) => x.deviceId === 7), s, `step ${i}: states() agrees`);
  });
  t.equal(h.failingCount(), 0);
  const warn = lines.find((l) => /never answered/.test(l))!;
  t.match(warn, /new-box/, 'the warning names the device');
  t.match(warn, /10\.9\.0\.7/, 'and its address');
  t.ok(listedAt > 0);
});

t.test('a never-answered device is failing from the moment it is listed', async (t) => {
  const { h, now } = tracker();
  h.setDevices([{ id: 1, name: 'a', address: '10.0.0.1', neverAnswered: true }, { id: 2, name: 'b', address: '10.0.0.2' }]);
  t.match(h.state(1), { failing: true, failingSinceMs: now(), consecutiveFailures: 0 });
  t.match(h.state(2), { failing: false, failingSinceMs: null, reachability: 'answering' });
  t.equal(h.failingCount(), 1);
});

const net = (snmp: Partial<NetworkConfig['snmp']>): NetworkConfig => ({
  snmp: { port: 161, communities: ['public', 'private'], v3Users: [{ name: 'ops' }], ...snmp },
} as unknown as NetworkConfig);

function entry(snmp: RegistryEntry['snmp']): RegistryEntry {
  return {
    id: 9, state: 'present', origin: 'api', declaredAddress: '10.1.1.1', name: '', comment: '', tags: ['Role.Edge'], externalTags: [],
    snmp, record: null, presence: { answered: false, lastAnsweredMs: 0, unreachableSinceMs: null }, addedAtMs: 1, addedBy: 'admin',
  };
}

t.test('the placeholder of a device that never answered is polled with its first credentials (table)', async (t) => {
  // [network snmp, device override, version, community, v3 user, port]
  const cases: [Partial<NetworkConfig['snmp']>, RegistryEntry['snmp'], '2c' | '3', string, string, number][] = [
    [{}, null, '2c', 'public', '', 161],
    [{}, { firstCommunities: ['given'], port: 1161 }, '2c', 'given', '', 1161],
    [{}, { communities: ['own'] }, '2c', 'own', '', 161],
    [{}, { v3User: 'ops' }, '3', '', 'ops', 161],
    [{ communities: [] }, null, '3', '', 'ops', 161],
  ];
  for (const [snmp, override, version, community, v3User, port] of cases) {
    const d = placeholderOf(entry(override), net(snmp));
    t.match(d, { id: 9, name: '10.1.1.1', address: '10.1.1.1', snmpPort: port, interfaces: [], tags: ['Role.Edge'], poll: { version, community, v3User, cpu: null, mem: null } },
      `${JSON.stringify(snmp)} ${JSON.stringify(override)}`);
    t.ok(isPlaceholder(d), 'is a placeholder');
  }
});
