import type { Request, Response } from 'express';
import type { ExchangeAuthorizationCodeInput } from '../../application/oauth/ExchangeAuthorizationCode';
import type { IssueOAuthTokenInput, PresentedClient } from '../../application/oauth/IssueOAuthToken';
import { isClientCredentialText } from '../../domain/model/ClientCredentialText';
import type { RefreshAccessTokenInput } from '../../application/oauth/RefreshAccessToken';
import { clientAuthenticationOf, formParameter as parameter } from './clientAuthentication';
import { parseLoginRequest } from './controllers/LoginController';
import { OAuthRequestError } from './standardErrors';

const GRANT_TYPES = ['authorization_code', 'client_credentials', 'password', 'refresh_token'] as const;

/** Far above the refresh tokens we issue (43 characters); a longer one cannot be ours. */
const MAX_REFRESH_TOKEN_LENGTH = 512;

/** The token endpoint's requests: the grants of IssueOAuthToken, and refresh_token (RefreshAccessToken). */
export type TokenRequest =
  | IssueOAuthTokenInput
  | (RefreshAccessTokenInput & { readonly grantType: 'refresh_token' })
  | (ExchangeAuthorizationCodeInput & { readonly grantType: 'authorization_code' });

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
const MAX_CODE_LENGTH = 512;

/**
 * Reads an RFC 6749 token request (form body, client credentials by HTTP Basic
 * or in the body, read by clientAuthenticationOf like every endpoint that
 * authenticates clients) into the use case's input. Refuses what the RFC
 * forbids with invalid_request: another media type, a repeated parameter, two
 * client authentication methods at once.
 */
export function tokenRequestOf(req: Request, res: Response): TokenRequest {
  if (!req.is('application/x-www-form-urlencoded')) {
    throw new OAuthRequestError('invalid_request', 'the body must be application/x-www-form-urlencoded');
  }
  const body = (req.body ?? {}) as Record<string, unknown>;
  const grantType = parameter(body, 'grant_type');
  if (grantType === undefined) throw new OAuthRequestError('invalid_request', 'grant_type is required');
  const { client } = clientAuthenticationOf(req, res, body);
  // The client address for the client secret limits (req.ip honours AUTH_TRUST_PROXY).
  if (grantType === 'client_credentials') return { grantType, client, address: req.ip ?? req.socket.remoteAddress };
  if (grantType === 'password') {
    const credentials = parseLoginRequest({ username: parameter(body, 'username'), password: parameter(body, 'password') });
    // The client address for the login limits, as the seed login passes it (req.ip honours AUTH_TRUST_PROXY).
    const login = { ...credentials, address: req.ip ?? req.socket.remoteAddress };
    return { grantType, client, login };
  }
  if (grantType === 'refresh_token') {
    const refreshToken = parameter(body, 'refresh_token');
    if (refreshToken === undefined || refreshToken.length > MAX_REFRESH_TOKEN_LENGTH) {
      throw new OAuthRequestError('invalid_request', 'refresh_token is required');
    }
    return { grantType, refreshToken, client, publicClientId: publicClientIdOf(body, client), address: req.ip ?? req.socket.remoteAddress };
  }
  if (grantType === 'authorization_code') {
    const code = parameter(body, 'code');
    const codeVerifier = parameter(body, 'code_verifier');
    if (code === undefined || code.length > MAX_CODE_LENGTH) throw new OAuthRequestError('invalid_request', 'code is required');
    if (codeVerifier === undefined || !CODE_VERIFIER.test(codeVerifier)) {
      throw new OAuthRequestError('invalid_request', 'code_verifier must be 43 to 128 unreserved characters (RFC 7636)');
    }
    const redirectUri = parameter(body, 'redirect_uri');
    return {
      grantType,
      code,
      codeVerifier,
      redirectUri,
      client,
      publicClientId: publicClientIdOf(body, client),
      address: req.ip ?? req.socket.remoteAddress,
    };
  }
  throw new OAuthRequestError('unsupported_grant_type', `supported: ${GRANT_TYPES.join(', ')}`);
}

/** A public client names itself by `client_id` without a secret (RFC 6749 §2.3.1, auth method `none`). */
function publicClientIdOf(body: Record<string, unknown>, client: PresentedClient | null): string | undefined {
  if (client !== null) return undefined;
  const id = parameter(body, 'client_id');
  if (id !== undefined && (id.length > 256 || !isClientCredentialText(id))) throw new OAuthRequestError('invalid_request', 'client_id must be printable text');
  return id;
}
