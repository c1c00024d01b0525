import { MESSAGES } from '@auth-service/client/internal/interfaces/http/messages';
import type { RouteDocument } from './openApiTypes';
import { errorRef, errorResponse, jsonResponse } from './responses';
import { PUBLIC } from './routeHelpers';

const FEED_SCHEMA = {
  type: 'object',
  required: ['success', 'status', 'msg', 'data'],
  properties: {
    success: { type: 'boolean' },
    status: { type: 'integer' },
    msg: { type: 'string' },
    data: {
      type: 'object',
      required: ['subjects', 'tokens'],
      properties: {
        subjects: {
          type: 'array',
          description: 'Users whose tokens issued (iat) before `notBefore` (epoch seconds) are refused.',
          items: { type: 'object', required: ['subject', 'notBefore'], properties: { subject: { type: 'string' }, notBefore: { type: 'integer' } } },
        },
        tokens: {
          type: 'array',
          description: 'Single tokens (by jti) refused until `expiresAt` (their exp, epoch seconds).',
          items: { type: 'object', required: ['jti', 'expiresAt'], properties: { jti: { type: 'string' }, expiresAt: { type: 'integer' } } },
        },
        cursor: { type: 'integer', description: 'Send it back as `since` on the next fetch to get only what changed.' },
        full: { type: 'boolean', description: 'true: the whole list (replace what you hold); false: changes since `since` (merge them).' },
      },
    },
  },
} as const;

const EMPTY_ENVELOPE = { type: 'object', properties: { success: { type: 'boolean' }, status: { type: 'integer' }, msg: { type: 'string' }, data: { type: 'null' } } } as const;

/** The revocation routes of the auth service: the client feed and RFC 7009 revocation (logout). */
export const REVOCATION_ROUTES: readonly RouteDocument[] = [
  {
    method: 'get',
    path: '/client/revocations',
    operation: {
      operationId: 'getRevocationFeed',
      tags: ['Keys'],
      summary: 'Current revocations, for client services',
      description:
        'Same credentials as the key endpoint. Entries leave once no token they cover can still be valid (subjects after ' +
        'not-before + token TTL + tolerance, jtis after exp), and a subject keeps at most 100 revoked jtis (older ones fold into its ' +
        'not-before). With `since` (the previous answer\'s `cursor`, under an hour old) only what changed is sent (`full: false`). ' +
        '`ETag` is set; a matching `If-None-Match` gets 304. 503 with Retry-After while the store is unreachable.',
      security: PUBLIC,
      parameters: [
        { name: 'appId', in: 'query', required: true, schema: { type: 'string', minLength: 1, maxLength: 256 }, example: 'auth-client-demo' },
        { name: 'appSecret', in: 'query', required: true, schema: { type: 'string', minLength: 1, maxLength: 256, format: 'password' } },
        { name: 'since', in: 'query', required: false, schema: { type: 'string', pattern: '^\\d{1,15}$' }, description: 'The `cursor` of the previous answer.' },
      ],
      responses: {
        '200': jsonResponse(`The revocations; msg \`${MESSAGES.succeeded}\`.`, FEED_SCHEMA, {
          success: true,
          status: 200,
          msg: MESSAGES.succeeded,
          data: { subjects: [{ subject: 'u-7', notBefore: 1772359201 }], tokens: [{ jti: 'Zk3…', expiresAt: 1772377200 }], cursor: 1772359205123, full: true },
        }),
        '304': { description: 'Not modified since the ETag given in If-None-Match.' },
        '400': errorRef('BadRequest'),
        '401': errorRef('ClientUnauthorized'),
        '429': errorRef('TooManyKeyRequests'),
        '500': errorRef('InternalError'),
      },
    },
  },
  {
    method: 'post',
    path: '/oauth/revoke',
    operation: {
      operationId: 'revokeToken',
      tags: ['Login'],
      summary: 'Revoke an access token (RFC 7009); logout',
      description:
        'Form body `token=…` (optional `token_type_hint`). A registered client authenticates with HTTP Basic appId:appSecret; ' +
        'otherwise `Authorization: Bearer` must be that same token (signing out). 200 for every well-formed request, also when ' +
        'the token was unknown, expired or already revoked (RFC 7009 §2.2). Advertised as `revocation_endpoint`.',
      security: PUBLIC,
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: { type: 'object', required: ['token'], properties: { token: { type: 'string' }, token_type_hint: { type: 'string' } } },
          },
        },
      },
      responses: {
        '200': jsonResponse(`Revoked, or nothing to revoke; msg \`${MESSAGES.succeeded}\`.`, EMPTY_ENVELOPE, { success: true, status: 200, msg: MESSAGES.succeeded, data: null }),
        '400': errorRef('BadRequest'),
        '401': errorResponse(401, 'Bad Basic credentials, or neither a registered client nor the token itself as bearer.', { clientUnauthorized: MESSAGES.clientUnauthorized }),
        '413': errorRef('PayloadTooLarge'),
        '429': errorRef('TooManyRequests'),
        '500': errorRef('InternalError'),
      },
    },
  },
];
