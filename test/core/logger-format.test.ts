import t from 'tap';
import { createLogger, logFormatFromEnv } from '../../core/logger.js';

t.test('json format: one object per line with time, level, component, msg and the fields', async (t) => {
  const lines: string[] = [];
  const log = createLogger({ format: 'json', level: 'debug', write: (l) => lines.push(l) });
  const cases: { call: () => void; expect: Record<string, unknown> }[] = [
    { call: () => log.info('ready', { port: 8080, host: '127.0.0.1' }), expect: { level: 'info', component: 'main', msg: 'ready', port: 8080, host: '127.0.0.1' } },
    { call: () => log.child('store').warn('disk "full"\nsoon', { freeBytes: 0 }), expect: { level: 'warn', component: 'store', msg: 'disk "full"\nsoon', freeBytes: 0 } },
    { call: () => log.error('failed', { error: new Error('boom'), big: 12n, nested: { a: [1, 2] } }), expect: { level: 'error', msg: 'failed', error: 'boom', big: '12', nested: { a: [1, 2] } } },
    { call: () => log.debug('clash', { msg: 'theirs', level: 'x' }), expect: { level: 'debug', msg: 'clash', 'field.msg': 'theirs', 'field.level': 'x' } },
  ];
  for (const c of cases) {
    lines.length = 0;
    c.call();
    t.equal(lines.length, 1);
    t.notMatch(lines[0], '\n', 'one physical line');
    const o = JSON.parse(lines[0]) as Record<string, unknown>;
    t.match(o, c.expect);
    t.ok(!Number.isNaN(Date.parse(o.time as string)) && /Z$/.test(o.time as string), 'time in ISO 8601 UTC');
  }
});

t.test('text format is the default; LOG_FORMAT chooses', async (t) => {
  const lines: string[] = [];
  createLogger({ write: (l) => lines.push(l) }).info('hello', { a: 1 });
  t.match(lines[0], /^\S+Z INFO  \[main\] hello a=1$/);
  const cases: [string | undefined, string | RegExp][] = [[undefined, 'text'], ['', 'text'], ['text', 'text'], ['json', 'json'], ['xml', /LOG_FORMAT must be text or json, not "xml"/]];
  for (const [v, want] of cases) {
    const env = v === undefined ? {} : { LOG_FORMAT: v };
    if (typeof want === 'string') t.equal(logFormatFromEnv(env), want, String(v));
    else t.throws(() => logFormatFromEnv(env), want);
  }
});
