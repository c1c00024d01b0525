import { KEY_UNAVAILABLE_RETRY_AFTER_SECONDS, STORE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors/retryAfter';
import { MESSAGES } from '../messages';
import { CLIENT_AUTH } from './oauthRoutes';
import type { OperationObject, ParameterObject, ResponseObject } from './openApiTypes';
import { errorResponse } from './responses';

type Headers = NonNullable<ResponseObject['headers']>;

/** The client-service routes (key, key list, revocation feed): HTTP Basic, or the query pair of older clients. */
export const CLIENT_SERVICE_SECURITY: OperationObject['security'] = [{ [CLIENT_AUTH]: [] }, {}];

export const CLIENT_SERVICE_AUTH_DESCRIPTION =
  'The client authenticates with HTTP Basic (appId and appSecret form-urlencoded, then Base64: RFC 6749 §2.3.1, as at the token ' +
  'endpoint). `appId` + `appSecret` in the query are still accepted for clients built before Basic (deprecated: query strings end up ' +
  'in proxy and access logs); both at once is a 400. Every answer, refusals included, is `Cache-Control: no-store`.';

/** The query pair, kept for older clients; Basic is the documented way (CLIENT_SERVICE_SECURITY). */
export const CLIENT_SERVICE_QUERY_CREDENTIALS: readonly ParameterObject[] = [
  {
    name: 'appId',
    in: 'query',
    required: false,
    deprecated: true,
    description: "the client's application name, for clients that do not send Basic",
    schema: { type: 'string', minLength: 1, maxLength: 256 },
    example: 'auth-client-demo',
  },
  {
    name: 'appSecret',
    in: 'query',
    required: false,
    deprecated: true,
    description: 'the shared secret of that client, for clients that do not send Basic',
    schema: { type: 'string', minLength: 1, maxLength: 256, format: 'password' },
  },
];

/** Required on every answer of these routes (clientRoutesNoStore). */
export const REQUIRED_NO_STORE: Headers = { 'Cache-Control': { description: '`no-store`', required: true, schema: { type: 'string', enum: ['no-store'] } } };

const retryAfter = (description: string): Headers => ({ 'Retry-After': { description, schema: { type: 'integer', minimum: 0 } } });

/** An error of these routes: the envelope, with the no-store header required. */
const noStoreError = (status: number, description: string, messages: Readonly<Record<string, string>>, headers: Headers = {}): ResponseObject =>
  errorResponse(status, description, messages, { ...REQUIRED_NO_STORE, ...headers });

/** The refusals the client-service routes share, each `no-store`. */
export const CLIENT_SERVICE_ERRORS = {
  '400': noStoreError(400, 'appId/appSecret missing, empty, over-long or non-printable (in Basic or the query), both Basic and the query secret, or a malformed parameter.', {
    badRequest: MESSAGES.badRequest,
  }),
  '401': noStoreError(
    401,
    'AUTH_CLIENTS is set and the appId/appSecret pair is not registered.',
    { clientUnauthorized: MESSAGES.clientUnauthorized },
    { 'WWW-Authenticate': { description: '`Basic realm="client", charset="UTF-8"` when the request used Basic; none for the query pair (a browser would open its password dialog)', schema: { type: 'string' } } },
  ),
  '429': noStoreError(
    429,
    'Too many wrong appSecrets from this client address, or a wrong appSecret for an appId with too many inside the window.',
    { throttled: MESSAGES.tooManyKeyRequests },
    retryAfter('seconds until the next attempt is allowed'),
  ),
  '500': noStoreError(500, 'Unexpected failure (logged; no details in the body).', { internal: MESSAGES.internalError }),
} satisfies Record<string, ResponseObject>;

/** 403 of the key routes: hmac with no registered clients. */
export const KEY_DISTRIBUTION_FORBIDDEN = noStoreError(403, 'AUTH_SIGN_METHOD=hmac with no registered clients: the secret is never handed out.', {
  forbidden: MESSAGES.keyDistributionForbidden,
});

/** 503 of the key routes: no key held yet. */
export const KEY_UNAVAILABLE = noStoreError(503, 'No key is held yet.', { unavailable: MESSAGES.keyUnavailable }, retryAfter(`seconds to wait (${KEY_UNAVAILABLE_RETRY_AFTER_SECONDS})`));

/** 503 of the revocation feed: the shared store cannot be read. */
export const STORE_UNAVAILABLE = noStoreError(503, 'The shared store is unreachable; nothing was read.', { unavailable: MESSAGES.storeUnavailable }, retryAfter(`seconds to wait (${STORE_UNAVAILABLE_RETRY_AFTER_SECONDS})`));
