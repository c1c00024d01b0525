import { retryAfterHeader, type ErrorAnswer } from './ErrorAnswer';
import { errorEntryOf, retryAfterOf } from './errorTable';
import { NO_STORE, oauthErrorBody, oauthMeaningAnswer, serverErrorAnswer } from './oauthErrorJson';
import { OAuthRequestError } from './OAuthRequestError';
import { rfcDescription } from './rfcDescription';

/**
 * The RFC 6750 §3 challenge, the one place it is built: a bare `Bearer` when the request carried no token
 * (§3.1: no error code then), otherwise the error code and, when given, its description (within the RFC's characters)
 * and, for insufficient_scope, the scope the request needs (§3: space-separated scope tokens, which need no escaping).
 */
export function bearerChallenge(error?: 'invalid_token' | 'invalid_request' | 'insufficient_scope', description?: string, scope?: string): string {
  if (error === undefined) return 'Bearer';
  const described = description === undefined ? `Bearer error="${error}"` : `Bearer error="${error}", error_description="${rfcDescription(description)}"`;
  return scope === undefined ? described : `${described}, scope="${scope}"`;
}

/**
 * The writer of a bearer-token endpoint's errors (userinfo, RFC 6750 §3): the table's bearer meaning with its
 * challenge (no body when no token was sent), a request refused while read with `invalid_request`, else the
 * table's OAuth meaning (an outage: 503 with Retry-After), else 500 server_error.
 */
export function bearerErrorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof OAuthRequestError) {
    return { status: 400, headers: { 'WWW-Authenticate': bearerChallenge('invalid_request'), ...NO_STORE }, body: oauthErrorBody('invalid_request', error.description) };
  }
  const entry = errorEntryOf(error);
  const meaning = entry?.bearer;
  if (meaning !== undefined) {
    const headers = { ...retryAfterHeader(retryAfterOf(error, entry)), 'WWW-Authenticate': bearerChallenge(meaning.error ?? undefined, meaning.description), ...NO_STORE };
    return { status: 401, headers, body: meaning.error === null ? null : oauthErrorBody(meaning.error, meaning.description) };
  }
  return oauthMeaningAnswer(error) ?? serverErrorAnswer();
}
