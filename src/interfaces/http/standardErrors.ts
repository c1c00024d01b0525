import express, { Router, type Response } from 'express';
import { DomainError } from '../../domain/errors';
import { bearerChallenge, KEY_UNAVAILABLE_RETRY_AFTER_SECONDS, REVOCATION_STALE_RETRY_AFTER_SECONDS, STORE_UNAVAILABLE_RETRY_AFTER_SECONDS } from './errorAnswers';

/**
 * The standard OAuth endpoints answer errors the standard way, not with the
 * envelope: the token endpoint as RFC 6749 §5.2 (`{ error, error_description }`),
 * the userinfo endpoint as RFC 6750 §3 (WWW-Authenticate), the revocation
 * endpoint as RFC 6749 §5.2 too (RFC 7009 §2.2.1). A router mounted
 * before body parsing labels their requests, so even a body that fails to parse
 * gets a standard answer; the error handler then asks `sendStandardError`.
 */
type Dialect = 'token' | 'bearer' | 'revocation' | 'introspection';

const DIALECT_KEY = 'standardErrorDialect';
const BASIC_KEY = 'clientAuthenticatedWithBasic';

/** RFC 6749 §5.2 error codes this service answers, plus the two generic ones of §4.1.2.1. */
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
  /** RFC 6750 §3.1, for the userinfo endpoint. */
  | 'invalid_token';

/** A request the token endpoint refuses before any use case runs (missing or repeated parameter, unknown grant). */
export class OAuthRequestError extends Error {
  constructor(
    readonly error: Extract<OAuthErrorCode, 'invalid_request' | 'unsupported_grant_type'>,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthRequestError';
  }
}

/** Largest token request body; RFC 6749 requests are a few hundred bytes. */
const FORM_LIMIT = '16kb';

/** Labels the standard endpoints' requests and parses the token endpoint's form body. Mount at `<context>/oauth`. */
export function standardEndpointsRouter(): Router {
  const router = Router();
  router.use('/token', (_req, res, next) => {
    res.locals[DIALECT_KEY] = 'token' satisfies Dialect;
    next();
  });
  router.use('/token', express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 20 }));
  router.use('/userinfo', (_req, res, next) => {
    res.locals[DIALECT_KEY] = 'bearer' satisfies Dialect;
    next();
  });
  // POST userinfo may carry the token as form `access_token` (RFC 6750 §2.2).
  router.use('/userinfo', express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 20 }));
  // RFC 7009 revocation: RFC 6749 §5.2 errors, plus RFC 6750 ones for a bearer that does not verify.
  router.use('/revoke', (_req, res, next) => {
    res.locals[DIALECT_KEY] = 'revocation' satisfies Dialect;
    next();
  });
  router.use('/revoke', express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 20 }));
  // RFC 7662 introspection: the token endpoint's errors, client authentication always required.
  router.use('/introspect', (_req, res, next) => {
    res.locals[DIALECT_KEY] = 'introspection' satisfies Dialect;
    next();
  });
  router.use('/introspect', express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 20 }));
  return router;
}

/** The token endpoint calls this when the client authenticated with HTTP Basic: a refusal then says `WWW-Authenticate: Basic`. */
export function markBasicClientAuth(res: Response): void {
  res.locals[BASIC_KEY] = true;
}

interface StandardAnswer {
  readonly status: number;
  readonly error: OAuthErrorCode | null;
  readonly description?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Answers the error the standard way when the request is one of a standard
 * endpoint's; returns the status sent, or null when the envelope applies.
 */
export function sendStandardError(res: Response, error: unknown): number | null {
  const dialect = res.locals[DIALECT_KEY] as Dialect | undefined;
  if (dialect === undefined) return null;
  const basic = res.locals[BASIC_KEY] === true;
  const answer = dialect === 'token' ? tokenAnswer(error, basic) : dialect === 'revocation' ? revocationAnswer(error, basic) : dialect === 'introspection' ? introspectionAnswer(error) : bearerAnswer(error);
  if (answer.headers) res.set(answer.headers);
  res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
  if (answer.error === null) res.status(answer.status).end();
  else res.status(answer.status).json({ error: answer.error, ...(answer.description ? { error_description: answer.description } : {}) });
  return answer.status;
}

/** Read at call time: errorMapper imports this module, so its constant is not there yet while this one loads. */
function unavailable(): StandardAnswer {
  return {
    status: 503,
    error: 'temporarily_unavailable',
    description: 'no signing key is available yet',
    headers: { 'Retry-After': String(KEY_UNAVAILABLE_RETRY_AFTER_SECONDS) },
  };
}
/** RFC 6749 §5.2 `temporarily_unavailable`, for the store or the revocations being out of reach: nothing was done. */
function outage(description: string, retryAfterSeconds: number): StandardAnswer {
  return { status: 503, error: 'temporarily_unavailable', description, headers: { 'Retry-After': String(retryAfterSeconds) } };
}
const STORE_OUTAGE = (): StandardAnswer => outage('the service store is unreachable; nothing was done, try again', STORE_UNAVAILABLE_RETRY_AFTER_SECONDS);
const REVOCATION_OUTAGE = (): StandardAnswer => outage('token revocations cannot be confirmed right now', REVOCATION_STALE_RETRY_AFTER_SECONDS);
const SERVER_ERROR: StandardAnswer = { status: 500, error: 'server_error' };

function tokenAnswer(error: unknown, basic: boolean): StandardAnswer {
  if (error instanceof OAuthRequestError) return { status: 400, error: error.error, description: error.description };
  const code = error instanceof DomainError ? error.code : null;
  switch (code) {
    case 'LOGIN_INPUT_INCOMPLETE':
      return { status: 400, error: 'invalid_request', description: 'username and password are required' };
    case 'INVALID_CREDENTIALS':
      return { status: 400, error: 'invalid_grant', description: 'invalid username or password' };
    case 'INVALID_GRANT':
      return { status: 400, error: 'invalid_grant', description: 'the grant is invalid, expired or revoked' };
    case 'UNAUTHORIZED_CLIENT':
      return { status: 400, error: 'unauthorized_client', description: (error as DomainError).message };
    case 'INVALID_SCOPE':
      return { status: 400, error: 'invalid_scope', description: (error as DomainError).message };
    case 'INVALID_TARGET':
      return { status: 400, error: 'invalid_target', description: (error as DomainError).message };
    case 'CLIENT_UNAUTHORIZED':
      // RFC 6749 §5.2: 401 with a Basic challenge when Basic was used; a 401 always needs a challenge, so 400 otherwise.
      return basic
        ? { status: 401, error: 'invalid_client', description: 'client authentication failed', headers: { 'WWW-Authenticate': 'Basic realm="oauth", charset="UTF-8"' } }
        : { status: 400, error: 'invalid_client', description: 'client authentication failed' };
    case 'TOO_MANY_LOGIN_ATTEMPTS':
      return { status: 429, error: 'temporarily_unavailable', description: 'too many login attempts' };
    case 'TOO_MANY_KEY_REQUESTS':
      return { status: 429, error: 'temporarily_unavailable', description: 'too many wrong client secrets' };
    case 'TOO_MANY_REFRESHES':
      return { status: 429, error: 'temporarily_unavailable', description: 'too many refreshes' };
    case 'KEY_UNAVAILABLE':
    case 'PASSWORD_HASHING_BUSY':
      return unavailable();
    case 'REVOCATION_STALE':
      return REVOCATION_OUTAGE();
    case 'STORE_UNAVAILABLE':
      return STORE_OUTAGE();
    case null:
      return requestFault(error) ?? SERVER_ERROR;
    default:
      return SERVER_ERROR;
  }
}

/** RFC 7009 §2.2.1: the token endpoint's errors, a bearer that does not verify (RFC 6750), another client's token. */
function revocationAnswer(error: unknown, basic: boolean): StandardAnswer {
  const code = error instanceof DomainError ? error.code : null;
  switch (code) {
    case 'INVALID_REQUEST':
      return { status: 400, error: 'invalid_request', description: error instanceof Error ? error.message : 'invalid request' };
    case 'TOKEN_EXPIRED':
    case 'TOKEN_INVALID':
      // Only the bearer (sign-out) is verified as authentication; the `token` parameter never fails this way (§2.2).
      return bearerAnswer(error);
    case 'TOKEN_OF_ANOTHER_CLIENT':
      return { status: 400, error: 'unauthorized_client', description: 'the token was issued to another client' };
    default:
      return tokenAnswer(error, basic);
  }
}

/**
 * RFC 7662 §2.3: the token endpoint's errors, but failed client authentication is 401 whichever method
 * was used (the endpoint requires one); a 401 needs a challenge, and Basic is one the endpoint accepts.
 */
function introspectionAnswer(error: unknown): StandardAnswer {
  return tokenAnswer(error, true);
}

function bearerAnswer(error: unknown): StandardAnswer {
  if (error instanceof OAuthRequestError) {
    return { status: 400, error: 'invalid_request', description: error.description, headers: { 'WWW-Authenticate': bearerChallenge('invalid_request') } };
  }
  const code = error instanceof DomainError ? error.code : null;
  switch (code) {
    case 'TOKEN_MISSING':
      // RFC 6750 §3.1: no error code when the request carried no token at all.
      return { status: 401, error: null, headers: { 'WWW-Authenticate': bearerChallenge() } };
    case 'TOKEN_EXPIRED':
      return invalidToken('The access token expired');
    case 'TOKEN_INVALID':
      return invalidToken('The access token is invalid');
    case 'KEY_UNAVAILABLE':
      return unavailable();
    case 'REVOCATION_STALE':
      return REVOCATION_OUTAGE();
    case 'STORE_UNAVAILABLE':
      return STORE_OUTAGE();
    default:
      return requestFault(error) ?? SERVER_ERROR;
  }
}

function invalidToken(description: string): StandardAnswer {
  return {
    status: 401,
    error: 'invalid_token',
    description,
    headers: { 'WWW-Authenticate': bearerChallenge('invalid_token', description) },
  };
}

/** Parser and express errors about the request itself (bad body, too large, undecodable URL): the client's fault. */
function requestFault(error: unknown): StandardAnswer | null {
  const details = error as { status?: unknown; statusCode?: unknown; type?: unknown } | null;
  const status = details?.status ?? details?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status: status === 413 ? 413 : 400, error: 'invalid_request', description: 'the request could not be read' };
  }
  if (error instanceof URIError) return { status: 400, error: 'invalid_request', description: 'the request could not be read' };
  return null;
}
