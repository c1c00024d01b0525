/** The one event a logout token carries (Back-Channel Logout 1.0 §2.4). */
export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

/**
 * A logout token's claims (Back-Channel Logout 1.0 §2.4): issuer, the one
 * client it is for, when issued and until when (briefly), a unique `jti`, the
 * logout event, and whom it signs out (`sub`, and `sid` for one session).
 * Never a `nonce`: that keeps it from passing for an ID token.
 */
export interface LogoutTokenClaims {
  readonly iss: string;
  readonly aud: string;
  readonly iat: number;
  readonly exp: number;
  readonly jti: string;
  readonly events: { readonly [BACKCHANNEL_LOGOUT_EVENT]: Record<string, never> };
  readonly sub: string;
  readonly sid?: string;
}
