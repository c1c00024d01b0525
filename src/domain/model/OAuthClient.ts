import type { Acr } from './AuthenticationLevel';
import type { ClientMetadata } from './ClientMetadata';
import type { PublicJwk } from './ClientJwks';
import type { GrantType } from './GrantType';

/** `public`: no secret, PKCE proves the caller (browser and native apps); `confidential`: authenticates with its secret. */
export type OAuthClientKind = 'public' | 'confidential';

/**
 * A client registered in the store (`npm run clients -- add`): the redirect
 * URIs it may use (compared exactly), the grants it may use at the token and
 * authorization endpoints, the scopes it may be granted (RFC 6749 §3.3) and the
 * resources its tokens may be meant for (RFC 8707), each kept exactly as registered.
 */
export interface OAuthClient extends ClientMetadata {
  readonly id: string;
  readonly kind: OAuthClientKind;
  readonly redirectUris: readonly string[];
  readonly grants: readonly GrantType[];
  readonly scopes: readonly string[];
  readonly resources: readonly string[];
  /** The service's own app (`--first-party`): no consent page before its codes (OpenID Connect consent). */
  readonly firstParty: boolean;
  /** Where RP-Initiated Logout may send the browser back (`--post-logout-redirect-uri`), compared exactly. */
  readonly postLogoutRedirectUris: readonly string[];
  /** Every authorization request must carry PKCE (`--require-pkce`), even where checkPkce would let a confidential OpenID request go without. */
  readonly requirePkce: boolean;
  /** Every token request must carry a DPoP proof (`--require-dpop`, RFC 9449 §5); absent: proofs are optional. */
  readonly requireDpop?: boolean;
  /** Where Back-Channel Logout tokens are POSTed (`--backchannel-logout-uri`); absent when the client takes none. */
  readonly backchannelLogoutUri?: string;
  /** The client needs `sid` in every logout token (`--backchannel-logout-session-required`). */
  readonly backchannelLogoutSessionRequired?: boolean;
  /** private_key_jwt (`--jwks`): the public keys its client assertions are signed with; such a client holds no secret. */
  readonly jwks?: readonly PublicJwk[];
  /** private_key_jwt (`--jwks-uri`): where those keys are fetched; such a client holds no secret. */
  readonly jwksUri?: string;
  /** Every authorization request must be pushed first (`--require-par`, RFC 9126 §6); absent: false. */
  readonly requirePar?: boolean;
  /** The level every sign-in for this client must reach (`--require-acr`); absent: a password is enough. */
  readonly requireAcr?: Acr;
}

/** Whether the client authenticates with private_key_jwt (RFC 7523): it registered keys, so it has no secret. */
export function authenticatesWithKeys(client: Pick<OAuthClient, 'jwks' | 'jwksUri'>): boolean {
  return client.jwks !== undefined || client.jwksUri !== undefined;
}

/** A registration as operators see it (`clients show --json`, the admin API): the back-channel logout settings always present. */
export type ClientDescription = Omit<OAuthClient, 'backchannelLogoutUri' | 'backchannelLogoutSessionRequired'> & {
  readonly backchannelLogoutUri: string | null;
  readonly backchannelLogoutSessionRequired: boolean;
};

/** The registration with the back-channel logout settings null and false when unset; never a secret: the model has none. */
export function clientDescription(client: OAuthClient): ClientDescription {
  return { ...client, backchannelLogoutUri: client.backchannelLogoutUri ?? null, backchannelLogoutSessionRequired: client.backchannelLogoutSessionRequired === true };
}
