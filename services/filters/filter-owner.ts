import { ownerName, type Caller } from '../../core/caller.js';
import { AppError } from '../../core/errors.js';
import { CONTROL_CHARS } from '../../core/names.js';

/** The owner of filters made with authentication off when the call names no user. */
export const DEFAULT_FILTER_OWNER = 'anonymous';

/** Longest user name a `user` parameter may give: user names are short, and they are part of an index key. */
const MAX_USER_NAME_CHARS = 100;


/**
 * The user a filter call acts as (docs/api.md "View filters", "Authentication"): the filter's owner on creation,
 * the user whose filters a list shows, the user that must own a filter to delete, share or unshare
 * it. `userParam` is the call's `user` query parameter (null or empty when absent).
 *
 * - A logged-in user acts as themself. Naming themself in `user` changes nothing; naming another
 *   user is allowed to administrators only (they act as that user, e.g. to remove a filter for
 *   them) and refused to anyone else with FILTER_REFUSED: a user never reaches another user's
 *   private filters through `user`.
 * - A token call carries no user name: it acts as the pseudo-user named like the token,
 *   `token:<token name>` (`ownerName`, its own user: a token record names no owner). Naming that
 *   pseudo-user in `user` changes nothing; naming any other user is allowed to administrator
 *   tokens only and refused to user-role tokens with FILTER_REFUSED, as for a logged-in user: a
 *   token acts with its own role's rights, never as a user it merely names.
 * - Without authentication (anonymous calls) `user` names the user, else DEFAULT_FILTER_OWNER.
 *
 * A malformed `user` (over MAX_USER_NAME_CHARS, control characters) is a BAD_PARAMETER.
 */
export function actingUser(caller: Caller, userParam: string | null): string {
  const named = userParam === null || userParam === '' ? null : checkedUserName(userParam);
  switch (caller.kind) {
    case 'user':
      if (named === null || named === caller.name || caller.role === 'admin') return named ?? caller.name;
      throw new AppError('FILTER_REFUSED',
        `user '${caller.name}' may not act for user '${named}': only administrators may name another user in 'user'`);
    case 'token': {
      const own = ownerName(caller)!;
      if (named === null || named === own || caller.role === 'admin') return named ?? own;
      throw new AppError('FILTER_REFUSED',
        `token '${caller.tokenName}' acts as '${own}' and may not act for user '${named}': only administrators may name another user in 'user'`);
    }
    case 'anonymous':
      return named ?? DEFAULT_FILTER_OWNER;
  }
}

function checkedUserName(name: string): string {
  if (name.length > MAX_USER_NAME_CHARS) {
    throw new AppError('BAD_PARAMETER', `parameter 'user' is longer than ${MAX_USER_NAME_CHARS} characters`);
  }
  if (CONTROL_CHARS.test(name)) throw new AppError('BAD_PARAMETER', `parameter 'user' contains control characters`);
  return name;
}
