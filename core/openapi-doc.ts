import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { AppError } from './errors.js';

/**
 * The OpenAPI document of the API (docs/openapi.yaml, shipped with the server), as JSON text. The
 * YAML is parsed here because only core/ reads YAML. `file` defaults to the document next to the
 * built code (dist/core → ../../docs). Throws AppError INTERNAL naming the file when it cannot be
 * read or parsed, or is not an OpenAPI 3.1 document with `paths`.
 */
export function readOpenApiJson(file: string | URL = new URL('../../docs/openapi.yaml', import.meta.url)): string {
  const where = file instanceof URL ? file.pathname : file;
  let doc: unknown;
  try {
    doc = parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new AppError('INTERNAL', `the OpenAPI document ${where} cannot be read: ${(e as Error).message}`, { cause: e });
  }
  const d = doc as { openapi?: unknown; paths?: unknown } | null;
  if (typeof d?.openapi !== 'string' || !d.openapi.startsWith('3.1.') || typeof d.paths !== 'object' || d.paths === null) {
    throw new AppError('INTERNAL', `the OpenAPI document ${where} is not OpenAPI 3.1 with paths`);
  }
  return JSON.stringify(doc);
}

/** Where `npm run build` writes the document as JSON (scripts/openapi-json.mjs): dist/openapi.json. */
export const BUILT_OPENAPI_JSON = new URL('../openapi.json', import.meta.url);

/**
 * The OpenAPI document as JSON text for `GET /v2/openapi.json`: the JSON the build wrote from the
 * YAML (read as text, ~200 KB, no parse), else the YAML parsed here. Parsing the YAML holds the event
 * loop about a second on this project's 2-core machine (1.2–4 s under load), which the first call
 * would pay in the middle of the server's traffic.
 */
export function openApiJson(): string {
  try {
    return readFileSync(BUILT_OPENAPI_JSON, 'utf8');
  } catch {
    return readOpenApiJson();
  }
}
