import type { JsonSchema, RouteDocument } from './openApiTypes';
import { CLIENT_ASSERTION_PROPERTIES, CLIENT_AUTH, NO_STORE, oauthError } from './oauthRoutes';

const PAR_REQUEST: JsonSchema = {
  type: 'object',
  properties: {
    response_type: { const: 'code' },
    client_id: { type: 'string', description: 'the client; alone for a public client, beside client_secret (client_secret_post) or a client assertion' },
    client_secret: { type: 'string', format: 'password' },
    ...CLIENT_ASSERTION_PROPERTIES,
    redirect_uri: { type: 'string' },
    scope: { type: 'string' },
    state: { type: 'string' },
    code_challenge: { type: 'string' },
    code_challenge_method: { const: 'S256' },
    nonce: { type: 'string' },
    prompt: { type: 'string' },
    max_age: { type: 'string' },
    resource: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
  },
};

const PAR_RESPONSE: JsonSchema = {
  type: 'object',
  required: ['request_uri', 'expires_in'],
  properties: {
    request_uri: { type: 'string', pattern: '^urn:ietf:params:oauth:request_uri:', description: 'for the authorization endpoint, with client_id, once' },
    expires_in: { type: 'integer', description: 'seconds (60)' },
  },
  additionalProperties: false,
};

/** RFC 9126 Pushed Authorization Requests. */
export const PAR_ROUTES: readonly RouteDocument[] = [
  {
    method: 'post',
    path: '/oauth/par',
    operation: {
      operationId: 'pushAuthorizationRequest',
      tags: ['OAuth 2.0'],
      summary: 'Pushed Authorization Requests (RFC 9126): the authorization request sent from the back channel',
      description:
        "Form body: the parameters of an authorization request (as at `GET /oauth/authorize`), and the client's authentication exactly as at " +
        'the token endpoint (client_secret_basic, client_secret_post, private_key_jwt; a public client by `client_id` alone), under the same ' +
        'limits. The request is checked as the authorization endpoint checks one; 201 answers a `request_uri` that the browser then takes to ' +
        '`/oauth/authorize?client_id=…&request_uri=…`, where only the pushed parameters count. It may be used once, within `expires_in` ' +
        'seconds, on any instance. `request` and `request_uri` cannot be pushed. Advertised as `pushed_authorization_request_endpoint`; ' +
        'clients registered `--require-par` (all, under AUTH_REQUIRE_PAR=all) must use it. Errors are RFC 6749 §5.2 JSON.',
      security: [{ [CLIENT_AUTH]: [] }, {}],
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: PAR_REQUEST, example: { response_type: 'code', client_id: 'web', redirect_uri: 'https://app.example/cb', scope: 'openid', code_challenge: '<S256>', code_challenge_method: 'S256' } } },
      },
      responses: {
        '201': {
          description: 'The request, stored (RFC 9126 §2.2).',
          headers: NO_STORE,
          content: { 'application/json': { schema: PAR_RESPONSE, example: { request_uri: 'urn:ietf:params:oauth:request_uri:<random>', expires_in: 60 } } },
        },
        '400': oauthError(
          'Not a form, a repeated parameter, a pushed request_uri, an unregistered redirect URI, or a request the authorization endpoint would refuse; no client authentication (`invalid_client`).',
          ['invalid_request', 'invalid_client', 'unauthorized_client', 'unsupported_response_type', 'request_not_supported', 'request_uri_not_supported', 'invalid_scope', 'invalid_target'],
        ),
        '401': oauthError('Client authentication failed.', ['invalid_client'], {
          ...NO_STORE,
          'WWW-Authenticate': { description: '`Basic realm="oauth", charset="UTF-8"`', schema: { type: 'string' } },
        }),
        '413': oauthError('Body too large.', ['invalid_request']),
        '429': oauthError('Too many failed client authentications from the address or for the client; `Retry-After` says when to try again.', ['temporarily_unavailable']),
        '500': oauthError('Unexpected failure (logged).', ['server_error']),
        '503': oauthError('The store is unreachable.', ['temporarily_unavailable'], { ...NO_STORE, 'Retry-After': { description: 'seconds', schema: { type: 'integer' } } }),
      },
    },
  },
];
