/**
 * Measures how many varbinds per second the simulator answers to GETBULK, with the client in a
 * separate process (so client and agent do not share a thread):
 *
 *   node dist/bench/sim/throughput.js [--devices 1000] [--interfaces 48] [--seconds 5]
 *        [--max-requests 200000] [--window 64] [--repetitions 25]
 *
 * The parent runs the simulator on a free port under 127.10.0.0/16; the child sends multi-column
 * GETBULKs (ifHCInOctets, ifHCOutOctets, ifInErrors, ifOutErrors) round-robin over the devices
 * with a bounded window of requests in flight, decoding every answer with the project's codec.
 * Bounded in both count and time. Prints one JSON line.
 */
import dgram from 'node:dgram';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { decodeMessage, encodeMessage, oid, PduType, Tag } from '../../snmp/index.js';
import { startSimulator } from '../../sim/simulator.js';

interface Args { devices: number; interfaces: number; seconds: number; maxRequests: number; window: number; repetitions: number }

function parseArgs(argv: string[]): Args {
  const a: Args = { devices: 1000, interfaces: 48, seconds: 5, maxRequests: 200_000, window: 64, repetitions: 25 };
  for (let i = 0; i < argv.length; i += 2) {
    const v = Number(argv[i + 1]);
    switch (argv[i]) {
      case '--devices': a.devices = v; break;
      case '--interfaces': a.interfaces = v; break;
      case '--seconds': a.seconds = Math.min(v, 60); break;
      case '--max-requests': a.maxRequests = v; break;
      case '--window': a.window = v; break;
      case '--repetitions': a.repetitions = v; break;
      default: break;
    }
  }
  return a;
}

interface ClientJob { addresses: string[]; port: number; args: Args }
interface ClientResult { sent: number; received: number; varbinds: number; elapsedMs: number; decodeErrors: number; timeouts: number }

async function runClient(job: ClientJob): Promise<ClientResult> {
  const { addresses, port, args } = job;
  const sock = dgram.createSocket({ type: 'udp4', recvBufferSize: 8 * 1024 * 1024 });
  await new Promise<void>((r) => sock.bind(0, '127.0.0.1', () => r()));
  const columns = ['1.3.6.1.2.1.31.1.1.1.6', '1.3.6.1.2.1.31.1.1.1.10', '1.3.6.1.2.1.2.2.1.14', '1.3.6.1.2.1.2.2.1.20'].map(oid);
  const community = Buffer.from('public');
  const res: ClientResult = { sent: 0, received: 0, varbinds: 0, elapsedMs: 0, decodeErrors: 0, timeouts: 0 };
  const inflight = new Map<number, number>(); // requestId → sent time
  let nextId = 1;
  let target = 0;
  const t0 = performance.now();
  const deadline = t0 + args.seconds * 1000;
  const send = () => {
    if (res.sent >= args.maxRequests || performance.now() > deadline) return;
    const id = nextId++;
    const msg = encodeMessage({
      version: 1, community,
      pdu: { type: PduType.GetBulkRequest, requestId: id, nonRepeaters: 0, maxRepetitions: args.repetitions,
        varbinds: columns.map((o) => ({ oid: o, type: Tag.Null, value: null })) },
    });
    inflight.set(id, performance.now());
    res.sent++;
    sock.send(msg, port, addresses[target++ % addresses.length]!);
  };
  return new Promise<ClientResult>((resolve) => {
    const finish = () => {
      clearInterval(sweeper);
      res.elapsedMs = performance.now() - t0;
      sock.close();
      resolve(res);
    };
    sock.on('message', (buf) => {
      const r = decodeMessage(buf);
      if (!r.ok) { res.decodeErrors++; return; }
      if (!inflight.delete(r.message.pdu.requestId)) return;
      res.received++;
      res.varbinds += r.message.pdu.varbinds.length;
      send();
      if (inflight.size === 0) finish();
    });
    // requests lost (socket buffers overflowing) free their window slot after 1 s
    const sweeper = setInterval(() => {
      const now = performance.now();
      for (const [id, at] of inflight) if (now - at > 1000) { inflight.delete(id); res.timeouts++; send(); }
      if (inflight.size === 0) finish();
    }, 200);
    for (let i = 0; i < args.window; i++) send();
  });
}

async function parent(args: Args): Promise<void> {
  const sim = await startSimulator({ devices: args.devices, interfacesPerDevice: args.interfaces, port: 0, baseAddress: '127.10.0.1' });
  const cpu0 = process.cpuUsage();
  const child = fork(fileURLToPath(import.meta.url), ['--client'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const job: ClientJob = { addresses: sim.devices.map((d) => d.address), port: sim.port, args };
  const result = await new Promise<ClientResult>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ClientResult));
    child.once('error', reject);
    child.once('exit', (code) => { if (code) reject(new Error(`client exited with ${code}`)); });
    child.send(job);
  });
  const cpu = process.cpuUsage(cpu0);
  const s = sim.stats();
  await sim.close();
  const seconds = result.elapsedMs / 1000;
  const agentCpuS = (cpu.user + cpu.system) / 1e6;
  process.stdout.write(JSON.stringify({
    devices: args.devices, interfacesPerDevice: args.interfaces + 1, repetitions: args.repetitions, window: args.window,
    requestsSent: result.sent, responses: result.received, timeouts: result.timeouts, decodeErrors: result.decodeErrors,
    varbindsReceived: result.varbinds, seconds: +seconds.toFixed(2),
    varbindsPerSecond: Math.round(result.varbinds / seconds),
    agentCpuSeconds: +agentCpuS.toFixed(2), agentVarbindsPerCpuSecond: Math.round(s.varbinds / agentCpuS),
    agentRssMb: Math.round(process.memoryUsage().rss / 1e6),
  }) + '\n');
}

if (process.argv[2] === '--client') {
  process.once('message', (job) => {
    runClient(job as ClientJob).then((r) => { process.send!(r, () => process.exit(0)); });
  });
} else {
  parent(parseArgs(process.argv.slice(2))).catch((e) => { process.stderr.write(String(e) + '\n'); process.exitCode = 1; });
}
