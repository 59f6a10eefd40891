import { AppError } from '../../../core/errors.js';
import { readJson } from '../../http/json-body.js';
import { pathParam } from '../../http/params.js';
import type { RouteGroup } from '../../http/router.js';
import { userOf } from '../../http/caller-keys.js';
import type { UserChange } from '../../../services/accounts/index.js';
import { json, type ApiContext } from '../context.js';

/**
 * Users and API tokens for administrators (project design, docs/api.md "Users and tokens"): the
 * CLI's `netmon user|token` commands over HTTP, for the onboarding pages of the UI. Every call is
 * `admin`. Passwords and token secrets are write-only: no answer carries them, but a new token's
 * secret in the answer that creates it (shown once).
 */
export function registerAccounts(router: RouteGroup, ctx: ApiContext): void {
  const a = ctx.services.accountAdmin;
  const admin = { access: 'admin' } as const;
  router.get('/admin/users', () => json(a.users()), admin);
  router.post('/admin/users', async (req) => {
    const o = fields(readJson(req), 'user', ['name', 'role', 'password'], ['name', 'role', 'password']);
    return json(await a.addUser(o.name!, o.role!, o.password!, userOf(req)));
  }, admin);
  router.add('PUT', '/admin/users/:name', async (req) => {
    const o = fields(readJson(req), 'user change', ['role', 'password'], []);
    if (o.role === undefined && o.password === undefined) throw new AppError('BAD_PARAMETER', 'user change names no field (fields: role, password)');
    const change: UserChange = { ...(o.role !== undefined ? { role: o.role } : {}), ...(o.password !== undefined ? { password: o.password } : {}) };
    return json(await a.changeUser(pathParam(req, 'name'), change, userOf(req)));
  }, admin);
  router.add('DELETE', '/admin/users/:name', async (req) => json(await a.removeUser(pathParam(req, 'name'), userOf(req))), admin);

  router.get('/admin/tokens', () => ({ status: 200, headers: { 'cache-control': 'no-store' }, body: a.tokens() }), admin);
  router.post('/admin/tokens', async (req) => {
    const o = fields(readJson(req), 'token', ['name', 'role'], ['name', 'role']);
    // The secret is in this answer only: no cache may keep it.
    return { status: 200, headers: { 'cache-control': 'no-store' }, body: await a.createToken(o.name!, o.role!, userOf(req)) };
  }, admin);
  router.add('DELETE', '/admin/tokens/:name', async (req) => json(await a.revokeToken(pathParam(req, 'name'), userOf(req))), admin);
}

/** Most characters of a field (names and roles are checked further by the accounts; passwords have their own bound there). */
const MAX_FIELD_CHARS = 4096;

/** A JSON object of string fields among `allowed`, those of `required` present; BAD_PARAMETER naming the field otherwise. */
function fields(body: unknown, what: string, allowed: readonly string[], required: readonly string[]): Record<string, string | undefined> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new AppError('BAD_PARAMETER', `${what} must be a JSON object`);
  const o = body as Record<string, unknown>;
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(o)) {
    if (!allowed.includes(k)) throw new AppError('BAD_PARAMETER', `${what}: unknown field '${k.slice(0, 60)}' (fields: ${allowed.join(', ')})`);
    if (typeof v !== 'string' || v.length > MAX_FIELD_CHARS) throw new AppError('BAD_PARAMETER', `field '${k}' must be a string of at most ${MAX_FIELD_CHARS} characters`);
    out[k] = v;
  }
  for (const k of required) if (out[k] === undefined) throw new AppError('BAD_PARAMETER', `field '${k}' is required`);
  return out;
}
