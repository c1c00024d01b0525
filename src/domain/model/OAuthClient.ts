/** `public`: no secret, PKCE proves the caller (browser and native apps); `confidential`: authenticates with its secret. */
export type OAuthClientKind = 'public' | 'confidential';

/** A client registered in the store (`npm run clients -- add`), with the redirect URIs it may use, compared exactly. */
export interface OAuthClient {
  readonly id: string;
  readonly kind: OAuthClientKind;
  readonly redirectUris: readonly string[];
}
