import type { GrantedAccess, WithheldScopes } from './GrantedAccess';

/** The scope that makes a request an OpenID Connect one (Core §3.1.2.1): an ID token beside the access token, standard claims at userinfo. */
export const OPENID_SCOPE = 'openid';

/**
 * Why `openid` is refused under HMAC signing: an ID token would have to be
 * signed with the client's own secret (OpenID Connect Core §10.1), which the
 * service keeps only as a digest, and the service's HMAC secret is handed to
 * every resource service (the key endpoint), so it proves nothing to an app.
 */
export const OPENID_NEEDS_ASYMMETRIC_KEY = 'openid needs an asymmetric signing key: AUTH_SIGN_METHOD rsa or ecdsa';

/**
 * The scopes OpenID Connect defines beside `openid` (Core §5.4, §11): stock
 * relying-party libraries ask for them by default, so a request naming one a
 * client is not registered for is granted without it rather than refused.
 */
export const STANDARD_OPENID_SCOPES: readonly string[] = ['profile', 'email', 'phone', 'address', 'offline_access'];

/** True when the scopes granted make the grant an OpenID Connect one. */
export function grantsOpenId(scopes: readonly string[]): boolean {
  return scopes.includes(OPENID_SCOPE);
}

/**
 * A client registration as a service that cannot sign ID tokens honours it:
 * `openid` is not among what it may be granted (a request naming no scope
 * gets the others), and a request naming it is refused with the reason.
 */
export function openIdWithheld<T extends GrantedAccess>(registration: T): T & WithheldScopes {
  if (!grantsOpenId(registration.scopes)) return registration;
  return {
    ...registration,
    scopes: registration.scopes.filter((scope) => scope !== OPENID_SCOPE),
    withheldScopes: new Map([[OPENID_SCOPE, OPENID_NEEDS_ASYMMETRIC_KEY]]),
  };
}
