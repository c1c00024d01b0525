import type { Request, Response } from 'express';
import type { PresentedClient } from '../../application/clients/AuthenticateClient';
import { MAX_CLIENT_ASSERTION_LENGTH } from '../../application/clients/clientAssertionJws';
import { JWT_BEARER_ASSERTION_TYPE, type PresentedAssertion } from '../../application/clients/VerifyClientAssertion';
import { isClientCredentialText } from '../../domain/model/ClientCredentialText';
import { markBasicClientAuth, OAuthRequestError } from './standardErrors';

/** Longest client_id or client_secret read; a registered one is far shorter. */
const MAX_CLIENT_FIELD_LENGTH = 256;

/** How the client authenticated (RFC 8414 `*_auth_methods_supported` names). */
export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'private_key_jwt' | 'none';

export interface ClientAuthentication {
  readonly method: ClientAuthMethod;
  /** The presented credentials; null with `none` and `private_key_jwt`. */
  readonly client: PresentedClient | null;
  /** private_key_jwt's assertion (RFC 7523 §2.2); absent with every other method. */
  readonly assertion?: PresentedAssertion;
}

/**
 * The one reading of client authentication, for every endpoint that
 * authenticates OAuth clients (token, revocation, introspection, PAR): HTTP Basic with the
 * RFC 6749 §2.3.1 form-decoding of id and secret (`+` is a space, then
 * percent-decoding), `client_id` + `client_secret` in the form body
 * (client_secret_post), or `client_assertion_type` + `client_assertion`
 * (private_key_jwt, RFC 7523 §2.2; its `aud` may be `endpointPath`'s URL).
 * Refused with invalid_request: two methods at once
 * (RFC 6749 §2.3), a secret without an id, a repeated parameter, an over-long
 * or non-printable id or secret. When Basic was used the response is marked so
 * a failure answers 401 with `WWW-Authenticate: Basic` (RFC 6749 §5.2).
 */
export function clientAuthenticationOf(req: Request, res: Response, body: Readonly<Record<string, unknown>>, endpointPath: string): ClientAuthentication {
  const basic = readBasicCredentials(req.headers.authorization);
  if (basic === 'oversized') throw new OAuthRequestError('invalid_request', 'client_id or client_secret too long');
  const formId = formParameter(body, 'client_id');
  const formSecret = formParameter(body, 'client_secret');
  const assertionType = formParameter(body, 'client_assertion_type');
  const assertion = formParameter(body, 'client_assertion');
  if (assertionType !== undefined || assertion !== undefined) {
    if (basic !== null || formSecret !== undefined) throw new OAuthRequestError('invalid_request', 'use one client authentication method');
    return { method: 'private_key_jwt', client: null, assertion: assertionOf(res, assertionType, assertion, formId, endpointPath) };
  }
  if (basic !== null) {
    markBasicClientAuth(res);
    if (formSecret !== undefined) throw new OAuthRequestError('invalid_request', 'use one client authentication method');
    // A client_id beside Basic is allowed (RFC 6749 §3.2.1 names it), but it must be the same client.
    if (formId !== undefined && formId !== basic.clientId) throw new OAuthRequestError('invalid_request', 'client_id differs from the Basic credentials');
    return { method: 'client_secret_basic', client: checked(basic) };
  }
  if (formSecret === undefined) return { method: 'none', client: null };
  if (formId === undefined) throw new OAuthRequestError('invalid_request', 'client_secret given without client_id');
  return { method: 'client_secret_post', client: checked({ clientId: formId, clientSecret: formSecret }) };
}

/** private_key_jwt's parameters checked for form; what the assertion says is VerifyClientAssertion's to judge. */
function assertionOf(res: Response, type: string | undefined, assertion: string | undefined, clientId: string | undefined, endpointPath: string): PresentedAssertion {
  if (type !== JWT_BEARER_ASSERTION_TYPE) throw new OAuthRequestError('invalid_request', `client_assertion_type must be ${JWT_BEARER_ASSERTION_TYPE}`);
  if (assertion === undefined || assertion.length > MAX_CLIENT_ASSERTION_LENGTH) throw new OAuthRequestError('invalid_request', 'client_assertion is missing or too long');
  if (clientId !== undefined && (clientId.length > MAX_CLIENT_FIELD_LENGTH || !isClientCredentialText(clientId))) {
    throw new OAuthRequestError('invalid_request', 'client_id must be printable text');
  }
  // A failed assertion is answered 401 (RFC 6749 §5.2), which always needs a challenge.
  markBasicClientAuth(res);
  return { assertion, endpointPath, ...(clientId === undefined ? {} : { clientId }) };
}

/** One form parameter: absent or empty is undefined (RFC 6749 §3.1), repeated is refused. */
export function formParameter(body: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = Object.prototype.hasOwnProperty.call(body, name) ? body[name] : undefined;
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new OAuthRequestError('invalid_request', `${name} must be given once`);
  return value;
}

function checked(client: PresentedClient): PresentedClient {
  if (client.clientId.length > MAX_CLIENT_FIELD_LENGTH || client.clientSecret.length > MAX_CLIENT_FIELD_LENGTH) {
    throw new OAuthRequestError('invalid_request', 'client_id or client_secret too long');
  }
  if (!isClientCredentialText(client.clientId) || !isClientCredentialText(client.clientSecret)) {
    throw new OAuthRequestError('invalid_request', 'client_id and client_secret must be printable text');
  }
  return client;
}

/**
 * `Authorization: Basic base64(id:secret)`, where id and secret are form-urlencoded
 * first (RFC 6749 §2.3.1). A header that is not Basic is null (ignored); a Basic header
 * that does not decode to `id:secret` yields empty credentials, which every caller refuses;
 * one far longer than two 256-character fields is `oversized`, refused before decoding.
 * Shared by the OAuth endpoints (through clientAuthenticationOf) and the client-service
 * endpoints (key, key list, revocation feed), each answering a refusal in its own dialect.
 */
export function readBasicCredentials(authorization: string | undefined): PresentedClient | null | 'oversized' {
  if (!authorization || !/^\s*basic(\s|$)/i.test(authorization)) return null;
  const encoded = authorization.trim().slice(5).trim();
  // Base64 of two 256-character fields (UTF-8, percent-encoded) and a colon is far below this.
  if (encoded.length > 8 * MAX_CLIENT_FIELD_LENGTH * 4) return 'oversized';
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
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
