/**
 * CLI of the SNMP agent simulator:
 *   node dist/sim/main.js --devices 1000 --interfaces 48 --port 1161 --base 127.1.0.1 [--dead 0.1]
 * Prints one line when the devices are up, runs until SIGINT/SIGTERM, then prints its counts.
 */
import { createLogger } from '../core/logger.js';
import { parseSimArgs } from './cli-args.js';
import { startSimulator } from './simulator.js';

async function main(): Promise<number> {
  const parsed = parseSimArgs(process.argv.slice(2));
  if (!parsed.ok) {
    process.stderr.write(parsed.error + '\n');
    return 2;
  }
  const logger = createLogger({ component: 'simulator', level: 'warn' });
  let sim;
  try {
    sim = await startSimulator({ ...parsed.opts, logger });
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    return 1;
  }
  const alive = sim.devices.filter((d) => d.alive).length;
  const first = sim.devices[0]!;
  const last = sim.devices[sim.devices.length - 1]!;
  process.stdout.write(
    `simulator up: ${sim.devices.length} devices (${alive} answering, ${sim.devices.length - alive} dead), ` +
    `${first.interfaces.length} interfaces each, ${sim.links.length} links, ` +
    `${first.address}..${last.address} port ${sim.port}, community ${parsed.opts.community ?? 'public'}\n`,
  );
  const running = sim;
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  const s = running.stats();
  await running.close();
  process.stdout.write(
    `simulator stopped: ${s.received} requests, ${s.answered} answered, ${s.varbinds} varbinds, ` +
    `${s.malformed} malformed, ${s.wrongCommunity} wrong community, ${s.dropped} to dead devices\n`,
  );
  return 0;
}

main().then((code) => { process.exitCode = code; });
