/**
 * A site behind a link that a test can cut: a network namespace of its own joined to this one by a
 * veth pair (site 192.0.2.1/30, here 192.0.2.2/30 by default; TEST-NET-1, nothing else uses it). Needs root and
 * iproute2: without them the test skips loudly, except with CI=true, where it fails.
 */
import { execFileSync } from 'node:child_process';
import { skipOrFail } from './helpers.js';
import { which } from './snmp-tools.js';

export function netnsOrSkip(t: { plan: (n: number, skipReason?: string) => unknown; fail: (msg: string) => unknown }): boolean {
  const why = process.getuid?.() !== 0 ? 'not root' : !which('ip') ? 'iproute2 (ip) missing' : '';
  return why ? skipOrFail(t, `network namespaces need root and iproute2: ${why}`) : true;
}

export interface SiteLink {
  /** The namespace's name (for `ip netns exec`). */
  readonly netns: string;
  /** The site's address, and ours, on the link. */
  readonly siteAddress: string;
  readonly hubAddress: string;
  /** Takes the link down (the site side), or up again. */
  cut(): void;
  restore(): void;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/**
 * The site's namespace and its link, made now and removed at teardown. `subnet` picks the link's /30
 * in 192.0.2.0/24 (0: .1 and .2, 1: .5 and .6…): test files that run at the same time each use their own.
 */
export function siteLink(t: { teardown(fn: () => unknown): void }, subnet = 0): SiteLink {
  const name = `nmrs${process.pid % 100_000}`;
  const [siteIp, hubIp] = [`192.0.2.${4 * subnet + 1}`, `192.0.2.${4 * subnet + 2}`];
  const [site, here] = [`${name}s`, `${name}h`];
  try { ip('netns', 'del', name); } catch { /* none left from an earlier run */ }
  try { ip('link', 'del', here); } catch { /* none left from an earlier run */ }
  ip('netns', 'add', name);
  t.teardown(() => {
    try { ip('link', 'del', here); } catch { /* gone with the namespace */ }
    ip('netns', 'del', name);
  });
  ip('link', 'add', here, 'type', 'veth', 'peer', 'name', site);
  ip('link', 'set', site, 'netns', name);
  ip('addr', 'add', `${hubIp}/30`, 'dev', here);
  ip('link', 'set', here, 'up');
  ip('-n', name, 'addr', 'add', `${siteIp}/30`, 'dev', site);
  ip('-n', name, 'link', 'set', site, 'up');
  ip('-n', name, 'link', 'set', 'lo', 'up');
  return {
    netns: name, siteAddress: siteIp, hubAddress: hubIp,
    cut: () => ip('-n', name, 'link', 'set', site, 'down'),
    restore: () => ip('-n', name, 'link', 'set', site, 'up'),
  };
}
