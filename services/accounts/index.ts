// The public face of the accounts wing (services/accounts/). Users and tokens (AccountsService), the
// Authenticator (credentials to callers, sessions, login limits) and the password pool (scrypt on
// worker threads of its own). Folders outside the wing import only what this file exports.
export { AccountsService } from './accounts.js';
export { AccountAdmin, type UserChange } from './account-admin.js';
export { Authenticator, type PasswordVerdict } from './authenticator.js';
export { PasswordPool } from './password-pool.js';
export type { ScryptCost } from './password-hash.js';
