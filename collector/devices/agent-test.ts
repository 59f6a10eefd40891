import type { NetworkConfig } from '../../core/config-schema.js';
import { AppError } from '../../core/errors.js';
import { isDeviceAddress } from '../../core/host-name.js';
import type { AgentTest, AgentTestResult } from '../../core/ports/devices.js';
import type { SnmpTarget } from '../../snmp/types.js';
import { isException } from '../../snmp/types.js';
import { OID } from '../oids.js';
import type { WorkerPool } from '../pool.js';
import { identify } from '../discovery/probe-identity.js';
import type { ProfileSet } from '../discovery/profiles.js';
import { text } from '../discovery/snmp-values.js';
import { failureKind, failureWords, withAddress } from '../polling/poll-reason.js';
import { resolveAll, type Resolver } from './resolve-address.js';

/** The system group a test reads: what says which device answered and which profile it gets. */
const TEST_OIDS = [OID.sysName, OID.sysObjectID, OID.sysDescr];

/**
 * At most this many credentials are tried when the test names none (the network's communities,
 * then its v3 users): a network of many credentials still answers a test in a bounded time.
 */
const MAX_TEST_TARGETS = 8;

interface TestDeps {
  readonly pool: WorkerPool;
  readonly profiles: ProfileSet;
  readonly resolve: Resolver;
  readonly nowMs: () => number;
}

interface Candidate { readonly target: SnmpTarget; readonly credential: string }

/**
 * The credentials a test tries, each once (no retries: "poll once", and a test of an address where
 * nothing answers takes one timeout per credential): the community or v3 user given, else the
 * network's, as a device at the address would be probed with. Credentials are named without their
 * secret.
 */
function candidates(net: NetworkConfig, t: AgentTest, address: string): Candidate[] {
  const base = { address, port: t.port ?? net.snmp.port, timeoutMs: net.snmp.timeoutMs, retries: 0, maxRepetitions: net.snmp.maxRepetitions };
  if (t.community !== undefined) return [{ target: { ...base, version: '2c', community: t.community }, credential: 'the community given' }];
  const users = net.snmp.v3Users;
  if (t.v3User !== undefined) {
    const user = users.find((u) => u.name === t.v3User);
    if (!user) throw new AppError('BAD_PARAMETER', `network ${net.id} has no SNMPv3 user '${t.v3User}' (users: ${users.map((u) => u.name).join(', ') || 'none'})`);
    return [{ target: { ...base, version: '3', user }, credential: `v3 user ${user.name}` }];
  }
  const communities = net.snmp.communities;
  return [
    ...communities.map((community, i) => ({ target: { ...base, version: '2c' as const, community }, credential: `the network's community ${i + 1} of ${communities.length}` })),
    ...users.map((user) => ({ target: { ...base, version: '3' as const, user }, credential: `the network's v3 user ${user.name}` })),
  ].slice(0, MAX_TEST_TARGETS);
}

const failed = (address: string, port: number, error: string, startMs: number, nowMs: number): AgentTestResult => {
  const kind = failureKind(error);
  return { answered: false, address, port, reason: withAddress(`${address}:${port}`, error), reasonKind: kind, reasonText: failureWords(kind), tookMs: nowMs - startMs };
};

/**
 * Polls an address once for its system group with the test's credentials (or the network's) and
 * answers what the agent said and the profile discovery would match, or why nothing answered, in
 * the words of a device's poll state. Changes nothing; the credentials are never logged or returned.
 */
export async function testAgent(deps: TestDeps, net: NetworkConfig, t: AgentTest): Promise<AgentTestResult> {
  const startMs = deps.nowMs();
  const given = t.address.trim();
  if (!isDeviceAddress(given)) throw new AppError('BAD_PARAMETER', `address '${given.slice(0, 60)}' is neither an IP address nor a DNS name`);
  const list = candidates(net, t, given);
  const port = t.port ?? net.snmp.port;
  if (list.length === 0) return failed(given, port, 'no credentials configured', startMs, deps.nowMs());
  const { resolved, errors } = await resolveAll([given], deps.resolve);
  const address = resolved.get(given);
  if (!address) return failed(given, port, errors[0] ?? 'the DNS name does not resolve', startMs, deps.nowMs());
  let lastError = '';
  for (const c of list) {
    const r = await deps.pool.run({ kind: 'get', target: { ...c.target, address }, oids: TEST_OIDS });
    if (!r.ok) { lastError = r.error; continue; }
    const s = new Map(r.varbinds.filter((vb) => !isException(vb)).map((vb) => [vb.oid, vb]));
    if (!s.has(OID.sysObjectID)) { lastError = 'no system group'; continue; }
    const sysObjectID = text(s.get(OID.sysObjectID));
    const sysDescr = text(s.get(OID.sysDescr));
    const profile = deps.profiles.match(sysObjectID, sysDescr);
    const id = identify(profile, sysObjectID, sysDescr, undefined);
    return {
      answered: true, address, port, version: c.target.version, credential: c.credential,
      sysName: text(s.get(OID.sysName)), sysObjectID, sysDescr,
      profile: profile?.name ?? null, vendor: id.vendor, model: id.model, os: id.os, tookMs: deps.nowMs() - startMs,
    };
  }
  return failed(address, port, lastError, startMs, deps.nowMs());
}
