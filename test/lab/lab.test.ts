/**
 * Proves the lab works, with Debian's own SNMP tools as the client: for every node of a 4-node ring, snmpd
 * answers (v2c and SNMPv3 authPriv), IF-MIB lists the ring interfaces, and lldpd's AgentX subagent fills the
 * LLDP-MIB with exactly the two ring neighbours, their port ids and management addresses.
 * It also prints the LLDP-MIB index layout it sees (README.md records what it means for discovery).
 */
import t from 'tap';
import { LAB_COMMUNITY, LAB_V3, labDown, labExec, labGate, labNodes, labUp, labWait, type LabNode } from './lab.js';
import { hexColon, indexOf, snmpGet, snmpWalk, type SnmpCredentials, type SnmpRow } from './snmp-cli.js';

const N = 4;

const OID = {
  sysName: '1.3.6.1.2.1.1.5.0',
  ifName: '1.3.6.1.2.1.31.1.1.1.1',
  ifPhysAddress: '1.3.6.1.2.1.2.2.1.6',
  lldpLocPortIdSubtype: '1.0.8802.1.1.2.1.3.7.1.2',
  lldpLocPortId: '1.0.8802.1.1.2.1.3.7.1.3',
  lldpRemChassisIdSubtype: '1.0.8802.1.1.2.1.4.1.1.4',
  lldpRemPortIdSubtype: '1.0.8802.1.1.2.1.4.1.1.6',
  lldpRemPortId: '1.0.8802.1.1.2.1.4.1.1.7',
  lldpRemSysName: '1.0.8802.1.1.2.1.4.1.1.9',
  lldpRemManAddrIfSubtype: '1.0.8802.1.1.2.1.4.2.1.3',
} as const;

/** LldpPortIdSubtype values (LLDP-MIB). */
const PORT_ID_SUBTYPE = { macaddress: 3, ifname: 5 } as const;
const CHASSIS_ID_MAC = 4;

if (labGate(t)) {
  t.test(`ring of ${N} nodes`, async (t) => {
    // Everything runs in one subtest: tap ends a root test that has nothing pending across a top-level await.
    t.teardown(() => labDown(N));
    await labUp(N);
    await labWait(N, 60);

    const nodes = labNodes(N);
    const byName = new Map(nodes.map((n) => [n.name, n]));

    // MAC of every ring interface, read in its namespace: what a macAddress port id must carry.
    const mac = new Map<string, string>();
    for (const node of nodes) {
      for (const ring of node.ring) {
        const r = await labExec(node.name, ['cat', `/sys/class/net/${ring.name}/address`], { timeoutMs: 10_000 });
        t.equal(r.code, 0, `read MAC of ${node.name}/${ring.name}`);
        mac.set(`${node.name}/${ring.name}`, r.stdout.trim());
      }
    }

    /** The port id a neighbour sends for its interface, as bytes, by its subtype. */
    const expectedPortId = (node: LabNode, ifName: string): Buffer =>
      node.portIdSubtype === 'ifname'
        ? Buffer.from(ifName, 'latin1')
        : Buffer.from(mac.get(`${node.name}/${ifName}`)!.replace(/:/g, ''), 'hex');

    for (const node of nodes) {
      await t.test(`${node.name} (${node.mgmtAddress})`, async (t) => {
        const addr = node.mgmtAddress;

        // The namespace has the addresses labNodes() describes (the TypeScript and shell plans agree).
        const ipr = await labExec(node.name, ['ip', '-4', '-br', 'addr', 'show'], { timeoutMs: 10_000 });
        const have = ipr.stdout
          .trim()
          .split('\n')
          .map((l) => l.trim().split(/\s+/))
          .map((f) => [f[0]!.replace(/@.*$/, ''), f.slice(2).join(' ')]);
        const want = [
          ['lo', '127.0.0.1/8'],
          [node.mgmtInterface, `${node.mgmtAddress}/24`],
          ...node.ring.map((r) => [r.name, `${r.address}/${r.prefixLength}`]),
        ];
        t.same(Object.fromEntries(have), Object.fromEntries(want), 'interfaces and addresses as labNodes() says');

        const [sysName] = await snmpGet(addr, [OID.sysName]);
        t.equal(sysName?.text, node.name, 'sysName is the node name');

        // ifIndex -> ifName, and back.
        const ifNames = new Map((await snmpWalk(addr, OID.ifName)).map((r) => [indexOf(r, OID.ifName)[0]!, r.text]));
        const ifIndexOf = new Map([...ifNames].map(([i, n]) => [n, i]));
        for (const name of ['mgmt0', 'ring0', 'ring1']) t.ok(ifIndexOf.has(name), `ifName lists ${name}`);
        const phys = new Map((await snmpWalk(addr, OID.ifPhysAddress)).map((r) => [indexOf(r, OID.ifPhysAddress)[0]!, r]));

        // lldpLocPortTable: one row per LLDP interface, lldpLocPortNum = ifIndex, port id of the node's subtype.
        const locSubtypes = await snmpWalk(addr, OID.lldpLocPortIdSubtype);
        const locIds = new Map((await snmpWalk(addr, OID.lldpLocPortId)).map((r) => [indexOf(r, OID.lldpLocPortId)[0]!, r]));
        t.comment(`${node.name} lldpLocPortTable: ${locSubtypes.map((r) => `portNum ${indexOf(r, OID.lldpLocPortIdSubtype)[0]} (${ifNames.get(indexOf(r, OID.lldpLocPortIdSubtype)[0]!)}) subtype ${r.text}`).join('; ')}`);
        t.same(
          locSubtypes.map((r) => indexOf(r, OID.lldpLocPortIdSubtype)[0]).sort(),
          [ifIndexOf.get('ring0'), ifIndexOf.get('ring1')].sort(),
          'lldpLocPortNum values are the ifIndexes of ring0 and ring1 (not mgmt0)',
        );
        for (const r of locSubtypes) {
          const portNum = indexOf(r, OID.lldpLocPortIdSubtype)[0]!;
          const ifName = ifNames.get(portNum)!;
          t.equal(Number(r.text), PORT_ID_SUBTYPE[node.portIdSubtype], `${ifName}: local port id subtype ${node.portIdSubtype}`);
          const want = node.portIdSubtype === 'ifname' ? Buffer.from(ifName, 'latin1') : phys.get(portNum)?.bytes;
          t.same(locIds.get(portNum)?.bytes, want, `${ifName}: local port id is its ${node.portIdSubtype === 'ifname' ? 'ifName' : 'ifPhysAddress'}`);
        }

        // lldpRemTable, index lldpRemTimeMark.lldpRemLocalPortNum.lldpRemIndex.
        const remNames = await snmpWalk(addr, OID.lldpRemSysName);
        t.comment(`${node.name} lldpRemSysName rows (index = timeMark.localPortNum.remIndex):`);
        for (const r of remNames) t.comment(`  ${r.oid} = ${r.text}`);
        const expectNeighbours = node.ring.map((r) => r.peerNode).sort();
        t.same(remNames.map((r) => r.text).sort(), expectNeighbours, `LLDP neighbours are exactly ${expectNeighbours.join(', ')}`);

        const col = async (oid: string): Promise<Map<string, SnmpRow>> =>
          new Map((await snmpWalk(addr, oid)).map((r) => [indexOf(r, oid).join('.'), r]));
        const remChassisSubtype = await col(OID.lldpRemChassisIdSubtype);
        const remPortSubtype = await col(OID.lldpRemPortIdSubtype);
        const remPortId = await col(OID.lldpRemPortId);
        for (const row of remNames) {
          const index = indexOf(row, OID.lldpRemSysName);
          t.equal(index.length, 3, `${row.oid}: lldpRemTable index has 3 parts`);
          const [, localPortNum, remIndex] = index as [number, number, number];
          const key = index.join('.');
          const peer = byName.get(row.text)!;
          const local = node.ring.find((r) => r.peerNode === peer.name)!;
          t.equal(ifNames.get(localPortNum), local.name, `${peer.name} is seen on ${local.name} (lldpRemLocalPortNum ${localPortNum} = its ifIndex)`);
          t.ok(remIndex >= 1, `lldpRemIndex ${remIndex} is positive`);
          t.equal(Number(remChassisSubtype.get(key)?.text), CHASSIS_ID_MAC, `${peer.name}: chassis id subtype macAddress`);
          t.equal(Number(remPortSubtype.get(key)?.text), PORT_ID_SUBTYPE[peer.portIdSubtype], `${peer.name}: port id subtype ${peer.portIdSubtype}`);
          t.same(remPortId.get(key)?.bytes, expectedPortId(peer, local.peerInterface), `${peer.name}: port id names its ${local.peerInterface}`);
          t.comment(`  ${peer.name} port id ${remPortId.get(key)?.bytes && (peer.portIdSubtype === 'ifname' ? remPortId.get(key)!.text : hexColon(remPortId.get(key)!.bytes!))}`);
        }

        // lldpRemManAddrTable, index timeMark.localPortNum.remIndex.addrSubtype.addrLen.addr...
        const manRows = await snmpWalk(addr, OID.lldpRemManAddrIfSubtype);
        t.comment(`${node.name} lldpRemManAddrIfSubtype rows (index = timeMark.localPortNum.remIndex.addrSubtype.addrLen.addr):`);
        for (const r of manRows) t.comment(`  ${r.oid} = ${r.text}`);
        for (const row of remNames) {
          const key = indexOf(row, OID.lldpRemSysName).join('.');
          const peer = byName.get(row.text)!;
          const addrs = manRows
            .map((r) => indexOf(r, OID.lldpRemManAddrIfSubtype))
            .filter((i) => i.slice(0, 3).join('.') === key)
            .map((i) => ({ subtype: i[3], len: i[4], addr: i.slice(5).join('.') }));
          t.same(addrs, [{ subtype: 1, len: 4, addr: peer.mgmtAddress }], `${peer.name}: management address ${peer.mgmtAddress} (IPv4)`);
        }
      });
    }

    await t.test('SNMPv3 users', async (t) => {
      const good: SnmpCredentials = {
        version: '3',
        user: LAB_V3.user,
        level: 'authPriv',
        authProtocol: LAB_V3.authProtocol,
        authPassword: LAB_V3.authPassword,
        privProtocol: LAB_V3.privProtocol,
        privPassword: LAB_V3.privPassword,
      };
      const cases: { name: string; creds: SnmpCredentials; ok: boolean }[] = [
        { name: 'authPriv SHA/AES', creds: good, ok: true },
        { name: 'v2c community public', creds: { version: '2c', community: LAB_COMMUNITY }, ok: true },
        { name: 'wrong auth password', creds: { ...good, authPassword: 'wrongpassword' }, ok: false },
        { name: 'authNoPriv (the user needs priv)', creds: { ...good, level: 'authNoPriv', privProtocol: undefined, privPassword: undefined }, ok: false },
        { name: 'unknown user', creds: { ...good, user: 'nobody' }, ok: false },
        { name: 'wrong community', creds: { version: '2c', community: 'private' }, ok: false },
      ];
      for (const node of nodes) {
        for (const c of cases) {
          const got = await snmpGet(node.mgmtAddress, [OID.sysName], c.creds).then(
            (rows) => rows[0]?.text,
            (err: Error) => err,
          );
          if (c.ok) t.equal(got, node.name, `${node.name}: ${c.name} reads sysName`);
          else t.type(got, Error, `${node.name}: ${c.name} is refused`);
        }
      }
    });

  });
}
