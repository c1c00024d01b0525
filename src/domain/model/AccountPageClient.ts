import type { OAuthClient } from './OAuthClient';

/**
 * The account page's own client id: the page signs the user in through the
 * authorization endpoint like any app (Keycloak's account console does the
 * same), so the sign-in page, its second factor and its limits are the usual
 * ones. Reserved: a registered client of this id is never reached.
 */
export const ACCOUNT_PAGE_CLIENT_ID = 'urn:auth-service:account-page';

/** Where the sign-in sends the browser back: the account page under the issuer. */
export function accountPageUri(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}/account`;
}

/**
 * The account page as a client: public (its code is never exchanged: no token
 * endpoint knows it, and its PKCE verifier is thrown away), first party (no
 * consent page), no scopes, one redirect URI.
 */
export function accountPageClient(issuer: string): OAuthClient {
  return {
    id: ACCOUNT_PAGE_CLIENT_ID,
    name: 'Account',
    logoUri: null,
    policyUri: null,
    tosUri: null,
    kind: 'public',
    redirectUris: [accountPageUri(issuer)],
    grants: ['authorization_code'],
    scopes: [],
    resources: [],
    firstParty: true,
    postLogoutRedirectUris: [],
    requirePkce: true,
  };
}
