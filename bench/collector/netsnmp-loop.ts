/**
 * The baseline of the collector benchmark: a bare net-snmp GETBULK loop over the same simulated
 * devices — one session per device, the 11 interface columns the collector polls, max-repetitions
 * covering every row, `--window` requests in flight — counting the varbinds it receives. Nothing is
 * evaluated or stored: this is what the client library alone costs.
 *
 *   node dist/bench/collector/netsnmp-loop.js --sim-port P --base 127.2.0.1 --devices N --interfaces 48 --seconds S [--window 256]
 *
 * Prints one line `RESULT <json>` on stdout.
 */
import { createRequire } from 'node:module';
import { OID } from '../../collector/oids.js';
import { addressAt, formatIpv4, parseIpv4 } from '../../sim/addresses.js';

// net-snmp is the server's SNMP client library (imported by workers/netsnmp/snmp-session.ts); loaded here
// directly because the baseline is the library with nothing of ours around it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const snmp: any = createRequire(import.meta.url)('net-snmp');

const COLUMNS = [OID.ifHCInOctets, OID.ifHCOutOctets, OID.ifHCInUcastPkts, OID.ifHCOutUcastPkts, OID.ifInErrors, OID.ifOutErrors,
  OID.ifInDiscards, OID.ifOutDiscards, OID.ifOperStatus, OID.ifAdminStatus, OID.ifHighSpeed];

function arg(name: string, dflt: number | string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : String(dflt);
}

async function main(): Promise<void> {
  const simPort = Number(arg('sim-port', 0));
  const base = parseIpv4(arg('base', '127.2.0.1'))!;
  const devices = Number(arg('devices', 100));
  const interfaces = Number(arg('interfaces', 48));
  const seconds = Math.min(600, Number(arg('seconds', 10)));
  const window = Number(arg('window', 256));
  const sessions = Array.from({ length: devices }, (_, i) => {
    const s = snmp.createSession(formatIpv4(addressAt(base, i)!), 'public', { port: simPort, version: snmp.Version2c, timeout: 2000, retries: 1 });
    s.on('error', () => {});
    return s;
  });
  const maxRep = interfaces + 1; // every front-panel port and the management interface
  let varbinds = 0, requests = 0, failures = 0, next = 0;
  let measuring = false, stop = false;
  const bulk = (s: any) => new Promise<void>((resolve) => {
    s.getBulk(COLUMNS, 0, maxRep, (err: Error | null, vbs: any[][]) => {
      if (measuring) {
        if (err) failures++;
        else { requests++; for (const col of vbs) varbinds += col.length; }
      }
      resolve();
    });
  });
  const worker = async () => { while (!stop) await bulk(sessions[next++ % devices]); };
  const workers = Array.from({ length: Math.min(window, devices) }, worker);
  await new Promise((r) => setTimeout(r, 2000)); // warm-up
  measuring = true;
  const cpu0 = process.cpuUsage(), w0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const wallS = (performance.now() - w0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  measuring = false;
  stop = true;
  await Promise.all(workers);
  for (const s of sessions) s.close();
  const cpuS = (cpu.user + cpu.system) / 1e6;
  process.stdout.write(`RESULT ${JSON.stringify({ devices, window, requests, failures, varbinds, wallS, cpuS, varbindsPerS: varbinds / wallS, cpuSPer1M: cpuS / (varbinds / 1e6) })}\n`);
}

main().then(() => process.exit(0), (e) => { process.stderr.write(`${(e as Error).stack}\n`); process.exit(1); });
