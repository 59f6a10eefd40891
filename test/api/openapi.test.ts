import t from 'tap';
import { readFileSync } from 'node:fs';
import { buildRouter } from '../../api/routes.js';
import { silentLogger } from '../../core/logger.js';
import { fixture } from './fake-service.js';

// The OpenAPI file lists exactly the routes the router serves (paths at two-space indent).
t.test('docs/openapi.yaml documents every route and nothing else', async (t) => {
  const text = readFileSync(new URL('../../../docs/openapi.yaml', import.meta.url), 'utf8');
  const documented = [...text.matchAll(/^ {2}(\/\S*):\s*$/gm)].map((m) => `GET ${m[1].replace(/\{(\w+)\}/g, ':$1')}`).sort();
  const { router } = buildRouter({ service: fixture(), clock: { nowMs: () => 0 }, logger: silentLogger });
  const served = Object.keys(router.stats().routes).sort();
  t.same(documented, served);
});
