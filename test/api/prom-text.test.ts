import t from 'tap';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { escapeLabelValue, exposition, formatValue } from '../../api/http/prom-text.js';

t.test('label values and HELP text are escaped so that a parser reads them back', async (t) => {
  const cases: { value: string; escaped: string }[] = [
    { value: 'plain', escaped: 'plain' },
    { value: 'back\\slash', escaped: 'back\\\\slash' },
    { value: 'a "quote"', escaped: 'a \\"quote\\"' },
    { value: 'two\nlines', escaped: 'two\\nlines' },
    { value: '/v2/ui/net/:netid/status', escaped: '/v2/ui/net/:netid/status' },
    { value: '', escaped: '' },
  ];
  for (const c of cases) {
    t.equal(escapeLabelValue(c.value), c.escaped, JSON.stringify(c.value));
    const text = exposition([{ name: 'x_total', type: 'counter', help: `help with \\ and\nnewline`, samples: [{ labels: { v: c.value }, value: 1 }] }]);
    const [f] = parsePrometheusTextFormat(text);
    t.equal(f.metrics[0].labels?.v, c.value, `round trip of ${JSON.stringify(c.value)}`);
    t.equal(f.help, 'help with \\ and\nnewline');
  }
});

t.test('values in the format\'s spelling', async (t) => {
  const cases: [number, string][] = [[0, '0'], [1.5, '1.5'], [1e-7, '1e-7'], [NaN, 'NaN'], [Infinity, '+Inf'], [-Infinity, '-Inf'], [2 ** 53, '9007199254740992']];
  for (const [v, text] of cases) t.equal(formatValue(v), text, String(v));
});

t.test('every family has HELP and TYPE; bad names are refused', async (t) => {
  const text = exposition([
    { name: 'a_seconds', type: 'gauge', help: 'A.', samples: [] },
    { name: 'b_total', type: 'counter', help: 'B.', samples: [{ value: 2 }] },
  ]);
  t.equal(text, '# HELP a_seconds A.\n# TYPE a_seconds gauge\n# HELP b_total B.\n# TYPE b_total counter\nb_total 2\n');
  t.throws(() => exposition([{ name: 'bad-name', type: 'gauge', help: '', samples: [] }]), /bad metric name/);
  t.throws(() => exposition([{ name: 'ok', type: 'gauge', help: '', samples: [{ labels: { 'bad-label': 'x' }, value: 1 }] }]), /bad label name/);
  t.throws(() => exposition([{ name: 'ok', type: 'gauge', help: '', samples: [{ labels: { __reserved: 'x' }, value: 1 }] }]), /bad label name/);
});
