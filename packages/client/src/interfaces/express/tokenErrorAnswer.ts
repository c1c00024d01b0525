import { DomainError, InsufficientScopeError, isUnavailable } from '../../domain/errors';

/** Seconds a caller is told to wait when the verifier cannot decide yet and the error names no delay. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** What the middleware answers for a token error, before any framework writes it. */
export interface TokenErrorAnswer {
  readonly status: 401 | 403 | 503;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: { readonly error: string; readonly code: string; readonly message: string };
}

/**
 * The library's default answer (RFC 6750): 401 with `WWW-Authenticate: Bearer`
 * for a missing, expired, invalid or revoked token; 403 with the
 * `insufficient_scope` challenge naming the required scopes (§3.1) for a token
 * without them; 503 with `Retry-After` when the verifier cannot decide now.
 * Undefined for anything that is not a token error.
 */
export function tokenErrorAnswer(error: unknown): TokenErrorAnswer | undefined {
  if (!(error instanceof DomainError) && !isUnavailable(error)) return undefined;
  const { code, message } = error as DomainError;
  if (isUnavailable(error)) {
    const seconds = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    const retryAfter = typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : DEFAULT_RETRY_AFTER_SECONDS;
    return { status: 503, headers: { 'Retry-After': String(retryAfter) }, body: { error: 'temporarily_unavailable', code, message } };
  }
  if (error instanceof InsufficientScopeError) {
    // Scope tokens hold no `"` or `\` (RFC 6749 §3.3, checked by requireScopes), so they are quoted as they are.
    const challenge = `Bearer error="insufficient_scope", scope="${error.requiredScopes.join(' ')}"`;
    return { status: 403, headers: { 'WWW-Authenticate': challenge }, body: { error: 'insufficient_scope', code, message } };
  }
  switch (code) {
    case 'TOKEN_MISSING':
      return { status: 401, headers: { 'WWW-Authenticate': 'Bearer' }, body: { error: 'invalid_request', code, message } };
    case 'TOKEN_EXPIRED':
      return {
        status: 401,
        headers: { 'WWW-Authenticate': 'Bearer error="invalid_token", error_description="The access token expired"' },
        body: { error: 'invalid_token', code, message },
      };
    case 'TOKEN_INVALID':
      return { status: 401, headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' }, body: { error: 'invalid_token', code, message } };
    default:
      return undefined;
  }
}
