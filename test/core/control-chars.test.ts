/**
 * Log injection (issue "Hard to break, round 3", point 7): text from agents and users never reaches a
 * log line, a journal entry or an e-mail with a control character that could start a line of its own.
 * The SNMP text cleaner (discovery records), the logger (text and json) and the e-mail message.
 */
import t from 'tap';
import { createLogger } from '../../core/logger.js';
import { text } from '../../collector/discovery/snmp-values.js';
import { emailMessage } from '../../services/notify/notify-email.js';
import { SnmpType } from '../../snmp/types.js';
import { notice } from '../fakes/notify-fixtures.js';

/** Hostile texts: CR/LF, a lone CR, NEL (C1), the Unicode line separator, VT/FF, ESC sequences, NUL. */
const HOSTILE = [
  'x\nX-Injected: 1', 'x\r\nX-Injected: 1', 'x\rX-Injected: 1', 'x\u0085X-Injected: 1', 'x\u2028X-Injected: 1',
  'x\u2029X-Injected: 1', 'x\u000bX-Injected: 1', 'x\u000cX-Injected: 1', 'x\u001b[2KX-Injected: 1', 'x\u0000X-Injected: 1',
];
const LINE_BREAKING = /[\n\r\u000b\u000c\u0085\u2028\u2029]/;
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** A text shown in an assertion's name: every control character as \uXXXX (TAP reads NEL and U+2028 in a name as line ends). */
const shown = (s: string): string => JSON.stringify(s).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

t.test('the SNMP text cleaner keeps no control character (OCTET STRING and string values)', async (t) => {
  for (const s of HOSTILE) {
    for (const value of [new Uint8Array(Buffer.from(s, 'utf8')), s]) {
      const out = text({ oid: '1.3.6.1.2.1.1.5.0', type: SnmpType.OctetString, value });
      t.notMatch(out, ANY_CONTROL, `${shown(s)} (${typeof value}) → ${shown(out)}`);
      t.match(out, /^x ?(\[2K)?X-Injected: 1$/, 'the printable text stays');
    }
  }
  t.equal(text({ oid: '1', type: SnmpType.OctetString, value: new Uint8Array(Buffer.from('core-sw1\0\0')) }), 'core-sw1', 'trailing NULs dropped');
  t.equal(text({ oid: '1', type: SnmpType.OctetString, value: new Uint8Array(Buffer.from('Gi0/1 uplink')) }), 'Gi0/1 uplink', 'ordinary text unchanged');
});

t.test('the logger writes one line whatever the message and the fields hold (text and json)', async (t) => {
  for (const format of ['text', 'json'] as const) {
    const lines: string[] = [];
    const log = createLogger({ format, level: 'debug', write: (l) => lines.push(l) });
    for (const s of HOSTILE) {
      lines.length = 0;
      log.info(`probe of ${s}`, { sysName: s, nested: { descr: s }, list: [s] });
      t.equal(lines.length, 1);
      t.notMatch(lines[0], LINE_BREAKING, `${format}: ${shown(s)} starts no line`);
      t.notMatch(lines[0], ANY_CONTROL, `${format}: ${shown(s)} no control character`);
      if (format === 'json') {
        const o = JSON.parse(lines[0]!) as Record<string, unknown>;
        t.equal(o.sysName, s, 'json: the value reads back exactly');
        t.equal(o.msg, `probe of ${s}`);
      } else {
        t.match(lines[0], /sysName=x\\/, 'text: the control character is written as an escape');
      }
    }
  }
});

t.test('e-mail subject and body carry no control characters from device, component, alert names or descriptions', async (t) => {
  for (const s of HOSTILE) {
    const m = emailMessage(notice(1, 'active', { deviceName: s, componentName: s, name: s, description: s, value: s, tags: [s] }));
    t.notMatch(m.subject, ANY_CONTROL, `subject: ${shown(s)}`);
    const lines = m.text.split('\n');
    t.notOk(lines.some((l) => l.startsWith('X-Injected')), `body: ${shown(s)} forges no line`);
    t.notMatch(m.text.replace(/\n/g, ''), ANY_CONTROL, `body: ${shown(s)} no other control character`);
    t.equal(lines.length, 13, 'the body keeps its 12 lines (and the final line feed)');
  }
});
