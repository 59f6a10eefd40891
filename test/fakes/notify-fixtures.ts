/** Shared parts of the notifier tests: notices, a log that keeps its lines, a real webhook receiver on loopback. */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, type Logger } from '../../core/logger.js';
import type { NotificationStreamConfig, NotificationsConfig } from '../../core/config-schema.js';
import type { AlertNotice, AlertNoticeKind, AlertRecord } from '../../services/alert-types.js';

export function alert(i: number, over: Partial<AlertRecord> = {}): AlertRecord {
  return {
    key: `k${i}`, name: 'interfaceDown', deviceName: `sw${i}`, deviceId: 100 + i, componentName: 'Gi0/1', componentIndex: 10101,
    value: '2', values: { [`sw${i}|Gi0/1|ifOperStatus`]: '2' }, description: `interface Gi0/1 of sw${i} is down`, tags: ['Role.Core'],
    variable: `sw${i}|Gi0/1|alert.interfaceDown`, inputVariable: `sw${i}|Gi0/1|ifOperStatus`, activeSince: 1_764_000_000_000, active: true,
    silenced: false, matchingSilenceId: 0, timeLastNotificationSent: 0, duration: 0, percentage: 100, notificationTimeMs: 3_600_000,
    severity: 'warning', acknowledged: false, acknowledgedBy: '', acknowledgedAt: 0, acknowledgeComment: '',
    ...over,
  };
}

export function notice(i: number, kind: AlertNoticeKind = 'active', over: Partial<AlertRecord> = {}): AlertNotice {
  return { kind, networkId: 1, networkName: 'lab', atMs: 1_764_000_060_000 + i, alert: alert(i, { active: kind !== 'cleared', ...over }) };
}

export function settings(streams: NotificationStreamConfig[], over: Partial<NotificationsConfig> = {}): NotificationsConfig {
  return { streams: [{ kind: 'log', name: 'log' }, ...streams], queueSize: 100, retries: 2, retryInitialMs: 20, retryMaxMs: 80, ...over };
}

/** A logger that keeps every line (debug included). */
export function keptLog(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  return { logger: createLogger({ level: 'debug', component: 'notify', write: (l) => lines.push(l) }), lines };
}

export interface Received {
  readonly body: unknown;
  readonly headers: IncomingHttpHeaders;
  readonly atMs: number;
}

/**
 * A webhook receiver on 127.0.0.1, port 0. `answer` decides each request's fate: a status to send,
 * or 'hold' to keep the request open until `release()` (or the server closes).
 */
export async function startReceiver(answer: (n: number, body: unknown) => number | 'hold' = () => 200) {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      received.push({ body, headers: req.headers, atMs: performance.now() });
      const a = answer(received.length, body);
      if (a === 'hold') held.push(res);
      else res.writeHead(a, { 'content-type': 'text/plain' }).end('ok');
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook?token=urlsecret`,
    received,
    /** Answers every held request with `status`. */
    release(status = 200): void { for (const r of held.splice(0)) r.writeHead(status).end('ok'); },
    /** Resolves once `n` requests came (or rejects after `ms`). */
    async waitFor(n: number, ms = 3000): Promise<void> {
      const until = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`waited ${ms} ms for ${n} requests, got ${received.length}`);
        await new Promise<void>((resolve) => { waiters.push(resolve); setTimeout(resolve, 20); });
      }
    },
    async close(): Promise<void> {
      for (const r of held.splice(0)) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Polls `check` until it holds (or throws after `ms`). */
export async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
