import type { RoutedRequest } from '../http/http-types.js';

/** The session cookie's name (distinct: other programs on the same host share cookies by host, not port). */
export const SESSION_COOKIE = 'netmon_session';
/** The header the original product's public command-line tools send their token in. */
const NSG_TOKEN_HEADER = 'x-nsg-auth-api-token';
const TOKEN_QUERY_PARAM = 'access_token';

/** The credentials of a request, as found (not yet checked). */
type Credentials =
  | { readonly kind: 'none' }
  | { readonly kind: 'session'; readonly id: string }
  | { readonly kind: 'basic'; readonly raw: string; readonly user: string; readonly password: string }
  | { readonly kind: 'token'; readonly token: string }
  /** Present but unreadable (an unknown Authorization scheme, Basic that is not base64 of `user:password`). */
  | { readonly kind: 'malformed' };

const NONE: Credentials = Object.freeze({ kind: 'none' });
const MALFORMED: Credentials = Object.freeze({ kind: 'malformed' });
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The first credentials a request carries, in this order: the session cookie, `Authorization:
 * Basic`, `Authorization: Bearer`, the `X-NSG-Auth-API-Token` header, the `access_token` query
 * parameter. The first one present decides alone (a bad one is not passed over for the next).
 * Reads one header at a time; the query string is parsed only when no header carries credentials.
 */
export function findCredentials(req: RoutedRequest): Credentials {
  const cookie = req.header('cookie');
  if (cookie !== '') {
    const id = cookieValue(cookie, SESSION_COOKIE);
    if (id !== undefined) return { kind: 'session', id };
  }
  const authorization = req.header('authorization');
  if (authorization !== '') return fromAuthorization(authorization);
  const nsg = req.header(NSG_TOKEN_HEADER);
  if (nsg !== '') return { kind: 'token', token: nsg.trim() };
  const token = req.query.get(TOKEN_QUERY_PARAM);
  if (token !== null) return { kind: 'token', token };
  return NONE;
}

function fromAuthorization(value: string): Credentials {
  const v = value.trim();
  const space = v.indexOf(' ');
  if (space < 0) return MALFORMED;
  const scheme = v.slice(0, space).toLowerCase();
  const rest = v.slice(space + 1).trim();
  if (scheme === 'bearer') return { kind: 'token', token: rest };
  if (scheme !== 'basic' || !BASE64.test(rest)) return MALFORMED;
  const text = Buffer.from(rest, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) return MALFORMED;
  return { kind: 'basic', raw: rest, user: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** The value of cookie `name` in a Cookie header (`a=1; b=2`), or undefined. */
export function cookieValue(header: string, name: string): string | undefined {
  let from = 0;
  while (from < header.length) {
    const end = header.indexOf(';', from);
    const part = header.slice(from, end < 0 ? header.length : end);
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    if (end < 0) break;
    from = end + 1;
  }
  return undefined;
}
