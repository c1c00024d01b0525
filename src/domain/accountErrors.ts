import { DomainError } from './errors';

/** The account page has no live sign-in session for the browser (none, ended, expired, or its user locked out): sign in first. */
export class AccountSignInNeededError extends DomainError {
  readonly code = 'ACCOUNT_SIGN_IN_NEEDED';
}

/** The session the user asked to end is not one of their live sessions other than the one asking. */
export class AccountSessionNotFoundError extends DomainError {
  readonly code = 'ACCOUNT_SESSION_NOT_FOUND';
}

/** The factor the user asked to remove is not one of theirs. */
export class SecondFactorNotFoundError extends DomainError {
  readonly code = 'SECOND_FACTOR_NOT_FOUND';
}

/** Recovery codes stand in for a factor: a user holding none gets none. */
export class NoSecondFactorError extends DomainError {
  readonly code = 'NO_SECOND_FACTOR';
}
