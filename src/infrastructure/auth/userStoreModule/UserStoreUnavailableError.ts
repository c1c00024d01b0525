import { StoreUnavailableError } from '../../../domain/errors';

/**
 * A user-store module could not give a usable answer: it threw, or returned
 * something that is not a user (see checkedUserStoreUser). To the caller it is
 * a store outage (StoreUnavailableError: 503 with Retry-After): nothing was
 * decided, try again; never a login, never a wrong password. The detail
 * (module, field) is logged where it happens, and never sent.
 */
export class UserStoreUnavailableError extends StoreUnavailableError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
