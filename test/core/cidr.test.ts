import t from 'tap';
import { cidrContains, notDeviceAddressReason, parseCidr, unmapIPv4 } from '../../core/cidr.js';

t.test('cidrContains: IPv4, IPv6 and IPv4-mapped IPv6 addresses', async (t) => {
  const cases: [string, string, boolean][] = [
    ['10.0.0.0/8', '10.1.2.3', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['10.0.0.0/8', '::ffff:10.1.2.3', true],
    ['10.0.0.0/8', '::FFFF:a01:203', true],
    ['10.0.0.0/8', '::ffff:11.0.0.1', false],
    ['10.0.0.5', '::ffff:10.0.0.5', true],
    ['0.0.0.0/0', '::ffff:1.2.3.4', true],
    ['0.0.0.0/0', '2001:db8::1', false],
    ['2001:db8::/32', '2001:db8::1', true],
    ['2001:db8::/32', '10.0.0.1', false],
    ['::ffff:0:0/96', '::ffff:10.0.0.1', true],
  ];
  for (const [range, address, want] of cases) t.equal(cidrContains(parseCidr(range)!, address), want, `${address} in ${range}: ${want}`);
});

t.test('unmapIPv4 and notDeviceAddressReason', async (t) => {
  const unmap: [string, string][] = [['::ffff:10.1.2.3', '10.1.2.3'], ['::ffff:a01:203', '10.1.2.3'], ['10.1.2.3', '10.1.2.3'], ['2001:db8::1', '2001:db8::1'], ['host.example', 'host.example']];
  for (const [given, want] of unmap) t.equal(unmapIPv4(given), want, `${given} → ${want}`);
  const reasons: [string, RegExp | null][] = [
    ['0.0.0.0', /unspecified/], ['0.1.2.3', /unspecified/], ['255.255.255.255', /broadcast/], ['224.0.0.5', /multicast/],
    ['239.255.255.250', /multicast/], ['::', /unspecified/], ['ff02::1', /multicast/], ['::ffff:224.0.0.1', /multicast/],
    ['10.0.0.1', null], ['192.168.1.255', null], ['2001:db8::1', null], ['router.example', null],
  ];
  for (const [address, want] of reasons) {
    const got = notDeviceAddressReason(address);
    if (want === null) t.equal(got, null, `${address}: a device address`);
    else t.match(got, want, `${address}: ${got}`);
  }
});
