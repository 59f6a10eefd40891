/**
 * The SNMP v2c agent simulator: one UDP socket per simulated device, each on its own loopback
 * address (all of 127.0.0.0/8 is loopback on Linux) at one shared port. See sim-types.ts for the
 * options and sim/README.md for what each device serves.
 */
import dgram from 'node:dgram';
import { systemClock } from '../core/clock.js';
import { AppError } from '../core/errors.js';
import { silentLogger } from '../core/logger.js';
import { formatIpv4, parseIpv4 } from './addresses.js';
import { Agent } from './agent.js';
import { buildMib } from './mib-tables.js';
import { buildDevices, publicDevice, publicLinks, type DeviceModel } from './model.js';
import { counterBigInt, CounterKind, type CounterKindCode } from './traffic.js';
import type { SimCounterColumn, SimNetwork, SimOptions, SimStats } from './sim-types.js';

export type {
  SimNetwork,
} from './sim-types.js';

const simDefaults = Object.freeze({
  devices: 6 as number,
  interfacesPerDevice: 8 as number,
  port: 1161 as number,
  baseAddress: '127.1.0.1' as string,
  topology: 'ring' as 'ring' | 'tree',
  seed: 1 as number,
  deadFraction: 0 as number,
  community: 'public' as string,
  maxResponseBytes: 65507 as number,
});

const columnKind: Record<SimCounterColumn, { kind: CounterKindCode; bits: 32 | 64 }> = {
  ifHCInOctets: { kind: CounterKind.InOctets, bits: 64 },
  ifHCOutOctets: { kind: CounterKind.OutOctets, bits: 64 },
  ifHCInUcastPkts: { kind: CounterKind.InUcastPkts, bits: 64 },
  ifHCOutUcastPkts: { kind: CounterKind.OutUcastPkts, bits: 64 },
  ifInOctets: { kind: CounterKind.InOctets, bits: 32 },
  ifOutOctets: { kind: CounterKind.OutOctets, bits: 32 },
  ifInUcastPkts: { kind: CounterKind.InUcastPkts, bits: 32 },
  ifOutUcastPkts: { kind: CounterKind.OutUcastPkts, bits: 32 },
  ifInDiscards: { kind: CounterKind.InDiscards, bits: 32 },
  ifInErrors: { kind: CounterKind.InErrors, bits: 32 },
  ifOutDiscards: { kind: CounterKind.OutDiscards, bits: 32 },
  ifOutErrors: { kind: CounterKind.OutErrors, bits: 32 },
  ifHCInMulticastPkts: { kind: CounterKind.InMulticastPkts, bits: 64 },
  ifHCOutMulticastPkts: { kind: CounterKind.OutMulticastPkts, bits: 64 },
  ifHCInBroadcastPkts: { kind: CounterKind.InBroadcastPkts, bits: 64 },
  ifHCOutBroadcastPkts: { kind: CounterKind.OutBroadcastPkts, bits: 64 },
  ifInMulticastPkts: { kind: CounterKind.InMulticastPkts, bits: 32 },
  ifOutMulticastPkts: { kind: CounterKind.OutMulticastPkts, bits: 32 },
  ifInBroadcastPkts: { kind: CounterKind.InBroadcastPkts, bits: 32 },
  ifOutBroadcastPkts: { kind: CounterKind.OutBroadcastPkts, bits: 32 },
};

const bad = (msg: string) => new AppError('CONFIG_INVALID', `simulator: ${msg}`);

function validate(opts: SimOptions) {
  const o = { ...simDefaults, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) } as
    typeof simDefaults & SimOptions;
  const intIn = (name: string, v: number, lo: number, hi: number) => {
    if (!Number.isInteger(v) || v < lo || v > hi) throw bad(`${name} must be an integer in ${lo}..${hi}, got ${v}`);
  };
  intIn('devices', o.devices, 1, 65000);
  intIn('interfacesPerDevice', o.interfacesPerDevice, 1, 254);
  intIn('port', o.port, 0, 65535);
  intIn('maxResponseBytes', o.maxResponseBytes, 484, 65507);
  if (!Number.isFinite(o.seed)) throw bad(`seed must be a number, got ${o.seed}`);
  if (!(o.deadFraction >= 0 && o.deadFraction <= 1)) throw bad(`deadFraction must be in 0..1, got ${o.deadFraction}`);
  if (o.topology !== 'ring' && o.topology !== 'tree') throw bad(`topology must be 'ring' or 'tree', got '${String(o.topology)}'`);
  const base = parseIpv4(o.baseAddress);
  if (base === undefined || base >>> 24 !== 127) throw bad(`baseAddress must be an IPv4 address in 127.0.0.0/8, got '${o.baseAddress}'`);
  return { ...o, seed: o.seed >>> 0, base };
}

/**
 * Starts the simulated network and resolves once every device's socket is bound.
 * Invalid options reject with AppError CONFIG_INVALID; a bind failure rejects after closing what was bound.
 */
export async function startSimulator(opts: SimOptions = {}): Promise<SimNetwork> {
  const o = validate(opts);
  const logger = o.logger ?? silentLogger;
  const clock = o.clock ?? systemClock;
  const startMs = clock.nowMs();
  const devs = buildDevices({
    devices: o.devices, ports: o.interfacesPerDevice, baseAddress: o.base, topology: o.topology, seed: o.seed, deadFraction: o.deadFraction,
  });
  const tables = buildMib({ seed: o.seed });
  const agent = new Agent(tables, Buffer.from(o.community), o.maxResponseBytes);
  const stats: SimStats = { received: 0, answered: 0, varbinds: 0, malformed: 0, wrongCommunity: 0, dropped: 0 };
  const sockets: dgram.Socket[] = [];
  let port: number = o.port;

  const onMessage = (dev: DeviceModel, sock: dgram.Socket) => (buf: Buffer, rinfo: dgram.RemoteInfo) => {
    stats.received++;
    if (!dev.alive) { stats.dropped++; return; }
    const s = (clock.nowMs() - startMs) / 1000;
    let out: Buffer | undefined;
    try {
      out = agent.handle(dev, buf, s);
    } catch (e) {
      // a bug in our own code on some input: keep serving the other requests, say it loudly
      logger.error('request handling failed', { device: dev.name, error: String(e) });
      return;
    }
    switch (agent.outcome) {
      case 'malformed': stats.malformed++; break;
      case 'wrongCommunity': stats.wrongCommunity++; break;
      default: break;
    }
    if (!out) return;
    stats.answered++;
    stats.varbinds += agent.varbinds;
    // copy: the agent's writer is reused by the next request before the send completes
    sock.send(Buffer.from(out), rinfo.port, rinfo.address);
  };

  const bindOne = (dev: DeviceModel) => new Promise<void>((resolve, reject) => {
    const sock = dgram.createSocket({ type: 'udp4' });
    sockets.push(sock);
    const onBindError = (e: Error) => reject(new AppError('CONFIG_INVALID', `simulator: cannot bind ${dev.addressText}:${port}: ${e.message}`, { cause: e }));
    sock.once('error', onBindError);
    sock.bind({ address: dev.addressText, port, exclusive: true }, () => {
      sock.off('error', onBindError);
      sock.on('error', (e) => logger.warn('socket error', { device: dev.name, error: e.message }));
      sock.on('message', onMessage(dev, sock));
      resolve();
    });
  });

  const closeAll = async () => {
    await Promise.all(sockets.map((s) => new Promise<void>((res) => {
      try { s.close(() => res()); } catch { res(); }
    })));
  };

  try {
    // port 0: the first device picks a free port, the others use the same number
    await bindOne(devs[0]!);
    if (port === 0) port = sockets[0]!.address().port;
    const batch = 256;
    for (let i = 1; i < devs.length; i += batch) await Promise.all(devs.slice(i, i + batch).map(bindOne));
  } catch (e) {
    await closeAll();
    throw e;
  }

  const publicDevices = devs.map(publicDevice);
  const links = publicLinks(devs);
  const byKey = new Map<string, DeviceModel>();
  for (const d of devs) { byKey.set(d.name, d); byKey.set(d.addressText, d); }
  logger.info('simulator started', {
    devices: devs.length, alive: devs.filter((d) => d.alive).length, interfacesPerDevice: o.interfacesPerDevice + 1,
    links: links.length, first: `${devs[0]!.addressText}:${port}`, last: `${devs[devs.length - 1]!.addressText}:${port}`,
    topology: o.topology, community: o.community,
  });

  const need = (what: string, device: string): DeviceModel => {
    const d = byKey.get(device);
    if (!d) throw new AppError('BAD_PARAMETER', `simulator ${what}: unknown device '${device}' (a device name or address)`);
    return d;
  };

  let closed = false;
  return {
    devices: publicDevices,
    links,
    port,
    baseAddress: devs[0]!.addressText,
    startMs,
    counterAt(device: string, ifIndex: number, column: SimCounterColumn, tMs: number): bigint {
      const d = byKey.get(device);
      if (!d) throw new Error(`counterAt: unknown device '${device}'`);
      if (!Number.isInteger(ifIndex) || ifIndex < 1 || ifIndex > d.ports + 1) throw new Error(`counterAt: ${device} has no ifIndex ${ifIndex}`);
      const c = columnKind[column];
      if (!c) throw new Error(`counterAt: unknown column '${column}'`);
      const v = counterBigInt(o.seed, d, ifIndex, c.kind, (tMs - startMs) / 1000);
      return c.bits === 32 ? v & 0xffffffffn : v;
    },
    setCpuLoad(device: string, percent: number | null): void {
      const d = need('setCpuLoad', device);
      if (percent !== null && !(Number.isInteger(percent) && percent >= 0 && percent <= 100)) {
        throw new AppError('BAD_PARAMETER', `simulator setCpuLoad: percent must be an integer in 0..100 or null, got ${percent}`);
      }
      d.cpuPercent = percent;
      logger.info('simulated CPU load set', { device: d.name, percent: percent ?? 'computed' });
    },
    setAlive(device: string, alive: boolean): void {
      const d = need('setAlive', device);
      d.alive = alive;
      logger.info(alive ? 'simulated device answers again' : 'simulated device stops answering', { device: d.name, address: d.addressText });
    },
    stats: () => ({ ...stats }),
    async close() {
      if (closed) return;
      closed = true;
      await closeAll();
      logger.info('simulator stopped', { ...stats });
    },
  };
}

/** How many further loopback /16s `startSimulatorOnFreeAddresses` tries by default. */
const FREE_ADDRESS_TRIES = 8;

/**
 * Starts the simulator at its addresses or, when one of them is taken (EADDRINUSE: another
 * program holds that address and port), at the same place in the next loopback /16 (127.1.0.1 →
 * 127.2.0.1 → …), up to `tries` further /16s; when every one is taken (a program holding the port
 * on all addresses, 0.0.0.0), at the first addresses on a port the system picks. Other failures
 * go up at once. The result's `baseAddress` and `port` say where it runs.
 */
export async function startSimulatorOnFreeAddresses(opts: SimOptions = {}, tries = FREE_ADDRESS_TRIES): Promise<SimNetwork> {
  const first = parseIpv4(opts.baseAddress ?? simDefaults.baseAddress);
  if (first === undefined) return startSimulator(opts); // reports the bad address
  const taken = (e: unknown) => ((e as { cause?: NodeJS.ErrnoException }).cause?.code === 'EADDRINUSE');
  let lastError: unknown;
  for (let k = 0; k <= tries; k++) {
    const base = first + k * 65536;
    if (base >>> 24 !== 127) break;
    try {
      return await startSimulator({ ...opts, baseAddress: formatIpv4(base) });
    } catch (e) {
      if (!taken(e)) throw e;
      lastError = e;
    }
  }
  try {
    return await startSimulator({ ...opts, port: 0 });
  } catch (e) {
    throw taken(e) ? lastError : e;
  }
}
