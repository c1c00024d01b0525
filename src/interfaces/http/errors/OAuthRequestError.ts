import type { OAuthErrorCode } from './errorTable';

/** A request a standard OAuth endpoint refuses before any use case runs (missing or repeated parameter, unknown grant). */
export class OAuthRequestError extends Error {
  constructor(
    readonly error: Extract<OAuthErrorCode, 'invalid_request' | 'unsupported_grant_type'>,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthRequestError';
  }
}
