import type { DeviceSnmpOverride, NetworkConfig } from '../../core/config-schema.js';
import { cidrContains, cidrHosts, parseCidr, type Cidr } from '../../core/cidr.js';
import type { Logger } from '../../core/logger.js';
import type { WorkerPool } from '../pool.js';
import { probeDevice, type ProbedDevice } from './discovery-device.js';
import type { ProfileSet } from './profiles.js';
import type { OperatorVariables } from '../inventory/operator-vars.js';
import { DeviceIds } from './device-ids.js';

export interface DiscoveryProgress { probed: number; queued: number; found: number }

/** An address a run probes whatever the neighbour tables say (a declared or known device), with its SNMP override. */
export interface ProbeTarget { readonly address: string; readonly override?: DeviceSnmpOverride }

export interface DiscoveryResult {
  /** Each device once (by identity), as first found. */
  readonly devices: ProbedDevice[];
  /** Every probed address that answered → the device it answered as (several addresses may name one device). */
  readonly answered: Map<string, ProbedDevice>;
  /** Every probed address that did not answer → why. */
  readonly failed: Map<string, string>;
  readonly errors: string[];
  /** Addresses not probed because they are blocked. */
  readonly blocked: number;
}

/**
 * One discovery pass over a network: probes the seeds (`seeds`, resolved addresses; default the
 * config's), the `targets` (declared and known devices, each with its override), every host of
 * ranges marked `sweep`, then follows neighbours' management addresses that fall inside the
 * configured ranges. An address `isBlocked` says is never probed, whichever way it came. At most
 * `discoveryConcurrency` probes run at once. A device reached through several addresses is kept
 * once. Failures are collected, never thrown.
 */
export async function discoverNetwork(opts: {
  net: NetworkConfig; pool: WorkerPool; logger: Logger; nowMs: () => number;
  seeds?: readonly string[];
  targets?: readonly ProbeTarget[];
  isBlocked?: (address: string) => boolean;
  /** The device profiles to recognise devices by (default: the built-in ones). */
  profiles?: ProfileSet;
  /** The operator's SNMP variables: the rows of their `table` ones are read (ProbeOptions.variables). */
  variables?: OperatorVariables;
  /** When aborted, no new probe starts; the run ends once the probes in flight have. */
  signal?: AbortSignal;
  onProgress?: (p: DiscoveryProgress) => void;
  onProbeFailed?: (address: string, error: string) => void;
}): Promise<DiscoveryResult> {
  const { net, pool, logger } = opts;
  const ranges = net.ranges.map((r) => parseCidr(r.cidr)).filter((c): c is Cidr => c !== null);
  const inRanges = (a: string) => ranges.some((c) => cidrContains(c, a));
  const seen = new Set<string>();
  const overrides = new Map<string, DeviceSnmpOverride>();
  const queue: string[] = [];
  let blocked = 0;
  const enqueue = (a: string) => {
    if (seen.has(a)) return;
    seen.add(a);
    if (opts.isBlocked?.(a)) { blocked++; logger.debug('address blocked: not probed', { address: a }); return; }
    queue.push(a);
  };
  for (const t of opts.targets ?? []) { if (t.override && !overrides.has(t.address)) overrides.set(t.address, t.override); enqueue(t.address); }
  (opts.seeds ?? net.seeds).forEach(enqueue);
  net.ranges.forEach((r, i) => { if (r.sweep) for (const h of cidrHosts(ranges[i])) enqueue(h); });

  const devices = new Map<string, ProbedDevice>();
  const answered = new Map<string, ProbedDevice>();
  const failed = new Map<string, string>();
  const errors: string[] = [];
  const progress: DiscoveryProgress = { probed: 0, queued: queue.length, found: 0 };
  let running = 0;
  const fail = (address: string, error: string) => {
    failed.set(address, error);
    errors.push(`${address}: ${error}`);
    opts.onProbeFailed?.(address, error);
  };

  await new Promise<void>((resolve) => {
    const pump = () => {
      if (opts.signal?.aborted) queue.length = 0;
      while (running < net.discoveryConcurrency && queue.length > 0) {
        const address = queue.shift()!;
        // Checked again when its turn comes: an address blocked while the run is under way is not probed either.
        if (opts.isBlocked?.(address)) { blocked++; logger.debug('address blocked: not probed', { address }); continue; }
        running++;
        probeDevice(pool, address, net, opts.nowMs, overrides.get(address), { profiles: opts.profiles, logger, variables: opts.variables }).then((r) => {
          progress.probed++;
          if (r.ok) {
            const id = DeviceIds.identity(r.device);
            const first = devices.get(id);
            if (!first) devices.set(id, r.device);
            answered.set(address, first ?? r.device);
            // The device's other addresses are not probed again when neighbours advertise them (a
            // device without an LLDP chassis id would be found twice, under two identities).
            for (const i of r.device.interfaces) for (const a of i.addresses) seen.add(a);
            for (const n of r.device.neighbors) for (const a of n.remoteManagementAddresses) if (inRanges(a)) enqueue(a);
          } else {
            fail(address, r.error);
            logger.debug('probe failed', { address, error: r.error });
          }
        }, (e: Error) => fail(address, e.message)).finally(() => {
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
  return { devices: [...devices.values()], answered, failed, errors, blocked };
}
