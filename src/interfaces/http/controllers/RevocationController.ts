import { inject } from 'inversify';
import type { Request } from 'express';
import { controller, httpGet, queryParam, request } from 'inversify-express-utils';
import type { GetRevocationFeed, GetRevocationFeedResult } from '../../../application/GetRevocationFeed';
import { InvalidRequestError } from '../../../domain/errors';
import { isClientCredentialText } from '../../../domain/model/ClientCredentialText';
import { TYPES } from '../../composition/types';
import { ok, type ServerResponse } from '../envelope';
import { MESSAGES } from '../messages';
import { skipToken } from '@auth-service/client/inversify';

const MAX_PARAMETER_LENGTH = 256;
/** A cursor is epoch milliseconds as the feed gave it. */
const CURSOR = /^\d{1,15}$/;

/**
 * The revocation feed for client services (same credentials as the key
 * endpoint). `since` (the cursor of the previous answer) asks only for what
 * changed. Express adds the ETag and answers 304 to a matching If-None-Match,
 * so an unchanged feed costs a client a few bytes per refresh.
 */
@skipToken()
@controller('/client/revocations')
export class RevocationController {
  constructor(@inject(TYPES.GetRevocationFeed) private readonly getRevocationFeed: GetRevocationFeed) {}

  @httpGet('/')
  async feed(
    @queryParam('appId') appId: unknown,
    @queryParam('appSecret') appSecret: unknown,
    @queryParam('since') since: unknown,
    @request() req: Request,
  ): Promise<ServerResponse<GetRevocationFeedResult>> {
    if (!isParameter(appId) || !isParameter(appSecret)) throw new InvalidRequestError('appId and appSecret are required');
    if (since !== undefined && !(typeof since === 'string' && CURSOR.test(since))) throw new InvalidRequestError('since must be the cursor of a previous answer');
    // req.ip honours AUTH_TRUST_PROXY, as for the login limits.
    const address = req.ip ?? req.socket.remoteAddress;
    const cursor = since === undefined ? undefined : Number(since);
    return ok(await this.getRevocationFeed.execute({ appId, appSecret, address, since: cursor }), MESSAGES.succeeded);
  }
}

function isParameter(value: unknown): value is string {
  // Non-printable text (NUL, controls, zero-width) is refused like a missing parameter, as at the key endpoints.
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_PARAMETER_LENGTH && isClientCredentialText(value);
}
