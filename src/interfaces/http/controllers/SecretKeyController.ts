import { inject } from 'inversify';
import type { Request } from 'express';
import { controller, httpGet, request } from 'inversify-express-utils';
import type { GetPublicKey } from '../../../application/keys/GetPublicKey';
import type { GetVerificationKeys, ListedVerificationKey } from '../../../application/keys/GetVerificationKeys';
import type { Logger } from '@auth-service/client';
import { TYPES } from '../../composition/types';
import { clientServiceCredentials } from '../clientServiceCredentials';
import { ok, type ServerResponse } from '../envelope';
import { MESSAGES } from '../messages';
import { skipToken } from '@auth-service/client/inversify';

/**
 * Hands client services the key they verify tokens with. Reachable without a token;
 * the client authenticates with Basic (or, for older clients, appId/appSecret in the
 * query). The answer may be a signing secret (hmac): every answer of these routes,
 * refusals included, is `no-store` (clientRoutesNoStore, mounted on `/client`).
 */
@skipToken()
@controller('/client/user/secret')
export class SecretKeyController {
  constructor(
    @inject(TYPES.GetPublicKey) private readonly getPublicKey: GetPublicKey,
    @inject(TYPES.Logger) private readonly logger: Logger,
    @inject(TYPES.GetVerificationKeys) private readonly getVerificationKeys: GetVerificationKeys,
  ) {}

  @httpGet('/key')
  async key(@request() req: Request): Promise<ServerResponse<string>> {
    const { appId, appSecret } = clientServiceCredentials(req);
    // The secret is never logged.
    this.logger.info({ appId }, 'verification key requested');
    // req.ip honours AUTH_TRUST_PROXY, as for the login limits.
    const address = req.ip ?? req.socket.remoteAddress;
    return ok(await this.getPublicKey.execute({ appId, appSecret, address }), MESSAGES.succeeded);
  }

  /** Every key that still verifies, by kid (hmac rotation: next, active, retiring). Same credentials as `/key`. */
  @httpGet('/keys')
  async keys(@request() req: Request): Promise<ServerResponse<ListedVerificationKey[]>> {
    const { appId, appSecret } = clientServiceCredentials(req);
    this.logger.info({ appId }, 'verification keys requested');
    const address = req.ip ?? req.socket.remoteAddress;
    return ok(await this.getVerificationKeys.execute({ appId, appSecret, address }), MESSAGES.succeeded);
  }
}
