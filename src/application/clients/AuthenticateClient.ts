import { ClientUnauthorizedError } from '../../domain/errors';
import type { OAuthClientStore } from '../../domain/ports/OAuthClientStore';
import type { ClientSecretGuard } from './ClientSecretGuard';

/** Client credentials as presented to the token endpoint (HTTP Basic or form body). */
export interface PresentedClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

export interface AuthenticateClientInput {
  /** A secret-holding client's credentials (client_secret_basic or client_secret_post). */
  readonly client: PresentedClient | null;
  /** A public client's `client_id`, sent without a secret (auth method `none`). */
  readonly publicClientId?: string;
  /** The caller's address (the client secret limits); absent when unknown. */
  readonly address?: string;
}

/** Who is asking: a client that proved its secret, or a registered public client that named itself. */
export interface AuthenticatedClient {
  readonly id: string;
  /** True when it proved a secret (AUTH_CLIENTS or a confidential registered client). */
  readonly confidential: boolean;
}

/**
 * The token endpoint's one client authentication, before any grant (oidc-provider
 * `lib/shared/token_auth.js`, fosite's `AuthenticateClient`): a presented secret
 * under the guessing limits (ClientSecretGuard), or a `client_id` alone that must
 * name a registered public client (RFC 6749 §2.3.1, PKCE being its proof).
 * Null when the request names no client at all (the password grant of the seed
 * service, a refresh family begun without one). ClientUnauthorizedError otherwise.
 */
export class AuthenticateClient {
  constructor(
    private readonly guard: Pick<ClientSecretGuard, 'authenticate'>,
    private readonly registered: Pick<OAuthClientStore, 'find'>,
  ) {}

  async execute(input: AuthenticateClientInput): Promise<AuthenticatedClient | null> {
    if (input.client !== null) {
      await this.guard.authenticate(input.client.clientId, input.client.clientSecret, input.address);
      return { id: input.client.clientId, confidential: true };
    }
    if (input.publicClientId === undefined) return null;
    const client = await this.registered.find(input.publicClientId);
    // A confidential client naming itself without its secret is no more authenticated than an unknown id.
    if (client?.kind !== 'public') throw new ClientUnauthorizedError();
    return { id: client.id, confidential: false };
  }
}
