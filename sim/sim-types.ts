/** Public shapes of the SNMP agent simulator (re-exported by simulator.ts). */
import type { Clock } from '../core/clock.js';
import type { Logger } from '../core/logger.js';

export interface SimOptions {
  /** number of simulated devices (default 6) */
  devices?: number;
  /** front-panel ports per device (default 8); every device also has one management interface after them */
  interfacesPerDevice?: number;
  /** UDP port every device listens on, each on its own loopback address (default 1161) */
  port?: number;
  /** address of the first device (default '127.1.0.1'); must be in 127.0.0.0/8 */
  baseAddress?: string;
  /** 'ring' (default): device i port 1 ↔ device i+1 port 2; 'tree': binary tree, child port 1 ↔ parent port 2 or 3 */
  topology?: 'ring' | 'tree';
  /** seed of every pseudo-random choice (default 1) */
  seed?: number;
  /** fraction of devices that receive but never answer (default 0) */
  deadFraction?: number;
  /** v1/v2c community the devices answer to (default 'public'); any other gets no answer */
  community?: string;
  logger?: Logger;
  /** time source of counters and sysUpTime (default: the system clock) */
  clock?: Clock;
  /** largest response datagram; GETBULK answers are cut to fit, GET/GETNEXT answer tooBig (default 65507) */
  maxResponseBytes?: number;
}

export interface SimInterface { ifIndex: number; ifName: string; mac: string; speedBps: number }

export interface SimDevice {
  name: string;
  address: string;
  chassisId: string;
  vendor: string;
  model: string;
  alive: boolean;
  interfaces: SimInterface[];
}

interface SimLinkEnd { device: string; address: string; ifIndex: number; ifName: string }
export interface SimLink { a: SimLinkEnd; b: SimLinkEnd }

/** Counter columns whose value at a time t tests can ask for. 32-bit ones are the 64-bit value mod 2^32. */
export type SimCounterColumn =
  | 'ifHCInOctets' | 'ifHCOutOctets' | 'ifHCInUcastPkts' | 'ifHCOutUcastPkts'
  | 'ifInOctets' | 'ifOutOctets' | 'ifInUcastPkts' | 'ifOutUcastPkts'
  | 'ifInDiscards' | 'ifInErrors' | 'ifOutDiscards' | 'ifOutErrors'
  | 'ifHCInMulticastPkts' | 'ifHCOutMulticastPkts' | 'ifHCInBroadcastPkts' | 'ifHCOutBroadcastPkts'
  | 'ifInMulticastPkts' | 'ifOutMulticastPkts' | 'ifInBroadcastPkts' | 'ifOutBroadcastPkts';

export interface SimStats {
  /** datagrams received by all devices */
  received: number;
  /** responses sent */
  answered: number;
  /** varbinds in responses sent */
  varbinds: number;
  /** datagrams that did not decode */
  malformed: number;
  /** well-formed requests with another community */
  wrongCommunity: number;
  /** datagrams received by dead devices */
  dropped: number;
}

export interface SimNetwork {
  readonly devices: SimDevice[];
  readonly links: SimLink[];
  readonly port: number;
  /** The first device's address (the base the addresses were counted from, off .0/.255). */
  readonly baseAddress: string;
  /**
   * The exact counter the simulator answers at wall time tMs (ms since the epoch of its clock)
   * for a device (name or address), an ifIndex and a column. Throws on an unknown device/ifIndex.
   */
  counterAt(device: string, ifIndex: number, column: SimCounterColumn, tMs: number): bigint;
  /** the time the counters count from (ms, the clock's epoch) */
  readonly startMs: number;
  /**
   * Makes a device (name or address) answer every hrProcessorLoad row (the CPU load the collector
   * polls as cpuUtil) with `percent` (an integer 0..100) from now on; null goes back to the
   * computed load. Throws on an unknown device or a percent outside 0..100.
   */
  setCpuLoad(device: string, percent: number | null): void;
  /**
   * Makes a device (name or address) stop answering (false: it still receives, counted in
   * `dropped`) or answer again (true); its `alive` in `devices` follows. Throws on an unknown device.
   */
  setAlive(device: string, alive: boolean): void;
  stats(): SimStats;
  close(): Promise<void>;
}
