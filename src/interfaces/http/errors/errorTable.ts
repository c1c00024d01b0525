import { DomainError, isUnavailable } from '../../../domain/errors';
import { MESSAGES } from '../messages';
import { KEY_UNAVAILABLE_RETRY_AFTER_SECONDS, LOGIN_BUSY_RETRY_AFTER_SECONDS, REVOCATION_STALE_RETRY_AFTER_SECONDS, STORE_UNAVAILABLE_RETRY_AFTER_SECONDS } from './retryAfter';

/** RFC 6749 §4.1.2.1 and §5.2 error codes this service answers, RFC 8707's and RFC 6750's. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'unauthorized_client'
  | 'invalid_scope'
  /** RFC 8707 §2. */
  | 'invalid_target'
  | 'temporarily_unavailable'
  | 'server_error'
  /** RFC 6750 §3.1, for a bearer token that does not verify. */
  | 'invalid_token'
  /** RFC 9449 §5, §7.1: a DPoP proof that is missing where required or does not hold. */
  | 'invalid_dpop_proof'
  /** RFC 9449 §8: the proof must carry the nonce sent in `DPoP-Nonce`. */
  | 'use_dpop_nonce'
  /** RFC 8628 §3.5: the device's polls. */
  | 'authorization_pending'
  | 'slow_down'
  | 'access_denied'
  | 'expired_token';

/** The description is the error's own message (it names what was refused: a grant, a scope, a resource). */
export const OWN_MESSAGE = Symbol('own message');

/** RFC 6749 §5.2: how the token, introspection and revocation endpoints (and error redirects) answer the code. */
export interface OAuthMeaning {
  readonly status: number;
  readonly error: OAuthErrorCode;
  readonly description: string | typeof OWN_MESSAGE;
  /** The authorization endpoint sends it to the client's redirect URI (RFC 6749 §4.1.2.1). */
  readonly redirects?: true;
}

/** RFC 6750 §3.1: what the code says about a bearer token. */
export interface BearerMeaning {
  /** Null when the request carried no token at all: the challenge then has no error code. */
  readonly error: 'invalid_token' | null;
  readonly description?: string;
  /** The envelope's challenge names the description too: an expired token is worth refreshing, an invalid one is told no more. */
  readonly describedInEnvelope?: true;
}

/** RFC 9449 §7.1: what a resource endpoint (userinfo) answers for a DPoP proof, with a `DPoP` challenge. */
export interface DpopMeaning {
  readonly error: 'invalid_dpop_proof' | 'use_dpop_nonce';
  readonly description: string;
}

export interface ErrorEntry {
  /** The envelope's answer (`{ success, status, msg, data }`); absent: the code is a fault there (500). */
  readonly envelope?: { readonly status: number; readonly msg: string };
  /** Absent: the code is a fault at the standard OAuth endpoints (500 server_error). */
  readonly oauth?: OAuthMeaning;
  readonly bearer?: BearerMeaning;
  readonly dpop?: DpopMeaning;
  /** Seconds to wait, whatever the error carries; otherwise the error's own (a limiter's window), if any. */
  readonly retryAfterSeconds?: number;
  /** The status of the page a browser endpoint (authorization, logout) shows the user for it; absent: no page. */
  readonly page?: number;
  /** An expected outage that health checks report: no log line per answer. */
  readonly transient?: true;
}

const EXPIRED: BearerMeaning = { error: 'invalid_token', description: 'The access token expired', describedInEnvelope: true };
const INVALID: BearerMeaning = { error: 'invalid_token', description: 'The access token is invalid' };

/** Domain error code → every answer it has. The one place statuses, OAuth errors and messages are decided. */
export const ERROR_TABLE: Readonly<Record<string, ErrorEntry>> = {
  LOGIN_INPUT_INCOMPLETE: {
    page: 400,
    envelope: { status: 400, msg: MESSAGES.loginInputIncomplete },
    oauth: { status: 400, error: 'invalid_request', description: 'username and password are required' },
  },
  // Unknown user and wrong password are one answer (STYLE.md §4).
  INVALID_CREDENTIALS: {
    page: 400,
    envelope: { status: 401, msg: MESSAGES.invalidCredentials },
    oauth: { status: 400, error: 'invalid_grant', description: 'invalid username or password' },
  },
  // The password was right (a wrong one is INVALID_CREDENTIALS): only its holder learns the user is enrolled.
  SECOND_FACTOR_REQUIRED: {
    envelope: { status: 401, msg: MESSAGES.secondFactorRequired },
    oauth: { status: 400, error: 'invalid_grant', description: 'the user has a second factor: sign in through the authorization endpoint' },
  },
  SECOND_FACTOR_ENROLMENT_REQUIRED: {
    envelope: { status: 401, msg: MESSAGES.secondFactorEnrolmentRequired },
    oauth: { status: 400, error: 'invalid_grant', description: 'the user must enrol a second factor on the sign-in page first' },
  },
  // One answer for unknown, used, expired, revoked and another client's grant: it tells a thief nothing.
  INVALID_GRANT: { oauth: { status: 400, error: 'invalid_grant', description: 'the grant is invalid, expired or revoked' } },
  // RFC 6749 §4.1.2.1: an unknown client or unregistered redirect URI gets a page, never a redirect;
  // pushed to the PAR endpoint (RFC 9126 §2.3), the client is told in JSON.
  UNTRUSTED_REDIRECT: { page: 400, oauth: { status: 400, error: 'invalid_request', description: OWN_MESSAGE } },
  // RFC 9126 §4: the front channel's parameters are never trusted instead, so no redirect either.
  INVALID_REQUEST_URI: { page: 400 },
  // RP-Initiated Logout §4: refused outright, on a page.
  LOGOUT_REQUEST_REFUSED: { page: 400 },
  UNAUTHORIZED_CLIENT: { oauth: { status: 400, error: 'unauthorized_client', description: OWN_MESSAGE, redirects: true } },
  INVALID_SCOPE: { oauth: { status: 400, error: 'invalid_scope', description: OWN_MESSAGE, redirects: true } },
  INVALID_TARGET: { oauth: { status: 400, error: 'invalid_target', description: OWN_MESSAGE, redirects: true } },
  INVALID_REQUEST: {
    envelope: { status: 400, msg: MESSAGES.badRequest },
    oauth: { status: 400, error: 'invalid_request', description: OWN_MESSAGE },
  },
  // RFC 7009 §2.1: the client is told, not answered 200 with nothing revoked.
  TOKEN_OF_ANOTHER_CLIENT: { oauth: { status: 400, error: 'unauthorized_client', description: 'the token was issued to another client' } },
  // 400 here; the writers make it 401 with a Basic challenge where the client can answer one (RFC 6749 §5.2).
  CLIENT_UNAUTHORIZED: {
    envelope: { status: 401, msg: MESSAGES.clientUnauthorized },
    oauth: { status: 400, error: 'invalid_client', description: 'client authentication failed' },
  },
  // RFC 9449: 400 at the token endpoint, 401 with a DPoP challenge at userinfo; the nonce error carries `DPoP-Nonce`.
  INVALID_DPOP_PROOF: {
    oauth: { status: 400, error: 'invalid_dpop_proof', description: 'the DPoP proof is invalid' },
    dpop: { error: 'invalid_dpop_proof', description: 'the DPoP proof is invalid' },
  },
  USE_DPOP_NONCE: {
    oauth: { status: 400, error: 'use_dpop_nonce', description: 'the DPoP proof must carry the nonce of the DPoP-Nonce header' },
    dpop: { error: 'use_dpop_nonce', description: 'the DPoP proof must carry the nonce of the DPoP-Nonce header' },
  },
  // RFC 8628 §3.5: what a device polling the token endpoint is told; slow_down's description names the new interval.
  AUTHORIZATION_PENDING: { oauth: { status: 400, error: 'authorization_pending', description: 'the user has not yet approved or denied the request' } },
  SLOW_DOWN: { oauth: { status: 400, error: 'slow_down', description: OWN_MESSAGE } },
  DEVICE_ACCESS_DENIED: { oauth: { status: 400, error: 'access_denied', description: 'the user denied the request' } },
  DEVICE_CODE_EXPIRED: { oauth: { status: 400, error: 'expired_token', description: 'the device code has expired' } },
  // No free user code after a few tries: the device asks again (never a 500).
  USER_CODE_UNAVAILABLE: {
    oauth: { status: 503, error: 'temporarily_unavailable', description: 'no user code could be allocated; try again' },
    retryAfterSeconds: STORE_UNAVAILABLE_RETRY_AFTER_SECONDS,
  },
  // The device page: a code unknown, expired or decided, and too many wrong ones, are pages.
  UNKNOWN_USER_CODE: { page: 400 },
  TOO_MANY_USER_CODE_ATTEMPTS: { page: 429 },
  KEY_DISTRIBUTION_FORBIDDEN: { envelope: { status: 403, msg: MESSAGES.keyDistributionForbidden } },
  TOKEN_MISSING: { envelope: { status: 401, msg: MESSAGES.tokenMissing }, bearer: { error: null } },
  TOKEN_EXPIRED: { envelope: { status: 401, msg: MESSAGES.tokenExpired }, bearer: EXPIRED },
  TOKEN_INVALID: { envelope: { status: 401, msg: MESSAGES.tokenInvalid }, bearer: INVALID },
  // The limiters' errors carry Retry-After: they know when the window frees up.
  TOO_MANY_LOGIN_ATTEMPTS: {
    page: 429,
    envelope: { status: 429, msg: MESSAGES.tooManyLoginAttempts },
    oauth: { status: 429, error: 'temporarily_unavailable', description: 'too many login attempts' },
  },
  TOO_MANY_KEY_REQUESTS: {
    envelope: { status: 429, msg: MESSAGES.tooManyKeyRequests },
    oauth: { status: 429, error: 'temporarily_unavailable', description: 'too many wrong client secrets' },
  },
  TOO_MANY_REFRESHES: {
    envelope: { status: 429, msg: MESSAGES.tooManyRefreshes },
    oauth: { status: 429, error: 'temporarily_unavailable', description: 'too many refreshes' },
  },
  PASSWORD_HASHING_BUSY: {
    page: 503,
    envelope: { status: 503, msg: MESSAGES.loginBusy },
    oauth: { status: 503, error: 'temporarily_unavailable', description: 'too many password checks in progress' },
    retryAfterSeconds: LOGIN_BUSY_RETRY_AFTER_SECONDS,
    transient: true,
  },
  KEY_UNAVAILABLE: {
    page: 503,
    envelope: { status: 503, msg: MESSAGES.keyUnavailable },
    oauth: { status: 503, error: 'temporarily_unavailable', description: 'no signing key is available yet' },
    retryAfterSeconds: KEY_UNAVAILABLE_RETRY_AFTER_SECONDS,
    transient: true,
  },
  REVOCATION_STALE: {
    envelope: { status: 503, msg: MESSAGES.revocationStale },
    oauth: { status: 503, error: 'temporarily_unavailable', description: 'token revocations cannot be confirmed right now' },
    retryAfterSeconds: REVOCATION_STALE_RETRY_AFTER_SECONDS,
    transient: true,
  },
  // Nothing was done (a sign-out or revocation was not recorded): the caller must retry, never take it as done.
  STORE_UNAVAILABLE: {
    envelope: { status: 503, msg: MESSAGES.storeUnavailable },
    oauth: { status: 503, error: 'temporarily_unavailable', description: 'the service store is unreachable; nothing was done, try again' },
    retryAfterSeconds: STORE_UNAVAILABLE_RETRY_AFTER_SECONDS,
    transient: true,
  },
};

/**
 * The entry of a thrown value: a domain error's by its code; a "cannot decide now" error of the client library
 * without a code of its own here is answered as KEY_UNAVAILABLE (fail closed, try later). Anything else: none.
 */
export function errorEntryOf(error: unknown): ErrorEntry | undefined {
  if (!(error instanceof DomainError)) return undefined;
  return Object.prototype.hasOwnProperty.call(ERROR_TABLE, error.code) ? ERROR_TABLE[error.code] : isUnavailable(error) ? ERROR_TABLE.KEY_UNAVAILABLE : undefined;
}

/** Retry-After for an answer: the entry's, else the error's own (a limiter's window), else none. */
export function retryAfterOf(error: unknown, entry: ErrorEntry | undefined): number | undefined {
  if (entry?.retryAfterSeconds !== undefined) return entry.retryAfterSeconds;
  const own = (error as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return error instanceof DomainError && typeof own === 'number' ? own : undefined;
}

/** The description an OAuth meaning gives for `error`. */
export function descriptionOf(meaning: OAuthMeaning, error: unknown): string {
  return meaning.description === OWN_MESSAGE ? (error as Error).message : meaning.description;
}
