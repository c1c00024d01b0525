import type { ClientTokenClaims, Clock } from '@auth-service/client';
import { ClientUnauthorizedError } from '../../domain/errors';
import type { KeyRing } from '../../domain/model/KeyRing';
import type { IdGenerator } from '../../domain/ports/IdGenerator';
import type { TokenSigner } from '../../domain/ports/TokenSigner';
import type { AuthenticatedClient } from '../clients/AuthenticateClient';
import type { TokenPolicy } from '../login/Login';

export interface ClientCredentialsGrantResult {
  readonly accessToken: string;
  readonly expiresInSeconds: number;
}

/**
 * The client_credentials grant (RFC 6749 §4.4): a client that proved its
 * secret gets a token of its own, `sub` and `client_id` its id (which binds
 * the token to it for revocation, RFC 7009 §2.1), signed with the active key;
 * never a refresh token (§4.4.3). A public client has no secret to prove.
 */
export class ClientCredentialsGrant {
  constructor(
    private readonly signer: TokenSigner,
    private readonly ring: KeyRing,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly policy: TokenPolicy,
  ) {}

  async execute(client: AuthenticatedClient | null): Promise<ClientCredentialsGrantResult> {
    if (client === null || !client.confidential) throw new ClientUnauthorizedError();
    const token = await this.signer.sign(this.claims(client.id), this.ring.activeKey());
    return { accessToken: token, expiresInSeconds: this.policy.ttlSeconds };
  }

  private claims(clientId: string): ClientTokenClaims {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    return { sub: clientId, client_id: clientId, iss: this.policy.issuer, iat, exp: iat + this.policy.ttlSeconds, jti: this.ids.next() };
  }
}
