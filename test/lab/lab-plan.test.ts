/**
 * The lab's address plan as labNodes()/labLinks() describe it (no root needed). lab.test.ts checks the same
 * plan against the namespaces lab-up.sh really builds.
 */
import t from 'tap';
import { labLinks, labNodes } from './lab.js';

const ringOf = (n: number) =>
  labNodes(n).map((node) => [
    node.name,
    node.mgmtAddress,
    node.portIdSubtype,
    ...node.ring.map((r) => `${r.name} ${r.address}/30 -> ${r.peerNode} ${r.peerInterface} ${r.peerAddress}`),
  ]);

const cases: { n: number; want: string[][] }[] = [
  {
    n: 2,
    want: [
      ['nmlab1', '203.0.113.1', 'ifname', 'ring0 198.51.100.1/30 -> nmlab2 ring1 198.51.100.2', 'ring1 198.51.100.6/30 -> nmlab2 ring0 198.51.100.5'],
      ['nmlab2', '203.0.113.2', 'macaddress', 'ring0 198.51.100.5/30 -> nmlab1 ring1 198.51.100.6', 'ring1 198.51.100.2/30 -> nmlab1 ring0 198.51.100.1'],
    ],
  },
  {
    n: 4,
    want: [
      ['nmlab1', '203.0.113.1', 'ifname', 'ring0 198.51.100.1/30 -> nmlab2 ring1 198.51.100.2', 'ring1 198.51.100.14/30 -> nmlab4 ring0 198.51.100.13'],
      ['nmlab2', '203.0.113.2', 'macaddress', 'ring0 198.51.100.5/30 -> nmlab3 ring1 198.51.100.6', 'ring1 198.51.100.2/30 -> nmlab1 ring0 198.51.100.1'],
      ['nmlab3', '203.0.113.3', 'ifname', 'ring0 198.51.100.9/30 -> nmlab4 ring1 198.51.100.10', 'ring1 198.51.100.6/30 -> nmlab2 ring0 198.51.100.5'],
      ['nmlab4', '203.0.113.4', 'macaddress', 'ring0 198.51.100.13/30 -> nmlab1 ring1 198.51.100.14', 'ring1 198.51.100.10/30 -> nmlab3 ring0 198.51.100.9'],
    ],
  },
];

for (const c of cases) t.same(ringOf(c.n), c.want, `labNodes(${c.n})`);

t.same(
  labLinks(3).map((l) => `${l.a.node}/${l.a.ifName} ${l.b.node}/${l.b.ifName}`),
  ['nmlab1/ring0 nmlab2/ring1', 'nmlab2/ring0 nmlab3/ring1', 'nmlab3/ring0 nmlab1/ring1'],
  'labLinks(3): each ring link once, ring0 -> next node ring1',
);

for (const n of [0, 1, 64, 2.5]) t.throws(() => labNodes(n), RangeError, `labNodes(${n}) is refused`);

// Every address of a 63-node lab is distinct and inside its /24.
const big = labNodes(63);
const addrs = big.flatMap((nd) => [nd.mgmtAddress, ...nd.ring.map((r) => r.address)]);
t.equal(new Set(addrs).size, addrs.length, 'labNodes(63): all addresses distinct');
t.ok(big.every((nd) => nd.ring.every((r) => Number(r.address.split('.')[3]) <= 254)), 'labNodes(63): ring addresses fit');
