import type { Request, Response } from 'express';
import type { IssueOAuthTokenInput, PresentedClient } from '../../application/IssueOAuthToken';
import { parseLoginRequest } from './controllers/LoginController';
import { markBasicClientAuth, OAuthRequestError } from './standardErrors';

const MAX_CLIENT_FIELD_LENGTH = 256;
const GRANT_TYPES = ['client_credentials', 'password'] as const;

/**
 * Reads an RFC 6749 token request (form body, client credentials by HTTP Basic
 * or in the body) into the use case's input. Refuses what the RFC forbids with
 * invalid_request: another media type, a repeated parameter, two client
 * authentication methods at once.
 */
export function tokenRequestOf(req: Request, res: Response): IssueOAuthTokenInput {
  if (!req.is('application/x-www-form-urlencoded')) {
    throw new OAuthRequestError('invalid_request', 'the body must be application/x-www-form-urlencoded');
  }
  const body = (req.body ?? {}) as Record<string, unknown>;
  const grantType = parameter(body, 'grant_type');
  if (grantType === undefined) throw new OAuthRequestError('invalid_request', 'grant_type is required');
  const client = presentedClient(req, res, body);
  // The client address for the client secret limits (req.ip honours AUTH_TRUST_PROXY).
  if (grantType === 'client_credentials') return { grantType, client, address: req.ip ?? req.socket.remoteAddress };
  if (grantType === 'password') {
    const credentials = parseLoginRequest({ username: parameter(body, 'username'), password: parameter(body, 'password') });
    // The client address for the login limits, as the seed login passes it (req.ip honours AUTH_TRUST_PROXY).
    const login = { ...credentials, address: req.ip ?? req.socket.remoteAddress };
    return { grantType, client, login };
  }
  throw new OAuthRequestError('unsupported_grant_type', `supported: ${GRANT_TYPES.join(', ')}`);
}

/** One parameter: absent or empty is undefined (RFC 6749 §3.1), repeated is refused. */
function parameter(body: Record<string, unknown>, name: string): string | undefined {
  const value = Object.prototype.hasOwnProperty.call(body, name) ? body[name] : undefined;
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new OAuthRequestError('invalid_request', `${name} must be given once`);
  return value;
}

function presentedClient(req: Request, res: Response, body: Record<string, unknown>): PresentedClient | null {
  const basic = basicCredentials(req.headers.authorization);
  const formId = parameter(body, 'client_id');
  const formSecret = parameter(body, 'client_secret');
  if (basic !== null) {
    markBasicClientAuth(res);
    if (formSecret !== undefined) throw new OAuthRequestError('invalid_request', 'use one client authentication method');
    return checkedLength(basic);
  }
  if (formSecret === undefined) return null;
  if (formId === undefined) throw new OAuthRequestError('invalid_request', 'client_secret given without client_id');
  return checkedLength({ clientId: formId, clientSecret: formSecret });
}

function checkedLength(client: PresentedClient): PresentedClient {
  if (client.clientId.length > MAX_CLIENT_FIELD_LENGTH || client.clientSecret.length > MAX_CLIENT_FIELD_LENGTH) {
    throw new OAuthRequestError('invalid_request', 'client_id or client_secret too long');
  }
  return client;
}

/**
 * `Authorization: Basic base64(id:secret)`, where id and secret are form-urlencoded
 * first (RFC 6749 §2.3.1). A header that is not Basic is ignored; a Basic header
 * that does not decode to `id:secret` yields empty credentials, refused as invalid_client.
 */
function basicCredentials(authorization: string | undefined): PresentedClient | null {
  if (!authorization || !/^basic(\s|$)/i.test(authorization)) return null;
  const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { clientId: '', clientSecret: '' };
  return { clientId: formDecoded(decoded.slice(0, colon)), clientSecret: formDecoded(decoded.slice(colon + 1)) };
}

function formDecoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // Not encoded as the RFC asks (a raw `%`): compare it as sent.
    return text;
  }
}
