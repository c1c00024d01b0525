/**
 * An ID token's claims (OpenID Connect Core §2, §3.1.3.6): who signed the
 * user in (`iss`), whom (`sub`, the user's id, as in the access token and at
 * userinfo), for which client (`aud`, its id alone: no `azp` is needed),
 * when the user signed in (`auth_time`, absent when not known), the request's
 * `nonce`, and `at_hash`, binding it to the access token answered beside it.
 * No profile claim: those are userinfo's answer, by scope.
 */
export interface IdTokenClaims {
  readonly iss: string;
  readonly sub: string;
  readonly aud: string;
  readonly exp: number;
  readonly iat: number;
  readonly auth_time?: number;
  readonly nonce?: string;
  /** The sign-in session it was issued from (Back-Channel Logout §2.1); absent when none is known. */
  readonly sid?: string;
  /** The level the sign-in reached (AuthenticationLevel's URNs) and how (RFC 8176). */
  readonly acr: string;
  readonly amr: readonly string[];
  readonly at_hash: string;
}
