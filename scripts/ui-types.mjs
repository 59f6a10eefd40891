// The web UI's types of the server's answers, generated from the API's own description
// (docs/openapi.yaml) by openapi-typescript into ui/src/api-types.gen.ts, which is committed.
//   node scripts/ui-types.mjs          write the file (`npm run gen:ui-types`)
//   node scripts/ui-types.mjs --check  fail when the committed file differs from what
//                                      docs/openapi.yaml gives now (run by `npm run build`)
// ui/src/api-types.ts names the types the UI uses; the UI imports them from there, never from a
// hand-written copy, so a change of the API's description reaches the UI's type check.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'docs', 'openapi.yaml');
const target = join(root, 'ui', 'src', 'api-types.gen.ts');
const HEADER = '// Generated from docs/openapi.yaml by `npm run gen:ui-types` (openapi-typescript). Do not edit.\n\n';

const ast = await openapiTS(pathToFileURL(source), { silent: true });
const text = HEADER + astToString(ast);

if (process.argv.includes('--check')) {
  let committed = '';
  try { committed = readFileSync(target, 'utf8'); } catch { /* missing: reported below */ }
  if (committed !== text) {
    console.error('ui/src/api-types.gen.ts is not what docs/openapi.yaml gives: run `npm run gen:ui-types` and commit the result.');
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
}
