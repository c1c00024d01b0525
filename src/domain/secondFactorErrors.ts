import { DomainError } from './errors';

/**
 * The password was right but the user holds a second factor and none (or a
 * wrong one) came with it: the seed login's 401 `需要第二步验证`, the password
 * grant's `invalid_grant`. A wrong password never gets here, so the answer
 * tells no one who is enrolled without the password.
 */
export class SecondFactorRequiredError extends DomainError {
  readonly code = 'SECOND_FACTOR_REQUIRED';
  constructor(readonly detail?: string) {
    super('a second factor is required');
  }
}

/** AUTH_SECOND_FACTOR=required and the user holds no factor: they enrol on the sign-in page first. */
export class SecondFactorEnrolmentRequiredError extends DomainError {
  readonly code = 'SECOND_FACTOR_ENROLMENT_REQUIRED';
  constructor() {
    super('a second factor must be enrolled on the sign-in page first');
  }
}

/** The code (or assertion) is not a valid proof of a factor the user holds: wrong, replayed or used up. */
export class InvalidSecondFactorError extends DomainError {
  readonly code = 'INVALID_SECOND_FACTOR';
  constructor(readonly detail?: string) {
    super('the second factor is invalid');
  }
}

/** A TOTP enrolment was confirmed (or a code checked) with no pending enrolment, or one was started over a confirmed one. */
export class TotpEnrolmentStateError extends DomainError {
  readonly code = 'TOTP_ENROLMENT_STATE';
}
