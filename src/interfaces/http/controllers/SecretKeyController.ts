import { inject } from 'inversify';
import type { Request, Response } from 'express';
import { controller, httpGet, queryParam, request, response } from 'inversify-express-utils';
import type { GetPublicKey } from '../../../application/GetPublicKey';
import type { GetVerificationKeys, ListedVerificationKey } from '../../../application/GetVerificationKeys';
import { InvalidRequestError } from '../../../domain/errors';
import { isSafeText } from '../../../domain/model/AccountName';
import { isClientCredentialText } from '../../../domain/model/ClientCredentialText';
import type { Logger } from '@auth-service/client';
import { TYPES } from '../../composition/types';
import { ok, type ServerResponse } from '../envelope';
import { MESSAGES } from '../messages';
import { skipToken } from '@auth-service/client/inversify';

const MAX_PARAMETER_LENGTH = 256;

/** Hands client services the key they verify tokens with. Reachable without a token. */
@skipToken()
@controller('/client/user/secret')
export class SecretKeyController {
  constructor(
    @inject(TYPES.GetPublicKey) private readonly getPublicKey: GetPublicKey,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.GetVerificationKeys) private readonly getVerificationKeys: GetVerificationKeys,
  ) {}

  @httpGet('/key')
  async key(
    @queryParam('appId') appId: unknown,
    @queryParam('appSecret') appSecret: unknown,
    @request() req: Request,
    @response() res: Response,
  ): Promise<ServerResponse<string>> {
    noStore(res);
    if (!isParameter(appId) || !isParameter(appSecret)) {
      throw new InvalidRequestError('appId and appSecret are required');
    }
    // The secret is never logged.
    this.logger.info({ appId }, 'verification key requested');
    // req.ip honours AUTH_TRUST_PROXY, as for the login limits.
    const address = req.ip ?? req.socket.remoteAddress;
    return ok(await this.getPublicKey.execute({ appId, appSecret, address }), MESSAGES.succeeded);
  }

  /** Every key that still verifies, by kid (hmac rotation: next, active, retiring). Same credentials as `/key`. */
  @httpGet('/keys')
  async keys(
    @queryParam('appId') appId: unknown,
    @queryParam('appSecret') appSecret: unknown,
    @request() req: Request,
    @response() res: Response,
  ): Promise<ServerResponse<ListedVerificationKey[]>> {
    noStore(res);
    if (!isParameter(appId) || !isParameter(appSecret)) {
      throw new InvalidRequestError('appId and appSecret are required');
    }
    this.logger.info({ appId }, 'verification keys requested');
    const address = req.ip ?? req.socket.remoteAddress;
    return ok(await this.getVerificationKeys.execute({ appId, appSecret, address }), MESSAGES.succeeded);
  }
}

/**
 * The answer may be a signing secret (hmac) and was asked for with a client
 * secret in the URL: no cache, shared or private, may keep it. Set before
 * anything can fail, so refusals are not cached either.
 */
function noStore(res: Response): void {
  res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
}

function isParameter(value: unknown): value is string {
  // Control characters, other non-printable ones and lone surrogates are refused like a missing parameter (400, 请求参数错误).
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_PARAMETER_LENGTH && isSafeText(value) && isClientCredentialText(value);
}
