/**
 * A user-store module could not give a usable answer: it threw, or returned
 * something that is not a user (see checkedUserStoreUser). To the caller it is
 * the store outage the error mapping already knows (code DATABASE_UNAVAILABLE,
 * as DatabaseUnavailableError: 503 with Retry-After): nothing was decided, try
 * again; never a login, never a wrong password. The detail (module, field) is
 * logged where it happens, and never sent.
 */
export class UserStoreUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  override readonly name = 'UserStoreUnavailableError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
