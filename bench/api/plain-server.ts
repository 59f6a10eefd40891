/**
 * Child process of the API throughput benchmark: a plain node:http server answering every request
 * with the same status, headers and body bytes as the API's answer it is compared with (passed as
 * base64 JSON in `--response`). Node adds its own Date, Connection, Keep-Alive and Content-Length,
 * as uWebSockets.js adds its own. Prints `READY {"port":…}`; stops on SIGTERM.
 */
import { createServer } from 'node:http';
import { READY } from '../harness/process.js';

export interface CannedResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly bodyBase64: string;
}

function main(): void {
  const i = process.argv.indexOf('--response');
  const canned = JSON.parse(Buffer.from(process.argv[i + 1], 'base64').toString('utf8')) as CannedResponse;
  const body = Buffer.from(canned.bodyBase64, 'base64');
  const server = createServer((_req, res) => {
    res.writeHead(canned.status, { ...canned.headers, 'content-length': body.length });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    process.stdout.write(`${READY}${JSON.stringify({ port })}\n`);
  });
  const stop = () => { server.close(); server.closeAllConnections(); };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main();
