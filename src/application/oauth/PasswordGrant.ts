import { adminScopesWithheld } from '../../domain/model/AdminScope';
import { accessWithin, NO_PARTICULAR_ACCESS, type RequestedAccess } from '../../domain/model/GrantedAccess';
import type { AuditTrail } from '../../domain/ports/AuditTrail';
import type { AuthenticatedClient } from '../clients/AuthenticateClient';
import type { Login, LoginInput } from '../login/Login';
import type { SecondFactorGate } from '../secondFactor/SecondFactorGate';
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
 * none); with a DPoP proof (`jkt`) the access token is bound to its key (the refresh token
 * is the confidential client's, bound by its secret: RFC 9449 §5). The scope is checked before the password, so a refused scope costs
 * no login attempt. A request naming no client may ask for nothing in particular.
 * A user with a second factor is refused after the right password (the grant
 * has no field for one: SecondFactorRequiredError, `invalid_grant` naming it),
 * as is one AUTH_SECOND_FACTOR=required wants enrolled first.
 */
export class PasswordGrant {
  constructor(
    private readonly login: Pick<Login, 'authenticate'>,
    private readonly tokens: Pick<AccessTokenIssuer, 'forUser' | 'ttlSeconds'>,
    private readonly families: Pick<RefreshTokenFamilies, 'start'>,
    private readonly secondFactor: Pick<SecondFactorGate, 'withCode'>,
    private readonly trail: AuditTrail,
  ) {}

  async execute(client: AuthenticatedClient | null, credentials: LoginInput, requested: RequestedAccess, jkt: string | null = null): Promise<UserTokenGrantResult> {
    // A user's token never carries an admin scope: those belong to client_credentials alone.
    const access = accessWithin(adminScopesWithheld(client ?? NO_PARTICULAR_ACCESS), requested);
    const user = await this.login.authenticate(client === null ? credentials : { ...credentials, client: client.id });
    const authentication = await this.secondFactor.withCode(user, undefined, credentials.address);
    // The sign-in is this very request: auth_time is the token's own moment.
    const issued = await this.tokens.forUser(user, client === null ? null : { clientId: client.id, access, configured: client.configured, signIn: { authentication } }, jkt);
    const refreshToken = await this.families.start(user, client?.id ?? null, access, issued, undefined, issued.issuedAt, undefined, authentication);
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
