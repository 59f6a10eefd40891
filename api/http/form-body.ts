import { AppError } from '../../core/errors.js';
import { excerpt } from './errors.js';
import type { ApiRequest } from './http-types.js';

/** A form media type: `application/x-www-form-urlencoded`, parameters allowed. */
const FORM_MEDIA_TYPE = /^\s*application\/x-www-form-urlencoded\s*(?:;|$)/i;

/**
 * The parameters of a request: its query string, and for a POST with a form body
 * (`application/x-www-form-urlencoded`, as Grafana's Prometheus data source sends) the body's
 * fields too (a field in both comes from the body, as Prometheus reads them). A POST with a body
 * of another content type is AppError UNSUPPORTED_MEDIA_TYPE; an empty body is the query alone.
 * The body is at most the transport's body limit (1 MiB by default).
 */
export function readFormParams(req: ApiRequest): URLSearchParams {
  if (req.method !== 'POST' || req.body.length === 0) return req.query;
  const type = req.headers['content-type'];
  if (type === undefined || !FORM_MEDIA_TYPE.test(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', type === undefined || type === ''
      ? 'expected a form body with content type application/x-www-form-urlencoded, got no content type'
      : `expected a form body with content type application/x-www-form-urlencoded, got '${excerpt(type)}'`);
  }
  const body = new URLSearchParams(req.body.toString('utf8'));
  const merged = new URLSearchParams();
  for (const [k, v] of req.query) if (!body.has(k)) merged.append(k, v);
  for (const [k, v] of body) merged.append(k, v);
  return merged;
}
