import type { Response } from 'express';
import { AuthorizationRequestError, type AuthorizationErrorCode } from '../../../domain/authorizationErrors';
import { descriptionOf, errorEntryOf, type OAuthErrorCode } from './errorTable';
import { rfcDescription } from './rfcDescription';

/** The authorization endpoint's own refusals (RFC 6749 §4.1.2.1, OpenID Connect Core §3.1.2.6) beside the table's. */
export type RedirectErrorCode = OAuthErrorCode | AuthorizationErrorCode;

export interface RedirectError {
  readonly error: RedirectErrorCode;
  readonly description: string;
}

/**
 * What the authorization endpoint sends to the client for a thrown error: a refused request with its own
 * code (AuthorizationRequestError: request_not_supported, login_required, …), or a domain error the table marks
 * `redirects` (unauthorized_client, invalid_scope, invalid_target); null for any other error (a page, or a fault).
 */
export function redirectErrorOf(error: unknown): RedirectError | null {
  if (error instanceof AuthorizationRequestError) return { error: error.error, description: error.description };
  const meaning = errorEntryOf(error)?.oauth;
  return meaning?.redirects ? { error: meaning.error, description: descriptionOf(meaning, error) } : null;
}

/**
 * The error response of RFC 6749 §4.1.2.1 at a redirect URI already known to be the client's (never an
 * unverified one: that gets a page): `error`, `error_description` (within the RFC's characters), `state`
 * when the request had one, `iss` (RFC 9207), appended to the URI's own query.
 */
export function errorRedirectUrl(redirectUri: string, refusal: RedirectError, state: string | undefined, issuer: string): string {
  const url = new URL(redirectUri);
  url.searchParams.append('error', refusal.error);
  url.searchParams.append('error_description', rfcDescription(refusal.description));
  if (state !== undefined) url.searchParams.append('state', state);
  url.searchParams.append('iss', issuer);
  return url.toString();
}

/** Redirects the browser with the error (302, or 303 after a form POST). */
export function sendErrorRedirect(res: Response, redirectUri: string, refusal: RedirectError, state: string | undefined, issuer: string, status: 302 | 303 = 302): void {
  res.redirect(status, errorRedirectUrl(redirectUri, refusal, state, issuer));
}
