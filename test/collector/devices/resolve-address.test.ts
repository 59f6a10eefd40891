// Seeds and declared devices given as DNS names are resolved at each discovery: IP addresses pass
// as they are, each name is looked up once, a name that does not resolve is an error line naming it.
import t from 'tap';
import { resolveAll, systemResolver, type Resolver } from '../../../collector/devices/resolve-address.js';

t.test('resolveAll over a resolver table', async (t) => {
  const table: Record<string, string> = { 'core-1.example.net': '192.0.2.10', 'sw.example.net': '2001:db8::5' };
  let lookups = 0;
  const fake: Resolver = async (name) => {
    lookups++;
    const a = table[name];
    if (a) return a;
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
  const r = await resolveAll(['192.0.2.1', 'core-1.example.net', 'sw.example.net', 'gone.example.net', 'core-1.example.net', 'fd00::1'], fake);
  t.same(Object.fromEntries(r.resolved), {
    '192.0.2.1': '192.0.2.1', 'core-1.example.net': '192.0.2.10', 'sw.example.net': '2001:db8::5', 'fd00::1': 'fd00::1',
  });
  t.same(r.errors, ['gone.example.net: the DNS name does not resolve (ENOTFOUND)']);
  t.equal(lookups, 3, 'each name once, addresses never');
});

t.test('the system resolver', async (t) => {
  const r = await resolveAll(['localhost', 'no-such-device.invalid'], systemResolver);
  t.equal(r.resolved.get('localhost'), '127.0.0.1', 'localhost (from /etc/hosts), IPv4 first');
  t.match(r.errors, [/^no-such-device\.invalid: the DNS name does not resolve \((ENOTFOUND|EAI_AGAIN)\)$/], '.invalid never resolves (RFC 6761)');
});
