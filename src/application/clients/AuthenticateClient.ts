import { ClientUnauthorizedError } from '../../domain/errors';
import { UnauthorizedClientError } from '../../domain/grantErrors';
import { CONFIGURED_CLIENT_GRANTS, type GrantType } from '../../domain/model/GrantType';
import type { WithheldScopes } from '../../domain/model/GrantedAccess';
import type { OAuthClient } from '../../domain/model/OAuthClient';
import type { ClientSecretGuard } from './ClientSecretGuard';
import type { PresentedAssertion, VerifyClientAssertion } from './VerifyClientAssertion';

/** Client credentials as presented to the token endpoint (HTTP Basic or form body). */
export interface PresentedClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

export interface AuthenticateClientInput {
  /** A secret-holding client's credentials (client_secret_basic or client_secret_post). */
  readonly client: PresentedClient | null;
  /** A private_key_jwt client's assertion (RFC 7523), instead of a secret. */
  readonly assertion?: PresentedAssertion;
  /** A public client's `client_id`, sent without a secret (auth method `none`). */
  readonly publicClientId?: string;
  /** The caller's address (the client secret limits); absent when unknown. */
  readonly address?: string;
}

/** Who is asking: a client that proved its secret, or a registered public client that named itself; with what it may do. */
export interface AuthenticatedClient extends WithheldScopes {
  readonly id: string;
  /** True when it proved a secret or a key (AUTH_CLIENTS or a confidential registered client). */
  readonly confidential: boolean;
  /** The grants it is registered for; an AUTH_CLIENTS entry: CONFIGURED_CLIENT_GRANTS. */
  readonly grants: readonly GrantType[];
  /** The scopes it may be granted, as registered; none for an AUTH_CLIENTS entry. */
  readonly scopes: readonly string[];
  /** The resources (RFC 8707) its tokens may be meant for, exactly as registered; none for an AUTH_CLIENTS entry. */
  readonly resources: readonly string[];
  /** True for an AUTH_CLIENTS entry: its user tokens keep the seed login's claims, whatever the scopes. */
  readonly configured?: boolean;
}

/**
 * The registrations as grants see them (under HMAC signing, OpenIdWithheldClients:
 * openid withheld, with why): looked up by id, or as read with the secret.
 */
export interface GrantingClients {
  find(id: string): Promise<(OAuthClient & WithheldScopes) | null>;
  /** A registration already read from the store, as `find` would answer it. */
  asGranted(client: OAuthClient): OAuthClient & WithheldScopes;
}

/** An AUTH_CLIENTS entry (a resource service): configured with an id and a secret, nothing else. */
const CONFIGURED_CLIENT = { grants: CONFIGURED_CLIENT_GRANTS, scopes: [], resources: [] } as const;

/**
 * The token endpoint's one client authentication, before any grant (oidc-provider
 * `lib/shared/token_auth.js`, fosite's `AuthenticateClient`): a presented secret
 * under the guessing limits (ClientSecretGuard), a private_key_jwt assertion
 * (VerifyClientAssertion) under the same limits, or a `client_id` alone that must
 * name a registered public client (RFC 6749 §2.3.1, PKCE being its proof).
 * Null when the request names no client at all (the password grant of the seed
 * service, a refresh family begun without one). ClientUnauthorizedError otherwise.
 * The client comes with its registration: a stored confidential client's own,
 * else (the secret was an AUTH_CLIENTS entry's) what those may do.
 */
export class AuthenticateClient {
  constructor(
    private readonly guard: Pick<ClientSecretGuard, 'authenticate' | 'authenticateWith'>,
    private readonly registered: GrantingClients,
    private readonly assertions: Pick<VerifyClientAssertion, 'claimedClient' | 'execute'>,
  ) {}

  async execute(input: AuthenticateClientInput): Promise<AuthenticatedClient | null> {
    if (input.assertion !== undefined) return this.withAssertion(input.assertion, input.address);
    if (input.client !== null) {
      const id = input.client.clientId;
      const owner = await this.guard.authenticate(id, input.client.clientSecret, input.address);
      // A stored client's secret came with its registration (one store query); an AUTH_CLIENTS entry's did not.
      const stored = owner.registration === null ? await this.registered.find(id) : this.registered.asGranted(owner.registration);
      // A stored public client has no secret: the one that matched is an AUTH_CLIENTS entry's of the same id.
      const registration: Omit<AuthenticatedClient, 'id' | 'confidential'> = stored?.kind === 'confidential' ? stored : CONFIGURED_CLIENT;
      return { id, confidential: true, ...registrationOf(registration), ...(registration === CONFIGURED_CLIENT ? { configured: true } : {}) };
    }
    if (input.publicClientId === undefined) return null;
    const client = await this.registered.find(input.publicClientId);
    // A confidential client naming itself without its secret is no more authenticated than an unknown id.
    if (client?.kind !== 'public') throw new ClientUnauthorizedError();
    return { id: client.id, confidential: false, ...registrationOf(client) };
  }

  /** The assertion's client, counted against the client it names as a secret check would be. */
  private async withAssertion(assertion: PresentedAssertion, address: string | undefined): Promise<AuthenticatedClient> {
    const id = this.assertions.claimedClient(assertion);
    if (id === null) throw new ClientUnauthorizedError();
    const owner = await this.guard.authenticateWith(id, async () => {
      const client = await this.assertions.execute(assertion);
      return client === null ? null : { registration: client };
    }, address);
    return { id, confidential: true, ...registrationOf(this.registered.asGranted(owner.registration!)) };
  }
}

/** What a client may do, taken from its registration (the scopes withheld from it kept with theirs). */
function registrationOf(registration: Omit<AuthenticatedClient, 'id' | 'confidential'>): Omit<AuthenticatedClient, 'id' | 'confidential'> {
  const { grants, scopes, resources, withheldScopes } = registration;
  return { grants, scopes, resources, ...(withheldScopes === undefined ? {} : { withheldScopes }) };
}

/**
 * RFC 6749 §5.2 `unauthorized_client`: the authenticated client is not
 * registered for `grant` (oidc-provider's `client.grantTypeAllowed` check in
 * `lib/actions/token.js`, after client authentication, before the grant runs).
 * A request that names no client has no registration to check: the grant
 * decides whether it needs one.
 */
export function assertGrantAllowed(client: AuthenticatedClient | null, grant: string): void {
  if (client !== null && !(client.grants as readonly string[]).includes(grant)) throw new UnauthorizedClientError(grant);
}
