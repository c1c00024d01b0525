import { adminScopesWithheld } from '../../domain/model/AdminScope';
import { accessWithin, NO_PARTICULAR_ACCESS, type RequestedAccess } from '../../domain/model/GrantedAccess';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { AuthenticatedClient } from '../clients/AuthenticateClient';
import type { Login, LoginInput } from '../login/Login';
import type { AccessTokenIssuer } from '../tokens/AccessTokenIssuer';
import type { RefreshTokenFamilies } from './RefreshTokenFamilies';
import type { UserTokenGrantResult } from './TokenGrantResult';

/**
 * The password grant (RFC 6749 §4.3): the login use case's authentication
 * (same user store, same limits, same answer for every failure), then the
 * OAuth endpoint's own access token and a refresh-token family, both bound to
 * the client the token endpoint authenticated (none when it named none), so
 * that client alone may refresh or revoke them. A client gets the scopes and
 * resources it asked among its registered ones (all of them when it asked
 * none); the scope is checked before the password, so a refused scope costs
 * no login attempt. A request naming no client may ask for nothing in particular.
 */
export class PasswordGrant {
  constructor(
    private readonly login: Pick<Login, 'authenticate'>,
    private readonly tokens: Pick<AccessTokenIssuer, 'forUser' | 'ttlSeconds'>,
    private readonly families: Pick<RefreshTokenFamilies, 'start'>,
    private readonly trail: AuditTrail,
  ) {}

  async execute(client: AuthenticatedClient | null, credentials: LoginInput, requested: RequestedAccess): Promise<UserTokenGrantResult> {
    // A user's token never carries an admin scope: those belong to client_credentials alone.
    const access = accessWithin(adminScopesWithheld(client ?? NO_PARTICULAR_ACCESS), requested);
    const user = await this.login.authenticate(client === null ? credentials : { ...credentials, client: client.id });
    const issued = await this.tokens.forUser(user, client === null ? null : { clientId: client.id, access, configured: client.configured });
    const refreshToken = await this.families.start(user, client?.id ?? null, access, issued);
    this.trail.record({
      type: 'token.issued',
      outcome: 'success',
      account: user.account,
      client: client?.id ?? null,
      details: { grant: 'password', subject: user.id, scopes: access.scopes },
    });
    return { accessToken: issued.token, expiresInSeconds: this.tokens.ttlSeconds, scopes: access.scopes, refreshToken };
  }
}
