import type { AuthenticatedClient } from '../clients/AuthenticateClient';
import type { Login, LoginInput } from '../login/Login';
import type { RefreshTokenFamilies } from './RefreshTokenFamilies';
import type { UserAccessTokens } from './UserAccessTokens';

export interface PasswordGrantResult {
  readonly accessToken: string;
  readonly expiresInSeconds: number;
  readonly refreshToken: string;
}

/**
 * The password grant (RFC 6749 §4.3): the login use case's authentication
 * (same user store, same limits, same answer for every failure), then the
 * OAuth endpoint's own access token and a refresh-token family, both bound to
 * the client the token endpoint authenticated (none when it named none), so
 * that client alone may refresh or revoke them.
 */
export class PasswordGrant {
  constructor(
    private readonly login: Pick<Login, 'authenticate'>,
    private readonly accessTokens: UserAccessTokens,
    private readonly families: RefreshTokenFamilies,
  ) {}

  async execute(client: AuthenticatedClient | null, credentials: LoginInput): Promise<PasswordGrantResult> {
    const clientId = client?.id ?? null;
    const user = await this.login.authenticate(credentials);
    const access = await this.accessTokens.issue(user, clientId);
    const refreshToken = await this.families.start(user, clientId, access);
    return { accessToken: access.token, expiresInSeconds: this.accessTokens.ttlSeconds, refreshToken };
  }
}
