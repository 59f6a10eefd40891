/**
 * A paced UDP flood sent from inside a lab node, bounded in time and packet count, that measures the interface's
 * transmitted bytes (/sys/class/net/<if>/statistics/tx_bytes, the counter behind IF-MIB ifHCOutOctets) at its own
 * start and end. It stands in for `ping -f`, which is not installed on every machine.
 *
 * Pacing: the sender keeps its cumulative frame bytes on the line rate × elapsed time (catching up after a stall,
 * in bursts of at most 256 datagrams), so that any sub-window of the flood carries about the same rate.
 */
import { labExec } from './lab.js';

export interface FloodOptions {
  /** Destination address (a ring address of a neighbour) and UDP port (9, discard: nothing listens). */
  readonly dst: string;
  readonly port?: number;
  /** Interface inside the node whose tx_bytes are read (the one the route to dst leaves by). */
  readonly ifName: string;
  readonly durationMs: number;
  /** Target rate in Ethernet frame bytes per second. */
  readonly bytesPerSecond: number;
  /** UDP payload size. */
  readonly payloadBytes?: number;
  /** Hard cap on datagrams. */
  readonly maxPackets?: number;
}

export interface FloodResult {
  /** Wall-clock bounds of the flood, read inside the sender just before the first and after the last datagram. */
  readonly startMs: number;
  readonly endMs: number;
  readonly txBytesStart: bigint;
  readonly txBytesEnd: bigint;
  readonly packets: number;
  readonly sendErrors: number;
}

// CommonJS, run by `node -e` inside the namespace; argv: dst port ifName durationMs bytesPerSecond payload maxPackets.
const SENDER = String.raw`
const dgram = require('node:dgram');
const fs = require('node:fs');
const [dst, portS, ifName, durS, bpsS, sizeS, maxS] = process.argv.slice(1);
const port = Number(portS), dur = Number(durS), bps = Number(bpsS), size = Number(sizeS), max = Number(maxS);
const txFile = '/sys/class/net/' + ifName + '/statistics/tx_bytes';
const readTx = () => fs.readFileSync(txFile, 'utf8').trim();
const frameBytes = size + 8 + 20 + 14; // UDP, IPv4 and Ethernet headers
const payload = Buffer.alloc(size, 0x5a);
const sock = dgram.createSocket('udp4');
let sent = 0, inflight = 0, errors = 0, t0 = 0, tx0 = '0';
const finish = (waitedMs) => {
  if (inflight > 0 && waitedMs < 2000) return setTimeout(() => finish(waitedMs + 5), 5);
  const t1 = Date.now(), tx1 = readTx();
  process.stdout.write(JSON.stringify({ startMs: t0, endMs: t1, txBytesStart: tx0, txBytesEnd: tx1, packets: sent, sendErrors: errors }) + '\n');
  sock.close();
};
const tick = () => {
  const elapsed = Date.now() - t0;
  if (elapsed >= dur || sent >= max) return finish(0);
  const due = Math.min(max, Math.ceil((bps * elapsed) / 1000 / frameBytes));
  let burst = Math.min(due - sent, 256);
  while (burst-- > 0 && inflight < 2048) {
    sent++; inflight++;
    sock.send(payload, port, dst, (err) => { inflight--; if (err) errors++; });
  }
  setTimeout(tick, 2);
};
sock.bind(0, () => { tx0 = readTx(); t0 = Date.now(); tick(); });
`;

/** Runs the flood from `node`; resolves when it is over (bounded by durationMs + 20 s), rejects on failure. */
export async function labUdpFlood(node: string, opts: FloodOptions): Promise<FloodResult> {
  const payloadBytes = opts.payloadBytes ?? 1400;
  const maxPackets = opts.maxPackets ?? Math.ceil((opts.bytesPerSecond * opts.durationMs) / 1000 / payloadBytes) + 1000;
  const args = [
    opts.dst,
    String(opts.port ?? 9),
    opts.ifName,
    String(opts.durationMs),
    String(opts.bytesPerSecond),
    String(payloadBytes),
    String(maxPackets),
  ];
  const r = await labExec(node, [process.execPath, '-e', SENDER, ...args], { timeoutMs: opts.durationMs + 20_000 });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.code !== 0 || !line.startsWith('{')) {
    throw new Error(`flood from ${node} failed (${r.timedOut ? 'timed out' : `exit ${r.code}`}): ${r.stderr.trim()}`);
  }
  const j = JSON.parse(line) as Record<string, string | number>;
  return {
    startMs: Number(j.startMs),
    endMs: Number(j.endMs),
    txBytesStart: BigInt(j.txBytesStart!),
    txBytesEnd: BigInt(j.txBytesEnd!),
    packets: Number(j.packets),
    sendErrors: Number(j.sendErrors),
  };
}
