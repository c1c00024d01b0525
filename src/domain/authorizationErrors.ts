import { DomainError } from './errors';

/** The RFC 6749 §4.1.2.1 and OpenID Connect Core §3.1.2.6 / §6 error codes the authorization endpoint sends to a trusted redirect URI. */
export type AuthorizationErrorCode =
  | 'invalid_request'
  | 'unsupported_response_type'
  | 'request_not_supported'
  | 'request_uri_not_supported'
  | 'login_required'
  | 'consent_required'
  | 'interaction_required'
  | 'access_denied';

/**
 * An authorization request refused once its client and redirect URI are
 * trusted: answered at the redirect URI with `error` and `error_description`
 * (which the redirect writer keeps within the characters §4.1.2.1 allows).
 */
export class AuthorizationRequestError extends DomainError {
  readonly code = 'AUTHORIZATION_REQUEST_REFUSED';
  constructor(
    readonly error: AuthorizationErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
}

/**
 * RFC 9126 §4 `invalid_request_uri`: a pushed request's `request_uri` that is unknown, expired, already used or
 * pushed by another client. The front channel's parameters are never trusted instead, so it is told on a page.
 */
export class InvalidRequestUriError extends DomainError {
  readonly code = 'INVALID_REQUEST_URI';
  constructor() {
    super('invalid_request_uri: the request_uri is unknown, expired, already used or not this client\'s');
  }
}
