/** v2 graphing workbench catalog (shapes are this project's design, see docs/api.md). */
import t from 'tap';
import { apiFor } from '../fakes/call.js';
import { NOW_MS, ruleFixture } from '../fakes/fake-service.js';

const IN_RATE = {
  name: 'ifInRate', category: 'Traffic', description: 'Inbound traffic rate', unit: 'bit/s', instances: 3,
  devices: ['sw10', 'sw11'], components: ['eth1', 'eth2'], tags: ['ifRole.Access', 'ifRole.Uplink', 'Vendor.NetSNMP'],
};
const CPU = {
  name: 'cpuLoad', category: 'System', description: 'CPU load', unit: '%', instances: 2,
  devices: ['sw10', 'sw11'], components: [], tags: ['Role.Core', 'Role.Edge', 'Vendor.NetSNMP'],
};

t.test('workbench catalog calls', async (t) => {
  const { get } = apiFor(ruleFixture(), NOW_MS);
  const cases: [string, number, unknown][] = [
    ['/v2/ui/net/1/gw/catalog/categories/list', 200, ['System', 'Traffic']],
    ['/v2/ui/net/2/gw/catalog/categories/list', 200, []],
    ['/v2/ui/net/1/gw/catalog/categories/Traffic', 200, ['ifInRate', 'ifOutRate']],
    ['/v2/ui/net/1/gw/catalog/categories/traffic', 200, ['ifInRate', 'ifOutRate']],
    ['/v2/ui/net/1/gw/catalog/categories/System', 200, ['cpuLoad', 'hr.storage.used']],
    ['/v2/ui/net/1/gw/catalog/categories/Nope', 200, []],
    ['/v2/ui/net/1/gw/catalog/variables/ifInRate,nope,cpuLoad', 200, [IN_RATE, CPU]],
    ['/v2/ui/net/1/gw/catalog/variables/cpuLoad,cpuLoad', 200, [CPU]],
    ['/v2/ui/net/1/gw/catalog/variables/ifInRate,cpuLoad/devices/sw11', 200, [
      { ...IN_RATE, instances: 1, devices: ['sw11'], components: ['eth1'], tags: ['ifRole.Uplink'] },
      { ...CPU, instances: 1, devices: ['sw11'], tags: ['Role.Edge'] },
    ]],
    ['/v2/ui/net/1/gw/catalog/variables/ifInRate/devices/10', 200, [
      { ...IN_RATE, instances: 2, devices: ['sw10'], tags: ['ifRole.Access', 'ifRole.Uplink', 'Vendor.NetSNMP'] },
    ]],
    ['/v2/ui/net/1/gw/catalog/variables/hr.storage.used/devices/sw10', 200, []],
    ['/v2/ui/net/1/gw/catalog/tags/facets/list', 200, ['ifRole', 'Role', 'Vendor']],
    ['/v2/ui/net/2/gw/catalog/tags/facets/list', 200, []],
    ['/v2/ui/net/9/gw/catalog/categories/list', 404, undefined],
    ['/v2/ui/net/x/gw/catalog/tags/facets/list', 400, undefined],
  ];
  for (const [url, status, want] of cases) {
    const r = await get(url);
    t.equal(r.status, status, url);
    if (want !== undefined) t.same(r.json, want, url);
  }
});

t.test('gw/variables: workbench items', async (t) => {
  const { get } = apiFor(ruleFixture(), NOW_MS);
  const r = await get('/v2/ui/net/1/gw/variables?name=ifInRate&devices=sw11');
  t.same(r.json, [{
    name: 'ifInRate', triplet: 'ifInRate.11.1', component: 'eth1', device: 'sw11', devId: 11, index: 1,
    description: 'Inbound rate', category: 'Traffic', unit: 'bit/s', tags: ['ifRole.Uplink'],
  }]);
});
