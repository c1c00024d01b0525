import type { Request, Response } from 'express';
import { inject } from 'inversify';
import { controller, httpPost, request, response } from 'inversify-express-utils';
import { skipToken } from '@auth-service/client/inversify';
import type { AuthenticateClient } from '../../../application/clients/AuthenticateClient';
import type { StartDeviceAuthorization } from '../../../application/device/StartDeviceAuthorization';
import type { ServiceIssuer } from '../../../domain/model/ServiceIssuer';
import { TYPES } from '../../composition/types';
import { clientAuthenticationOf, formParameter } from '../clientAuthentication';
import { requestedOf } from '../grants/tokenGrants';
import { OAuthRequestError } from '../standardErrors';

/** RFC 8628 §3.2 answer. */
export interface DeviceAuthorizationResponse {
  device_code: string;
  /** `XXXX-XXXX`. */
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

/**
 * RFC 8628 Device Authorization Request: `POST <context>/oauth/device_authorization`
 * with `client_id` (a public client) or the client's own authentication, as at
 * the token endpoint, and `scope` / `resource` read as the token endpoint
 * reads them. The client must be registered for the device_code grant
 * (unauthorized_client). The answer tells the user where to go
 * (`<issuer>/device`, with the code in `verification_uri_complete`); errors
 * are RFC 6749 §5.2 JSON.
 */
@skipToken()
@controller('/oauth')
export class DeviceAuthorizationController {
  constructor(
    @inject(TYPES.AuthenticateClient) private readonly authenticateClient: AuthenticateClient,
    @inject(TYPES.StartDeviceAuthorization) private readonly start: StartDeviceAuthorization,
    @inject(TYPES.ServiceIssuer) private readonly issuer: ServiceIssuer,
  ) {}

  @httpPost('/device_authorization')
  async authorize(@request() req: Request, @response() res: Response): Promise<DeviceAuthorizationResponse> {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    if (!req.is('application/x-www-form-urlencoded')) throw new OAuthRequestError('invalid_request', 'the body must be application/x-www-form-urlencoded');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { client, assertion } = clientAuthenticationOf(req, res, body, '/oauth/device_authorization');
    const requested = requestedOf(body);
    const clientId = formParameter(body, 'client_id');
    // A public client names itself by client_id, as at the token endpoint.
    const publicClientId = client === null && assertion === undefined ? clientId : undefined;
    const authenticated = await this.authenticateClient.execute({ client, assertion, publicClientId, address: req.ip ?? req.socket.remoteAddress });
    const started = await this.start.execute({ client: authenticated, requested });
    const verificationUri = `${this.issuer.value.replace(/\/+$/, '')}/device`;
    return {
      device_code: started.deviceCode,
      user_code: started.userCode,
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?user_code=${encodeURIComponent(started.userCode)}`,
      expires_in: started.expiresIn,
      interval: started.interval,
    };
  }
}
