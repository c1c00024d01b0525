import type { Request, Response } from 'express';
import type { AuthenticateClientInput } from '../../application/clients/AuthenticateClient';
import { isClientCredentialText } from '../../domain/model/ClientCredentialText';
import { clientAuthenticationOf, formParameter as parameter } from './clientAuthentication';
import type { PendingGrant, TokenGrant } from './grants/tokenGrants';
import { OAuthRequestError } from './standardErrors';

/** A token request read: its grant type and parameters, waiting for the client, and how the client presented itself. */
export interface TokenRequest {
  /** A `grant_type` the endpoint has a handler for. */
  readonly grantType: string;
  readonly grant: PendingGrant;
  readonly client: AuthenticateClientInput;
}

/**
 * Reads an RFC 6749 token request: a form body, a `grant_type` the endpoint
 * has a handler for (else unsupported_grant_type), the grant's own parameters
 * (its handler reads them) and the client's credentials (clientAuthenticationOf,
 * as every endpoint that authenticates clients: HTTP Basic, the form body, a
 * client assertion (private_key_jwt), or a
 * `client_id` alone, which must then name a public client, whatever the grant:
 * the client's registration says which grants it may use).
 * Refuses what the RFC forbids with invalid_request: another media type, a
 * repeated parameter, two client authentication methods at once.
 */
export function tokenRequestOf(req: Request, res: Response, grants: ReadonlyMap<string, TokenGrant>): TokenRequest {
  if (!req.is('application/x-www-form-urlencoded')) {
    throw new OAuthRequestError('invalid_request', 'the body must be application/x-www-form-urlencoded');
  }
  const body = (req.body ?? {}) as Record<string, unknown>;
  const grantType = parameter(body, 'grant_type');
  if (grantType === undefined) throw new OAuthRequestError('invalid_request', 'grant_type is required');
  const { client, assertion } = clientAuthenticationOf(req, res, body, '/oauth/token');
  const handler = grants.get(grantType);
  if (handler === undefined) throw new OAuthRequestError('unsupported_grant_type', `supported: ${[...grants.keys()].sort().join(', ')}`);
  const grant = handler.read(body, req);
  // The client address for the client secret limits (req.ip honours AUTH_TRUST_PROXY).
  const address = req.ip ?? req.socket.remoteAddress;
  if (assertion !== undefined) return { grantType, grant, client: { client, assertion, address } };
  const publicClientId = client === null ? publicClientIdOf(body) : undefined;
  return { grantType, grant, client: { client, publicClientId, address } };
}

/** A public client names itself by `client_id` without a secret (RFC 6749 §2.3.1, auth method `none`). */
function publicClientIdOf(body: Record<string, unknown>): string | undefined {
  const id = parameter(body, 'client_id');
  if (id !== undefined && (id.length > 256 || !isClientCredentialText(id))) throw new OAuthRequestError('invalid_request', 'client_id must be printable text');
  return id;
}
