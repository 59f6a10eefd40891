/**
 * The configuration's device keys of a network: `devices:` (declared devices with SNMP overrides and
 * tags), DNS names in seeds and devices, `blocked:` addresses and ranges, `forgetUnreachableAfter`;
 * every mistake names its key and line.
 */
import t from 'tap';
import { loadConfig } from '../../core/config-load.js';
import { DEFAULTS } from '../../core/config-schema.js';

const load = (net: string) => loadConfig({ text: `networks:\n  - id: 1\n${net}`, path: 'netmon.yaml', env: {} }).networks[0]!;
const fails = (net: string) => { try { load(net); return ''; } catch (e) { return (e as Error).message; } };

t.test('accepted', async (t) => {
  const cases: { name: string; yaml: string; want: Record<string, unknown> }[] = [
    { name: 'defaults', yaml: '    seeds: [10.0.0.1]\n', want: { devices: [], blocked: [], forgetUnreachableAfterMs: DEFAULTS.forgetUnreachableAfterMs } },
    { name: 'DNS names as seeds', yaml: '    seeds: [core-1.example.net, 10.0.0.1, localhost]\n', want: { seeds: ['core-1.example.net', '10.0.0.1', 'localhost'] } },
    { name: 'forgetUnreachableAfter', yaml: '    seeds: [10.0.0.1]\n    forgetUnreachableAfter: 2d\n', want: { forgetUnreachableAfterMs: 2 * 86_400_000 } },
    { name: 'blocked addresses and ranges', yaml: '    seeds: [10.0.0.1]\n    blocked: [10.0.0.9, 10.1.0.0/16, "fd00::/64"]\n', want: { blocked: ['10.0.0.9', '10.1.0.0/16', 'fd00::/64'] } },
    {
      name: 'declared devices, no seeds needed',
      yaml: `    devices:
      - { address: 10.0.0.7 }
      - address: sw-3.example.net
        name: sw3
        tags: [Role.Access, Site.Paris]
        snmp: { port: 1161, communities: [secret], timeout: 2s, retries: 3, maxRepetitions: 20 }
`,
      want: {
        seeds: [],
        devices: [
          { address: '10.0.0.7', tags: [] },
          { address: 'sw-3.example.net', name: 'sw3', tags: ['Role.Access', 'Site.Paris'], snmp: { port: 1161, communities: ['secret'], timeoutMs: 2000, retries: 3, maxRepetitions: 20 } },
        ],
      },
    },
    {
      name: 'a declared device with a v3 user of the network',
      yaml: `    seeds: [10.0.0.1]
    snmp: { v3Users: [{ name: ops, level: authPriv, authKey: auth-secret, privKey: priv-secret }] }
    devices: [{ address: 10.0.0.8, snmp: { v3User: ops } }]
`,
      want: { devices: [{ address: '10.0.0.8', tags: [], snmp: { v3User: 'ops' } }] },
    },
  ];
  for (const c of cases) t.match(load(c.yaml), c.want, c.name);
});

t.test('refused, naming the key', async (t) => {
  const cases: { name: string; yaml: string; want: RegExp }[] = [
    { name: 'a seed that is neither', yaml: '    seeds: [10.0.0.300]\n', want: /networks\[0\]\.seeds\[0\] \(line \d+\): '10\.0\.0\.300' is neither an IP address nor a DNS name/ },
    { name: 'a seed with a space', yaml: '    seeds: ["core 1"]\n', want: /networks\[0\]\.seeds\[0\].*neither an IP address nor a DNS name/ },
    { name: 'nothing to discover', yaml: '    name: x\n', want: /networks\[0\]\.seeds.*give at least one seed address, a declared device/ },
    { name: 'a device without address', yaml: '    devices: [{ name: x }]\n', want: /networks\[0\]\.devices\[0\]\.address.*non-empty string/ },
    { name: 'a device address twice', yaml: '    devices: [{ address: a.example }, { address: A.example }]\n', want: /networks\[0\]\.devices\[1\]\.address.*declared twice/ },
    { name: 'a bad tag', yaml: '    devices: [{ address: 10.0.0.1, tags: [NoFacet] }]\n', want: /networks\[0\]\.devices\[0\]\.tags\[0\].*'NoFacet' is not a tag like Facet\.Word/ },
    { name: 'an unknown device key', yaml: '    devices: [{ address: 10.0.0.1, community: x }]\n', want: /networks\[0\]\.devices\[0\]\.community.*unknown key/ },
    { name: 'an unknown v3 user', yaml: '    devices: [{ address: 10.0.0.1, snmp: { v3User: nobody } }]\n', want: /networks\[0\]\.devices\[0\]\.snmp\.v3User.*'nobody' is not one of the network's snmp\.v3Users/ },
    { name: 'no credentials', yaml: '    devices: [{ address: 10.0.0.1, snmp: { communities: [] } }]\n', want: /devices\[0\]\.snmp\.communities.*at least one community/ },
    { name: 'a bad port', yaml: '    devices: [{ address: 10.0.0.1, snmp: { port: 0 } }]\n', want: /devices\[0\]\.snmp\.port.*1 to 65535/ },
    { name: 'a bad blocked entry', yaml: '    seeds: [10.0.0.1]\n    blocked: [switch.example]\n', want: /networks\[0\]\.blocked\[0\].*neither an IP address nor a CIDR range/ },
    { name: 'a bad range', yaml: '    seeds: [10.0.0.1]\n    blocked: [10.0.0.0/40]\n', want: /networks\[0\]\.blocked\[0\]/ },
    { name: 'a window too short', yaml: '    seeds: [10.0.0.1]\n    forgetUnreachableAfter: 5s\n', want: /networks\[0\]\.forgetUnreachableAfter/ },
  ];
  for (const c of cases) t.match(fails(c.yaml), c.want, c.name);
});
