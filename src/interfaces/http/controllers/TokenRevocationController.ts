import type { Request, Response } from 'express';
import { inject } from 'inversify';
import { controller, httpPost, request, response } from 'inversify-express-utils';
import type { AuthenticateClient, PresentedClient } from '../../../application/clients/AuthenticateClient';
import type { PresentedAssertion } from '../../../application/clients/VerifyClientAssertion';
import type { RevokeToken, RevokeTokenInput } from '../../../application/revocation/RevokeToken';
import { bearerToken } from '@auth-service/client';
import { TYPES } from '../../composition/types';
import { ok, type ServerResponse } from '../envelope';
import { MESSAGES } from '../messages';
import { OAuthRequestError } from '../standardErrors';
import { skipToken } from '@auth-service/client/inversify';
import { clientAuthenticationOf, formParameter } from '../clientAuthentication';

/** Far above any token we issue; a longer one cannot be ours. */
const MAX_TOKEN_LENGTH = 16 * 1024;
const MAX_HINT_LENGTH = 64;

/**
 * RFC 7009 token revocation, and logout: `POST <context>/oauth/revoke` with a
 * form body `token=…` (optional `token_type_hint`, RFC 7009 §2.1: a hint we may
 * ignore; both kinds we issue, access and refresh tokens, are searched
 * whatever the hint, so `unsupported_token_type` never applies). A registered client authenticates like at the token endpoint
 * (client_secret_basic, client_secret_post or private_key_jwt, one decoder), authenticated once
 * here by AuthenticateClient before RevokeToken runs; without client
 * credentials, the request's bearer token must be the very token (a user
 * signing out), or a public client names itself by `client_id` alone (RFC 7009
 * §2.1, the metadata's `none`) for the tokens bound to it. 200 for every well-formed request, whether or not there was
 * anything to revoke (§2.2); the body stays the envelope the sign-in page
 * reads (RFC 7009 clients ignore it). Errors are RFC 6749 §5.2 JSON
 * (standardErrors.ts, dialect `revocation`), not the envelope.
 */
@skipToken()
@controller('/oauth')
export class TokenRevocationController {
  constructor(
    @inject(TYPES.AuthenticateClient) private readonly authenticateClient: AuthenticateClient,
    @inject(TYPES.RevokeToken) private readonly revokeToken: RevokeToken,
  ) {}

  @httpPost('/revoke')
  async revoke(@request() req: Request, @response() res: Response): Promise<ServerResponse<null>> {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    // req.ip honours AUTH_TRUST_PROXY, as for the login limits.
    const address = req.ip ?? req.socket.remoteAddress;
    let input: RevocationRequest;
    try {
      input = revocationRequest(req, res);
    } catch (error) {
      // A malformed request counts against the address like a wrong secret.
      if (error instanceof OAuthRequestError) return this.revokeToken.refuseMalformed(address, error);
      throw error;
    }
    const { presented, assertion, ...rest } = input;
    // The one client authentication, under the client secret limits; the use case gets the client it proved.
    const client = presented === null && assertion === undefined ? null : await this.authenticateClient.execute({ client: presented, assertion, address });
    await this.revokeToken.execute({ ...rest, client, address });
    return ok(null, MESSAGES.succeeded);
  }
}

/** The request as read: the use case's input, with the credentials still to check. */
interface RevocationRequest extends Omit<RevokeTokenInput, 'client' | 'address'> {
  readonly presented: PresentedClient | null;
  readonly assertion?: PresentedAssertion;
}

function revocationRequest(req: Request, res: Response): RevocationRequest {
  if (!req.is('application/x-www-form-urlencoded')) {
    throw new OAuthRequestError('invalid_request', 'the body must be application/x-www-form-urlencoded');
  }
  const body = (req.body ?? {}) as Record<string, unknown>;
  const token = formParameter(body, 'token');
  if (token === undefined || token.length > MAX_TOKEN_LENGTH) throw new OAuthRequestError('invalid_request', 'token is required');
  const hint = formParameter(body, 'token_type_hint');
  if (hint !== undefined && (hint.length > MAX_HINT_LENGTH || !/^[\x21-\x7e]+$/.test(hint))) {
    throw new OAuthRequestError('invalid_request', 'token_type_hint must be a short token type name');
  }
  const { client, assertion } = clientAuthenticationOf(req, res, body, '/oauth/revoke');
  if (assertion !== undefined) return { token, presented: null, assertion, bearer: null };
  // A public client names itself by client_id alone (clientAuthenticationOf ignores an id without a secret).
  const publicClientId = client ? undefined : formParameter(body, 'client_id');
  return { token, presented: client, bearer: client ? null : bearerToken(req.headers.authorization), publicClientId };
}
