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
