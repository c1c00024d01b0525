import type { OAuthClient } from '../../domain/model/OAuthClient';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { GrantingClients } from './AuthenticateClient';

/** The registered clients as grants see them when nothing is withheld (a signing key that signs ID tokens): as stored. */
export class RegisteredClients implements GrantingClients {
  constructor(private readonly clients: Pick<OAuthClientStore, 'find'>) {}

  find(id: string): Promise<OAuthClient | null> {
    return this.clients.find(id);
  }

  asGranted(client: OAuthClient): OAuthClient {
    return client;
  }
}
