import { DomainError } from '../../../domain/errors';
import { pageAnswerOf } from '../errors/errorPage';
import type { AccountError } from './accountText';

/** How the account page shows a refused action: its message, status, and when to retry. */
export interface AccountFailure {
  readonly error: AccountError;
  readonly status: number;
  readonly retryAfterSeconds?: number;
}

/** The refusals the account page answers itself, by message and status (the error table's page answer first, where it has one). */
const FAILURES: Readonly<Record<string, { readonly error: AccountError; readonly status: number }>> = {
  INVALID_SECOND_FACTOR: { error: 'wrong_code', status: 400 },
  TOO_MANY_LOGIN_ATTEMPTS: { error: 'busy', status: 429 },
  PASSWORD_HASHING_BUSY: { error: 'busy', status: 503 },
  INVALID_CREDENTIALS: { error: 'wrong_password', status: 400 },
  LOGIN_INPUT_INCOMPLETE: { error: 'wrong_password', status: 400 },
  INVALID_REQUEST: { error: 'bad_password', status: 400 },
  TOTP_ENROLMENT_STATE: { error: 'totp_state', status: 409 },
  PASSKEY_REGISTRATION: { error: 'passkey_failed', status: 400 },
  SECOND_FACTOR_NOT_FOUND: { error: 'gone', status: 404 },
  ACCOUNT_SESSION_NOT_FOUND: { error: 'gone', status: 404 },
  CONSENT_NOT_FOUND: { error: 'gone', status: 404 },
  NO_SECOND_FACTOR: { error: 'gone', status: 409 },
  // The user store is not the database (stub, module): its passwords are not ours to change.
  USER_NOT_FOUND: { error: 'password_unavailable', status: 409 },
};

/** A refused action as the account page shows it; null for anything else (a fault: the error handler answers it, 503 when the store is away). */
export function accountFailureOf(error: unknown): AccountFailure | null {
  if (!(error instanceof DomainError) || !Object.hasOwn(FAILURES, error.code)) return null;
  const failure = FAILURES[error.code];
  // Where the table has a page answer (busy ones, a wrong password) its status and wait win: one answer per error everywhere.
  const answer = pageAnswerOf(error);
  if (answer === null) return failure;
  return { error: failure.error, status: answer.status, ...(answer.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: answer.retryAfterSeconds }) };
}
