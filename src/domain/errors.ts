/**
 * The auth service's domain errors: one subclass per failure, each with a stable `code`.
 * The token and key errors a verifying service shares (TokenExpiredError, KeyUnavailableError, …)
 * and their base class come from the client library's public API and are re-exported here, so the
 * service has one place to import errors from. HTTP statuses and messages are the error mapper's job.
 */
import { DomainError } from '@auth-service/client';

export {
  DomainError,
  isUnavailable,
  KeyFetchError,
  KeyMaterialInvalidError,
  KeyUnavailableError,
  RevocationStaleError,
  TokenExpiredError,
  TokenInvalidError,
  TokenMissingError,
  TokenRevokedError,
  UnknownKeyIdError,
} from '@auth-service/client';

/** Login body absent, or username/password missing, empty or not a string. */
export class LoginInputIncompleteError extends DomainError {
  readonly code = 'LOGIN_INPUT_INCOMPLETE';
  constructor() {
    super('login requires a non-empty username and password');
  }
}

/** Why credentials were refused, for the audit trail only; `null` when the user store does not tell. */
export type CredentialsRefusal = 'wrong_password' | 'unknown_account' | 'disabled';

/**
 * Unknown account, wrong password and a disabled user deliberately share this
 * one error and answer; `reason` tells them apart for the audit trail alone.
 */
export class InvalidCredentialsError extends DomainError {
  readonly code = 'INVALID_CREDENTIALS';
  constructor(readonly reason: CredentialsRefusal | null = null) {
    super('invalid username or password');
  }
}

/** A request parameter is missing or malformed. */
export class InvalidRequestError extends DomainError {
  readonly code = 'INVALID_REQUEST';
  /** The input field at fault, when one is (the admin API names it in `invalid-params`). */
  readonly field: string | undefined;
  constructor(message: string, options?: { cause?: unknown; field?: string }) {
    super(message, options);
    this.field = options?.field;
  }
}

/** The key endpoint was called with an appId/appSecret pair that is not registered. */
export class ClientUnauthorizedError extends DomainError {
  readonly code = 'CLIENT_UNAUTHORIZED';
  constructor() {
    super('unknown client credentials');
  }
}

/** The verification key may not be handed out at all (an HMAC secret with no registered clients). */
export class KeyDistributionForbiddenError extends DomainError {
  readonly code = 'KEY_DISTRIBUTION_FORBIDDEN';
  constructor() {
    super('the verification key is not distributed in this configuration');
  }
}

/** Stored key material could not be decrypted (wrong AUTH_KEY_ENCRYPTION_KEY, or none set for an encrypted store). */
export class KeyDecryptionError extends DomainError {
  readonly code = 'KEY_DECRYPTION_FAILED';
}

/** A key-management command named a key that does not exist or is in the wrong state. */
export class KeyNotFoundError extends DomainError {
  readonly code = 'KEY_NOT_FOUND';
}

/** Too many login attempts from one client or for one account inside the window. */
export class TooManyLoginAttemptsError extends DomainError {
  readonly code = 'TOO_MANY_LOGIN_ATTEMPTS';
  /** Seconds until one more attempt will be accepted (Retry-After). */
  constructor(readonly retryAfterSeconds: number) {
    super('too many login attempts');
  }
}

/** Too many wrong client secrets from one address or for one appId at the key endpoint. */
export class TooManyKeyRequestsError extends DomainError {
  readonly code = 'TOO_MANY_KEY_REQUESTS';
  /** Seconds until one more attempt will be accepted (Retry-After). */
  constructor(readonly retryAfterSeconds: number) {
    super('too many wrong client secrets');
  }
}

/**
 * The shared store (or a team's user store) could not be reached or did not
 * answer: nothing was decided. Adapters raise it in place of their driver's
 * errors (the driver's error is its `cause`), so nothing above them knows an
 * errno or a SQLSTATE. Transient: the caller may retry.
 */
export class StoreUnavailableError extends DomainError {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(message = 'the shared store is unreachable', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Too many refreshes of one refresh-token family, or of one user's families, inside the window. */
export class TooManyRefreshesError extends DomainError {
  readonly code = 'TOO_MANY_REFRESHES';
  /** Seconds until one more refresh will be accepted (Retry-After). */
  constructor(readonly retryAfterSeconds: number) {
    super('too many refreshes');
  }
}

/**
 * Too many password hashes are already running or waiting in this process: the
 * login is refused before any hashing work, so a burst cannot starve the rest
 * of the service. Transient: the client may try again shortly.
 */
export class PasswordHashingBusyError extends DomainError {
  readonly code = 'PASSWORD_HASHING_BUSY';
  constructor() {
    super('too many password checks in progress');
  }
}

/** A user is being added under an account that already exists. */
export class AccountTakenError extends DomainError {
  readonly code = 'ACCOUNT_TAKEN';
  /** `existing`: the stored spelling, when it differs from the requested one (a look-alike). */
  constructor(account: string, options?: { cause?: unknown; existing?: string }) {
    super(
      options?.existing !== undefined && options.existing !== account
        ? `account ${JSON.stringify(account)} is the same name as the existing ${JSON.stringify(options.existing)} (compared after NFKC and case folding)`
        : `account ${JSON.stringify(account)} already exists`,
      options,
    );
  }
}

/**
 * A change made only if the resource is still as the caller read it (an admin's If-Match) found it
 * changed by another write in between: nothing was changed.
 */
export class ResourceChangedError extends DomainError {
  readonly code = 'RESOURCE_CHANGED';
  constructor(what: string) {
    super(`${what} changed since it was read`);
  }
}

/** No user has this account. */
export class UserNotFoundError extends DomainError {
  readonly code = 'USER_NOT_FOUND';
  constructor(account: string) {
    super(`no user with account ${JSON.stringify(account)}`);
  }
}
