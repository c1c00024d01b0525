import type { GrantingClients } from '../../../application/clients/AuthenticateClient';
import { OpenIdWithheldClients } from '../../../application/clients/OpenIdWithheldClients';
import { RegisteredClients } from '../../../application/clients/RegisteredClients';
import type { OAuthClientStore } from '../../../domain/ports/OAuthClientStore';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';

/**
 * The registered clients as the authorization endpoint and the token
 * endpoint's client authentication see them: under HMAC signing no ID token
 * can be signed, so `openid` is withheld from every registration (refused with
 * the reason when asked for); otherwise the store as it is.
 */
export function grantingClients(clients: OAuthClientStore, config: Pick<AuthServerConfig, 'signMethod'>): GrantingClients {
  return config.signMethod === 'hmac' ? new OpenIdWithheldClients(clients) : new RegisteredClients(clients);
}
