import type { Request, Response } from 'express';
import { inject } from 'inversify';
import { controller, httpPost, request, response } from 'inversify-express-utils';
import type { IssueOAuthToken } from '../../../application/IssueOAuthToken';
import { TYPES } from '../../composition/types';
import { skipToken } from '@auth-service/client/inversify';
import { tokenRequestOf } from '../tokenRequest';

/** RFC 6749 §5.1 successful token response. */
export interface OAuthTokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/**
 * The standard OAuth 2.0 token endpoint (RFC 6749), beside the login route:
 * form body, `client_credentials` for registered clients and `password` for
 * users (the same login use case). Answers and errors are the RFC's JSON, not
 * the envelope (see standardErrors.ts).
 */
@skipToken()
@controller('/oauth')
export class OAuthTokenController {
  constructor(@inject(TYPES.IssueOAuthToken) private readonly issueToken: IssueOAuthToken) {}

  @httpPost('/token')
  async token(@request() req: Request, @response() res: Response): Promise<OAuthTokenResponse> {
    // A response carrying a token must not be stored by any cache (RFC 6749 §5.1).
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    const result = await this.issueToken.execute(tokenRequestOf(req, res));
    return { access_token: result.accessToken, token_type: 'Bearer', expires_in: result.expiresInSeconds };
  }
}
