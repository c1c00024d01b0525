import type { Request, Response } from 'express';
import { inject } from 'inversify';
import { controller, httpPost, request, response } from 'inversify-express-utils';
import { skipToken } from '@auth-service/client/inversify';
import { assertGrantAllowed, type AuthenticateClient } from '../../../application/clients/AuthenticateClient';
import { TYPES } from '../../composition/types';
import type { TokenGrant } from '../grants/tokenGrants';
import { tokenRequestOf } from '../tokenRequest';
import { assertDpopAsRegistered } from '../../../application/dpop/assertDpopAsRegistered';
import type { ServiceIssuer } from '../../../domain/model/ServiceIssuer';
import { dpopJktOf, type DpopCheck } from '../dpopProof';

/** RFC 6749 §5.1 successful token response. */
export interface OAuthTokenResponse {
  access_token: string;
  /** `DPoP` when the request proved a key the access token is bound to (RFC 9449 §5). */
  token_type: 'Bearer' | 'DPoP';
  expires_in: number;
  /** Beside a user's token (password, authorization_code and refresh_token grants); never for client_credentials. */
  refresh_token?: string;
  /** The granted scope, space-separated (§5.1, §3.3); absent when none was granted. */
  scope?: string;
  /** OpenID Connect Core §3.1.3.3: when `openid` was granted by a code exchange or a refresh. */
  id_token?: string;
}

/**
 * The standard OAuth 2.0 token endpoint (RFC 6749), as oidc-provider's
 * `lib/actions/token.js` and fosite build it: the request is read (its grant's
 * own parameters by the grant's handler), the client authenticated once
 * (AuthenticateClient), its registration asked whether it may use the grant
 * (assertGrantAllowed: unauthorized_client), then the grant's handler from the map answers
 * (`authorization_code`, `client_credentials`, `password`, `refresh_token`).
 * A `DPoP` proof (RFC 9449), checked before the client, binds the access token
 * to its key for every grant (`token_type: DPoP`); a client registered
 * `--require-dpop` gets nothing without one.
 * Answers and errors are the RFC's JSON, not the envelope (see standardErrors.ts).
 */
@skipToken()
@controller('/oauth')
export class OAuthTokenController {
  constructor(
    @inject(TYPES.AuthenticateClient) private readonly authenticateClient: AuthenticateClient,
    @inject(TYPES.TokenGrants) private readonly grants: ReadonlyMap<string, TokenGrant>,
    @inject(TYPES.CheckDpopProof) private readonly dpop: DpopCheck,
    @inject(TYPES.ServiceIssuer) private readonly issuer: ServiceIssuer,
  ) {}

  @httpPost('/token')
  async token(@request() req: Request, @response() res: Response): Promise<OAuthTokenResponse> {
    // A response carrying a token must not be stored by any cache (RFC 6749 §5.1).
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    const { grantType, grant, client } = tokenRequestOf(req, res, this.grants);
    const jkt = await dpopJktOf(req, res, this.dpop, `${this.issuer.value.replace(/\/+$/, '')}/oauth/token`);
    const authenticated = await this.authenticateClient.execute(client);
    assertGrantAllowed(authenticated, grantType);
    assertDpopAsRegistered(authenticated, jkt);
    const result = await grant(authenticated, jkt);
    const answer: OAuthTokenResponse = { access_token: result.accessToken, token_type: jkt === null ? 'Bearer' : 'DPoP', expires_in: result.expiresInSeconds };
    if (result.refreshToken !== undefined) answer.refresh_token = result.refreshToken;
    if (result.scopes.length > 0) answer.scope = result.scopes.join(' ');
    if (result.idToken !== undefined) answer.id_token = result.idToken;
    return answer;
  }
}
