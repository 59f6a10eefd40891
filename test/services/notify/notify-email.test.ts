/**
 * The e-mail stream against a real SMTP server (smtp-server on 127.0.0.1, port 0): the message as
 * received (envelope, headers, body), the login, and a server that is down or refuses the login
 * (retries, then failed; the password in no message). The test server offers no STARTTLS (its
 * certificate would be self-signed): the client's certificate checks stay as in production.
 */
import t from 'tap';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { systemClock } from '../../../core/clock.js';
import type { EmailStreamConfig } from '../../../core/config-schema.js';
import { Notifier } from '../../../services/notify/notifier.js';
import { emailMessage } from '../../../services/notify/notify-email.js';
import { keptLog, notice, settings, until } from '../../fakes/notify-fixtures.js';

const PASSWORD = 'smtp-pass-9876';

interface Mail { from: string; to: string[]; user: string | undefined; raw: string }

async function startSmtp(opts: { auth: boolean }) {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    disabledCommands: opts.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'netmon' && auth.password === PASSWORD) cb(null, { user: 'netmon' });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function mailStream(port: number, over: Partial<EmailStreamConfig> = {}): EmailStreamConfig {
  return {
    kind: 'email', name: 'mail', host: '127.0.0.1', port, secure: false, user: 'netmon', password: PASSWORD,
    from: 'netmon@example.org', to: ['ops@example.org', 'noc@example.org'], timeoutMs: 2000, ...over,
  };
}

/** The header block of a raw message, unfolded. */
const header = (raw: string, name: string): string | undefined =>
  new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, 'mi').exec(raw.split('\r\n\r\n')[0])?.[1].replace(/\r\n[ \t]/g, ' ');

t.test('a notice becomes one mail: envelope, subject, plain-text body; with a login', async (t) => {
  const smtp = await startSmtp({ auth: true });
  t.teardown(() => smtp.close());
  const { logger, lines } = keptLog();
  const n = new Notifier(settings([mailStream(smtp.port)]), { clock: systemClock, logger });
  t.teardown(() => n.close());
  n.send(notice(1), ['mail']);
  n.send(notice(1, 'repeat'), ['mail']);
  n.send(notice(1, 'cleared'), ['mail']);
  await until(() => smtp.mails.length === 3, 5000);
  const m = smtp.mails[0];
  t.equal(m.from, 'netmon@example.org');
  t.same(m.to, ['ops@example.org', 'noc@example.org']);
  t.equal(m.user, 'netmon', 'logged in');
  t.equal(header(m.raw, 'From'), 'netmon@example.org');
  t.equal(header(m.raw, 'To'), 'ops@example.org, noc@example.org');
  t.same(smtp.mails.map((x) => header(x.raw, 'Subject')), [
    '[netmon] ACTIVE interfaceDown sw1 Gi0/1', '[netmon] REPEAT interfaceDown sw1 Gi0/1', '[netmon] CLEARED interfaceDown sw1 Gi0/1',
  ]);
  t.match(header(m.raw, 'Content-Type'), /^text\/plain/);
  const body = m.raw.split('\r\n\r\n').slice(1).join('\r\n\r\n').replace(/\r\n/g, '\n');
  t.equal(body.trimEnd(), emailMessage(notice(1)).text.trimEnd(), 'the body as built');
  t.match(body, /^Alert: +interfaceDown$/m);
  t.match(body, /^State: +ACTIVE$/m);
  t.match(body, /^Network: +lab \(id 1\)$/m);
  t.match(body, /^Device: +sw1 \(id 101\)$/m);
  t.match(body, /^Component: +Gi0\/1 \(index 10101\)$/m);
  t.match(body, /^Value: +2$/m);
  t.match(body, /^Description: +interface Gi0\/1 of sw1 is down$/m);
  t.match(body, /^Key: +k1$/m);
  await until(() => n.status().streams[1].delivered === 3);
  t.notMatch(JSON.stringify(n.status()) + lines.join('\n'), PASSWORD);
});

t.test('no login when no user is configured; a subject never carries a line break', async (t) => {
  const smtp = await startSmtp({ auth: false });
  t.teardown(() => smtp.close());
  const n = new Notifier(settings([mailStream(smtp.port, { user: '', password: '' })]), { clock: systemClock, logger: keptLog().logger });
  t.teardown(() => n.close());
  n.send(notice(2, 'active', { componentName: 'evil\r\nBcc: x@example.org' }), ['mail']);
  await until(() => smtp.mails.length === 1, 5000);
  t.equal(smtp.mails[0].user, undefined);
  t.equal(header(smtp.mails[0].raw, 'Subject'), '[netmon] ACTIVE interfaceDown sw2 evil Bcc: x@example.org');
  t.equal(header(smtp.mails[0].raw, 'Bcc'), undefined, 'no header injected');
  t.same(smtp.mails[0].to, ['ops@example.org', 'noc@example.org']);
});

t.test('server down: retries, then failed with the reason; a refused login likewise, the password in no message', async (t) => {
  const gone = await startSmtp({ auth: true });
  await gone.close();
  const smtp = await startSmtp({ auth: true });
  t.teardown(() => smtp.close());
  const { logger, lines } = keptLog();
  const n = new Notifier(settings([
    mailStream(gone.port, { name: 'down' }),
    mailStream(smtp.port, { name: 'badlogin', password: 'wrong-secret-555' }),
  ], { retries: 2, retryInitialMs: 20, retryMaxMs: 40 }), { clock: systemClock, logger });
  t.teardown(() => n.close());
  n.send(notice(1), ['down', 'badlogin']);
  await until(() => n.status().streams.every((s) => s.name === 'log' || s.failed === 1), 8000);
  const [, down, bad] = n.status().streams;
  t.same([down.failed, down.delivered, down.queued], [1, 0, 0]);
  t.match(down.lastError, /ECONNREFUSED/);
  t.same([bad.failed, bad.delivered], [1, 0]);
  t.match(bad.lastError, /the SMTP server refused or failed: .*Invalid (login|username or password)/);
  t.equal(lines.filter((l) => l.includes('giving up')).length, 2);
  t.equal(lines.filter((l) => l.includes('retrying')).length, 4, 'two retries each');
  t.equal(smtp.mails.length, 0);
  const text = JSON.stringify(n.status()) + lines.join('\n');
  t.notMatch(text, 'wrong-secret-555');
  t.notMatch(text, PASSWORD);
});
