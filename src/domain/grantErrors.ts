import { DomainError } from './errors';

/**
 * A refresh token or an authorization code that is unknown, used,
 * expired, revoked or issued to another client: RFC 6749 §5.2 `invalid_grant`.
 * One error for all of them, so the answer tells a thief nothing; `detail`
 * says which for the log (oidc-provider's InvalidGrant(detail)) and is never sent.
 */
export class InvalidGrantError extends DomainError {
  readonly code = 'INVALID_GRANT';
  constructor(readonly detail?: string) {
    super('the grant is invalid, expired or revoked');
  }
}

/** `clients add` with an id already registered. */
export class ClientIdTakenError extends DomainError {
  readonly code = 'CLIENT_ID_TAKEN';
  constructor(id: string, options?: { cause?: unknown }) {
    super(`client ${JSON.stringify(id)} already exists`, options);
  }
}

/** `clients remove` or `rotate-secret` with an id no stored client has. */
export class ClientNotFoundError extends DomainError {
  readonly code = 'CLIENT_NOT_FOUND';
  constructor(id: string) {
    super(`no client ${JSON.stringify(id)}`);
  }
}

/**
 * The authorization request names an unknown client, or a redirect URI the
 * client did not register: nothing may be sent there (RFC 6749 §4.1.2.1), the
 * user sees an error page instead.
 */
export class UntrustedRedirectError extends DomainError {
  readonly code = 'UNTRUSTED_REDIRECT';
}

/**
 * The client is not registered for the grant it asks for (`clients add/update
 * --grant`): RFC 6749 §5.2 `unauthorized_client` at the token endpoint, an
 * error redirect (§4.1.2.1) at the authorization endpoint.
 */
export class UnauthorizedClientError extends DomainError {
  readonly code = 'UNAUTHORIZED_CLIENT';
  constructor(readonly grant: string) {
    super(`the client is not registered for the ${grant} grant`);
  }
}

/**
 * RFC 6749 §3.3, §5.2: a scope the client may not be granted (not registered for it, or beyond the grant a refresh
 * narrows), or one the service cannot grant as it runs (`reason`, the answer's description: openid under HMAC signing).
 */
export class InvalidScopeError extends DomainError {
  readonly code = 'INVALID_SCOPE';
  constructor(
    readonly scope: string,
    reason?: string,
  ) {
    super(reason ?? `the scope '${scope}' may not be granted to this client`);
  }
}

/** RFC 8707 §2: a resource the client's tokens may not be meant for (not registered for it, or beyond the grant). */
export class InvalidTargetError extends DomainError {
  readonly code = 'INVALID_TARGET';
  constructor(readonly resource: string) {
    super(`the resource '${resource}' is not registered for this client`);
  }
}
