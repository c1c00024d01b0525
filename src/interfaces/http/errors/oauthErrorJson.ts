import { AuthorizationRequestError, type AuthorizationErrorCode } from '../../../domain/authorizationErrors';
import { DomainError } from '../../../domain/errors';
import { retryAfterHeader, type ErrorAnswer } from './ErrorAnswer';
import { descriptionOf, errorEntryOf, retryAfterOf, type OAuthErrorCode } from './errorTable';
import { OAuthRequestError } from './OAuthRequestError';
import { requestFaultOf } from './requestFault';
import { rfcDescription } from './rfcDescription';

/** An answer carrying a token or about one is never cached (RFC 6749 §5.1, RFC 7009, RFC 7662 §4). */
export const NO_STORE: Readonly<Record<string, string>> = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** RFC 6749 §5.2 body: `error`, then `error_description` when there is one (within the RFC's characters). */
export function oauthErrorBody(error: OAuthErrorCode | AuthorizationErrorCode, description?: string): object {
  return { error, ...(description ? { error_description: rfcDescription(description) } : {}) };
}

const SERVER_ERROR: ErrorAnswer = { status: 500, headers: NO_STORE, body: oauthErrorBody('server_error') };

/**
 * The table's RFC 6749 §5.2 answer for a thrown value, as every standard endpoint gives it: a request refused
 * while read (OAuthRequestError), a domain error the table gives an OAuth meaning, a request the parsers could
 * not read (400, or 413 when too large). Null for a domain error with no OAuth meaning, and for a fault.
 */
export function oauthMeaningAnswer(error: unknown): ErrorAnswer | null {
  if (error instanceof OAuthRequestError) return { status: 400, headers: NO_STORE, body: oauthErrorBody(error.error, error.description) };
  // An authorization request refused at the PAR endpoint (RFC 9126 §2.3): the authorization endpoint's own code, in JSON.
  if (error instanceof AuthorizationRequestError) return { status: 400, headers: NO_STORE, body: oauthErrorBody(error.error, error.description) };
  const entry = errorEntryOf(error);
  if (entry?.oauth !== undefined) {
    const headers = { ...retryAfterHeader(retryAfterOf(error, entry)), ...NO_STORE };
    return { status: entry.oauth.status, headers, body: oauthErrorBody(entry.oauth.error, descriptionOf(entry.oauth, error)) };
  }
  if (error instanceof DomainError) return null;
  const fault = requestFaultOf(error);
  if (fault === null) return null;
  return { status: fault.status === 413 ? 413 : 400, headers: NO_STORE, body: oauthErrorBody('invalid_request', 'the request could not be read') };
}

/** 500 `server_error`, no description: a fault says nothing of itself. */
export function serverErrorAnswer(): ErrorAnswer {
  return SERVER_ERROR;
}
