import type { Request, Response } from 'express';
import { inject } from 'inversify';
import { controller, httpPost, request, response } from 'inversify-express-utils';
import { skipToken } from '@auth-service/client/inversify';
import type { AuthenticateClient } from '../../../application/clients/AuthenticateClient';
import type { PushAuthorizationRequest } from '../../../application/oauth/authorization/PushAuthorizationRequest';
import { ClientUnauthorizedError } from '../../../domain/errors';
import { TYPES } from '../../composition/types';
import { authorizationParametersOf } from '../authorize/authorizationRequestOf';
import { clientAuthenticationOf } from '../clientAuthentication';
import { OAuthRequestError } from '../standardErrors';

/** RFC 9126 §2.2 answer. */
export interface PushedAuthorizationResponse {
  request_uri: string;
  expires_in: number;
}

/**
 * RFC 9126 Pushed Authorization Requests: `POST <context>/oauth/par` with the
 * authorization request's parameters as a form body. The client authenticates
 * exactly as at the token endpoint (AuthenticateClient, the same decoder and
 * limits; a public client by its `client_id`), the request is checked as the
 * authorization endpoint checks one (PushAuthorizationRequest), and 201 names
 * the `request_uri` to send the browser with, once, within `expires_in`
 * seconds. Errors are RFC 6749 §5.2 JSON: the authorization endpoint's codes
 * (invalid_request, invalid_scope, …) with 400, invalid_client with 401.
 */
@skipToken()
@controller('/oauth')
export class PushedAuthorizationController {
  constructor(
    @inject(TYPES.AuthenticateClient) private readonly authenticateClient: AuthenticateClient,
    @inject(TYPES.PushAuthorizationRequest) private readonly pushRequest: PushAuthorizationRequest,
  ) {}

  @httpPost('/par')
  async push(@request() req: Request, @response() res: Response): Promise<PushedAuthorizationResponse> {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    if (!req.is('application/x-www-form-urlencoded')) throw new OAuthRequestError('invalid_request', 'the body must be application/x-www-form-urlencoded');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { client, assertion } = clientAuthenticationOf(req, res, body, '/oauth/par');
    const parameters = authorizationParametersOf(body);
    // A public client names itself by client_id, as at the token endpoint (clientAuthenticationOf reads no id alone).
    const publicClientId = client === null && assertion === undefined ? parameters.client_id : undefined;
    // req.ip honours AUTH_TRUST_PROXY, as for the client secret limits everywhere.
    const authenticated = await this.authenticateClient.execute({ client, assertion, publicClientId, address: req.ip ?? req.socket.remoteAddress });
    // RFC 9126 §2: every pushed request comes from an identified client.
    if (authenticated === null) throw new ClientUnauthorizedError();
    const pushed = await this.pushRequest.execute({ client: authenticated, parameters });
    res.status(201);
    return { request_uri: pushed.requestUri, expires_in: pushed.expiresIn };
  }
}
