/**
 * Child process of the API throughput benchmark: uWebSockets.js with no code of ours — one route
 * that writes the canned answer's headers and bytes — the floor under the API's transport on this
 * machine: what the API / node:http throughput ratio could reach if our adapter, router and
 * handler cost nothing. Takes the same `--response` as plain-server.ts.
 */
import uWS from 'uWebSockets.js';
import { READY } from '../harness/process.js';
import type { CannedResponse } from './plain-server.js';

function main(): void {
  const i = process.argv.indexOf('--response');
  const canned = JSON.parse(Buffer.from(process.argv[i + 1], 'base64').toString('utf8')) as CannedResponse;
  const body = Buffer.from(canned.bodyBase64, 'base64');
  const headers = Object.entries(canned.headers);
  const status = `${canned.status} OK`;
  const app = uWS.App().get('/*', (res) => {
    res.writeStatus(status);
    for (const [k, v] of headers) res.writeHeader(k, v);
    res.end(body);
  });
  app.listen('127.0.0.1', 0, (listenSocket) => {
    if (!listenSocket) { process.stderr.write('bare-uws-server: cannot listen\n'); process.exit(1); }
    process.stdout.write(`${READY}${JSON.stringify({ port: uWS.us_socket_local_port(listenSocket as unknown as uWS.us_socket) })}\n`);
  });
  const stop = () => { app.close(); };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main();
