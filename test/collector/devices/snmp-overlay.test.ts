import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyChange, credentialsView, SnmpOverlays, withOverlay, type SnmpOverlay } from '../../../collector/devices/snmp-overlay.js';
import type { NetworkConfig, SnmpV3User } from '../../../core/config-schema.js';
import type { SnmpCredentialsChange } from '../../../core/ports/devices.js';
import { openMetaStore } from '../../../store/open-store.js';

/**
 * The overlay of a network's SNMP credentials set through the API (docs/api.md "SNMP
 * credentials"): its checks (every refusal names the entry, never the secret), its precedence over
 * the file's credentials, the view without secrets, and that it survives reopening the store.
 */
const user = (name: string, authKey = 'auth-key-' + name, privKey = 'priv-key-' + name): SnmpV3User =>
  ({ name, level: 'authPriv', authProtocol: 'sha', authKey, privProtocol: 'aes', privKey });
const fileNet = { id: 1, name: 'n', snmp: { communities: ['file-a', 'shared'], v3Users: [user('ops', 'file-auth-1', 'file-priv-1'), user('ro')] } } as unknown as NetworkConfig;
const current: SnmpOverlay = { communities: ['ui-x', 'ui-y'], v3Users: [user('ops', 'ui-auth-1', 'ui-priv-1')], updatedBy: 'root', updatedAtMs: 1 };

t.test('changes refused: 400 naming the entry, never its value', async (t) => {
  const cases: [string, unknown, RegExp][] = [
    ['not an object', ['x'], /must be a JSON object/],
    ['an unknown field', { communities: [], other: 1 }, /unknown field 'other'/],
    ['communities not a list', { communities: 'x' }, /communities must be a list/],
    ['a keep past the end', { communities: [{ keep: 2 }] }, /communities\[0\]: keep names no community/],
    ['keep and community both', { communities: [{ keep: 0, community: 'Secret-Both' }] }, /communities\[0\] must be/],
    ['an empty community', { communities: [{ community: '' }] }, /communities\[0\]\.community must be a non-empty string/],
    ['a control character', { communities: [{ community: 'Secret\u0007Bell' }] }, /without control characters/],
    ['a repeat', { communities: [{ keep: 0 }, { community: 'ui-x' }] }, /communities\[1\] repeats/],
    ['too many', { communities: Array.from({ length: 17 }, (_, i) => ({ community: `c${i}` })) }, /at most 16/],
    ['a short auth key', { v3Users: [{ name: 'u', authKey: 'Secret7', privKey: 'long-enough-1' }] }, /v3Users\[0\]\.authKey must be at least 8/],
    ['an unknown protocol', { v3Users: [{ name: 'u', authKey: 'long-enough-1', privKey: 'long-enough-2', privProtocol: 'rot13' }] }, /v3Users\[0\]\.privProtocol must be one of/],
    ['a keep of an unknown user', { v3Users: [{ name: 'ro', keep: true }] }, /keep must be true and name a v3 user added through the API/],
    ['a name twice', { v3Users: [{ name: 'ops', keep: true }, { name: 'ops', level: 'noAuthNoPriv' }] }, /the name ops is given twice/],
  ];
  for (const [what, change, message] of cases) {
    const err = (() => { try { applyChange(current, change as SnmpCredentialsChange, 'root', 2); return undefined; } catch (e) { return e as Error & { code?: string }; } })();
    t.equal(err?.code, 'BAD_PARAMETER', `${what}: BAD_PARAMETER`);
    t.match(err?.message ?? '', message, `${what}: the message names the entry`);
    t.notOk(/Secret/.test(err?.message ?? ''), `${what}: without the value`);
  }
});

t.test('a change keeps entries by index and name and adds new ones; the precedence over the file', async (t) => {
  const next = applyChange(current, {
    communities: [{ keep: 1 }, { community: 'shared' }],
    v3Users: [{ name: 'ops', keep: true }, { name: 'nopriv', level: 'authNoPriv', authKey: 'long-enough-1' } as SnmpV3User],
  }, 'ann', 5);
  t.same(next.communities, ['ui-y', 'shared'], 'kept by index, then the new one');
  t.same(next.v3Users.map((u) => [u.name, u.authKey, u.privKey]), [['ops', 'ui-auth-1', 'ui-priv-1'], ['nopriv', 'long-enough-1', '']], 'the kept user keeps its keys; the new one is as given');
  t.match(next, { updatedBy: 'ann', updatedAtMs: 5 });

  const merged = withOverlay(fileNet, next);
  t.same(merged.snmp.communities, ['ui-y', 'shared', 'file-a'], 'the overlay first, then the file\'s it does not repeat');
  t.same(merged.snmp.v3Users.map((u) => `${u.name}:${u.authKey}`), ['ops:ui-auth-1', 'nopriv:long-enough-1', 'ro:auth-key-ro'], 'an overlay user replaces the file\'s of its name');
  t.equal(withOverlay(fileNet, undefined), fileNet, 'no overlay: the file\'s network as it is');

  const view = credentialsView(fileNet, next);
  t.same(view.communities, [{ source: 'ui', index: 0 }, { source: 'ui', index: 1 }, { source: 'file', index: 0 }], 'named by source and index, in the order tried');
  t.same(view.v3Users.map((u) => [u.name, u.source, u.replacesFile]), [['ops', 'ui', true], ['nopriv', 'ui', false], ['ro', 'file', false]], 'users by name');
  const text = JSON.stringify(view);
  t.same(['ui-y', 'shared', 'file-a', 'ui-auth-1', 'ui-priv-1', 'long-enough-1', 'file-auth-1', 'auth-key-ro'].filter((s) => text.includes(s)), [], 'the view carries no secret');

  t.same(applyChange(next, {} as SnmpCredentialsChange, 'root', 6).communities, [], 'an empty change empties the overlay');
});

t.test('the overlay survives reopening the store; an empty one is removed', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'netmon-overlay-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const first = openMetaStore({ dataDir: dir });
  await new SnmpOverlays(first.meta).put(1, current);
  await first.close();
  const second = openMetaStore({ dataDir: dir });
  t.same(new SnmpOverlays(second.meta).get(1), current, 'read back after reopening');
  t.equal(new SnmpOverlays(second.meta).get(2), undefined, 'another network has none');
  await new SnmpOverlays(second.meta).put(1, { ...current, communities: [], v3Users: [] });
  t.equal(new SnmpOverlays(second.meta).get(1), undefined, 'emptied, it is gone');
  await second.close();
});
