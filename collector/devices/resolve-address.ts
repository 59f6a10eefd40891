import { lookup } from 'node:dns/promises';
import { isIpAddress } from '../../core/host-name.js';

/** Turns a DNS name into an IP address (the first the resolver gives); rejects with the resolver's error. */
export type Resolver = (name: string) => Promise<string>;

/** How long one name may take to resolve before it counts as not resolving (getaddrinfo itself has no bound). */
export const RESOLVE_TIMEOUT_MS = 5000;

/**
 * The system resolver (node:dns lookup: /etc/hosts, then DNS), IPv4 first (`verbatim: false`:
 * `order` needs Node 20.13), failing with ETIMEOUT after RESOLVE_TIMEOUT_MS.
 */
export const systemResolver: Resolver = (name) => withTimeout(lookup(name, { family: 0, verbatim: false }).then((r) => r.address), RESOLVE_TIMEOUT_MS);

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`no answer within ${ms / 1000}s`), { code: 'ETIMEOUT' })), ms);
    timer.unref?.();
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

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
