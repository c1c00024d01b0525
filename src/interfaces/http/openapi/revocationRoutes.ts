import { MESSAGES } from '../messages';
import type { RouteDocument } from './openApiTypes';
import { CLIENT_ASSERTION_PROPERTIES, CLIENT_AUTH, NO_STORE, oauthError } from './oauthRoutes';
import { CLIENT_SERVICE_AUTH_DESCRIPTION, CLIENT_SERVICE_ERRORS, CLIENT_SERVICE_QUERY_CREDENTIALS, CLIENT_SERVICE_SECURITY, REQUIRED_NO_STORE, STORE_UNAVAILABLE } from './clientServiceAuth';
import { jsonResponse } from './responses';

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
        clients: {
          type: 'array',
          description:
            'Removed clients: tokens whose `client_id` names one and issued (iat) before its `notBefore` (epoch seconds) are refused, ' +
            'whoever their subject. Absent from services older than this field: read as none.',
          items: { type: 'object', required: ['clientId', 'notBefore'], properties: { clientId: { type: 'string' }, notBefore: { type: 'integer' } } },
        },
        cursor: { type: 'integer', description: 'Send it back as `since` on the next fetch to get only what changed.' },
        full: { type: 'boolean', description: 'true: the whole list (replace what you hold); false: changes since `since` (merge them).' },
      },
    },
  },
} as const;

const FEED_ETAG = { description: 'weak tag of the entries and `full` (not the cursor)', required: true, schema: { type: 'string' } } as const;

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
        '`ETag` names the content without the cursor, so an unchanged answer to a matching `If-None-Match` is a 304 (keep the cursor ' +
        'you sent). ' +
        CLIENT_SERVICE_AUTH_DESCRIPTION,
      security: CLIENT_SERVICE_SECURITY,
      parameters: [
        ...CLIENT_SERVICE_QUERY_CREDENTIALS,
        { name: 'since', in: 'query', required: false, schema: { type: 'string', pattern: '^\\d{1,15}$' }, description: 'The `cursor` of the previous answer.' },
      ],
      responses: {
        '200': {
          ...jsonResponse(`The revocations; msg \`${MESSAGES.succeeded}\`.`, FEED_SCHEMA, {
            success: true,
            status: 200,
            msg: MESSAGES.succeeded,
            data: { subjects: [{ subject: 'u-7', notBefore: 1772359201 }], tokens: [{ jti: 'Zk3…', expiresAt: 1772377200 }], clients: [], cursor: 1772359205123, full: true },
          }),
          headers: { ...REQUIRED_NO_STORE, ETag: FEED_ETAG },
        },
        '304': { description: 'Nothing changed since the answer whose ETag was given in If-None-Match.', headers: { ...REQUIRED_NO_STORE, ETag: FEED_ETAG } },
        ...CLIENT_SERVICE_ERRORS,
        '503': STORE_UNAVAILABLE,
      },
    },
  },
  {
    method: 'post',
    path: '/oauth/revoke',
    operation: {
      operationId: 'revokeToken',
      tags: ['Login'],
      summary: 'Revoke an access or refresh token (RFC 7009); logout',
      description:
        'Form body `token=…`: an access token or a refresh token (optional `token_type_hint`, `access_token` or `refresh_token`: ' +
        'both kinds are searched whatever the hint). A refresh token ends its family and the access tokens it issued; an access ' +
        'token also ends the refresh-token family that issued it; a refresh token issued to no client may be revoked by presenting it alone. ' +
        'A registered client authenticates with HTTP Basic (client_secret_basic) or `client_id` + `client_secret` in the body ' +
        '(client_secret_post), read as at the token endpoint; it may revoke tokens issued to it (`client_id`) and tokens issued ' +
        'to no client (the login endpoint\'s); another client\'s token is refused with `unauthorized_client` (RFC 7009 §2.1). ' +
        'A registered public client names itself with `client_id` alone (auth method `none`, RFC 7009 §2.1): it may revoke the ' +
        'access and refresh tokens issued to it, nothing else (`unauthorized_client`). ' +
        'Without client credentials, `Authorization: Bearer` must be that same token (signing out) and must verify: a revoked or ' +
        'expired bearer is refused (401 `invalid_token`). 200 for every well-formed request, also when the token was unknown, ' +
        'expired or already revoked (RFC 7009 §2.2); the body is the envelope. Errors are RFC 6749 §5.2 JSON. ' +
        'Advertised as `revocation_endpoint`.',
      // bearerAuth: the token revoking itself; clientBasic or the body: a client. ('bearerAuth' is authOpenApi's BEARER_SCHEME.)
      security: [{ bearerAuth: [] }, { [CLIENT_AUTH]: [] }, {}],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              required: ['token'],
              properties: {
                token: { type: 'string' },
                token_type_hint: { type: 'string' },
                client_id: { type: 'string', description: 'client_secret_post (with client_secret) instead of HTTP Basic, or alone for a public client (none)' },
                client_secret: { type: 'string', format: 'password' },
                ...CLIENT_ASSERTION_PROPERTIES,
              },
            },
          },
        },
      },
      responses: {
        '200': jsonResponse(`Revoked, or nothing to revoke; msg \`${MESSAGES.succeeded}\`.`, EMPTY_ENVELOPE, { success: true, status: 200, msg: MESSAGES.succeeded, data: null }),
        '400': oauthError(
          'No token, not a form, two client authentication methods, a non-printable client_id; no client authentication (`invalid_client`); another client\'s token (`unauthorized_client`).',
          ['invalid_request', 'invalid_client', 'unauthorized_client'],
        ),
        '401': oauthError('HTTP Basic client authentication failed (`WWW-Authenticate: Basic`), or the bearer token does not verify (`WWW-Authenticate: Bearer error="invalid_token"`).', ['invalid_client', 'invalid_token'], {
          ...NO_STORE,
          'WWW-Authenticate': { description: '`Basic realm="oauth", charset="UTF-8"` or `Bearer error="invalid_token", …`', schema: { type: 'string' } },
        }),
        '413': oauthError('Body too large.', ['invalid_request']),
        '429': oauthError('Too many failed requests from the address or wrong secrets for the client; `Retry-After` says when to try again.', ['temporarily_unavailable']),
        '500': oauthError('Unexpected failure (logged).', ['server_error']),
        '503': oauthError('No verification key yet.', ['temporarily_unavailable'], { ...NO_STORE, 'Retry-After': { description: 'seconds', schema: { type: 'integer' } } }),
      },
    },
  },
];
