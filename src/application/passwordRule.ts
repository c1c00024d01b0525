import { InvalidRequestError } from '@auth-service/client/internal/domain/errors';
import { USER_FIELD_LIMITS } from '../domain/model/UserAccount';

/**
 * The rule for a new password, as AddUser applies it: 1 to 1024 characters,
 * not only spaces (the login endpoint refuses blank passwords).
 */
export function checkNewPassword(password: string): void {
  if (!/\S/.test(password) || password.length > USER_FIELD_LIMITS.password) {
    throw new InvalidRequestError(`password must be 1 to ${USER_FIELD_LIMITS.password} characters, not only spaces`);
  }
}
