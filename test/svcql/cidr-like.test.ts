import t from 'tap';
import { parseCidr, subnetTest } from '../../core/cidr.js';
import { compileLike } from '../../svcql/like.js';

t.test('subnets', async (t) => {
  const cases: [string, string, boolean][] = [
    ['10.0.0.0/8', '10.255.1.2', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['10.1.2.3/16', '10.1.200.1', true],
    ['192.168.1.0/25', '192.168.1.127', true],
    ['192.168.1.0/25', '192.168.1.128', false],
    ['192.168.1.7', '192.168.1.7', true],
    ['192.168.1.7', '192.168.1.8', false],
    ['0.0.0.0/0', '1.2.3.4', true],
    ['0.0.0.0/0', '2001:db8::1', false],
    ['10.0.0.0/8', '10.1.1.1/24', true],
    ['10.0.0.0/8', '::ffff:10.1.1.1', true],
    ['10.0.0.0/8', 'not an address', false],
    ['10.0.0.0/8', '10.1.1', false],
    ['10.0.0.0/8', '10.1.1.256', false],
    ['2001:db8::/32', '2001:db8:ffff::1', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['2001:db8::/33', '2001:db8:7fff::1', true],
    ['2001:db8::/33', '2001:db8:8000::1', false],
    ['2001:db8::1', '2001:0db8:0000:0000:0000:0000:0000:0001', true],
    ['fe80::/10', 'fe80::1%eth0', true],
    ['fe80::/10', 'febf::1', true],
    ['fe80::/10', 'fec0::1', false],
    ['::/0', '::1', true],
    ['::/0', '10.0.0.1', false],
    ['::ffff:0:0/96', '10.0.0.1', true],
    ['::ffff:10.0.0.0/104', '10.9.9.9', true],
    ['::ffff:10.0.0.0/104', '11.9.9.9', false],
    ['64:ff9b::/96', '64:ff9b::192.0.2.33', true],
    ['2001:db8::/32', '2001:db8::1::2', false],
    ['2001:db8::/32', '2001:db8:0:0:0:0:0:0:1', false],
    ['2001:db8::/32', 'g001:db8::1', false],
  ];
  for (const [net, addr, want] of cases) {
    const s = parseCidr(net);
    t.ok(s, net);
    t.equal(subnetTest(s!)(addr), want, `${addr} << ${net}`);
  }
  for (const bad of ['10.0.0.0/33', '10.0.0/8', '2001:db8::/129', '1:2:3:4:5:6:7:8:9/64', 'x', '', '10.0.0.0/', '10.0.0.0/a', ':::/0']) {
    t.equal(parseCidr(bad), null, bad);
  }
});

t.test('LIKE patterns', async (t) => {
  const cases: [string, string, boolean][] = [
    ['abc', 'ABC', true],
    ['abc', 'abcd', false],
    ['a%', 'abc', true],
    ['%c', 'abc', true],
    ['%b%', 'abc', true],
    ['%B%', 'xyz', false],
    ['a_c', 'abc', true],
    ['a_c', 'ac', false],
    ['%a%b%c%', 'xxaxxbxxcxx', true],
    ['%a%b%c%', 'xxaxxcxxbxx', false],
    ['a%%b', 'ab', true],
    ['%', '', true],
    ['_', '', false],
    ['100\\%', '100%', true],
    ['100\\%', '1000', false],
    ['a\\_b', 'a_b', true],
    ['a\\_b', 'axb', false],
    ['ÉCOLE%', 'école primaire', true],
    ['%a%a%a%a%a%a%a%a%b', 'a'.repeat(200), false],
  ];
  for (const [p, text, want] of cases) t.equal(compileLike(p)(text), want, `${JSON.stringify(text)} LIKE ${JSON.stringify(p)}`);
});
