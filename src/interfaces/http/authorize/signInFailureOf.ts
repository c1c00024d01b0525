import { DomainError, InvalidCredentialsError, LoginInputIncompleteError } from '../../../domain/errors';
import type { FormError } from './signInFormText';

/** How the sign-in form is shown again after a failed sign-in: its message, the status, and when to retry. */
export interface SignInFailure {
  readonly form: FormError;
  readonly status: number;
  readonly retryAfterSeconds?: number;
}

/** Busy refusals: the form again with Retry-After (too many attempts 429, no hashing slot or key yet 503). */
const BUSY: Readonly<Record<string, number>> = { TOO_MANY_LOGIN_ATTEMPTS: 429, PASSWORD_HASHING_BUSY: 503, KEY_UNAVAILABLE: 503 };

/** The sign-in failures the form answers itself (the same words for an unknown user and a wrong password); anything else is not the form's. */
export function signInFailureOf(error: unknown): SignInFailure | null {
  if (error instanceof InvalidCredentialsError || error instanceof LoginInputIncompleteError) return { form: 'invalid', status: 400 };
  if (!(error instanceof DomainError) || !Object.hasOwn(BUSY, error.code)) return null;
  return { form: 'busy', status: BUSY[error.code], retryAfterSeconds: (error as { retryAfterSeconds?: number }).retryAfterSeconds ?? 1 };
}
