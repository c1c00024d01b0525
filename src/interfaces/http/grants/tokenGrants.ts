import type { Request } from 'express';
import type { AuthenticatedClient } from '../../../application/clients/AuthenticateClient';
import type { GrantType } from '../../../domain/model/GrantType';
import type { ClientCredentialsGrant } from '../../../application/oauth/ClientCredentialsGrant';
import type { ExchangeAuthorizationCode } from '../../../application/oauth/ExchangeAuthorizationCode';
import type { PasswordGrant } from '../../../application/oauth/PasswordGrant';
import type { RefreshAccessToken } from '../../../application/oauth/RefreshAccessToken';
import { formParameter as parameter } from '../clientAuthentication';
import { parseLoginRequest } from '../controllers/LoginController';
import { OAuthRequestError } from '../standardErrors';

/** What every grant answers (RFC 6749 §5.1); a refresh token beside a user's token only. */
export interface TokenGrantResult {
  readonly accessToken: string;
  readonly expiresInSeconds: number;
  readonly refreshToken?: string;
}

/** A parsed grant request, waiting for the client the endpoint authenticates. */
export type PendingGrant = (client: AuthenticatedClient | null) => Promise<TokenGrantResult>;

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
}

/** The token endpoint's grants by `grant_type`, one handler each. */
export function tokenGrants(use: TokenGrantUseCases): ReadonlyMap<GrantType, TokenGrant> {
  return new Map<GrantType, TokenGrant>([
    ['authorization_code', { read: (body) => authorizationCodeOf(body, use.authorizationCode) }],
    ['client_credentials', { read: () => (client) => use.clientCredentials.execute(client) }],
    ['password', { read: (body, req) => passwordOf(body, req, use.password) }],
    ['refresh_token', { read: (body) => refreshTokenOf(body, use.refreshToken) }],
  ]);
}

function passwordOf(body: Readonly<Record<string, unknown>>, req: Request, use: TokenGrantUseCases['password']): PendingGrant {
  const credentials = parseLoginRequest({ username: parameter(body, 'username'), password: parameter(body, 'password') });
  // The client address for the login limits, as the seed login passes it (req.ip honours AUTH_TRUST_PROXY).
  const login = { ...credentials, address: req.ip ?? req.socket.remoteAddress };
  return (client) => use.execute(client, login);
}

function refreshTokenOf(body: Readonly<Record<string, unknown>>, use: TokenGrantUseCases['refreshToken']): PendingGrant {
  const refreshToken = parameter(body, 'refresh_token');
  if (refreshToken === undefined || refreshToken.length > MAX_REFRESH_TOKEN_LENGTH) throw new OAuthRequestError('invalid_request', 'refresh_token is required');
  return (client) => use.execute({ refreshToken, client });
}

function authorizationCodeOf(body: Readonly<Record<string, unknown>>, use: TokenGrantUseCases['authorizationCode']): PendingGrant {
  const code = parameter(body, 'code');
  const codeVerifier = parameter(body, 'code_verifier');
  if (code === undefined || code.length > MAX_CODE_LENGTH) throw new OAuthRequestError('invalid_request', 'code is required');
  if (codeVerifier === undefined || !CODE_VERIFIER.test(codeVerifier)) {
    throw new OAuthRequestError('invalid_request', 'code_verifier must be 43 to 128 unreserved characters (RFC 7636)');
  }
  const redirectUri = parameter(body, 'redirect_uri');
  return (client) => use.execute({ code, codeVerifier, redirectUri, client });
}
