/**
 * The match of a silence (docs/api.md "Alerts and silences") as a table: each attribute alone, several together, tags
 * (negated, mixed, facet only), the empty match, ignored values ('' and 0); then the index that
 * the SilenceLookup uses agrees with the plain function on every row, picks the lowest id, and
 * respects the expiry boundary (active while the time is below the expiry).
 */
import t from 'tap';
import { SilenceIndex } from '../../../services/silences/silence-index.js';
import { inputVariableName, silenceMatches } from '../../../services/silences/silence-match.js';
import { EMPTY_MATCH, type SilenceData, type SilenceMatch } from '../../../services/silences/silence-record.js';
import { alert } from '../../fakes/alert-fixture.js';

// The alert of every row: key k-1, name ifDown, input ifOperStatus.10.1, device 10 sw1, index 1, tags Role.Core, Vendor.Cisco.
const A = alert();
const m = (over: Partial<SilenceMatch>): SilenceMatch => ({ ...EMPTY_MATCH, ...over });

const rows: [string, Partial<SilenceMatch>, boolean][] = [
  ['empty match', {}, false],
  ['only ignored values', { key: '', varName: '', deviceId: 0, deviceName: '', index: 0, tags: '' }, false],
  ['tags of separators only', { tags: ' , ,' }, false],
  ['key', { key: 'k-1' }, true],
  ['other key', { key: 'k-2' }, false],
  ['key is exact (no prefix)', { key: 'k-' }, false],
  ['varName: input variable name', { varName: 'ifOperStatus' }, true],
  ['varName: alert name', { varName: 'ifDown' }, true],
  ['varName: other', { varName: 'cpuUtil' }, false],
  ['varName: not the triplet', { varName: 'ifOperStatus.10.1' }, false],
  ['deviceId', { deviceId: 10 }, true],
  ['other deviceId', { deviceId: 11 }, false],
  ['deviceName', { deviceName: 'sw1' }, true],
  ['other deviceName', { deviceName: 'sw2' }, false],
  ['index', { index: 1 }, true],
  ['other index', { index: 2 }, false],
  ['tag', { tags: 'Role.Core' }, true],
  ['absent tag', { tags: 'Role.Edge' }, false],
  ['two tags, both present', { tags: 'Role.Core,Vendor.Cisco' }, true],
  ['two tags, one absent', { tags: 'Role.Core,Vendor.Juniper' }, false],
  ['negated absent tag', { tags: '!Role.Edge' }, true],
  ['negated present tag', { tags: '!Role.Core' }, false],
  ['mixed: present and negated absent', { tags: 'Role.Core, !Vendor.Juniper' }, true],
  ['mixed: present and negated present', { tags: 'Role.Core,!Vendor.Cisco' }, false],
  ['facet only', { tags: 'Vendor' }, true],
  ['facet.*', { tags: 'Vendor.*' }, true],
  ['negated facet', { tags: '!Vendor.*' }, false],
  ['several, all hold', { key: 'k-1', deviceId: 10, deviceName: 'sw1', index: 1, varName: 'ifOperStatus', tags: 'Role.Core' }, true],
  ['several, one fails (index)', { key: 'k-1', deviceId: 10, index: 7 }, false],
  ['several, one fails (tag)', { deviceName: 'sw1', tags: '!Role.Core' }, false],
  ['device and name', { deviceId: 10, varName: 'ifDown' }, true],
  ['ignored values beside a given one', { deviceId: 0, index: 0, key: '', deviceName: 'sw1' }, true],
  ['ignored values beside a failing one', { deviceId: 0, deviceName: 'sw9' }, false],
];

t.test('the match table (docs/api.md "Alerts and silences")', async (t) => {
  for (const [what, over, want] of rows) t.equal(silenceMatches(m(over), A), want, what);
});

t.test('index 0 and device 0 alerts are only matched by other attributes', async (t) => {
  const dev = alert({ componentIndex: 0, componentName: '', deviceId: 10 });
  t.equal(silenceMatches(m({ index: 0, deviceName: 'sw1' }), dev), true, 'index 0 is ignored, not "index must be 0"');
  t.equal(silenceMatches(m({ index: 0 }), dev), false, 'a match of index 0 alone matches nothing');
  t.equal(silenceMatches(m({ index: 2 ** 40 }), alert({ componentIndex: 2 ** 40 })), true, 'indexes above 32 bits');
});

t.test('input variable names: the name part of the triplet, dots in names included', async (t) => {
  t.equal(inputVariableName('ifOperStatus.10.1'), 'ifOperStatus');
  t.equal(inputVariableName('a.b.c.10.1'), 'a.b.c');
  t.equal(inputVariableName('plain'), 'plain');
  t.equal(silenceMatches(m({ varName: 'a.b' }), alert({ inputVariable: 'a.b.10.1' })), true);
});

const rec = (id: number, over: Partial<SilenceMatch>, expiresAtMs = 10_000): { id: number; data: SilenceData } => ({
  id, data: { networkId: 1, user: 'u', reason: '', match: m(over), createdAtMs: 0, updatedAtMs: 0, expiresAtMs },
});

t.test('the index agrees with the function on every row, alone and all together', async (t) => {
  rows.forEach(([what, over, want], i) => {
    t.equal(new SilenceIndex([rec(i + 1, over)]).first(A, 0), want ? i + 1 : 0, what);
  });
  const all = new SilenceIndex(rows.map(([, over], i) => rec(i + 1, over)));
  const firstId = rows.findIndex(([, , want]) => want) + 1;
  t.equal(all.first(A, 0), firstId, 'the lowest matching id of all rows');
});

t.test('the index: the lowest id across buckets, and the expiry boundary', async (t) => {
  const idx = new SilenceIndex([rec(9, { key: 'k-1' }), rec(5, { tags: 'Role.Core' }, 1_000), rec(7, { deviceName: 'sw1' })]);
  t.equal(idx.first(A, 999), 5, 'tag silence 5 is the lowest while active');
  t.equal(idx.first(A, 1_000), 7, 'at its expiry time it is expired: the next lowest, by device name');
  t.equal(idx.first(A, 10_000), 0, 'all expired at 10 000');
  t.equal(idx.first(alert({ key: 'other', deviceName: 'x', tags: [] }), 0), 0, 'an alert none covers');
  t.equal(idx.first(alert({ key: 'k-1', deviceName: 'x', tags: [] }), 0), 9, 'by key only');
});

t.test('the index over 500 silences of every kind gives the lowest matching id the function gives, for 5000 alerts', async (t) => {
  const silences = Array.from({ length: 500 }, (_, i) => rec(i + 1, i % 4 === 0 ? { key: `a-${i * 7}` } : i % 4 === 1 ? { deviceId: i * 3 }
    : i % 4 === 2 ? { varName: `n${i}`, deviceName: `d${i}` } : { tags: `Role.R${i % 50}` }, i % 9 === 0 ? 500 : 10_000));
  const idx = new SilenceIndex(silences);
  const alerts = Array.from({ length: 5000 }, (_, i) => alert({ key: `a-${i}`, deviceId: i, deviceName: `d${i}`, name: `n${i}`, tags: [`Role.R${i % 70}`] }));
  let hits = 0, differ = 0;
  for (const nowMs of [0, 500]) {
    for (const a of alerts) {
      const want = silences.find((s) => s.data.expiresAtMs > nowMs && silenceMatches(s.data.match, a))?.id ?? 0;
      const got = idx.first(a, nowMs);
      if (got !== want) differ++;
      if (got !== 0) hits++;
    }
  }
  t.ok(hits > 1000, `${hits} of 10000 lookups matched (every kind of silence takes part)`);
  t.equal(differ, 0, 'no lookup differs from the function over the list');
});
