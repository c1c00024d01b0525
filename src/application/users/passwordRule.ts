import { InvalidRequestError } from '../../domain/errors';
import { isSafeText } from '../../domain/model/AccountName';
import { USER_FIELD_LIMITS } from '../../domain/model/UserAccount';

/**
 * The rule for a new password, for `users add` and `users passwd` alike: 1 to
 * 1024 characters, not only spaces (the login endpoint refuses blank
 * passwords, so such a user could never log in), no control characters or
 * lone surrogates (the login endpoint refuses those too).
 */
export function checkNewPassword(password: string): void {
  if (!/\S/.test(password) || password.length > USER_FIELD_LIMITS.password || !isSafeText(password)) {
    throw new InvalidRequestError(`password must be 1 to ${USER_FIELD_LIMITS.password} characters, not only spaces, without control characters`, { field: 'password' });
  }
}

/** Shortest password an operator sets (NIST SP 800-63B's minimum for a chosen password): `users add|passwd` and the admin API. */
export const MIN_PASSWORD_LENGTH = 8;

/** Whether a password an operator chose is long enough, counted in characters (code points), not UTF-16 units. */
export function longEnoughChosenPassword(password: string): boolean {
  return [...password].length >= MIN_PASSWORD_LENGTH;
}
