import { createHash } from 'node:crypto';
import { inject } from 'inversify';
import type { Request, Response } from 'express';
import { controller, httpGet, queryParam, request, response } from 'inversify-express-utils';
import type { GetRevocationFeed, GetRevocationFeedResult } from '../../../application/revocation/GetRevocationFeed';
import { InvalidRequestError } from '../../../domain/errors';
import { TYPES } from '../../composition/types';
import { clientServiceCredentials } from '../clientServiceCredentials';
import { ok, type ServerResponse } from '../envelope';
import { MESSAGES } from '../messages';
import { skipToken } from '@auth-service/client/inversify';

/** A cursor is epoch milliseconds as the feed gave it. */
const CURSOR = /^\d{1,15}$/;

/**
 * The revocation feed for client services (same credentials as the key
 * endpoint: Basic, or the query for older clients). `since` (the cursor of the
 * previous answer) asks only for what changed. Every answer, refusals included,
 * is `no-store` (clientRoutesNoStore, mounted on `/client`): it is asked for with
 * a client secret and must never be served to another client from a cache.
 */
@skipToken()
@controller('/client/revocations')
export class RevocationController {
  constructor(@inject(TYPES.GetRevocationFeed) private readonly getRevocationFeed: GetRevocationFeed) {}

  @httpGet('/')
  async feed(@queryParam('since') since: unknown, @request() req: Request, @response() res: Response): Promise<ServerResponse<GetRevocationFeedResult>> {
    const { appId, appSecret } = clientServiceCredentials(req);
    if (since !== undefined && !(typeof since === 'string' && CURSOR.test(since))) throw new InvalidRequestError('since must be the cursor of a previous answer');
    // req.ip honours AUTH_TRUST_PROXY, as for the login limits.
    const address = req.ip ?? req.socket.remoteAddress;
    const cursor = since === undefined ? undefined : Number(since);
    const result = await this.getRevocationFeed.execute({ appId, appSecret, address, since: cursor });
    // Express then answers 304 to a matching If-None-Match (and keeps this tag instead of hashing the body).
    res.set('ETag', contentTag(result));
    return ok(result, MESSAGES.succeeded);
  }
}

/**
 * A validator of what the client would apply, without the cursor: the cursor is the time of
 * each read, so a tag of the whole body would differ on every request and never give a 304.
 * The same entries and the same `full` mean the client already holds this answer's effect
 * (applying an answer twice changes nothing), so 304 and its old cursor are right: the next
 * read from that cursor still sees every change since.
 */
function contentTag(result: GetRevocationFeedResult): string {
  const { cursor: _cursor, ...content } = result;
  return `W/"${createHash('sha1').update(JSON.stringify(content)).digest('base64url')}"`;
}
