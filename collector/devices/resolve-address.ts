import { lookup } from 'node:dns/promises';
import { isIpAddress } from '../../core/host-name.js';

/** Turns a DNS name into an IP address (the first the resolver gives); rejects with the resolver's error. */
export type Resolver = (name: string) => Promise<string>;

/** The system resolver (node:dns lookup: /etc/hosts, then DNS), IPv4 first. */
export const systemResolver: Resolver = async (name) => (await lookup(name, { family: 0, order: 'ipv4first' })).address;

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
