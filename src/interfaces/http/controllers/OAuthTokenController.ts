import type { Request, Response } from 'express';
import { inject } from 'inversify';
import { controller, httpPost, request, response } from 'inversify-express-utils';
import type { IssueOAuthToken } from '../../../application/oauth/IssueOAuthToken';
import { TYPES } from '../../composition/types';
import { skipToken } from '@auth-service/client/inversify';
import { tokenRequestOf } from '../tokenRequest';
import type { ExchangeAuthorizationCode } from '../../../application/oauth/ExchangeAuthorizationCode';
import type { RefreshAccessToken } from '../../../application/oauth/RefreshAccessToken';

/** RFC 6749 §5.1 successful token response. */
export interface OAuthTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  /** Beside a user's token (password grant, refresh_token grant); never for client_credentials. */
  refresh_token?: string;
}

/**
 * The standard OAuth 2.0 token endpoint (RFC 6749), beside the login route:
 * form body, `client_credentials` for registered clients, `password` for
 * users (the same login use case) with a refresh token beside, and
 * `refresh_token` (rotation, reuse detection: RefreshAccessToken), and
 * `authorization_code` with PKCE (ExchangeAuthorizationCode). Answers and errors are the RFC's JSON, not
 * the envelope (see standardErrors.ts).
 */
@skipToken()
@controller('/oauth')
export class OAuthTokenController {
  constructor(
    @inject(TYPES.IssueOAuthToken) private readonly issueToken: IssueOAuthToken,
    @inject(TYPES.RefreshAccessToken) private readonly refreshAccessToken: RefreshAccessToken,
    @inject(TYPES.ExchangeAuthorizationCode) private readonly exchangeCode: ExchangeAuthorizationCode,
  ) {}

  @httpPost('/token')
  async token(@request() req: Request, @response() res: Response): Promise<OAuthTokenResponse> {
    // A response carrying a token must not be stored by any cache (RFC 6749 §5.1).
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    const input = tokenRequestOf(req, res);
    const result =
      input.grantType === 'refresh_token'
        ? await this.refreshAccessToken.execute(input)
        : input.grantType === 'authorization_code'
          ? await this.exchangeCode.execute(input)
          : await this.issueToken.execute(input);
    const answer: OAuthTokenResponse = { access_token: result.accessToken, token_type: 'Bearer', expires_in: result.expiresInSeconds };
    if (result.refreshToken !== undefined) answer.refresh_token = result.refreshToken;
    return answer;
  }
}
