import type { Request } from 'express';
import type { AuthenticatedClient } from '../../../application/clients/AuthenticateClient';
import type { GrantType } from '../../../domain/model/GrantType';
import type { ClientCredentialsGrant } from '../../../application/oauth/ClientCredentialsGrant';
import type { ExchangeAuthorizationCode } from '../../../application/oauth/ExchangeAuthorizationCode';
import type { PasswordGrant } from '../../../application/oauth/PasswordGrant';
import type { RefreshAccessToken } from '../../../application/oauth/RefreshAccessToken';
import type { RedeemDeviceCode } from '../../../application/device/RedeemDeviceCode';
import { DEVICE_CODE_GRANT } from '../../../domain/model/DeviceAuthorization';
import { formParameter as parameter } from '../clientAuthentication';
import { parseLoginRequest } from '../controllers/LoginController';
import type { RequestedAccess } from '../../../domain/model/GrantedAccess';
import type { TokenGrantResult } from '../../../application/oauth/TokenGrantResult';
import { resourceList, scopeList } from '../requestedAccess';
import { OAuthRequestError } from '../standardErrors';

export type { TokenGrantResult } from '../../../application/oauth/TokenGrantResult';

/** A parsed grant request, waiting for the client the endpoint authenticates and the thumbprint of its DPoP key (null: no proof). */
export type PendingGrant = (client: AuthenticatedClient | null, jkt: string | null) => Promise<TokenGrantResult>;

/**
 * One grant of the token endpoint (oidc-provider `lib/actions/grants/*`): it
 * reads its own parameters (invalid_request before anything is counted or
 * looked up) and hands them with the authenticated client to its use case.
 * Whether the client may use it at all is its registration's say, checked
 * before (assertGrantAllowed): a public client is never registered for
 * client_credentials or password.
 */
export interface TokenGrant {
  read(body: Readonly<Record<string, unknown>>, req: Request): PendingGrant;
}

/** Far above the refresh tokens we issue (43 characters); a longer one cannot be ours. */
const MAX_REFRESH_TOKEN_LENGTH = 512;
/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const MAX_CODE_LENGTH = 512;

export interface TokenGrantUseCases {
  readonly clientCredentials: Pick<ClientCredentialsGrant, 'execute'>;
  readonly password: Pick<PasswordGrant, 'execute'>;
  readonly refreshToken: Pick<RefreshAccessToken, 'execute'>;
  readonly authorizationCode: Pick<ExchangeAuthorizationCode, 'execute'>;
  readonly deviceCode: Pick<RedeemDeviceCode, 'execute'>;
}

/** The token endpoint's grants by `grant_type`, one handler each. */
export function tokenGrants(use: TokenGrantUseCases): ReadonlyMap<GrantType, TokenGrant> {
  return new Map<GrantType, TokenGrant>([
    ['authorization_code', { read: (body) => authorizationCodeOf(body, use.authorizationCode) }],
    ['client_credentials', { read: (body) => clientCredentialsOf(body, use.clientCredentials) }],
    ['password', { read: (body, req) => passwordOf(body, req, use.password) }],
    ['refresh_token', { read: (body) => refreshTokenOf(body, use.refreshToken) }],
    [DEVICE_CODE_GRANT, { read: (body) => deviceCodeOf(body, use.deviceCode) }],
  ]);
}

function passwordOf(body: Readonly<Record<string, unknown>>, req: Request, use: TokenGrantUseCases['password']): PendingGrant {
  const credentials = parseLoginRequest({ username: parameter(body, 'username'), password: parameter(body, 'password') });
  // The client address for the login limits, as the seed login passes it (req.ip honours AUTH_TRUST_PROXY).
  const login = { ...credentials, address: req.ip ?? req.socket.remoteAddress };
  const requested = requestedOf(body);
  return (client, jkt) => use.execute(client, login, requested, jkt);
}

function clientCredentialsOf(body: Readonly<Record<string, unknown>>, use: TokenGrantUseCases['clientCredentials']): PendingGrant {
  const requested = requestedOf(body);
  return (client, jkt) => use.execute(client, requested, jkt);
}

/** `scope` (RFC 6749 §3.3) and `resource` (RFC 8707 §2, may be repeated): what the request asks for; left out, all that is allowed. */
export function requestedOf(body: Readonly<Record<string, unknown>>): RequestedAccess {
  const resources = resourceList(Object.prototype.hasOwnProperty.call(body, 'resource') ? body.resource : undefined);
  if (resources === null) throw new OAuthRequestError('invalid_request', 'too many or too long resource parameters');
  return { scopes: scopeList(parameter(body, 'scope')), resources };
}

function refreshTokenOf(body: Readonly<Record<string, unknown>>, use: TokenGrantUseCases['refreshToken']): PendingGrant {
  const refreshToken = parameter(body, 'refresh_token');
  if (refreshToken === undefined || refreshToken.length > MAX_REFRESH_TOKEN_LENGTH) throw new OAuthRequestError('invalid_request', 'refresh_token is required');
  const requested = requestedOf(body);
  return (client, jkt) => use.execute({ refreshToken, client, requested, ...(jkt === null ? {} : { dpopJkt: jkt }) });
}

function authorizationCodeOf(body: Readonly<Record<string, unknown>>, use: TokenGrantUseCases['authorizationCode']): PendingGrant {
  const code = parameter(body, 'code');
  const codeVerifier = parameter(body, 'code_verifier');
  if (code === undefined || code.length > MAX_CODE_LENGTH) throw new OAuthRequestError('invalid_request', 'code is required');
  // Absent for a code issued without a challenge; the exchange decides whether the code needs one.
  if (codeVerifier !== undefined && !CODE_VERIFIER.test(codeVerifier)) {
    throw new OAuthRequestError('invalid_request', 'code_verifier must be 43 to 128 unreserved characters (RFC 7636)');
  }
  const redirectUri = parameter(body, 'redirect_uri');
  // RFC 8707 §2.2: the resources of this token among the authorization request's; the scope is the code's.
  const { resources } = requestedOf(body);
  return (client, jkt) => use.execute({ code, codeVerifier, redirectUri, client, requested: { resources }, ...(jkt === null ? {} : { dpopJkt: jkt }) });
}

/** RFC 8628 §3.4: the device code the device authorization endpoint handed out. */
function deviceCodeOf(body: Readonly<Record<string, unknown>>, use: TokenGrantUseCases['deviceCode']): PendingGrant {
  const deviceCode = parameter(body, 'device_code');
  if (deviceCode === undefined || deviceCode.length > MAX_CODE_LENGTH) throw new OAuthRequestError('invalid_request', 'device_code is required');
  return (client, jkt) => use.execute({ deviceCode, client, ...(jkt === null ? {} : { dpopJkt: jkt }) });
}
