import type { JsonSchema, ResponseObject, RouteDocument } from './openApiTypes';
import { CLIENT_ASSERTION_PROPERTIES, CLIENT_AUTH, NO_STORE, oauthError } from './oauthRoutes';
import { fileResponse, PUBLIC } from './routeHelpers';

const DEVICE_REQUEST: JsonSchema = {
  type: 'object',
  properties: {
    client_id: { type: 'string', description: 'the client; alone for a public client, beside client_secret (client_secret_post) or a client assertion' },
    client_secret: { type: 'string', format: 'password' },
    ...CLIENT_ASSERTION_PROPERTIES,
    scope: { type: 'string', description: 'as at the token endpoint: space-separated scopes among those registered (none: all of them)' },
    resource: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }], description: 'RFC 8707, as at the token endpoint' },
  },
};

const DEVICE_RESPONSE: JsonSchema = {
  type: 'object',
  required: ['device_code', 'user_code', 'verification_uri', 'verification_uri_complete', 'expires_in', 'interval'],
  properties: {
    device_code: { type: 'string', description: 'for the token endpoint (`grant_type=urn:ietf:params:oauth:grant-type:device_code`)' },
    user_code: { type: 'string', pattern: '^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$', description: 'what the user types on the verification page' },
    verification_uri: { type: 'string', format: 'uri', description: '`<issuer>/device`' },
    verification_uri_complete: { type: 'string', format: 'uri', description: 'the same with `?user_code=` (for a QR code); the page still asks the user to confirm' },
    expires_in: { type: 'integer', description: 'seconds (600)' },
    interval: { type: 'integer', description: 'seconds between polls (5); each `slow_down` adds 5' },
  },
  additionalProperties: false,
};

const PAGE = (description: string): ResponseObject => ({ ...fileResponse(description, 'text/html'), headers: NO_STORE });

/** RFC 8628 Device Authorization Grant: the endpoint a device asks at, and the page where the user approves. */
export const DEVICE_ROUTES: readonly RouteDocument[] = [
  {
    method: 'post',
    path: '/oauth/device_authorization',
    operation: {
      operationId: 'deviceAuthorization',
      tags: ['OAuth 2.0'],
      summary: 'Device Authorization Request (RFC 8628 §3.1): a device code and a user code for a device without a browser',
      description:
        "Form body: the client's authentication exactly as at the token endpoint (a public client by `client_id` alone) and `scope` / `resource`. " +
        'The client must be registered for `urn:ietf:params:oauth:grant-type:device_code`. The answer tells the user where to go; the device then ' +
        'polls the token endpoint with the device code every `interval` seconds: `authorization_pending`, `slow_down` (polled too soon: the interval ' +
        'grows by 5 s), `access_denied`, `expired_token`, or the tokens, once. Advertised as `device_authorization_endpoint`. Errors are RFC 6749 §5.2 JSON.',
      security: [{ [CLIENT_AUTH]: [] }, {}],
      requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: DEVICE_REQUEST, example: { client_id: 'tv', scope: 'openid profile' } } } },
      responses: {
        '200': {
          description: 'The codes (RFC 8628 §3.2).',
          headers: NO_STORE,
          content: {
            'application/json': {
              schema: DEVICE_RESPONSE,
              example: { device_code: '<random>', user_code: 'WDJB-MJHT', verification_uri: 'https://auth.example/auth/device', verification_uri_complete: 'https://auth.example/auth/device?user_code=WDJB-MJHT', expires_in: 600, interval: 5 },
            },
          },
        },
        '400': oauthError('Not a form, a repeated parameter, no client named, a client not registered for the grant, a scope or resource beyond the registration.', ['invalid_request', 'invalid_client', 'unauthorized_client', 'invalid_scope', 'invalid_target']),
        '401': oauthError('Client authentication failed.', ['invalid_client'], { ...NO_STORE, 'WWW-Authenticate': { description: '`Basic realm="oauth", charset="UTF-8"`', schema: { type: 'string' } } }),
        '413': oauthError('Body too large.', ['invalid_request']),
        '429': oauthError('Too many failed client authentications; `Retry-After` says when to try again.', ['temporarily_unavailable']),
        '500': oauthError('Unexpected failure (logged).', ['server_error']),
        '503': oauthError('The store is unreachable, or no free user code was found.', ['temporarily_unavailable'], { ...NO_STORE, 'Retry-After': { description: 'seconds', schema: { type: 'integer' } } }),
      },
    },
  },
  {
    method: 'get',
    path: '/device',
    operation: {
      operationId: 'deviceVerificationUri',
      tags: ['Pages'],
      summary: 'The verification URI (RFC 8628 §3.3): sends the browser on to the device page, query kept',
      security: PUBLIC,
      responses: { '302': { description: 'To `/oauth/device` (under the sign-in session cookie\'s path).', headers: { ...NO_STORE, Location: { description: 'the device page', schema: { type: 'string' } } } } },
    },
  },
  {
    method: 'get',
    path: '/oauth/device',
    operation: {
      operationId: 'devicePage',
      tags: ['Pages'],
      summary: 'The device page: the user types (or confirms) the code',
      security: PUBLIC,
      parameters: [{ name: 'user_code', in: 'query', required: false, schema: { type: 'string', maxLength: 32 }, description: 'filled in, still to be confirmed (RFC 8628 §3.3.1)' }],
      responses: { '200': PAGE('The code form (en or zh by Accept-Language); no script, not to be framed.') },
    },
  },
  {
    method: 'post',
    path: '/oauth/device',
    operation: {
      operationId: 'devicePageAnswer',
      tags: ['Pages'],
      summary: "The device page's forms: the code, the sign-in, the second factor, the approval",
      description:
        'Form body: `step` (`code`, `signin`, `factor`, `decide`), `user_code`, `csrf_token` (the HMAC of the page\'s nonce cookie over the step, code and ticket) ' +
        'and the step\'s fields (`username`/`password`; `ticket` and `otp`; `ticket` and `decision=approve|deny`). Wrong codes count under the limits per address and overall.',
      security: PUBLIC,
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: Object.fromEntries(['step', 'user_code', 'csrf_token', 'username', 'password', 'ticket', 'otp', 'decision'].map((name) => [name, { type: 'string' }])) } } },
      },
      responses: {
        '200': PAGE('The next page: sign-in, second factor, approval, or done.'),
        '400': PAGE('An unknown, expired or decided code; a wrong password or second-factor code.'),
        '403': PAGE('The form expired (CSRF token or page no longer valid); a user who must first enrol a second factor.'),
        '429': PAGE('Too many wrong codes or sign-in attempts; `Retry-After` says when to try again.'),
        '503': { description: 'The store is unreachable or the service is busy (nothing was decided); `Retry-After`.', headers: { ...NO_STORE, 'Retry-After': { description: 'seconds', schema: { type: 'integer' } } } },
      },
    },
  },
];
