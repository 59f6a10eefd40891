/**
 * The configuration's `notifications:`: defaults, values as written, one message naming the key and
 * line for each mistake, and secrets (passwords, header values) never echoed in a message.
 */
import t from 'tap';
import { loadConfig } from '../../core/config-load.js';

const NET = 'networks:\n  - { id: 1, seeds: [10.0.0.1] }\n';
const load = (text: string) => loadConfig({ text: NET + text, path: 'netmon.yaml', env: {} });
/** The line of the first line of `text` in the loaded file. */
const L = 3;

t.test('notifications: defaults and values as written', async (t) => {
  const dflt = { streams: [{ kind: 'log', name: 'log' }], queueSize: 1000, retries: 5, retryInitialMs: 1000, retryMaxMs: 60_000 };
  t.same(loadConfig({ env: {} }).notifications, dflt, 'built-in default: the log only');
  t.same(load('').notifications, dflt, 'a file without the section');
  t.same(load('notifications:\n').notifications, dflt, 'an empty section');
  const c = load(`notifications:
  queueSize: 50
  retries: 0
  retryInitial: 200ms
  retryMax: 2m
  streams:
    - name: ops
      webhook:
        url: https://hooks.example.org/alerts?token=abc
        format: alertmanager
        timeout: 3s
        headers: { Authorization: Bearer s3cret, X-Team: net }
    - name: plain-hook
      webhook: { url: "http://127.0.0.1:9000/" }
    - name: oncall_mail
      email:
        host: smtp.example.org
        user: netmon
        password: hunter2hunter2
        from: netmon@example.org
        to: [ops@example.org, "first.last+tag@sub.example.co"]
    - name: tls
      email: { host: 192.0.2.25, secure: true, from: a@example.org, to: b@example.org, timeout: 20s }
`).notifications;
  t.same(c, {
    streams: [
      { kind: 'log', name: 'log' },
      { kind: 'webhook', name: 'ops', url: 'https://hooks.example.org/alerts?token=abc', format: 'alertmanager', timeoutMs: 3000, headers: { Authorization: 'Bearer s3cret', 'X-Team': 'net' } },
      { kind: 'webhook', name: 'plain-hook', url: 'http://127.0.0.1:9000/', format: 'json', timeoutMs: 10_000, headers: {} },
      {
        kind: 'email', name: 'oncall_mail', host: 'smtp.example.org', port: 587, secure: false, user: 'netmon', password: 'hunter2hunter2',
        from: 'netmon@example.org', to: ['ops@example.org', 'first.last+tag@sub.example.co'], timeoutMs: 10_000,
      },
      { kind: 'email', name: 'tls', host: '192.0.2.25', port: 465, secure: true, user: '', password: '', from: 'a@example.org', to: ['b@example.org'], timeoutMs: 20_000 },
    ],
    queueSize: 50, retries: 0, retryInitialMs: 200, retryMaxMs: 120_000,
  });
  t.ok(Object.isFrozen(c.streams[1]), 'frozen');
  t.equal(load('notifications:\n  retryInitial: 2m\n').notifications.retryMaxMs, 120_000, 'retryMax defaults to at least retryInitial');
});

t.test('notifications: each mistake named by key and line', async (t) => {
  const s = (stream: string) => `notifications:\n  streams:\n    - ${stream}\n`;
  const cases: [string, string, RegExp][] = [
    ['not a mapping', 'notifications: 5\n', new RegExp(`notifications \\(line ${L}\\): must be a mapping`)],
    ['unknown key', 'notifications:\n  queue: 5\n', /notifications\.queue \(line 4\): unknown key 'queue'; allowed here: streams, queueSize/],
    ['queue size 0', 'notifications:\n  queueSize: 0\n', /notifications\.queueSize \(line 4\): must be an integer from 1 to 1000000/],
    ['negative retries', 'notifications:\n  retries: -1\n', /notifications\.retries \(line 4\): must be an integer from 0 to 100/],
    ['retry not a duration', 'notifications:\n  retryInitial: soon\n', /notifications\.retryInitial \(line 4\): must be a duration/],
    ['retryMax below retryInitial', 'notifications:\n  retryInitial: 10s\n  retryMax: 5s\n', /notifications\.retryMax \(line 5\): must be at least retryInitial/],
    ['streams not a list', 'notifications:\n  streams: { name: a }\n', /notifications\.streams \(line 4\): must be a list/],
    ['no kind', s('{ name: a }'), /notifications\.streams\[0\] \(line 5\): stream 'a' needs `webhook:` or `email:`/],
    ['both kinds', s('{ name: a, webhook: { url: "http://x/" }, email: { host: h, from: a@b.c, to: a@b.c } }'), /notifications\.streams\[0\]\.email \(line 5\): a stream is either/],
    ['no name', s('{ webhook: { url: "http://x/" } }'), /notifications\.streams\[0\]\.name .*must be a non-empty string/],
    ['name not a word', s('{ name: "a b", webhook: { url: "http://x/" } }'), /notifications\.streams\[0\]\.name \(line 5\): must be a word/],
    ['name log reserved', s('{ name: log, webhook: { url: "http://x/" } }'), /notifications\.streams\[0\]\.name \(line 5\): 'log' is reserved/],
    ['name twice', 'notifications:\n  streams:\n    - { name: a, webhook: { url: "http://x/" } }\n    - { name: a, webhook: { url: "http://y/" } }\n',
      /notifications\.streams\[1\]\.name \(line 6\): stream 'a' is defined twice/],
    ['unknown stream key', s('{ name: a, slack: {} }'), /notifications\.streams\[0\]\.slack \(line 5\): unknown key 'slack'/],
    ['no url', s('{ name: a, webhook: { format: json } }'), /notifications\.streams\[0\]\.webhook\.url .*must be a non-empty string/],
    ['ftp url', s('{ name: a, webhook: { url: "ftp://x/" } }'), /notifications\.streams\[0\]\.webhook\.url \(line 5\): must be an http:\/\/ or https:\/\/ URL/],
    ['not a url', s('{ name: a, webhook: { url: "hooks.example.org" } }'), /webhook\.url \(line 5\): must be an http/],
    ['credentials in url', s('{ name: a, webhook: { url: "https://u:p@x/" } }'), /webhook\.url \(line 5\): must not carry credentials/],
    ['bad format', s('{ name: a, webhook: { url: "http://x/", format: xml } }'), /webhook\.format \(line 5\): must be one of json, alertmanager, got "xml"/],
    ['timeout too short', s('{ name: a, webhook: { url: "http://x/", timeout: 10ms } }'), /webhook\.timeout \(line 5\): must be at least 0\.1s/],
    ['timeout too long', s('{ name: a, webhook: { url: "http://x/", timeout: 1h } }'), /webhook\.timeout \(line 5\): must be at most 5m/],
    ['headers a list', s('{ name: a, webhook: { url: "http://x/", headers: [a] } }'), /webhook\.headers \(line 5\): must be a mapping/],
    ['header name', s('{ name: a, webhook: { url: "http://x/", headers: { "X Y": z } } }'), /webhook\.headers\.X Y .*is not a header name/],
    ['reserved header', s('{ name: a, webhook: { url: "http://x/", headers: { Content-Length: "5" } } }'), /webhook\.headers\.Content-Length .*is set by the server itself/],
    ['header twice', s('{ name: a, webhook: { url: "http://x/", headers: { X-A: "1", x-a: "2" } } }'), /webhook\.headers\.x-a .*header x-a is given twice/],
    ['header not text', s('{ name: a, webhook: { url: "http://x/", headers: { X-A: [1] } } }'), /webhook\.headers\.X-A .*must be a string/],
    ['no host', s('{ name: m, email: { from: a@b.c, to: a@b.c } }'), /notifications\.streams\[0\]\.email\.host .*must be a non-empty string/],
    ['bad host', s('{ name: m, email: { host: "smtp example", from: a@b.c, to: a@b.c } }'), /email\.host \(line 5\): must be a host name or an IP address/],
    ['bad port', s('{ name: m, email: { host: h, port: 0, from: a@b.c, to: a@b.c } }'), /email\.port \(line 5\): must be an integer from 1 to 65535/],
    ['secure not bool', s('{ name: m, email: { host: h, secure: yes, from: a@b.c, to: a@b.c } }'), /email\.secure \(line 5\): must be true or false/],
    ['user without password', s('{ name: m, email: { host: h, user: u, from: a@b.c, to: a@b.c } }'), /email\.password .*is required with `user`/],
    ['password without user', s('{ name: m, email: { host: h, password: pw, from: a@b.c, to: a@b.c } }'), /email\.user .*is required with `password`/],
    ['bad from', s('{ name: m, email: { host: h, from: "netmon at example", to: a@b.c } }'), /email\.from \(line 5\): must be an e-mail address/],
    ['no to', s('{ name: m, email: { host: h, from: a@b.c } }'), /email\.to .*needs at least one address/],
    ['bad to', s('{ name: m, email: { host: h, from: a@b.c, to: [a@b.c, "x@"] } }'), /email\.to\[1\] \(line 5\): must be an e-mail address/],
    ['angle brackets', s('{ name: m, email: { host: h, from: "A <a@b.c>", to: a@b.c } }'), /email\.from \(line 5\): must be an e-mail address/],
  ];
  for (const [name, text, re] of cases) t.throws(() => load(text), { code: 'CONFIG_INVALID', message: re }, name);
});

t.test('notifications: a bad secret is named by its key, never echoed', async (t) => {
  const s = (stream: string) => `notifications:\n  streams:\n    - ${stream}\n`;
  const cases: [string, string, string][] = [
    ['header value with a line break', s('{ name: a, webhook: { url: "http://x/", headers: { Authorization: "Bearer topsecret\\nX-Evil: 1" } } }'), 'topsecret'],
    ['password not text', s('{ name: m, email: { host: h, user: u, password: [topsecret], from: a@b.c, to: a@b.c } }'), 'topsecret'],
    ['header value not text', s('{ name: a, webhook: { url: "http://x/", headers: { Authorization: { v: topsecret } } } }'), 'topsecret'],
  ];
  for (const [name, text, secret] of cases) {
    try {
      load(text);
      t.fail(`${name}: accepted`);
    } catch (e) {
      t.match((e as Error).message, /notifications\.streams\[0\]\.(webhook\.headers\.Authorization|email\.password) \(line 5\)/, `${name}: named`);
      t.notMatch((e as Error).message, secret, `${name}: not echoed`);
    }
  }
});
