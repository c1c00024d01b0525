import express from 'express';
import type { Request, Response } from 'express';
import { inject } from 'inversify';
import { controller, httpPost, request, response } from 'inversify-express-utils';
import type { RevokeAccessToken, RevokeAccessTokenInput } from '../../../application/RevokeAccessToken';
import { bearerToken } from '@auth-service/client';
import { ClientUnauthorizedError, DomainError, InvalidRequestError } from '../../../domain/errors';
import { TYPES } from '../../composition/types';
import { ok, type ServerResponse } from '../envelope';
import { MESSAGES } from '../messages';
import { skipToken } from '@auth-service/client/inversify';

/** Far above any token we issue; a longer one cannot be ours. */
const MAX_TOKEN_LENGTH = 16 * 1024;
const MAX_CREDENTIAL_LENGTH = 256;

/**
 * RFC 7009 token revocation, and logout: `POST <context>/oauth/revoke` with a
 * form body `token=…` (optional `token_type_hint`). A registered client
 * authenticates with HTTP Basic appId:appSecret; without it, the request's
 * bearer token must be the very token (a user signing out). 200 for every
 * well-formed request, whether or not there was anything to revoke (§2.2).
 */
@skipToken()
@controller('/oauth')
export class TokenRevocationController {
  constructor(@inject(TYPES.RevokeAccessToken) private readonly revokeAccessToken: RevokeAccessToken) {}

  @httpPost('/revoke', express.urlencoded({ extended: false, limit: '32kb' }))
  async revoke(@request() req: Request, @response() res: Response): Promise<ServerResponse<null>> {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    // req.ip honours AUTH_TRUST_PROXY, as for the login limits.
    const address = req.ip ?? req.socket.remoteAddress;
    let input: RevokeAccessTokenInput;
    try {
      input = revocationRequest(req);
    } catch (error) {
      // A malformed request counts against the address like a wrong secret.
      if (error instanceof DomainError) return this.revokeAccessToken.refuseMalformed(address, error);
      throw error;
    }
    await this.revokeAccessToken.execute({ ...input, address });
    return ok(null, MESSAGES.succeeded);
  }
}

function revocationRequest(req: Request): RevokeAccessTokenInput {
  const body = (req.body ?? {}) as { token?: unknown; token_type_hint?: unknown };
  if (typeof body.token !== 'string' || body.token.length === 0 || body.token.length > MAX_TOKEN_LENGTH) {
    throw new InvalidRequestError('token is required');
  }
  if (body.token_type_hint !== undefined && typeof body.token_type_hint !== 'string') throw new InvalidRequestError('token_type_hint must be text');
  const authorization = req.headers.authorization;
  const client = basicCredentials(authorization);
  return { token: body.token, client, bearer: client ? null : bearerToken(authorization) };
}

/** appId:appSecret of an `Authorization: Basic` header; undefined for other schemes; ClientUnauthorizedError when malformed. */
function basicCredentials(authorization: string | undefined): RevokeAccessTokenInput['client'] {
  const header = authorization?.trim() ?? '';
  if (header.slice(0, 6).toLowerCase() !== 'basic ') return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || decoded.length > 2 * MAX_CREDENTIAL_LENGTH + 1) throw new ClientUnauthorizedError();
  // RFC 6749 §2.3.1: both parts are form-encoded before Base64.
  try {
    return { appId: decodeURIComponent(decoded.slice(0, colon)), appSecret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    throw new ClientUnauthorizedError();
  }
}
