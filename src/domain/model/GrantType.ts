/** The token endpoint's grants a client may be registered for (RFC 6749 §4.1, §4.3, §4.4, §6; RFC 8628 §3.4). */
export type GrantType = 'authorization_code' | 'refresh_token' | 'client_credentials' | 'password' | 'urn:ietf:params:oauth:grant-type:device_code';

/** Every grant, in the order they are listed and stored. */
export const GRANT_TYPES: readonly GrantType[] = Object.freeze(['authorization_code', 'refresh_token', 'client_credentials', 'password', 'urn:ietf:params:oauth:grant-type:device_code']);

/** What a client registered without naming any grant may do: sign users in through the browser and keep them signed in. */
export const DEFAULT_GRANTS: readonly GrantType[] = Object.freeze(['authorization_code', 'refresh_token']);

/**
 * What an AUTH_CLIENTS entry (a resource service configured, not stored) may
 * do at the token endpoint, exactly as before grants were registered: tokens
 * of its own, users' tokens by password, and the refresh of those. It never
 * had a redirect URI, so it never had an authorization code.
 */
export const CONFIGURED_CLIENT_GRANTS: readonly GrantType[] = Object.freeze(['refresh_token', 'client_credentials', 'password']);

/** Grants only a client that proves a secret may use: a public client could be anyone (RFC 6749 §4.4, RFC 9700 §2.4). */
export const SECRET_ONLY_GRANTS: readonly GrantType[] = Object.freeze(['client_credentials', 'password']);

export function isGrantType(text: string): text is GrantType {
  return (GRANT_TYPES as readonly string[]).includes(text);
}
