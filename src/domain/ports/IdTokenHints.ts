/** What an `id_token_hint` says once its signature and issuer are checked: whom and which client it was issued for. */
export interface IdTokenHint {
  /** `sub`: the user the ID token was issued for. */
  readonly subject: string;
  /** `aud`: the one client the ID token was issued to. */
  readonly clientId: string;
  /** `auth_time`: when the user signed in for it; absent when the token does not say. */
  readonly authTime?: number;
  /** `sid`: the sign-in session it was issued from; absent when the token does not say. */
  readonly sid?: string;
}

/**
 * Reads the ID tokens a relying party sends back as `id_token_hint`
 * (OpenID Connect RP-Initiated Logout §2). Not a token verifier: a hint
 * proves who the RP believes is signed in, it grants nothing, and an expired
 * one is still a good hint (the OP SHOULD accept ID tokens past `exp`).
 * It must still be ours: signed by a key of this service with that key's
 * algorithm, and issued by this issuer.
 */
export interface IdTokenHints {
  /** The hint's subject and client; null for anything that is not an ID token this service issued. */
  read(hint: string): IdTokenHint | null;
}
