import { ClientUnauthorizedError } from '../../domain/errors';
import type { ClientTokenClaims } from '@auth-service/client';
import type { KeyRing } from '../../domain/model/KeyRing';
import type { AttemptLimiter } from '../../domain/ports/AttemptLimiter';
import type { ClientRegistry } from '../../domain/ports/ClientRegistry';
import type { Clock } from '@auth-service/client';
import type { IdGenerator } from '../../domain/ports/IdGenerator';
import type { TokenSigner } from '../../domain/ports/TokenSigner';
import { ClientSecretGuard } from '../clients/ClientSecretGuard';
import type { Login, LoginInput, TokenPolicy } from '../login/Login';
import type { RefreshTokenFamilies } from './RefreshTokenFamilies';
import type { UserAccessTokens } from './UserAccessTokens';

/** Client credentials as presented to the token endpoint (HTTP Basic or form body). */
export interface PresentedClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

export type IssueOAuthTokenInput =
  /** A registered client asks for a token of its own (RFC 6749 §4.4); it must authenticate. */
  | { readonly grantType: 'client_credentials'; readonly client: PresentedClient | null; readonly address?: string }
  /** A user's credentials (RFC 6749 §4.3); client authentication is optional but checked when presented. */
  | { readonly grantType: 'password'; readonly client: PresentedClient | null; readonly login: LoginInput };

export interface IssueOAuthTokenResult {
  readonly accessToken: string;
  readonly expiresInSeconds: number;
  /** Beside a user's token (password grant) when refresh tokens are wired; never for client_credentials. */
  readonly refreshToken?: string;
}

/** The OAuth endpoint's own user tokens and refresh-token families. */
export interface UserGrantIssuance {
  readonly accessTokens: UserAccessTokens;
  readonly families: RefreshTokenFamilies;
}

/**
 * The OAuth 2.0 token endpoint's grants. The password grant is the login use
 * case itself (same authenticator, same limits, same token, plus `client_id`
 * when a client authenticated); client_credentials signs a client token with
 * the active key. Either token names its client in `client_id`, which binds it
 * to that client for revocation (RFC 7009 §2.1, see RevokeAccessToken). A client is checked by the
 * registry in constant time, under the key endpoint's guessing limits
 * (ClientSecretGuard: per address and per client id); an empty registry knows
 * no client. With `userGrants`, the password grant signs with the OAuth
 * endpoint's own lifetime and starts a refresh-token family bound to the client
 * (none when no client authenticated); client_credentials never gets one
 * (RFC 6749 §4.4.3).
 */
export class IssueOAuthToken {
  private readonly guard: ClientSecretGuard;

  constructor(
    private readonly login: Login,
    clients: ClientRegistry,
    private readonly signer: TokenSigner,
    private readonly ring: KeyRing,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly policy: TokenPolicy,
    attempts: AttemptLimiter,
    private readonly userGrants?: UserGrantIssuance,
  ) {
    this.guard = new ClientSecretGuard(clients, attempts);
  }

  async execute(input: IssueOAuthTokenInput): Promise<IssueOAuthTokenResult> {
    if (input.client !== null) {
      const address = input.grantType === 'password' ? input.login.address : input.address;
      await this.guard.authenticate(input.client.clientId, input.client.clientSecret, address);
    }
    if (input.grantType === 'password') {
      // An authenticated client is recorded in the token: it alone (or the token itself) may revoke it (RFC 7009 §2.1).
      const login = input.client === null ? input.login : { ...input.login, clientId: input.client.clientId };
      if (this.userGrants) return this.userGrant(this.userGrants, login, input.client?.clientId ?? null);
      const result = await this.login.execute(login);
      return { accessToken: result.access_token, expiresInSeconds: this.policy.ttlSeconds };
    }
    if (input.client === null) throw new ClientUnauthorizedError();
    const token = await this.signer.sign(this.clientClaims(input.client.clientId), this.ring.activeKey());
    return { accessToken: token, expiresInSeconds: this.policy.ttlSeconds };
  }

  private async userGrant(grants: UserGrantIssuance, login: LoginInput, clientId: string | null): Promise<IssueOAuthTokenResult> {
    const user = await this.login.authenticate(login);
    const access = await grants.accessTokens.issue(user, clientId);
    const refreshToken = await grants.families.start(user, clientId, access);
    return { accessToken: access.token, expiresInSeconds: grants.accessTokens.ttlSeconds, refreshToken };
  }

  private clientClaims(clientId: string): ClientTokenClaims {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    return { sub: clientId, client_id: clientId, iss: this.policy.issuer, iat, exp: iat + this.policy.ttlSeconds, jti: this.ids.next() };
  }
}
