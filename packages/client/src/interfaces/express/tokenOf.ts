import type { VerifiedToken } from '../../domain/model/VerifiedToken';
import { setCurrentUser } from './currentUserOf';

const VERIFIED_TOKEN_KEY = 'verifiedToken';

/** What the token check needs of express's response: `res.locals` (express 4 and 5 alike). */
interface WithLocals {
  readonly locals: Record<string, unknown>;
}

/** Where the token check leaves its result: the token for `tokenOf`, its user for `currentUserOf`. */
export function setVerifiedToken(res: WithLocals, token: VerifiedToken): void {
  res.locals[VERIFIED_TOKEN_KEY] = token;
  setCurrentUser(res, token.user);
}

/**
 * The token the check verified for this request (kind, subject, client id, scopes,
 * audiences, claims, and the current user); null on open routes or before the check.
 */
export function tokenOf(res: WithLocals): VerifiedToken | null {
  return (res.locals[VERIFIED_TOKEN_KEY] as VerifiedToken | undefined) ?? null;
}
