import type { Request, Response } from 'express';
import { inject } from 'inversify';
import { controller, httpGet, httpPost, request, response } from 'inversify-express-utils';
import type { GetUserInfo, GetUserInfoResult } from '../../../application/oauth/GetUserInfo';
import { bearerToken } from '@auth-service/client';
import { TYPES } from '../../composition/types';
import { OAuthRequestError } from '../standardErrors';
import { skipToken } from '@auth-service/client/inversify';
import { formParameter } from '../clientAuthentication';
import { InvalidDpopProofError } from '../../../domain/dpopErrors';
import type { ServiceIssuer } from '../../../domain/model/ServiceIssuer';
import { dpopJktOf, type DpopCheck } from '../dpopProof';

/**
 * The standard userinfo endpoint (OpenID Connect Core §5.3 shape): plain JSON
 * claims with `sub` for a user token or a client token, by GET or POST
 * (OIDC Core §5.3.1). POST takes the token in the Authorization header or as
 * the form parameter `access_token` (RFC 6750 §2.2: both are standard bearer
 * methods, and the form one is what a POST allows beyond GET); both at once is
 * invalid_request (RFC 6750 §2). Never the query (RFC 6750 §2.3 SHOULD NOT:
 * URLs are logged). The answer is personal data: `Cache-Control: no-store`.
 * Skips the envelope token check: it checks the bearer token itself (through
 * the revocation-checking verifier) and answers RFC 6750 errors. A DPoP-bound
 * token comes as `Authorization: DPoP` with a proof (RFC 9449 §7); a proof that
 * does not hold is 401 with `WWW-Authenticate: DPoP error="invalid_dpop_proof"`.
 */
@skipToken()
@controller('/oauth')
export class UserInfoController {
  constructor(
    @inject(TYPES.GetUserInfo) private readonly getUserInfo: GetUserInfo,
    @inject(TYPES.CheckDpopProof) private readonly dpop: DpopCheck,
    @inject(TYPES.ServiceIssuer) private readonly issuer: ServiceIssuer,
  ) {}

  @httpGet('/userinfo')
  userinfo(@request() req: Request, @response() res: Response): GetUserInfoResult | Promise<GetUserInfoResult> {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    const dpopToken = dpopTokenOf(req.headers.authorization);
    if (dpopToken !== null) return this.withProof(req, res, dpopToken);
    return this.getUserInfo.execute({ authorization: req.headers.authorization });
  }

  @httpPost('/userinfo')
  userinfoByPost(@request() req: Request, @response() res: Response): GetUserInfoResult | Promise<GetUserInfoResult> {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    const body = req.is('application/x-www-form-urlencoded') ? ((req.body ?? {}) as Record<string, unknown>) : {};
    const accessToken = formParameter(body, 'access_token');
    const dpopToken = dpopTokenOf(req.headers.authorization);
    if (accessToken !== undefined && (bearerToken(req.headers.authorization) !== null || dpopToken !== null)) {
      throw new OAuthRequestError('invalid_request', 'send the access token once: header or form body');
    }
    if (dpopToken !== null) return this.withProof(req, res, dpopToken);
    return this.getUserInfo.execute({ authorization: req.headers.authorization, accessToken });
  }

  /** RFC 9449 §7.1: `Authorization: DPoP <token>` needs a proof for this request with the token's hash (`ath`). */
  private async withProof(req: Request, res: Response, token: string): Promise<GetUserInfoResult> {
    const jkt = await dpopJktOf(req, res, this.dpop, `${this.issuer.value.replace(/\/+$/, '')}/oauth/userinfo`, token);
    if (jkt === null) throw new InvalidDpopProofError('Authorization: DPoP without a DPoP proof');
    return this.getUserInfo.execute({ authorization: undefined, accessToken: token, dpopJkt: jkt });
  }
}

/** The token of `Authorization: DPoP <token>` (RFC 9449 §7.1; the scheme case-insensitive); null for any other. */
function dpopTokenOf(authorization: string | undefined): string | null {
  const match = /^DPoP +([A-Za-z0-9\-._~+/]+=*)$/i.exec(authorization ?? '');
  return match === null ? null : match[1];
}
