import type { Acr } from './AuthenticationLevel';
import type { ClientMetadata } from './ClientMetadata';
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
  /** Where Back-Channel Logout tokens are POSTed (`--backchannel-logout-uri`); absent when the client takes none. */
  readonly backchannelLogoutUri?: string;
  /** The client needs `sid` in every logout token (`--backchannel-logout-session-required`). */
  readonly backchannelLogoutSessionRequired?: boolean;
  /** The level every sign-in for this client must reach (`--require-acr`); absent: a password is enough. */
  readonly requireAcr?: Acr;
}
