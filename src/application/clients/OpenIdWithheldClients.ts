import type { WithheldScopes } from '../../domain/model/GrantedAccess';
import type { OAuthClient } from '../../domain/model/OAuthClient';
import { openIdWithheld } from '../../domain/model/OpenIdScope';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { GrantingClients } from './AuthenticateClient';

/**
 * The registered clients as a service that cannot sign ID tokens (HMAC
 * signing) grants them: each registration with `openid` withheld, so the
 * authorization endpoint and every grant refuse a request for it with the
 * reason (invalid_scope) and a request naming no scope gets the others. Put
 * before the authorization endpoint and the token endpoint's client
 * authentication only; the CLI still shows and keeps what was registered.
 */
export class OpenIdWithheldClients implements GrantingClients {
  constructor(private readonly clients: Pick<OAuthClientStore, 'find'>) {}

  async find(id: string): Promise<(OAuthClient & WithheldScopes) | null> {
    const client = await this.clients.find(id);
    return client === null ? null : openIdWithheld(client);
  }

  asGranted(client: OAuthClient): OAuthClient & WithheldScopes {
    return openIdWithheld(client);
  }
}
