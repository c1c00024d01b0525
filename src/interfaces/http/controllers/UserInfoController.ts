import type { Request } from 'express';
import { inject } from 'inversify';
import { controller, httpGet, request } from 'inversify-express-utils';
import type { GetUserInfo, GetUserInfoResult } from '../../../application/GetUserInfo';
import { TYPES } from '../../composition/types';
import { skipToken } from '@auth-service/client/inversify';

/**
 * The standard userinfo endpoint (OpenID Connect Core §5.3 shape): plain JSON
 * claims with `sub` for a user token or a client token. Skips the envelope
 * token check: it checks the bearer token itself and answers RFC 6750 errors.
 */
@skipToken()
@controller('/oauth')
export class UserInfoController {
  constructor(@inject(TYPES.GetUserInfo) private readonly getUserInfo: GetUserInfo) {}

  @httpGet('/userinfo')
  userinfo(@request() req: Request): GetUserInfoResult {
    return this.getUserInfo.execute({ authorization: req.headers.authorization });
  }
}
