import { inject } from 'inversify';
import { controller, httpGet, queryParam } from 'inversify-express-utils';
import type { GetPublicKey } from '../../../application/GetPublicKey';
import { InvalidRequestError } from '../../../domain/errors';
import { isSafeText } from '../../../domain/model/AccountName';
import type { Logger } from '../../../domain/ports/Logger';
import { TYPES } from '../../composition/types';
import { ok, type ServerResponse } from '../envelope';
import { MESSAGES } from '../messages';
import { skipToken } from '../skipToken';

const MAX_PARAMETER_LENGTH = 256;

/** Hands client services the key they verify tokens with. Reachable without a token. */
@skipToken()
@controller('/client/user/secret')
export class SecretKeyController {
  constructor(
    @inject(TYPES.GetPublicKey) private readonly getPublicKey: GetPublicKey,
    @inject(TYPES.Logger) private readonly logger: Logger,
  ) {}

  @httpGet('/key')
  key(@queryParam('appId') appId: unknown, @queryParam('appSecret') appSecret: unknown): ServerResponse<string> {
    if (!isParameter(appId) || !isParameter(appSecret)) {
      throw new InvalidRequestError('appId and appSecret are required');
    }
    // The secret is never logged.
    this.logger.info({ appId }, 'verification key requested');
    return ok(this.getPublicKey.execute({ appId, appSecret }), MESSAGES.succeeded);
  }
}

function isParameter(value: unknown): value is string {
  // Control characters and lone surrogates are refused like a missing parameter (400, 请求参数错误).
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_PARAMETER_LENGTH && isSafeText(value);
}
