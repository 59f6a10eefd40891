import { lookup } from 'node:dns/promises';
import { isDeadlineError, withDeadline } from '../../core/deadline.js';
import { isIpAddress } from '../../core/host-name.js';

/** Turns a DNS name into an IP address (the first the resolver gives); rejects with the resolver's error. */
export type Resolver = (name: string) => Promise<string>;

/** How long one name may take to resolve before it counts as not resolving (getaddrinfo itself has no bound). */
const RESOLVE_TIMEOUT_MS = 5000;

/**
 * The system resolver (node:dns lookup: /etc/hosts, then DNS), IPv4 first (`verbatim: false`:
 * `order` needs Node 20.13), failing with ETIMEOUT after RESOLVE_TIMEOUT_MS (core/deadline.ts).
 */
export const systemResolver: Resolver = (name) => withDeadline(RESOLVE_TIMEOUT_MS, () => lookup(name, { family: 0, verbatim: false }).then((r) => r.address))
  .catch((e: unknown) => {
    if (isDeadlineError(e)) throw Object.assign(new Error(`no answer within ${RESOLVE_TIMEOUT_MS / 1000}s`), { code: 'ETIMEOUT' });
    throw e;
  });

/**
 * Resolves operator-given addresses (seeds, declared devices) for one discovery: IP addresses are
 * kept, names are looked up once per call. Names that fail are returned in `errors` (one line each,
 * naming the name and why), never thrown.
 */
export async function resolveAll(addresses: readonly string[], resolve: Resolver): Promise<{ resolved: Map<string, string>; errors: string[] }> {
  const resolved = new Map<string, string>();
  const errors: string[] = [];
  await Promise.all([...new Set(addresses)].map(async (a) => {
    if (isIpAddress(a)) { resolved.set(a, a); return; }
    try {
      resolved.set(a, await resolve(a));
    } catch (e) {
      errors.push(`${a}: the DNS name does not resolve (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
  }));
  return { resolved, errors };
}
