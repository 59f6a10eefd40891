import type { ApiResponse } from '../http/http-types.js';
import { pathParam } from '../http/params.js';
import type { RouteGroup } from '../http/router.js';
import { json, networkParam, type ApiContext } from './context.js';

/**
 * The generic key-value store (docs/api.md "Key-value store (v2 and legacy)";
 * services/keyvalue/keyvalue.ts). The v2 and legacy routes are the same calls under their own prefix and
 * network parameter name. The body is opaque: any content type or none, never parsed.
 *
 * - create: `{handle}`;
 * - update: 200 with an empty body; an unknown handle is a 404 UNKNOWN_HANDLE;
 * - read: the stored bytes with the content type given when they were stored; a handle that names
 *   no record (malformed ones included) is a 404 UNKNOWN_HANDLE. The data is the caller's, so the
 *   answer may not be sniffed into another type or run as a page of this server: `nosniff` and a
 *   sandboxing Content-Security-Policy keep stored HTML or script inert.
 */
export function registerKeyValueCalls(router: RouteGroup, ctx: ApiContext, base: string, net: string): void {
  const kv = ctx.services.keyValues;
  router.post(base, async (req) =>
    json({ handle: await kv.create(networkParam(ctx, req, net).id, req.body, req.headers['content-type']) }));
  router.post(`${base}/:handle`, async (req): Promise<ApiResponse> => {
    await kv.update(networkParam(ctx, req, net).id, pathParam(req, 'handle'), req.body, req.headers['content-type']);
    return { status: 200, body: null };
  });
  router.get(`${base}/:handle`, (req) => {
    const rec = kv.get(networkParam(ctx, req, net).id, pathParam(req, 'handle'));
    return { status: 200, headers: { 'content-type': rec.contentType, ...INERT }, body: rec.data };
  });
}

/** Headers that keep stored data from being sniffed or run as a page of this origin. */
const INERT = Object.freeze({ 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox" });
