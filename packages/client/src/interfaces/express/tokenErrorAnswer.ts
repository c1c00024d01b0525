import { presentedToken } from '../../application/GetCurrentUser';
import {
  DomainError,
  DpopBindingError,
  DpopProofInvalidError,
  InsufficientScopeError,
  InsufficientUserAuthenticationError,
  isUnavailable,
} from '../../domain/errors';
import { DPOP_ALGORITHMS } from '../../domain/model/DpopProof';

/** Seconds a caller is told to wait when the verifier cannot decide yet and the error names no delay. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** What the middleware answers for a token error, before any framework writes it. */
export interface TokenErrorAnswer {
  readonly status: 401 | 403 | 503;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: { readonly error: string; readonly code: string; readonly message: string };
}

/** The DPoP challenge's `algs` (RFC 9449 §7.1): the proof algorithms accepted. */
const DPOP_ALGS = `algs="${DPOP_ALGORITHMS.join(' ')}"`;

/**
 * The library's default answer (RFC 6750, RFC 9449 §7.1, RFC 9470 §3): 401 with `WWW-Authenticate: Bearer`
 * for a missing, expired, invalid or revoked token, with `DPoP` (and `algs`) instead when the request
 * presented its token with the DPoP scheme (`authorization`, the request's header) or the token's binding
 * was refused; 401 `DPoP error="invalid_dpop_proof"` for a bad proof; 401
 * `insufficient_user_authentication` naming `acr_values` (and `max_age`) for a sign-in too weak or too old;
 * 403 with the `insufficient_scope` challenge naming the required scopes (§3.1) for a token without them;
 * 503 with `Retry-After` when the verifier cannot decide now. Undefined for anything that is not a token error.
 */
export function tokenErrorAnswer(error: unknown, authorization?: string): TokenErrorAnswer | undefined {
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
  // The library's messages hold no `"` or `\`, so they are quoted as they are.
  if (error instanceof DpopProofInvalidError) return unauthorized('DPoP', 'invalid_dpop_proof', code, message, `error_description="${message}"`);
  const scheme = error instanceof DpopBindingError || presentedToken(authorization)?.scheme === 'DPoP' ? 'DPoP' : 'Bearer';
  if (error instanceof InsufficientUserAuthenticationError) {
    const maxAge = error.maxAge === undefined ? '' : `, max_age=${error.maxAge}`;
    return unauthorized(scheme, 'insufficient_user_authentication', code, message, `error_description="${message}", acr_values="${error.acrValues}"${maxAge}`);
  }
  switch (code) {
    case 'TOKEN_MISSING':
      return { status: 401, headers: { 'WWW-Authenticate': 'Bearer' }, body: { error: 'invalid_request', code, message } };
    case 'TOKEN_EXPIRED':
      return unauthorized(scheme, 'invalid_token', code, message, 'error_description="The access token expired"');
    case 'TOKEN_INVALID':
      return unauthorized(scheme, 'invalid_token', code, message, error instanceof DpopBindingError ? `error_description="${message}"` : undefined);
  }
  return undefined;
}

function unauthorized(scheme: 'Bearer' | 'DPoP', error: string, code: string, message: string, params: string | undefined): TokenErrorAnswer {
  const parts = [`${scheme} error="${error}"`, ...(params === undefined ? [] : [params]), ...(scheme === 'DPoP' ? [DPOP_ALGS] : [])];
  return { status: 401, headers: { 'WWW-Authenticate': parts.join(', ') }, body: { error, code, message } };
}
