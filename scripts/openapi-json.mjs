// Writes the API's OpenAPI document (docs/openapi.yaml) as JSON to dist/openapi.json, which
// `GET /v2/openapi.json` serves as it is (core/openapi-doc.ts openApiJson): the server never parses
// the YAML while it answers traffic. Uses the built reader (dist/core/openapi-doc.js), so the checks
// are the server's own. Run by `npm run build` after tsc.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { readOpenApiJson, BUILT_OPENAPI_JSON } = await import(pathToFileURL(join(root, 'dist', 'core', 'openapi-doc.js')).href);
writeFileSync(BUILT_OPENAPI_JSON, readOpenApiJson(join(root, 'docs', 'openapi.yaml')));
