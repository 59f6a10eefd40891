import t from 'tap';
import { readFileSync } from 'node:fs';
import { buildRouter } from '../../api/routes/index.js';
import { silentLogger } from '../../core/logger.js';
import { fixture, servicesOf } from '../fakes/fake-service.js';
import { call } from '../fakes/call.js';

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

const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options', 'trace'];

// The document served at /v2/openapi.json (read from docs/openapi.yaml) lists the same routes, and
// is well-formed OpenAPI 3.1 in its structure: info, every operation with responses, every path
// parameter of a path template declared.
t.test('GET /v2/openapi.json serves the document: the router\'s table, OpenAPI 3.1 in structure', async (t) => {
  const { router } = buildRouter({ services: servicesOf(fixture()), clock: { nowMs: () => 0 }, logger: silentLogger });
  const res = await call(router, 'GET', '/v2/openapi.json');
  t.equal(res.status, 200);
  t.match(res.headers['content-type'], /^application\/json/);
  const doc = res.json as { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, any>> };
  t.match(doc.openapi, /^3\.1\.\d+$/);
  t.type(doc.info.title, 'string');
  t.type(doc.info.version, 'string');
  const served: string[] = [];
  const problems: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/')) problems.push(`${path}: a path must start with /`);
    const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const [method, op] of Object.entries(item)) {
      if (method === 'parameters' || method === 'summary' || method === 'description') continue;
      if (!METHODS.includes(method)) { problems.push(`${path}: unknown key ${method}`); continue; }
      served.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      const responses = op?.responses as Record<string, unknown> | undefined;
      if (!responses || Object.keys(responses).length === 0) problems.push(`${method} ${path}: no responses`);
      else for (const code of Object.keys(responses)) if (!/^([1-5]XX|[1-5]\d\d|default)$/.test(code)) problems.push(`${method} ${path}: response key ${code}`);
      const declared = new Set([...(item.parameters ?? []), ...(op.parameters ?? [])]
        .map((p: any) => p.$ref ? resolveRef(doc, p.$ref) : p).filter((p: any) => p?.in === 'path').map((p: any) => p.name));
      for (const name of templated) if (!declared.has(name)) problems.push(`${method} ${path}: path parameter ${name} not declared`);
    }
  }
  t.same(problems, [], 'no structural problem');
  t.same(served.sort(), Object.keys(router.stats().routes).sort(), 'the served paths and methods are the router\'s table');
  t.equal((await call(router, 'GET', '/v2/openapi.json')).text, res.text, 'the same document on every call');
});

function resolveRef(doc: unknown, ref: string): unknown {
  return ref.replace(/^#\//, '').split('/').reduce((o: any, k) => o?.[k], doc);
}
