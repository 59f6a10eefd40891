/**
 * Child process of the API throughput benchmark: the API's transport alone — the uWebSockets.js
 * adapter (api/http/uws.ts) and a Router holding one route that returns the API's answer as fixed
 * bytes — so that the cost of the adapter and router is told apart from the handler's
 * (service calls, JSON encoding). Takes the same `--response` as plain-server.ts.
 */
import { createLogger } from '../../core/logger.js';
import { Router } from '../../api/http/router.js';
import { listenUws } from '../../api/http/uws.js';
import { READY } from '../harness/process.js';
import type { CannedResponse } from './plain-server.js';

async function main(): Promise<void> {
  const i = process.argv.indexOf('--response');
  const path = process.argv[process.argv.indexOf('--path') + 1];
  const canned = JSON.parse(Buffer.from(process.argv[i + 1], 'base64').toString('utf8')) as CannedResponse;
  const body = Buffer.from(canned.bodyBase64, 'base64');
  const logger = createLogger({ level: 'warn' });
  const router = new Router({ logger }).get(path, () => ({ status: canned.status, headers: canned.headers, body }));
  const server = await listenUws({ host: '127.0.0.1', port: 0, router, logger, maxBodyBytes: 1 << 20 });
  process.stdout.write(`${READY}${JSON.stringify({ port: server.port })}\n`);
  await new Promise<void>((resolve) => { process.once('SIGTERM', resolve); process.once('SIGINT', resolve); });
  server.close();
}

main().catch((e) => { process.stderr.write(`transport-server: ${(e as Error).stack}\n`); process.exit(1); });
