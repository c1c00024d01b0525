import { ClientUnauthorizedError } from '../../domain/errors';
import { accessWithin, type RequestedAccess } from '../../domain/model/GrantedAccess';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { AuthenticatedClient } from '../clients/AuthenticateClient';
import type { AccessTokenIssuer } from '../tokens/AccessTokenIssuer';
import type { TokenGrantResult } from './TokenGrantResult';

/**
 * The client_credentials grant (RFC 6749 §4.4): a client that proved its
 * secret gets a token of its own, `sub` and `client_id` its id (which binds
 * the token to it for revocation, RFC 7009 §2.1), for the scopes and resources
 * it asked among those registered for it (all of them when it asked none);
 * never a refresh token (§4.4.3). A public client has no secret to prove.
 * With a DPoP proof (`jkt`, its key's thumbprint) the token is bound to that key.
 */
export class ClientCredentialsGrant {
  constructor(
    private readonly tokens: Pick<AccessTokenIssuer, 'forClient' | 'ttlSeconds'>,
    private readonly trail: AuditTrail,
  ) {}

  async execute(client: AuthenticatedClient | null, requested: RequestedAccess, jkt: string | null = null): Promise<TokenGrantResult> {
    if (client === null || !client.confidential) throw new ClientUnauthorizedError();
    const access = accessWithin(client, requested);
    const { token } = await this.tokens.forClient({ clientId: client.id, access }, jkt);
    this.trail.record({ type: 'token.issued', outcome: 'success', client: client.id, details: { grant: 'client_credentials', scopes: access.scopes } });
    return { accessToken: token, expiresInSeconds: this.tokens.ttlSeconds, scopes: access.scopes };
  }
}
