/**
 * Who makes a call: the principal the authentication hook puts into every request's context.
 * `anonymous` when authentication is off; a token call carries no user name (spec 5.2).
 */
export type Role = 'admin' | 'user';

export type Caller =
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'user'; readonly name: string; readonly role: Role }
  | { readonly kind: 'token'; readonly tokenId: string; readonly role: Role };

export const ANONYMOUS: Caller = Object.freeze({ kind: 'anonymous' });
