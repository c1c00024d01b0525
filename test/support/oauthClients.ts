import type { AuthenticatedClient } from '../../src/application/clients/AuthenticateClient';
import { NO_CLIENT_METADATA } from '../../src/domain/model/ClientMetadata';
import { DEFAULT_GRANTS, GRANT_TYPES } from '../../src/domain/model/GrantType';
import type { OAuthClient } from '../../src/domain/model/OAuthClient';

/** A stored client as `clients add` registers it without --grant, --scope or --resource: the default grants, no scopes, no resources. */
export function registeredClient(client: Pick<OAuthClient, 'id' | 'kind' | 'redirectUris'> & Partial<OAuthClient>): OAuthClient {
  return { grants: DEFAULT_GRANTS, scopes: [], resources: [], firstParty: false, postLogoutRedirectUris: [], requirePkce: false, ...NO_CLIENT_METADATA, ...client };
}

/**
 * A client as the token endpoint authenticated it. The grants' use cases never
 * read its registration (the endpoint checked the grant before), so by default
 * it may use every grant and has no scopes or resources.
 */
export function authenticatedClient(id: string, confidential: boolean, registration: Partial<Pick<AuthenticatedClient, 'grants' | 'scopes' | 'resources' | 'configured'>> = {}): AuthenticatedClient {
  return { id, confidential, grants: GRANT_TYPES, scopes: [], resources: [], ...registration };
}
