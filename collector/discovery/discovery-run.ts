import type { NetworkConfig } from '../../core/config-schema.js';
import { cidrContains, cidrHosts, parseCidr, type Cidr } from '../../core/cidr.js';
import type { Logger } from '../../core/logger.js';
import type { WorkerPool } from '../pool.js';
import { probeDevice, type ProbedDevice } from './discovery-device.js';
import { DeviceIds } from './device-ids.js';

export interface DiscoveryProgress { probed: number; queued: number; found: number }

/**
 * One discovery pass over a network: probes the seeds (and every host of ranges marked `sweep`),
 * then follows neighbours' management addresses that fall inside the configured ranges. At most
 * `discoveryConcurrency` probes run at once. A device reached through several addresses is kept once.
 * Failures are collected, never thrown.
 */
export async function discoverNetwork(opts: {
  net: NetworkConfig; pool: WorkerPool; logger: Logger; nowMs: () => number;
  /** When aborted, no new probe starts; the run ends once the probes in flight have. */
  signal?: AbortSignal;
  onProgress?: (p: DiscoveryProgress) => void;
}): Promise<{ devices: ProbedDevice[]; errors: string[] }> {
  const { net, pool, logger } = opts;
  const ranges = net.ranges.map((r) => parseCidr(r.cidr)).filter((c): c is Cidr => c !== null);
  const inRanges = (a: string) => ranges.some((c) => cidrContains(c, a));
  const seen = new Set<string>();
  const queue: string[] = [];
  const enqueue = (a: string) => { if (!seen.has(a)) { seen.add(a); queue.push(a); } };
  net.seeds.forEach(enqueue);
  net.ranges.forEach((r, i) => { if (r.sweep) for (const h of cidrHosts(ranges[i])) enqueue(h); });

  const devices = new Map<string, ProbedDevice>();
  const errors: string[] = [];
  const progress: DiscoveryProgress = { probed: 0, queued: queue.length, found: 0 };
  let running = 0;

  await new Promise<void>((resolve) => {
    const pump = () => {
      if (opts.signal?.aborted) queue.length = 0;
      while (running < net.discoveryConcurrency && queue.length > 0) {
        const address = queue.shift()!;
        running++;
        probeDevice(pool, address, net, opts.nowMs).then((r) => {
          progress.probed++;
          if (r.ok) {
            const id = DeviceIds.identity(r.device);
            if (!devices.has(id)) devices.set(id, r.device);
            for (const n of r.device.neighbors) for (const a of n.remoteManagementAddresses) if (inRanges(a)) enqueue(a);
          } else {
            errors.push(`${address}: ${r.error}`);
            logger.debug('probe failed', { address, error: r.error });
          }
        }, (e: Error) => errors.push(`${address}: ${e.message}`)).finally(() => {
          running--;
          progress.queued = queue.length;
          progress.found = devices.size;
          opts.onProgress?.(progress);
          if (running === 0 && queue.length === 0) resolve(); else pump();
        });
      }
      if (running === 0 && queue.length === 0) resolve();
    };
    pump();
  });
  return { devices: [...devices.values()], errors };
}
