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

/**
 * A valid token that lacks a scope the route requires (RFC 6750 §3.1
 * `insufficient_scope`): not "who are you" but "not allowed with this token".
 */
export class InsufficientScopeError extends DomainError {
  readonly code = 'INSUFFICIENT_SCOPE';
  /** Every scope the route requires (the challenge names them all, RFC 6750 §3). */
  readonly requiredScopes: readonly string[];
  constructor(requiredScopes: readonly string[]) {
    super('the token lacks a scope this route requires');
    this.requiredScopes = Object.freeze([...requiredScopes]);
  }
}

/**
 * A token presented with the wrong scheme for its binding (RFC 9449 §7.1): a DPoP-bound token (`cnf.jkt`)
 * as `Bearer`, or a token bound to no key as `DPoP`. Refused like any invalid token (`TOKEN_INVALID`),
 * answered with the `DPoP` challenge.
 */
export class DpopBindingError extends TokenInvalidError {}

/**
 * The `DPoP` proof of a request with a DPoP-bound token is missing, malformed, signed with another key, for
 * another method, URL or token, outside the accepted time window, or used before (RFC 9449 §4.3); answered
 * 401 `DPoP error="invalid_dpop_proof"`. The message says which check failed; it names no secret.
 */
export class DpopProofInvalidError extends DomainError {
  readonly code = 'DPOP_PROOF_INVALID';
}

/**
 * A valid token from a sign-in weaker or older than the route requires (RFC 9470 §3
 * `insufficient_user_authentication`): the client sends the user back to sign in with `acrValues`
 * (and `maxAge`, when the sign-in was too long ago).
 */
export class InsufficientUserAuthenticationError extends DomainError {
  readonly code = 'INSUFFICIENT_USER_AUTHENTICATION';
  constructor(
    /** The level the route requires (the challenge's `acr_values`). */
    readonly acrValues: string,
    /** The route's maximum age of the sign-in in seconds, set only when that is what failed. */
    readonly maxAge: number | undefined,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Base of the errors that mean "cannot decide now" rather than "no": no key
 * held yet, a revocation feed too stale to trust. Answered 503 with Retry-After
 * (fail closed, try later), never 401. Errors that cannot extend it may carry
 * `unavailable = true` instead; `isUnavailable` recognises both.
 */
export abstract class VerificationUnavailableError extends DomainError {
  readonly unavailable = true as const;
  /** Seconds a caller is told to wait; the answering layer's default when undefined. */
  declare readonly retryAfterSeconds?: number;
}

/** True for errors that mean "cannot decide now" (503 + Retry-After), see VerificationUnavailableError. */
export function isUnavailable(error: unknown): boolean {
  return error instanceof VerificationUnavailableError || (error as { unavailable?: unknown } | null)?.unavailable === true;
}

/** No verification or signing key is held yet (a client before its first successful fetch). */
export class KeyUnavailableError extends VerificationUnavailableError {
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
export class RevocationStaleError extends VerificationUnavailableError {
  readonly code = 'REVOCATION_STALE';
  constructor(message = 'the revocations held are too old to trust', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The key server could not be asked or gave no usable answer (refused, timeout, 5xx, not JSON). */
export class KeyFetchError extends DomainError {
  readonly code = 'KEY_FETCH_FAILED';
}

/** Key text that does not parse, or whose type cannot verify tokens of the configured sign method. */
export class KeyMaterialInvalidError extends DomainError {
  readonly code = 'KEY_MATERIAL_INVALID';
}

/** The token was revoked (logout, or its user was disabled, removed or changed password); refused like any invalid token. */
export class TokenRevokedError extends TokenInvalidError {
  constructor() {
    super('the token has been revoked');
  }
}
