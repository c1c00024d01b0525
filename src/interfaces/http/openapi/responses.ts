import { failure } from '../envelope';
import { KEY_UNAVAILABLE_RETRY_AFTER_SECONDS, LOGIN_BUSY_RETRY_AFTER_SECONDS } from '../errors/retryAfter';
import { MESSAGES } from '../messages';
import type { JsonSchema, Reference, ResponseObject } from './openApiTypes';
import { ref } from './schemas';

type Headers = NonNullable<ResponseObject['headers']>;

/** A JSON response whose body is `schema`, with one example. */
export function jsonResponse(description: string, schema: JsonSchema, example: unknown): ResponseObject {
  return { description, content: { 'application/json': { schema, example } } };
}

/** An error envelope response, with one named example per message the status can carry. */
export function errorResponse(status: number, description: string, messages: Readonly<Record<string, string>>, headers?: Headers): ResponseObject {
  const examples = Object.fromEntries(
    Object.entries(messages).map(([name, msg]) => [name, { summary: msg, value: failure(status, msg) }]),
  );
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: ref('ErrorEnvelope'), ...(Object.keys(examples).length > 0 ? { examples } : {}) } },
  };
}

const wwwAuthenticate: Headers = {
  'WWW-Authenticate': {
    description: '`Bearer`, plus `error="invalid_token"` when a token was sent',
    schema: { type: 'string' },
  },
};

const retryAfter = (description: string): Headers => ({ 'Retry-After': { description, schema: { type: 'integer', minimum: 0 } } });

/** The failures shared by several routes, named as in `components.responses`. */
export const ERROR_RESPONSES = {
  LoginInputIncomplete: errorResponse(400, 'Body absent, or username/password missing, empty or not a string; or malformed JSON.', {
    incomplete: MESSAGES.loginInputIncomplete,
    malformedJson: MESSAGES.malformedJson,
  }),
  BadRequest: errorResponse(400, 'A required parameter is missing or malformed.', { badRequest: MESSAGES.badRequest }),
  Unauthenticated: errorResponse(
    401,
    'No token, an expired token, or a token that fails verification (signature, algorithm, issuer, shape).',
    { missing: MESSAGES.tokenMissing, expired: MESSAGES.tokenExpired, invalid: MESSAGES.tokenInvalid },
    wwwAuthenticate,
  ),
  InvalidCredentials: errorResponse(
    401,
    'Unknown account or wrong password (one answer for both); or the right password of a user with a second factor without the right `otp` ' +
      '(`需要第二步验证`), or of a user who must enrol one first under AUTH_SECOND_FACTOR=required.',
    {
      invalidCredentials: MESSAGES.invalidCredentials,
      secondFactorRequired: MESSAGES.secondFactorRequired,
      secondFactorEnrolmentRequired: MESSAGES.secondFactorEnrolmentRequired,
    },
  ),
  ClientUnauthorized: errorResponse(401, 'AUTH_CLIENTS is set and the appId/appSecret pair is not registered.', {
    clientUnauthorized: MESSAGES.clientUnauthorized,
  }),
  KeyDistributionForbidden: errorResponse(403, 'AUTH_SIGN_METHOD=hmac with no registered clients: the secret is never handed out.', {
    forbidden: MESSAGES.keyDistributionForbidden,
  }),
  NotFound: errorResponse(404, 'No such route or file.', { notFound: MESSAGES.notFound }),
  PayloadTooLarge: errorResponse(413, 'The body is larger than 100 kB.', { tooLarge: MESSAGES.payloadTooLarge }),
  UnsupportedMediaType: errorResponse(415, 'The body has an unsupported encoding or charset.', {
    unsupported: MESSAGES.unsupportedMediaType,
  }),
  TooManyRequests: errorResponse(
    429,
    'Too many login attempts from this client address or for this account inside the window (brute-force protection): ' +
      'an attempt counts when it starts and is given back when it succeeds; the count is shared by every worker and instance on the store.',
    { throttled: MESSAGES.tooManyLoginAttempts },
    retryAfter('seconds until the next attempt is allowed'),
  ),
  TooManyKeyRequests: errorResponse(
    429,
    'Too many wrong appSecrets from this client address, or a wrong appSecret for an appId with too many inside the window.',
    { throttled: MESSAGES.tooManyKeyRequests },
    retryAfter('seconds until the next attempt is allowed'),
  ),
  InternalError: errorResponse(500, 'Unexpected failure (logged; no details in the body).', { internal: MESSAGES.internalError }),
  KeyUnavailable: errorResponse(
    503,
    'No key is held yet.',
    { unavailable: MESSAGES.keyUnavailable },
    retryAfter(`seconds to wait (${KEY_UNAVAILABLE_RETRY_AFTER_SECONDS})`),
  ),
  LoginBusy: errorResponse(
    503,
    'Too many password checks are running or waiting in this instance; refused without checking the password. Try again shortly.',
    { busy: MESSAGES.loginBusy },
    retryAfter(`seconds to wait (${LOGIN_BUSY_RETRY_AFTER_SECONDS})`),
  ),
} satisfies Record<string, ResponseObject>;

export type ErrorResponseName = keyof typeof ERROR_RESPONSES;

/** A reference to a response in `components.responses`. */
export function errorRef(name: ErrorResponseName): Reference {
  return { $ref: `#/components/responses/${name}` };
}
