import { DomainError, InvalidRequestError, isUnavailable } from '../../../domain/errors';
import { retryAfterHeader, type ErrorAnswer } from '../errors/ErrorAnswer';
import { bearerChallenge } from '../errors/bearerChallenge';
import { errorEntryOf, retryAfterOf } from '../errors/errorTable';
import { STORE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors/retryAfter';

/** RFC 9457 §3: one failing input field. */
export interface InvalidParam {
  readonly name: string;
  readonly reason: string;
}

/** Where the problem types are documented (docs/admin-api.md, "Problems"); not meant to be dereferenced. */
export const PROBLEM_TYPE_BASE = 'https://auth-service.example/problems/';

/** Each problem type of the admin API: its status and its RFC 9457 `title` (the same for every occurrence). */
export const PROBLEM_TYPES = {
  'invalid-request': { status: 400, title: 'The request is invalid' },
  unauthorized: { status: 401, title: 'A valid admin access token is required' },
  'insufficient-scope': { status: 403, title: 'The access token lacks the scope this request needs' },
  'not-found': { status: 404, title: 'No such resource' },
  conflict: { status: 409, title: 'The resource already exists' },
  'unsupported-media-type': { status: 415, title: 'The body must be JSON' },
  'precondition-failed': { status: 412, title: 'The resource changed since it was read' },
  'precondition-required': { status: 428, title: 'If-Match is required' },
  'payload-too-large': { status: 413, title: 'The body is too large' },
  'too-many-requests': { status: 429, title: 'Too many admin requests' },
  'service-unavailable': { status: 503, title: 'The service cannot answer right now' },
  'internal-error': { status: 500, title: 'Internal error' },
} as const;

export type ProblemType = keyof typeof PROBLEM_TYPES;

/** A refusal decided at the edge (a bad body, a missing If-Match, a scope): thrown by the routes, written by adminProblemAnswer. */
export class ProblemError extends Error {
  constructor(
    readonly type: ProblemType,
    readonly detail: string,
    readonly extra: { readonly invalidParams?: readonly InvalidParam[]; readonly headers?: Readonly<Record<string, string>> } = {},
  ) {
    super(detail);
  }
}

const PROBLEM_HEADERS = { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' };

/** The problem document, members in RFC 9457 order; `invalid-params` only when fields failed. */
export function problemAnswer(type: ProblemType, detail: string, extra: ProblemError['extra'] = {}): ErrorAnswer {
  const { status, title } = PROBLEM_TYPES[type];
  const body = {
    type: `${PROBLEM_TYPE_BASE}${type}`,
    title,
    status,
    detail,
    ...(extra.invalidParams?.length ? { 'invalid-params': extra.invalidParams } : {}),
  };
  return { status, headers: { ...PROBLEM_HEADERS, ...extra.headers }, body };
}

/** The domain codes the admin use cases throw, as problem types; the message is the detail (it names the account, client or value). */
const DOMAIN_PROBLEMS: Readonly<Record<string, ProblemType>> = {
  INVALID_REQUEST: 'invalid-request',
  USER_NOT_FOUND: 'not-found',
  CLIENT_NOT_FOUND: 'not-found',
  CONSENT_NOT_FOUND: 'not-found',
  KEY_NOT_FOUND: 'not-found',
  ACCOUNT_TAKEN: 'conflict',
  CLIENT_ID_TAKEN: 'conflict',
  RESOURCE_CHANGED: 'precondition-failed',
};

/**
 * The admin API's one error writer: an edge refusal as thrown; a domain refusal by its code; a token the
 * verification core refused as 401 with its RFC 6750 challenge; an outage (store, keys, stale revocations,
 * hashing saturated) as 503 with Retry-After; a limit as 429 with Retry-After; anything else 500 with nothing of it.
 */
export function adminProblemAnswer(error: unknown): ErrorAnswer {
  if (error instanceof ProblemError) return problemAnswer(error.type, error.detail, error.extra);
  if (!(error instanceof DomainError)) return problemAnswer('internal-error', 'the request could not be completed');
  const type = DOMAIN_PROBLEMS[error.code];
  if (type !== undefined) {
    const field = error instanceof InvalidRequestError ? error.field : undefined;
    return problemAnswer(type, error.message, field === undefined ? {} : { invalidParams: [{ name: field, reason: error.message }] });
  }
  const entry = errorEntryOf(error);
  if (entry?.bearer !== undefined) {
    const challenge = bearerChallenge(entry.bearer.error ?? undefined, entry.bearer.description);
    return problemAnswer('unauthorized', entry.bearer.description ?? 'no access token was sent', { headers: { 'WWW-Authenticate': challenge } });
  }
  const status = entry?.oauth?.status ?? entry?.envelope?.status;
  if (status === 429) return problemAnswer('too-many-requests', error.message, { headers: retryAfterHeader(retryAfterOf(error, entry)) });
  if (status === 503 || isUnavailable(error)) {
    const wait = retryAfterOf(error, entry) ?? STORE_UNAVAILABLE_RETRY_AFTER_SECONDS;
    return problemAnswer('service-unavailable', 'the service store or keys cannot be reached; nothing was done, try again', { headers: retryAfterHeader(wait) });
  }
  return problemAnswer('internal-error', 'the request could not be completed');
}
