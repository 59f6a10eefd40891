// Device profiles: which profile matches (most specific wins, the fallback last), what a bad
// profile file is told, the identity (vendor, OS, model, tags) a profile gives, and the choice of
// CPU and memory sources from what a device answered.
import t from 'tap';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseProfileText, readProfileDir } from '../../../core/profile-load.js';
import type { Component } from '../../../core/types.js';
import { BUILTIN_PROFILES_DIR, builtinProfileSet, ProfileSet } from '../../../collector/discovery/profiles.js';
import { identify } from '../../../collector/discovery/probe-identity.js';
import { pickSource } from '../../../collector/discovery/probe-metrics.js';
import { OID } from '../../../collector/oids.js';
import { SnmpType, type Varbind } from '../../../snmp/types.js';

t.test('built-in profiles: every file loads; matching', async (t) => {
  const names = readProfileDir(BUILTIN_PROFILES_DIR).map((p) => p.name);
  t.same(names.sort(), ['arista-eos', 'aruba-aos-switch', 'cisco-ios', 'cisco-iosxe', 'cisco-nxos', 'hp-procurve', 'juniper-junos', 'linux-netsnmp', 'standard', 'windows']);
  const set = builtinProfileSet();
  // [sysObjectID, sysDescr, profile]
  const cases: [string, string, string][] = [
    ['1.3.6.1.4.1.9.1.516', 'Cisco IOS Software, C3750 Software (C3750-IPSERVICESK9-M), Version 12.2(55)SE10', 'cisco-ios'],
    ['1.3.6.1.4.1.9.1.2494', 'Cisco IOS Software [Cupertino], Catalyst L3 Switch Software (CAT9K_IOSXE), Version 17.9.4\nIOS-XE', 'cisco-iosxe'],
    ['1.3.6.1.4.1.9.1.1745', 'Cisco IOS Software, IOS-XE Software, Catalyst L3 Switch Software (CAT3K_CAA-UNIVERSALK9-M)', 'cisco-iosxe'],
    ['1.3.6.1.4.1.9.12.3.1.3.1084', 'Cisco NX-OS(tm) n9000, Software (n9000-dk9), Version 9.3(8)', 'cisco-nxos'],
    ['1.3.6.1.4.1.9.1.9999', 'some Cisco box that says nothing known', 'standard'],
    ['1.3.6.1.4.1.2636.1.1.1.2.63', 'Juniper Networks, Inc. ex4300-48t Ethernet Switch, kernel JUNOS 21.4R3', 'juniper-junos'],
    ['1.3.6.1.4.1.30065.1.3011.7050.3741.48', 'Arista Networks EOS version 4.30.2F running on an Arista Networks DCS-7050SX3-48YC8', 'arista-eos'],
    ['1.3.6.1.4.1.11.2.3.7.11.63', 'ProCurve J9021A Switch 2810-24G, revision N.11.75', 'hp-procurve'],
    ['1.3.6.1.4.1.11.2.3.7.11.181', 'Aruba JL256A 2930F-48G-PoE+-4SFP+ Switch, revision WC.16.10.0009', 'aruba-aos-switch'],
    ['1.3.6.1.4.1.8072.3.2.10', 'Linux cray 2.6.21.5-smp #2 SMP', 'linux-netsnmp'],
    ['1.3.6.1.4.1.311.1.1.3.1.1', 'Hardware: x86 Family 6 - Software: Windows 2000 Version 5.1', 'windows'],
    ['.1.3.6.1.4.1.8072.3.2.10', 'Linux', 'linux-netsnmp'],
    ['1.3.6.1.4.1.99999.1', 'an unknown agent', 'standard'],
    ['1.3.6.1.4.1.90', 'a prefix of no profile: 1.3.6.1.4.1.9 does not match 1.3.6.1.4.1.90', 'standard'],
  ];
  for (const [oid, descr, want] of cases) t.equal(set.match(oid, descr)?.name, want, `${oid} ${descr.slice(0, 40)}`);
});

t.test('specificity: longest sysObjectID prefix, then a sysDescr pattern, then the name', async (t) => {
  const p = (name: string, yaml: string) => parseProfileText(`name: ${name}\n${yaml}`, `${name}.yaml`);
  const set = new ProfileSet([
    p('fallback', ''), p('vendor', 'match: { sysObjectID: [1.3.6.1.4.1.9] }'), p('product', 'match: { sysObjectID: [1.3.6.1.4.1.9.1] }'),
    p('product-os', "match: { sysObjectID: [1.3.6.1.4.1.9.1], sysDescr: ['special'] }"),
    p('b-tie', "match: { sysDescr: ['tie'] }"), p('a-tie', "match: { sysDescr: ['TIE'] }"),
  ]);
  const cases: [string, string, string | undefined][] = [
    ['1.3.6.1.4.1.9.1.5', 'plain', 'product'],
    ['1.3.6.1.4.1.9.1.5', 'a special one', 'product-os'],
    ['1.3.6.1.4.1.9.5', 'special', 'vendor'],
    ['1.3.6.1.4.1.11', 'plain', 'fallback'],
    ['1.3.6.1.4.1.11', 'tie', 'a-tie'],
  ];
  for (const [oid, descr, want] of cases) t.equal(set.match(oid, descr)?.name, want, `${oid} "${descr}" → ${want}`);
  t.equal(new ProfileSet([p('only', 'match: { sysObjectID: [1.3.6.1.4.1.9] }')]).match('1.3.6.1.4.1.11', ''), null, 'no fallback: no profile');
  t.equal(new ProfileSet([p('x', 'os: A'), p('x', 'os: B')]).match('1.3', '')?.os, 'B', 'a later profile of the same name replaces the earlier');
});

t.test('profile files: errors name the file, the key and its line', async (t) => {
  // [what, text, message pattern]
  const cases: [string, string, RegExp][] = [
    ['unknown top-level key', 'name: x\nvendors: Cisco\n', /^bad\.yaml: vendors \(line 2\): unknown key 'vendors'/],
    ['no name', 'os: IOS\n', /^bad\.yaml: name .*must be a non-empty string/],
    ['bad name', 'name: "a b"\n', /^bad\.yaml: name \(line 1\): must be letters/],
    ['bad OID prefix', 'name: x\nmatch:\n  sysObjectID: [1.3.six]\n', /^bad\.yaml: match\.sysObjectID\[0\] \(line 3\): must be a numeric OID/],
    ['bad regexp', "name: x\nmatch:\n  sysDescr: ['(unclosed']\n", /^bad\.yaml: match\.sysDescr\[0\] \(line 3\): is not a valid regular expression/],
    ['model pattern without a group', "name: x\nmodel:\n  sysDescr: ['Switch \\S+']\n", /model\.sysDescr\[0\].*needs a capture group/],
    ['unknown source kind', 'name: x\ncpu:\n  - { kind: magic }\n', /^bad\.yaml: cpu\[0\]\.kind \(line 3\): must be one of columnAvg, scalar/],
    ['source without a kind', 'name: x\nmemory:\n  - { used: 1.3.6 }\n', /^bad\.yaml: memory\[0\] \(line 3\): must be a mapping with a kind/],
    ['unknown key of a source', 'name: x\ncpu:\n  - { kind: scalar, oid: 1.3.6.1, column: 1.3 }\n', /cpu\[0\]\.column \(line 3\): unknown key 'column'/],
    ['missing column', 'name: x\nmemory:\n  - { kind: usedFree, used: 1.3.6.1 }\n', /memory\[0\]\.free .*must be a numeric OID/],
    ['bad scale', 'name: x\ncpu:\n  - { kind: columnAvg, column: 1.3.6.1, scale: -1 }\n', /cpu\[0\]\.scale \(line 3\): must be a positive number/],
    ['bad sensor kind', 'name: x\nsensors:\n  tables:\n    - { kind: smell, name: 1.3.6, value: 1.3.7 }\n', /sensors\.tables\[0\]\.kind \(line 4\): must be one of temperature/],
    ['YAML syntax', 'name: x\ncpu: [\n', /^bad\.yaml: line \d+: /],
    ['JSON is YAML too', '{ "name": "x", "os": 3 }', /^bad\.yaml: os \(line 1\): must be a string/],
  ];
  for (const [what, text, re] of cases) t.throws(() => parseProfileText(text, 'bad.yaml'), { code: 'CONFIG_INVALID', message: re }, what);

  const dir = mkdtempSync(join(tmpdir(), 'netmon-profiles-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'a.yaml'), 'name: same\n');
  writeFileSync(join(dir, 'b.json'), '{ "name": "same" }');
  writeFileSync(join(dir, 'notes.txt'), 'not a profile');
  t.throws(() => readProfileDir(dir), { code: 'CONFIG_INVALID', message: /b\.json: name: the profile 'same' is also defined by .*a\.yaml/ }, 'two files, one name');
  t.throws(() => readProfileDir(join(dir, 'missing')), { code: 'CONFIG_INVALID', message: /profiles folder .*missing: cannot read it/ }, 'a missing folder');
});

t.test('identity: vendor, OS, model and tags', async (t) => {
  const set = builtinProfileSet();
  const chassis = (mfgName: string, model: string): Component => ({ index: 1, descr: '', name: '', class: 3, containedIn: 0, serial: '', model, softwareRev: '', mfgName });
  // [what, sysObjectID, sysDescr, chassis, vendor, os, model]
  const cases: [string, string, string, Component | undefined, string, string, string][] = [
    ['IOS: Cisco, ENTITY model', '1.3.6.1.4.1.9.1.516', 'Cisco IOS Software, C3750 Software (x)', chassis('', 'WS-C3750-48PS-S'), 'Cisco', 'IOS', 'WS-C3750-48PS-S'],
    ['IOS without ENTITY: model from sysDescr', '1.3.6.1.4.1.9.1.516', 'Cisco IOS Software, C3750 Software (x)', undefined, 'Cisco', 'IOS', 'C3750'],
    ['ProCurve without ENTITY: model from sysDescr', '1.3.6.1.4.1.11.2.3.7.11.63', 'ProCurve J9021A Switch 2810-24G, revision N.11.75', undefined, 'HP', 'ProCurve', 'J9021A'],
    ['Linux without ENTITY: vendor Linux, not NetSNMP', '1.3.6.1.4.1.8072.3.2.10', 'Linux host 5.10', undefined, 'Linux', 'Linux', ''],
    ['Linux on a box whose maker ENTITY names', '1.3.6.1.4.1.8072.3.2.10', 'Linux host 5.10', chassis('Dell Inc.', 'PowerEdge R640'), 'Dell Inc.', 'Linux', 'PowerEdge R640'],
    ['Windows: Microsoft', '1.3.6.1.4.1.311.1.1.3.1.2', 'Hardware: x86 - Software: Windows', undefined, 'Microsoft', 'Windows', ''],
    ['fallback: ENTITY maker first', '1.3.6.1.4.1.4526.100', 'a switch', chassis('NETGEAR', 'GS724T'), 'NETGEAR', '', 'GS724T'],
    ['fallback: the enterprise of sysObjectID', '1.3.6.1.4.1.4526.100', 'a switch', undefined, 'Netgear', '', ''],
    ['fallback: a Net-SNMP agent on something else is no vendor', '1.3.6.1.4.1.8072.3.2.255', 'unknown', undefined, '', '', ''],
  ];
  for (const [what, oid, descr, ch, vendor, os, model] of cases) {
    const id = identify(set.match(oid, descr), oid, descr, ch);
    t.same([id.vendor, id.os, id.model], [vendor, os, model], what);
  }
  t.same(identify(set.match('1.3.6.1.4.1.9.1.516', 'Cisco IOS Software, C3750 Software'), '1.3.6.1.4.1.9.1.516', 'Cisco IOS Software, C3750 Software', chassis('', 'WS-C3750 48')).tags,
    ['Vendor.Cisco', 'Model.WS-C3750_48', 'OS.IOS'], 'tags: Vendor., Model., OS.');
});

t.test('CPU and memory source: the first that answers', async (t) => {
  const int = (oid: string, value: number): Varbind => ({ oid, type: SnmpType.Integer, value });
  const none = (oid: string): Varbind => ({ oid, type: SnmpType.NoSuchObject, value: null });
  const ram: Varbind = { oid: `${OID.hrStorageType}.5`, type: SnmpType.Oid, value: OID.hrStorageRam };
  const disk: Varbind = { oid: `${OID.hrStorageType}.1`, type: SnmpType.Oid, value: '1.3.6.1.2.1.25.2.1.4' };
  const rev = '1.3.6.1.4.1.9.9.109.1.1.1.1.8', old = '1.3.6.1.4.1.9.9.109.1.1.1.1.5';
  const poolUsed = '1.3.6.1.4.1.9.9.48.1.1.1.5', poolFree = '1.3.6.1.4.1.9.9.48.1.1.1.6', hcUsed = '1.3.6.1.4.1.9.9.221.1.1.1.1.18', hcFree = '1.3.6.1.4.1.9.9.221.1.1.1.1.20';
  const cisco = builtinProfileSet().profiles.find((p) => p.name === 'cisco-ios')!;
  const linux = builtinProfileSet().profiles.find((p) => p.name === 'linux-netsnmp')!;
  // [what, sources, walked rows, scalars got, chosen]
  const cases: [string, typeof cisco.cpu, Varbind[], Varbind[], unknown][] = [
    ['cpmCPUTotal5minRev first', cisco.cpu, [int(`${rev}.1`, 5), int(`${old}.1`, 6)], [], { kind: 'columnAvg', column: rev, scale: 1 }],
    ['else cpmCPUTotal5min', cisco.cpu, [int(`${old}.1`, 6)], [], { kind: 'columnAvg', column: old, scale: 1 }],
    ['nothing answers', cisco.cpu, [], [none(OID.ssCpuRawIdle)], null],
    ['enhanced mempool first', cisco.memory, [int(`${poolUsed}.1`, 1), int(`${poolFree}.1`, 1), int(`${hcUsed}.1`, 1), int(`${hcFree}.1`, 1)], [], { kind: 'usedFree', used: hcUsed, free: hcFree }],
    ['a used column without its free column does not answer', cisco.memory, [int(`${hcUsed}.1`, 1), int(`${poolUsed}.1`, 1), int(`${poolFree}.1`, 1)], [], { kind: 'usedFree', used: poolUsed, free: poolFree }],
    ['UCD memory needs a total above 0', linux.memory, [ram, disk], [int(OID.memTotalReal, 0), int(OID.memAvailReal, 0)], { kind: 'sizeUsed', size: `${OID.hrStorageSize}.5`, used: `${OID.hrStorageUsed}.5`, instance: true }],
    ['UCD memory without memBuffer and memCached', linux.memory, [ram], [int(OID.memTotalReal, 10), int(OID.memAvailReal, 5), none(OID.memBuffer), none(OID.memCached)], { kind: 'totalAvail', total: OID.memTotalReal, avail: OID.memAvailReal }],
    ['UCD memory with memBuffer and memCached', linux.memory, [ram], [int(OID.memTotalReal, 10), int(OID.memAvailReal, 5), int(OID.memBuffer, 1), int(OID.memCached, 2)],
      { kind: 'totalAvail', total: OID.memTotalReal, avail: OID.memAvailReal, buffers: OID.memBuffer, cached: OID.memCached }],
    ['UCD memory with memCached only', linux.memory, [ram], [int(OID.memTotalReal, 10), int(OID.memAvailReal, 5), int(OID.memCached, 2)],
      { kind: 'totalAvail', total: OID.memTotalReal, avail: OID.memAvailReal, cached: OID.memCached }],
    ['UCD ticks when hrProcessorLoad has no rows', linux.cpu, [], [int(OID.ssCpuRawIdle, 100)], { kind: 'ucdCpu' }],
  ];
  for (const [what, sources, walked, got, want] of cases) t.same(pickSource(sources, walked, got), want, what);
});
