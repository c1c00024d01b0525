import type { Request } from 'express';
import { InvalidRequestError } from '../../domain/errors';
import { isClientCredentialText } from '../../domain/model/ClientCredentialText';
import { readBasicCredentials } from './clientAuthentication';

/** Longest appId or appSecret read; a registered one is far shorter. */
const MAX_PARAMETER_LENGTH = 256;

export interface ClientServiceCredentials {
  readonly appId: string;
  readonly appSecret: string;
}

/**
 * The appId/appSecret of a client service at the key, key-list and revocation-feed
 * endpoints: `Authorization: Basic` (RFC 6749 §2.3.1, read as at the token endpoint:
 * form-decoded id and secret), or `appId` + `appSecret` in the query, which services
 * built before Basic still send (RFC 6749 §2.3.1 advises against it: query strings end
 * up in proxy and access logs). Both at once is refused (RFC 6749 §2.3: one method per
 * request), except a query appId equal to the Basic one. A missing, empty, over-long,
 * repeated or non-printable value is a 400 in the envelope, like a missing parameter.
 */
export function clientServiceCredentials(req: Request): ClientServiceCredentials {
  const basic = readBasicCredentials(req.headers.authorization);
  const { appId, appSecret } = req.query as Record<string, unknown>;
  if (basic === 'oversized') throw new InvalidRequestError('appId or appSecret too long');
  if (basic !== null) {
    if (appSecret !== undefined) throw new InvalidRequestError('use one client authentication method: Basic or the query');
    if (appId !== undefined && appId !== basic.clientId) throw new InvalidRequestError('appId differs from the Basic credentials');
    return checked(basic.clientId, basic.clientSecret);
  }
  return checked(appId, appSecret);
}

function checked(appId: unknown, appSecret: unknown): ClientServiceCredentials {
  if (!isParameter(appId) || !isParameter(appSecret)) throw new InvalidRequestError('appId and appSecret are required');
  return { appId, appSecret };
}

function isParameter(value: unknown): value is string {
  // Non-printable text (NUL, controls, zero-width, lone surrogates) is refused like a missing parameter.
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_PARAMETER_LENGTH && isClientCredentialText(value);
}
