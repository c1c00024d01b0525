import type { CurrentUserDetails } from '../../domain/model/CurrentUserDetails';

const CURRENT_USER_KEY = 'currentUser';

/** What the middleware needs of express's response: `res.locals` (express 4 and 5 alike). */
interface WithLocals {
  readonly locals: Record<string, unknown>;
}

/** Where the token check leaves the verified user for the handler. */
export function setCurrentUser(res: WithLocals, user: CurrentUserDetails): void {
  res.locals[CURRENT_USER_KEY] = user;
}

/** The user the token check verified for this request; null on open routes or before the check. */
export function currentUserOf(res: WithLocals): CurrentUserDetails | null {
  return (res.locals[CURRENT_USER_KEY] as CurrentUserDetails | undefined) ?? null;
}
