import nodemailer from 'nodemailer';
import type { EmailStreamConfig } from '../../core/config-schema.js';
import { dropControlChars, escapeControlChars } from '../../core/control-chars.js';
import { DeadlineError, isDeadlineError, withDeadline } from '../../core/deadline.js';
import type { AlertNotice } from '../alert-types.js';
import type { Delivery } from './notify-delivery.js';

/**
 * An e-mail stream: one plain-text message per notice over SMTP (nodemailer; the only file that
 * imports it). `secure: true` speaks TLS from the first byte (port 465); otherwise the connection
 * upgrades with STARTTLS whenever the server offers it, and the server's certificate is verified
 * either way (nodemailer's defaults, kept). `user`/`password` log in (PLAIN or LOGIN, as offered).
 * The stream's timeout bounds the connection, the greeting, every socket wait (nodemailer's own
 * timeouts) and the whole send (core/deadline.ts `withDeadline`);
 * a message the server takes after that bound may arrive twice (delivery is at least once).
 * nodemailer's own logger stays off: it would print the conversation, credentials included.
 */
export function emailDelivery(cfg: EmailStreamConfig): Delivery {
  const transport = nodemailer.createTransport({
    host: cfg.host,
    port: cfg.port,
    secure: cfg.secure,
    auth: cfg.user !== '' ? { user: cfg.user, pass: cfg.password } : undefined,
    connectionTimeout: cfg.timeoutMs,
    greetingTimeout: cfg.timeoutMs,
    socketTimeout: cfg.timeoutMs,
    dnsTimeout: cfg.timeoutMs,
    logger: false,
    debug: false,
  });
  let closed = false;
  return {
    deliver: async (notice, signal) => {
      if (signal.aborted) throw new Error('cancelled: the notifier is closing');
      const m = emailMessage(notice);
      // nodemailer's own timeouts bound each wait; the deadline (core/deadline.ts) bounds the whole send.
      try {
        await withDeadline(cfg.timeoutMs, () => transport.sendMail({ from: cfg.from, to: [...cfg.to], subject: m.subject, text: m.text }), { signal, what: 'the SMTP server' });
      } catch (e) {
        if (signal.aborted) throw new Error('cancelled: the notifier is closing');
        if (isDeadlineError(e)) throw new DeadlineError(cfg.timeoutMs);
        throw new Error(`the SMTP server refused or failed: ${(e as Error).message}`);
      }
    },
    close: () => { if (!closed) { closed = true; transport.close(); } },
  };
}

const KIND_WORD = { active: 'ACTIVE', cleared: 'CLEARED', repeat: 'REPEAT' } as const;
/** Header text: no line breaks or other control characters, C1 and U+2028/U+2029 included (nodemailer encodes the rest). */
const oneLine = (s: string): string => dropControlChars(s).trim();

/**
 * The message of a notice: subject `[netmon] ACTIVE|CLEARED|REPEAT <name> <device> <component>`
 * and a plain-text body, one `Field: value` line per fact. Values come from agents (device and
 * component names) and users (alert names, descriptions, tags): their control characters are written
 * as escapes (`\n`, `\u0085`), so that no value starts a line of its own in the body.
 */
export function emailMessage(n: AlertNotice): { subject: string; text: string } {
  const a = n.alert;
  const subject = oneLine(`[netmon] ${KIND_WORD[n.kind]} ${a.name} ${a.deviceName} ${a.componentName}`);
  const lines: [string, string][] = [
    ['Alert', a.name],
    ['State', KIND_WORD[n.kind]],
    ['Network', `${n.networkName} (id ${n.networkId})`],
    ['Device', `${a.deviceName} (id ${a.deviceId})`],
    ['Component', a.componentName === '' ? '-' : `${a.componentName} (index ${a.componentIndex})`],
    ['Value', a.value],
    ['Description', a.description],
    ['Active since', a.activeSince > 0 ? new Date(a.activeSince).toISOString() : '-'],
    ['Sent at', new Date(n.atMs).toISOString()],
    ['Variable', a.inputVariable],
    ['Tags', a.tags.length > 0 ? a.tags.join(' ') : '-'],
    ['Key', a.key],
  ];
  const text = lines.map(([k, v]) => `${(k + ':').padEnd(14)}${escapeControlChars(v)}`).join('\n') + '\n';
  return { subject, text };
}
