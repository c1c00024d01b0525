import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { isUnavailable } from '@auth-service/client';
import { DomainError } from '../../domain/errors';
import type { Logger } from '@auth-service/client';
import { failure } from './envelope';
import { MESSAGES } from './messages';
import { maskedUrl } from './requestLogging';
import { sendStandardError } from './standardErrors';
import {
  bearerChallenge,
  KEY_UNAVAILABLE_RETRY_AFTER_SECONDS,
  LOGIN_BUSY_RETRY_AFTER_SECONDS,
  REVOCATION_STALE_RETRY_AFTER_SECONDS,
  STORE_UNAVAILABLE_RETRY_AFTER_SECONDS,
} from './errorAnswers';

interface Mapping {
  readonly status: number;
  readonly msg: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Domain error code → HTTP answer. The one place statuses are decided. */
const BY_CODE: Readonly<Record<string, Mapping>> = {
  LOGIN_INPUT_INCOMPLETE: { status: 400, msg: MESSAGES.loginInputIncomplete },
  INVALID_CREDENTIALS: { status: 401, msg: MESSAGES.invalidCredentials },
  // Retry-After comes from the error (retryAfterSeconds): the limiter knows when the window frees up.
  TOO_MANY_LOGIN_ATTEMPTS: { status: 429, msg: MESSAGES.tooManyLoginAttempts },
  TOO_MANY_KEY_REQUESTS: { status: 429, msg: MESSAGES.tooManyKeyRequests },
  TOO_MANY_REFRESHES: { status: 429, msg: MESSAGES.tooManyRefreshes },
  PASSWORD_HASHING_BUSY: { status: 503, msg: MESSAGES.loginBusy, headers: { 'Retry-After': String(LOGIN_BUSY_RETRY_AFTER_SECONDS) } },
  INVALID_REQUEST: { status: 400, msg: MESSAGES.badRequest },
  TOKEN_MISSING: { status: 401, msg: MESSAGES.tokenMissing, headers: { 'WWW-Authenticate': bearerChallenge() } },
  TOKEN_EXPIRED: {
    status: 401,
    msg: MESSAGES.tokenExpired,
    headers: { 'WWW-Authenticate': bearerChallenge('invalid_token', 'The access token expired') },
  },
  TOKEN_INVALID: {
    status: 401,
    msg: MESSAGES.tokenInvalid,
    headers: { 'WWW-Authenticate': bearerChallenge('invalid_token') },
  },
  // Raised only by the client-service routes (key, key list, revocation feed); their Basic challenge is added per request (basicChallengeFor).
  CLIENT_UNAUTHORIZED: { status: 401, msg: MESSAGES.clientUnauthorized },
  KEY_DISTRIBUTION_FORBIDDEN: { status: 403, msg: MESSAGES.keyDistributionForbidden },
  KEY_UNAVAILABLE: {
    status: 503,
    msg: MESSAGES.keyUnavailable,
    headers: { 'Retry-After': String(KEY_UNAVAILABLE_RETRY_AFTER_SECONDS) },
  },
  REVOCATION_STALE: { status: 503, msg: MESSAGES.revocationStale, headers: { 'Retry-After': String(REVOCATION_STALE_RETRY_AFTER_SECONDS) } },
  // Nothing was done (a sign-out or revocation was not recorded): the caller must retry, never take it as done.
  STORE_UNAVAILABLE: { status: 503, msg: MESSAGES.storeUnavailable, headers: { 'Retry-After': String(STORE_UNAVAILABLE_RETRY_AFTER_SECONDS) } },
};

/** body-parser's error types → HTTP answer. */
const BY_BODY_PARSER_TYPE: Readonly<Record<string, Mapping>> = {
  'entity.parse.failed': { status: 400, msg: MESSAGES.malformedJson },
  'entity.too.large': { status: 413, msg: MESSAGES.payloadTooLarge },
  'encoding.unsupported': { status: 415, msg: MESSAGES.unsupportedMediaType },
  'charset.unsupported': { status: 415, msg: MESSAGES.unsupportedMediaType },
  'request.aborted': { status: 400, msg: MESSAGES.badRequest },
  'request.size.invalid': { status: 400, msg: MESSAGES.badRequest },
};

const TRANSIENT = new Set([BY_CODE.KEY_UNAVAILABLE, BY_CODE.PASSWORD_HASHING_BUSY, BY_CODE.REVOCATION_STALE, BY_CODE.STORE_UNAVAILABLE]);

const INTERNAL: Mapping = { status: 500, msg: MESSAGES.internalError };

/** The mapping for any thrown value; unknown errors are 500 and are logged by the caller. */
export function mappingFor(error: unknown): Mapping {
  if (error instanceof DomainError) {
    // "Cannot decide now" errors of the client library without a code of their own here: fail closed, try later.
    return BY_CODE[error.code] ?? (isUnavailable(error) ? BY_CODE.KEY_UNAVAILABLE : INTERNAL);
  }
  const type = (error as { type?: unknown } | null)?.type;
  if (typeof type === 'string' && BY_BODY_PARSER_TYPE[type]) return BY_BODY_PARSER_TYPE[type];
  return clientErrorOf(error) ?? INTERNAL;
}

/**
 * Errors express and its parsers raise about the request itself: a URL that
 * does not decode (status 400 on the error), a body that claims gzip but is not
 * (zlib's Z_* codes). The client's fault: 400 or the status given, not 500.
 */
function clientErrorOf(error: unknown): Mapping | undefined {
  const details = error as { status?: unknown; statusCode?: unknown; code?: unknown } | null;
  const status = details?.status ?? details?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, msg: status === 404 ? MESSAGES.notFound : MESSAGES.badRequest };
  }
  if (error instanceof URIError || (typeof details?.code === 'string' && details.code.startsWith('Z_'))) {
    return { status: 400, msg: MESSAGES.badRequest };
  }
  return undefined;
}

export function sendMapped(res: Response, mapping: Mapping): void {
  if (mapping.headers) res.set(mapping.headers);
  res.status(mapping.status).json(failure(mapping.status, mapping.msg));
}

/** Last error handler: envelope out, never a stack trace, path or key material. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const logFailure = () => {
      // The request id set by requestLogging, so this line and the access line can be matched.
      const reqId = (req as { id?: unknown }).id;
      logger.error({ reqId, err: error, method: req.method, url: maskedUrl(req.originalUrl) }, 'request failed');
    };
    // Why a grant was refused, for whoever reads the log; the answer says only invalid_grant (the detail is never sent).
    const detail = (error as { detail?: unknown } | null)?.detail;
    if (error instanceof DomainError && typeof detail === 'string') {
      logger.info({ reqId: (req as { id?: unknown }).id, code: error.code, detail }, 'grant refused');
    }
    const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (error instanceof DomainError && typeof retryAfter === 'number') res.set('Retry-After', String(retryAfter));
    // The standard OAuth endpoints answer RFC 6749/6750 errors, not the envelope.
    const standardStatus = sendStandardError(res, error);
    if (standardStatus !== null) {
      if (standardStatus === 500) logFailure();
      return;
    }
    const mapping = mappingFor(error);
    if (mapping === BY_CODE.CLIENT_UNAUTHORIZED) basicChallengeFor(req, res);
    // Expected, transient 503s (no key yet, hashing saturated, store away: its health says so) are not failures worth a log line each.
    if (mapping.status >= 500 && !TRANSIENT.has(mapping)) logFailure();
    sendMapped(res, mapping);
  };
}

/**
 * A refused client that authenticated with Basic is told the scheme (RFC 9110 §15.5.2). One that sent the
 * query pair (the seed contract, the sign-in page's fetch) gets none: a Basic challenge would make a
 * browser open its password dialog over the page.
 */
function basicChallengeFor(req: Request, res: Response): void {
  if (/^basic /i.test(req.headers.authorization ?? '')) res.set('WWW-Authenticate', 'Basic realm="client", charset="UTF-8"');
}

/** Unknown route. */
export const notFoundHandler: RequestHandler = (_req, res) => {
  sendMapped(res, { status: 404, msg: MESSAGES.notFound });
};
