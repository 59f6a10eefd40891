/**
 * Hostile agents (hostile-agent.ts) in a process of their own, so that what they cost does not fall on
 * the process that tests or measures the server: `node dist/sim/hostile-main.js '<json>'` where the
 * JSON is a list of HostileOptions. Prints one line `{"ready":[{"mode","address","port"}…]}` once
 * every agent listens; exits when its stdin closes (its parent ended) or on SIGTERM.
 */
import { HostileAgent, type HostileOptions } from './hostile-agent.js';

const list = JSON.parse(process.argv[2] ?? '[]') as HostileOptions[];
const agents = await Promise.all(list.map((o) => HostileAgent.start(o)));
process.stdout.write(JSON.stringify({ ready: agents.map((a) => ({ mode: a.mode, address: a.address, port: a.port })) }) + '\n');
const stop = () => { void Promise.all(agents.map((a) => a.close())).then(() => process.exit(0)); };
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
