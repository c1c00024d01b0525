/**
 * Domain errors: one subclass per failure, each with a stable `code`.
 * HTTP statuses and user-facing messages are the error mapper's job, not ours.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;
  override readonly name: string;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Login body absent, or username/password missing, empty or not a string. */
export class LoginInputIncompleteError extends DomainError {
  readonly code = 'LOGIN_INPUT_INCOMPLETE';
  constructor() {
    super('login requires a non-empty username and password');
  }
}

/** Unknown account and wrong password deliberately share this one error. */
export class InvalidCredentialsError extends DomainError {
  readonly code = 'INVALID_CREDENTIALS';
  constructor() {
    super('invalid username or password');
  }
}

/** A request parameter is missing or malformed. */
export class InvalidRequestError extends DomainError {
  readonly code = 'INVALID_REQUEST';
}

/** No bearer token on a protected request. */
export class TokenMissingError extends DomainError {
  readonly code = 'TOKEN_MISSING';
  constructor() {
    super('no bearer token');
  }
}

/** The token was well formed and correctly signed but is past its exp. */
export class TokenExpiredError extends DomainError {
  readonly code = 'TOKEN_EXPIRED';
}

/** Anything else wrong with a token: signature, algorithm, issuer, shape, unknown kid. */
export class TokenInvalidError extends DomainError {
  readonly code = 'TOKEN_INVALID';
}

/**
 * A token names a kid the verifier does not know. It may be signed with a key
 * published after the last refresh, so a client may refetch once (per cooldown)
 * before the token is refused like any other invalid token.
 */
export class UnknownKeyIdError extends TokenInvalidError {
  constructor(readonly kid: string) {
    super('no key for this token');
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

/** No verification or signing key is held yet (a client before its first successful fetch). */
export class KeyUnavailableError extends DomainError {
  readonly code = 'KEY_UNAVAILABLE';
  constructor(message = 'no key is available yet', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * The revocations held are too old to trust (the feed or the shared store has
 * not answered within the staleness limit, or refused this client's
 * credentials): a token that verifies may have been revoked meanwhile, so no
 * decision can be made now. Transient like KeyUnavailableError: answer 503 with
 * Retry-After, never accept the token.
 */
export class RevocationStaleError extends DomainError {
  readonly code = 'REVOCATION_STALE';
  constructor(message = 'the revocations held are too old to trust', options?: { cause?: unknown }) {
    super(message, options);
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

/** The key server could not be asked or gave no usable answer (refused, timeout, 5xx, not JSON). */
export class KeyFetchError extends DomainError {
  readonly code = 'KEY_FETCH_FAILED';
}

/** Key text that does not parse, or whose type cannot verify tokens of the configured sign method. */
export class KeyMaterialInvalidError extends DomainError {
  readonly code = 'KEY_MATERIAL_INVALID';
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

/** No user has this account. */
export class UserNotFoundError extends DomainError {
  readonly code = 'USER_NOT_FOUND';
  constructor(account: string) {
    super(`no user with account ${JSON.stringify(account)}`);
  }
}

/** The token was revoked (logout, or its user was disabled, removed or changed password); refused like any invalid token. */
export class TokenRevokedError extends TokenInvalidError {
  constructor() {
    super('the token has been revoked');
  }
}
