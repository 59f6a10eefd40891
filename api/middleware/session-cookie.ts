import { SESSION_COOKIE } from './credentials.js';

/**
 * The session cookie's Set-Cookie values: HttpOnly (page scripts never see it), SameSite=Strict
 * (no other site's page sends it along: no cross-site request forgery through it), Path=/, and
 * Secure only when `auth.secureCookie` says so (the server speaks plain HTTP; a Secure cookie
 * would not come back to it).
 */
export function sessionCookie(id: string, maxAgeS: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${id}; Max-Age=${maxAgeS}; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** Removes the cookie from the browser. */
export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', 0, secure);
}
