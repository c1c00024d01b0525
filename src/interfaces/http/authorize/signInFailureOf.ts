import { DomainError } from '../../../domain/errors';
import { pageAnswerOf } from '../errors/errorPage';
import type { FormError } from './signInFormText';

/** How the sign-in form is shown again after a failed sign-in: its message, the status, and when to retry. */
export interface SignInFailure {
  readonly form: FormError;
  readonly status: number;
  readonly retryAfterSeconds?: number;
}

/** The sign-in failures the form answers itself, by the message it shows (the same words for an unknown user and a wrong password). */
const FORM_OF: Readonly<Record<string, FormError>> = {
  INVALID_CREDENTIALS: 'invalid',
  LOGIN_INPUT_INCOMPLETE: 'invalid',
  TOO_MANY_LOGIN_ATTEMPTS: 'busy',
  PASSWORD_HASHING_BUSY: 'busy',
  KEY_UNAVAILABLE: 'busy',
};

/** A failed sign-in as the form shows it, its status and Retry-After from the error table's page answer; null for anything else. */
export function signInFailureOf(error: unknown): SignInFailure | null {
  if (!(error instanceof DomainError) || !Object.hasOwn(FORM_OF, error.code)) return null;
  const answer = pageAnswerOf(error);
  // Stryker disable next-line ConditionalExpression: every code of FORM_OF has a page answer in the table (its test says so)
  if (answer === null) return null;
  return { form: FORM_OF[error.code], ...answer };
}
