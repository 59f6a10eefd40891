/**
 * Who makes a call: the principal the authentication hook puts into every request's context.
 * `anonymous` when authentication is off; a token call carries no user name (docs/api.md "Authentication").
 */
export type Role = 'admin' | 'user';

export type Caller =
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'user'; readonly name: string; readonly role: Role }
  | { readonly kind: 'token'; readonly tokenId: string; readonly tokenName: string; readonly role: Role };

export const ANONYMOUS: Caller = Object.freeze({ kind: 'anonymous' });

/**
 * The name that owns what a caller creates (views, filters): the user's name; for a token call,
 * which carries no user name (docs/api.md "Authentication"), the pseudo-user named like the token (`token:<name>`);
 * null when authentication is off (anonymous).
 */
export function ownerName(caller: Caller): string | null {
  switch (caller.kind) {
    case 'user': return caller.name;
    case 'token': return `token:${caller.tokenName}`;
    default: return null;
  }
}
