import type { NotificationStreamConfig } from '../../core/config-schema.js';
import type { AlertNotice } from '../alert-types.js';

/**
 * One stream's way of handing a notice to its receiver (the log, a webhook, an SMTP server). The
 * queue (services/notify/notify-queue.ts) calls `deliver` for one notice at a time and owns retries.
 */
export interface Delivery {
  /**
   * Resolves once the receiver took the notice; rejects with an Error saying why it did not (a
   * message fit for logs and the status: no secret, no receiver URL). Ends within the stream's
   * timeout, or at once when `signal` aborts (the notifier closing).
   */
  deliver(notice: AlertNotice, signal: AbortSignal): Promise<void>;
  /** Releases connections; idempotent. Called when the stream is removed, changed or closed. */
  close(): void;
}

/** Makes the delivery of a configured stream (tests pass their own). */
export type DeliveryFactory = (stream: NotificationStreamConfig) => Delivery;

/** The secret values of a stream's configuration: replaced by `***` in any message kept or logged. */
export function secretsOf(stream: NotificationStreamConfig): string[] {
  if (stream.kind === 'email') return stream.password ? [stream.password] : [];
  // Every header value may carry a key (Authorization, X-Api-Key, cookies); short ones are not secrets.
  if (stream.kind === 'webhook') return Object.values(stream.headers).filter((v) => v.length >= 6);
  return [];
}

/** `text` with each secret replaced by `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s !== '') out = out.split(s).join('***');
  return out;
}

/** The message of a rejection, as one line. */
export function errorText(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.replace(/[\r\n]+/g, ' ').slice(0, 500);
}
