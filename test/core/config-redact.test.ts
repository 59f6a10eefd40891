/**
 * The one redaction function of settings and dumps (core/config-redact.ts): a table of every secret
 * a configuration holds, each hidden, and the plain keys beside them left as they are.
 */
import t from 'tap';
import { loadConfig } from '../../core/config-load.js';
import { REDACTED, redactSecrets } from '../../core/config-redact.js';

const text = `
networks:
  - id: 1
    name: lab
    seeds: [192.0.2.1]
    snmp:
      communities: [commsecret1, commsecret2]
      v3Users:
        - { name: u1, level: authPriv, authProtocol: sha, authKey: authsecret1, privProtocol: aes, privKey: privsecret1 }
    devices:
      - { address: 192.0.2.9, snmp: { communities: [devcommsecret] } }
notifications:
  streams:
    - { name: ops, webhook: { url: "http://127.0.0.1:9/hook?x=1&token=urltokensecret", headers: { Authorization: "Bearer headersecret" } } }
    - { name: mail, email: { host: 127.0.0.1, user: mailer, password: smtpsecret, from: a@example.org, to: [b@example.org] } }
integrations:
  trafficAnalytics: { baseUrl: "http://127.0.0.1:9/api", user: flows, password: proxysecret }
`;

t.test('every secret of a configuration is redacted, the rest is kept', async (t) => {
  const cfg = loadConfig({ text, env: { DATA_DIR: './data-redact' } });
  const r = redactSecrets(cfg);
  const net = r.networks[0]!;
  const hook = r.notifications.streams.find((s) => s.name === 'ops');
  const mail = r.notifications.streams.find((s) => s.name === 'mail');
  const cases: [string, unknown, unknown][] = [
    ['network communities (each, count kept)', net.snmp.communities, [REDACTED, REDACTED]],
    ['v3 authKey', net.snmp.v3Users[0]!.authKey, REDACTED],
    ['v3 privKey', net.snmp.v3Users[0]!.privKey, REDACTED],
    ['device communities', net.devices?.[0]?.snmp?.communities, [REDACTED]],
    ['webhook header values (names kept)', hook && 'headers' in hook ? hook.headers : null, { Authorization: REDACTED }],
    ['webhook URL token parameter', hook && 'url' in hook ? hook.url : null, `http://127.0.0.1:9/hook?x=1&token=${REDACTED}`],
    ['SMTP password', mail && 'password' in mail ? mail.password : null, REDACTED],
    // the proxy's credentials become an `authorization` header value (Basic base64(user:password))
    ['traffic proxy authorization', (r.integrations?.trafficAnalytics as unknown as { authorization?: string } | null)?.authorization, REDACTED],
    // Kept as they are:
    ['v3 user name', net.snmp.v3Users[0]!.name, 'u1'],
    ['v3 auth protocol', net.snmp.v3Users[0]!.authProtocol, 'sha'],
    ['SMTP user', mail && 'user' in mail ? mail.user : null, 'mailer'],
    ['seeds', net.seeds, ['192.0.2.1']],
    ['data directory', r.server.dataDir, './data-redact'],
  ];
  for (const [what, got, want] of cases) t.same(got, want, what);
  t.notMatch(JSON.stringify(r), /secret/, 'no secret text anywhere in the redacted config');
  const basic = Buffer.from('flows:proxysecret').toString('base64');
  t.match(JSON.stringify(cfg), basic, 'the loaded config holds the proxy credentials (base64)…');
  t.notMatch(JSON.stringify(r), basic, '…and the redacted one does not');
  t.match(JSON.stringify(cfg), /commsecret1/, 'the input is not modified');
});

t.test('redaction of plain values', async (t) => {
  const cases: [string, unknown, unknown][] = [
    ['empty password stays empty (none set)', { password: '' }, { password: '' }],
    ['numbers under a secret key', { token: 42 }, { token: REDACTED }],
    ['null kept', { secret: null }, { secret: null }],
    ['a URL\'s password', { url: 'http://u:pw@h:9/p' }, { url: `http://u:${REDACTED}@h:9/p` }],
    ['a URL without credentials unchanged', { url: 'https://example.org/a?b=1' }, { url: 'https://example.org/a?b=1' }],
    ['a non-URL string with @ unchanged', { from: 'a:b@example.org' }, { from: 'a:b@example.org' }],
    ['nested lists', [{ apiKey: 'k' }, 'x'], [{ apiKey: REDACTED }, 'x']],
    ['keys in any case', { Authorization: 'Bearer x', PASSWORD: 'p', ApiKey: 'k' }, { Authorization: REDACTED, PASSWORD: REDACTED, ApiKey: REDACTED }],
  ];
  for (const [what, input, want] of cases) t.same(redactSecrets(input), want, what);
});
