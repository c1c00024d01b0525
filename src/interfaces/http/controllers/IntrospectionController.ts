import type { Request, Response } from 'express';
import { inject } from 'inversify';
import { controller, httpPost, request, response } from 'inversify-express-utils';
import { skipToken } from '@auth-service/client/inversify';
import type { AuthenticateClient, AuthenticateClientInput } from '../../../application/clients/AuthenticateClient';
import type { IntrospectToken, IntrospectTokenResult } from '../../../application/oauth/IntrospectToken';
import { TYPES } from '../../composition/types';
import { clientAuthenticationOf, formParameter } from '../clientAuthentication';
import { OAuthRequestError } from '../standardErrors';

interface IntrospectionRequest {
  readonly token: string;
  readonly tokenTypeHint?: string;
  readonly client: AuthenticateClientInput;
}

/**
 * RFC 7662 token introspection: `POST <context>/oauth/introspect` with a form
 * body `token=…` (optional `token_type_hint`, which only orders the search).
 * The caller authenticates as at the token endpoint (client_secret_basic,
 * client_secret_post or private_key_jwt, one decoder, under the client secret limits), then
 * IntrospectToken answers `{ active, … }` (§2.2), 200 whether or not the token
 * is active. Errors are RFC 6749 §5.2 JSON (standardErrors.ts, dialect
 * `introspection`): 400 invalid_request without a token, 401 invalid_client
 * without valid client credentials (§2.3).
 */
@skipToken()
@controller('/oauth')
export class IntrospectionController {
  constructor(
    @inject(TYPES.AuthenticateClient) private readonly authenticateClient: AuthenticateClient,
    @inject(TYPES.IntrospectToken) private readonly introspectToken: IntrospectToken,
  ) {}

  @httpPost('/introspect')
  async introspect(@request() req: Request, @response() res: Response): Promise<IntrospectTokenResult> {
    // The answer describes a token: no cache may keep it (RFC 7662 §4).
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    const { token, tokenTypeHint, client } = introspectionRequestOf(req, res);
    return this.introspectToken.execute({ token, tokenTypeHint, client: await this.authenticateClient.execute(client) });
  }
}

function introspectionRequestOf(req: Request, res: Response): IntrospectionRequest {
  if (!req.is('application/x-www-form-urlencoded')) {
    throw new OAuthRequestError('invalid_request', 'the body must be application/x-www-form-urlencoded');
  }
  const body = (req.body ?? {}) as Record<string, unknown>;
  const token = formParameter(body, 'token');
  if (token === undefined) throw new OAuthRequestError('invalid_request', 'token is required');
  const tokenTypeHint = formParameter(body, 'token_type_hint');
  const { client, assertion } = clientAuthenticationOf(req, res, body, '/oauth/introspect');
  // The client address for the client secret limits (req.ip honours AUTH_TRUST_PROXY). No public client: a client_id alone proves nothing.
  return { token, tokenTypeHint, client: { client, ...(assertion === undefined ? {} : { assertion }), address: req.ip ?? req.socket.remoteAddress } };
}
