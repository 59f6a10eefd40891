import t from 'tap';
import { readFileSync } from 'node:fs';
import { buildRouter } from '../../api/routes/index.js';
import { silentLogger } from '../../core/logger.js';
import { fixture, servicesOf } from './fake-service.js';

// The OpenAPI file lists exactly the routes the router serves (paths at two-space indent, their
// methods at four).
t.test('docs/openapi.yaml documents every route and nothing else', async (t) => {
  const text = readFileSync(new URL('../../../docs/openapi.yaml', import.meta.url), 'utf8');
  const documented: string[] = [];
  let path = '';
  for (const line of text.split('\n')) {
    const p = /^ {2}(\/\S*):\s*$/.exec(line);
    if (p) { path = p[1].replace(/\{(\w+)\}/g, ':$1'); continue; }
    const m = /^ {4}(get|post|put|delete|patch):\s*$/.exec(line);
    if (m && path !== '') documented.push(`${m[1].toUpperCase()} ${path}`);
    if (/^\S/.test(line)) path = '';
  }
  documented.sort();
  const { router } = buildRouter({ services: servicesOf(fixture()), clock: { nowMs: () => 0 }, logger: silentLogger });
  const served = Object.keys(router.stats().routes).sort();
  t.same(documented, served);
});
