import type { WebhookStreamConfig } from '../../core/config-schema.js';
import { DeadlineError, isDeadlineError, withDeadline } from '../../core/deadline.js';
import type { AlertNotice, AlertRecord } from '../alert-types.js';
import type { Delivery } from './notify-delivery.js';

/**
 * A webhook stream: one HTTP POST of JSON per notice (global fetch), ended by the stream's timeout
 * (core/deadline.ts: a timer held until the call settles, so a receiver that accepts and never
 * answers fails the try with a DeadlineError at the timeout, whatever the garbage collector does).
 * A 2xx answer is delivered; any other status, a redirect (not followed: the headers may carry
 * credentials), a network error or the timeout is a failure the queue retries.
 */
export function webhookDelivery(cfg: WebhookStreamConfig, opts: { externalUrl?: string } = {}): Delivery {
  return {
    deliver: async (notice, signal) => {
      const body = cfg.format === 'alertmanager'
        ? alertmanagerPayload(notice, cfg.name, opts.externalUrl ?? '') : jsonPayload(notice);
      try {
        await withDeadline(cfg.timeoutMs, async (sig) => {
          const res = await fetch(cfg.url, {
            method: 'POST',
            headers: requestHeaders(cfg),
            body: JSON.stringify(body),
            redirect: 'manual',
            signal: sig,
          });
          // The answer's body is not read: release the connection.
          await res.body?.cancel().catch(() => {});
          if (res.status < 200 || res.status > 299) throw new ReceiverStatus(res.status);
        }, { signal, what: 'the webhook receiver' });
      } catch (e) {
        if (e instanceof ReceiverStatus) throw new Error(`the receiver answered HTTP ${e.status}`);
        if (isDeadlineError(e)) throw new DeadlineError(cfg.timeoutMs);
        throw new Error(fetchFailure(e, cfg.timeoutMs, signal));
      }
    },
    close: () => {},
  };
}

class ReceiverStatus extends Error {
  constructor(readonly status: number) { super(`HTTP ${status}`); }
}

/** The configured headers over the defaults (a configured User-Agent wins); always JSON. */
function requestHeaders(cfg: WebhookStreamConfig): Headers {
  const h = new Headers({ 'user-agent': 'netmon' });
  for (const [k, v] of Object.entries(cfg.headers)) h.set(k, v);
  h.set('content-type', 'application/json');
  return h;
}

/** Why fetch failed, without the URL (its path or query may hold a token). */
function fetchFailure(e: unknown, timeoutMs: number, signal: AbortSignal): string {
  if (signal.aborted) return 'cancelled: the notifier is closing';
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const cause = err?.cause;
  if (cause?.code) return `cannot reach the receiver: ${cause.code}`;
  return `cannot reach the receiver: ${cause?.message ?? err?.message ?? String(e)}`;
}

/**
 * The `json` format: this server's notice object.
 *
 *   { "kind": "active" | "repeat" | "cleared", "network": { "id": 1, "name": "lab" },
 *     "alert": { …every field of the alert (docs/api.md "Alerts and silences"): key, name, deviceName, …, notificationTimeMs },
 *     "atMs": 1764180000000 }
 */
function jsonPayload(n: AlertNotice): object {
  return { kind: n.kind, network: { id: n.networkId, name: n.networkName }, alert: n.alert, atMs: n.atMs };
}

/** Alertmanager's `endsAt` of an alert still firing (Go's zero time). */
const FIRING_ENDS_AT = '0001-01-01T00:00:00Z';

/**
 * The `alertmanager` format: the body Prometheus Alertmanager POSTs to a `webhook_config` receiver
 * (version "4"), so that receivers written for Alertmanager take our notices as they are. Source:
 * the Alertmanager configuration docs, "webhook_config" (prometheus.io/docs/alerting/latest/configuration/#webhook_config),
 * and its notify/webhook/webhook.go `Message` (template.Data + version, groupKey, truncatedAlerts).
 *
 * One notice is one message with one alert. Its labels identify the alert (alertname, network,
 * device, component when the alert has one) and carry its rule's severity (receivers route by a
 * `severity` label), and are the group's labels too (as `group_by: ['...']`
 * does), so `groupKey` is per alert and a receiver that groups by it never merges two alerts.
 * `fingerprint` is the alert's key. `status` is `resolved` for a `cleared` notice, else `firing`;
 * `endsAt` is `0001-01-01T00:00:00Z` while firing and the notice's time once resolved.
 */
function alertmanagerPayload(n: AlertNotice, receiver: string, externalUrl: string): object {
  const a = n.alert;
  const status = n.kind === 'cleared' ? 'resolved' : 'firing';
  const labels = alertLabels(n.networkName, a);
  const annotations = { description: a.description, value: a.value };
  return {
    version: '4',
    groupKey: `{}:${labelSetText(labels)}`,
    truncatedAlerts: 0,
    status,
    receiver,
    groupLabels: labels,
    commonLabels: labels,
    commonAnnotations: annotations,
    externalURL: externalUrl,
    alerts: [{
      status,
      labels,
      annotations,
      startsAt: new Date(a.activeSince).toISOString(),
      endsAt: status === 'firing' ? FIRING_ENDS_AT : new Date(n.atMs).toISOString(),
      generatorURL: '',
      fingerprint: a.key,
    }],
  };
}

function alertLabels(network: string, a: AlertRecord): Record<string, string> {
  const labels: Record<string, string> = { alertname: a.name, network, device: a.deviceName };
  if (a.componentName !== '') labels.component = a.componentName;
  labels.severity = a.severity;
  return labels;
}

/** A label set as Alertmanager prints one: `{a="1", b="2"}`, names sorted, values quoted. */
function labelSetText(labels: Record<string, string>): string {
  return `{${Object.keys(labels).sort().map((k) => `${k}=${JSON.stringify(labels[k])}`).join(', ')}}`;
}
