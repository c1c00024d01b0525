import type { JsonSchema, ResponseObject, RouteDocument } from './openApiTypes';
import { ref } from './schemas';
import { PUBLIC } from './routeHelpers';
import { errorRef } from './responses';
import { DPOP_NONCE_HEADER, DPOP_PROOF_HEADER } from './dpop';

export const NO_STORE = { 'Cache-Control': { description: '`no-store`', schema: { type: 'string' } } } as const;

const OAUTH_ERROR: JsonSchema = {
  type: 'object',
  description: 'RFC 6749 §5.2 error (not enveloped).',
  required: ['error'],
  properties: {
    error: {
      type: 'string',
      enum: [
        'invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope', 'invalid_target',
        'temporarily_unavailable', 'server_error', 'invalid_token', 'invalid_dpop_proof', 'use_dpop_nonce',
        // The PAR endpoint answers the authorization endpoint's own refusals (RFC 9126 §2.3).
        'unsupported_response_type', 'request_not_supported', 'request_uri_not_supported',
        // The device_code grant's polling answers (RFC 8628 §3.5).
        'authorization_pending', 'slow_down', 'access_denied', 'expired_token',
      ],
    },
    error_description: { type: 'string' },
  },
};

export function oauthError(description: string, errors: readonly string[], headers: ResponseObject['headers'] = NO_STORE): ResponseObject {
  // One `example`: `examples` entries are reserved for envelope examples (each with its own status).
  return { description: `${description} \`error\`: ${errors.join(', ')}.`, headers, content: { 'application/json': { schema: OAUTH_ERROR, example: { error: errors[0] } } } };
}

/** private_key_jwt (RFC 7523 §2.2), at every endpoint that authenticates clients. */
export const CLIENT_ASSERTION_PROPERTIES: Readonly<Record<string, JsonSchema>> = {
  client_assertion_type: { const: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', description: 'private_key_jwt, instead of a secret' },
  client_assertion: {
    type: 'string',
    description:
      'private_key_jwt: a JWT signed (RS256, PS256, ES256 or EdDSA) with a key of the client\'s registered JWKS; `iss` and `sub` the client_id, ' +
      '`aud` the issuer or this endpoint\'s URL, `exp` at most 300 s ahead, a `jti` used once',
  },
};

const TOKEN_REQUEST: JsonSchema = {
  type: 'object',
  required: ['grant_type'],
  properties: {
    grant_type: { type: 'string', enum: ['authorization_code', 'client_credentials', 'password', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'] },
    device_code: { type: 'string', description: 'device_code grant (RFC 8628 §3.4): the code `POST /oauth/device_authorization` answered' },
    refresh_token: { type: 'string', format: 'password', description: 'refresh_token grant: the current token of its family (used once; a used one ends the family)' },
    username: { type: 'string', description: 'password grant' },
    password: { type: 'string', format: 'password', description: 'password grant' },
    client_id: { type: 'string', description: 'client authentication in the body (client_secret_post), instead of HTTP Basic' },
    client_secret: { type: 'string', format: 'password' },
    ...CLIENT_ASSERTION_PROPERTIES,
    scope: { type: 'string', description: 'RFC 6749 §3.3: space-separated scopes among those registered for the client (none: all of them; a standard OpenID scope it is not registered for, `profile`, `email`, `phone`, `address` or `offline_access`, is left out); a refresh may narrow its grant, never widen it' },
    resource: {
      oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
      description: 'RFC 8707: the resources (the token\'s `aud`) among those registered for the client, exactly as registered (none: all of them); may be repeated',
    },
  },
};

const TOKEN_RESPONSE: JsonSchema = {
  type: 'object',
  required: ['access_token', 'token_type', 'expires_in'],
  properties: {
    access_token: { type: 'string' },
    token_type: { type: 'string', enum: ['Bearer', 'DPoP'], description: '`DPoP` when the request carried a valid DPoP proof: the access token is bound to its key (`cnf.jkt`)' },
    expires_in: { type: 'integer' },
    refresh_token: { type: 'string', description: 'password and refresh_token grants only: the next refresh token of the family' },
    scope: { type: 'string', description: 'the granted scopes, space-separated (RFC 6749 §5.1); absent when none was granted' },
    id_token: {
      type: 'string',
      description:
        'OpenID Connect ID token (Core §3.1.3.3): authorization_code and refresh_token grants whose granted scopes include `openid` ' +
        '(a refresh of a family of no client: none); never for client_credentials or password. A JWT, header `typ: JWT`, signed with the active key',
    },
  },
  additionalProperties: false,
};

export const CLIENT_AUTH = 'clientBasic';

const USERINFO_200: ResponseObject = {
  description: 'The claims (not enveloped).',
  headers: NO_STORE,
  content: {
    'application/json': {
      schema: { type: 'object', required: ['sub'], properties: { sub: { type: 'string' }, email_verified: { type: 'boolean' } }, additionalProperties: { type: 'string' } },
      // A client token answers { sub: '<client id>', client_id: '<client id>' }; a token granted `openid profile` adds name, nickname,
      // preferred_username (and picture); `openid email` adds email and email_verified (false: the service verifies no address).
      example: { sub: '1', account: 'admin', nickName: '管理员', userId: '1', userType: '4' },
    },
  },
};

const USERINFO_401: ResponseObject = {
  description:
    'No token (bare `Bearer` challenge, empty body), or an invalid, expired or revoked one (`invalid_token`), a DPoP-bound token sent as Bearer ' +
    'or with a proof of another key (`invalid_token`), a DPoP proof that does not hold (`DPoP error="invalid_dpop_proof"`) or lacks the server nonce (`DPoP error="use_dpop_nonce"`, with `DPoP-Nonce`).',
  // No token: RFC 6750 §3.1 answers the bare challenge without a body.
  'x-body-optional': true,
  headers: {
    ...NO_STORE,
    ...DPOP_NONCE_HEADER,
    'WWW-Authenticate': { description: '`Bearer`, `Bearer error="invalid_token", error_description="…"` or `DPoP error="invalid_dpop_proof", algs="ES256 PS256 RS256 EdDSA"`', schema: { type: 'string' } },
  },
  content: { 'application/json': { schema: OAUTH_ERROR, example: { error: 'invalid_token', error_description: 'The access token expired' } } },
};

const USERINFO_503 = oauthError('No verification key yet.', ['temporarily_unavailable'], { ...NO_STORE, 'Retry-After': { description: 'seconds', schema: { type: 'integer' } } });

const INTROSPECTION_RESPONSE: JsonSchema = {
  type: 'object',
  description: 'RFC 7662 §2.2. Inactive: `{ "active": false }` alone. Members other than `active` only when the token is active and carries them.',
  required: ['active'],
  properties: {
    active: { type: 'boolean' },
    scope: { type: 'string' },
    client_id: { type: 'string' },
    sub: { type: 'string' },
    aud: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
    exp: { type: 'integer' },
    iat: { type: 'integer' },
    iss: { type: 'string' },
    token_type: { type: 'string', enum: ['Bearer', 'DPoP', 'refresh_token'], description: '`DPoP` for an access token bound to a DPoP key' },
    jti: { type: 'string' },
    username: { type: 'string', description: "a user token's `account`" },
    cnf: { type: 'object', required: ['jkt'], properties: { jkt: { type: 'string' } }, description: 'RFC 9449 §6.2: the thumbprint of the key a DPoP-bound token is bound to' },
  },
  additionalProperties: false,
};

const METADATA_200: ResponseObject = {
  description: 'The metadata (not enveloped).',
  content: {
    'application/json': {
      schema: ref('DiscoveryDocument'),
      example: {
        issuer: 'http://localhost:8001/auth',
        token_endpoint: 'http://localhost:8001/auth/oauth/token',
        userinfo_endpoint: 'http://localhost:8001/auth/oauth/userinfo',
        jwks_uri: 'http://localhost:8001/auth/.well-known/jwks.json',
        grant_types_supported: ['authorization_code', 'client_credentials', 'password', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: ['openid', 'profile', 'phone'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      },
    },
  },
};

/** The standard OAuth 2.0 endpoints: RFC 6749 token, RFC 7662 introspection, userinfo, RFC 8414 metadata. None is enveloped. */
export const OAUTH_ROUTES: readonly RouteDocument[] = [
  {
    method: 'post',
    path: '/oauth/token',
    operation: {
      operationId: 'oauthToken',
      tags: ['OAuth 2.0'],
      summary: 'Standard OAuth 2.0 token endpoint (RFC 6749): client_credentials and password grants',
      description:
        'Form body. Each client may use only the grants it is registered for (`npm run clients -- add/update --grant`; AUTH_CLIENTS entries: ' +
        '`client_credentials`, `password`, `refresh_token`); any other grant is `unauthorized_client`. ' +
        '`client_credentials`: a client of AUTH_CLIENTS or a confidential registered client authenticates (appId/appSecret as client_id/client_secret, ' +
        'HTTP Basic or form body) and gets a token whose `sub` and `client_id` are its id; that token answers at userinfo but names no user, ' +
        'so the current-user endpoint refuses it (401). `password`: the same login as `POST /oauth/jwt/token` (same user store and limits); ' +
        'client authentication is optional and checked when given; the answer carries a `refresh_token` bound to the client (or to no client). ' +
        '`refresh_token`: the current refresh token of its family, with the client it was issued to; answers a new access token and a new ' +
        'refresh token, and the presented one is dead (rotation); presenting a used one ends the family and revokes its access tokens (`invalid_grant`). ' +
        '`authorization_code` (and `refresh_token`): when the granted scopes include `openid`, the answer carries an `id_token` too ' +
        '(OpenID Connect; under HMAC signing `openid` is `invalid_scope`: it needs an asymmetric key). ' +
        'Access tokens and ID tokens live AUTH_OAUTH_ACCESS_TOKEN_TTL_SECONDS. Answers and errors are RFC 6749 JSON, not the envelope. ' +
        'DPoP (RFC 9449): with a valid `DPoP` proof, any grant answers `token_type: DPoP` and an access token with `cnf.jkt`; a public ' +
        'client\'s refresh token is then bound to the key (a refresh without a proof of it is `invalid_grant`); a client registered ' +
        '`--require-dpop` gets nothing without a proof.',
      security: [{}, { [CLIENT_AUTH]: [] }],
      parameters: [DPOP_PROOF_HEADER],
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: TOKEN_REQUEST, example: { grant_type: 'client_credentials' } } },
      },
      responses: {
        '200': { description: 'The token (RFC 6749 §5.1).', headers: { ...NO_STORE, ...DPOP_NONCE_HEADER }, content: { 'application/json': { schema: TOKEN_RESPONSE, example: { access_token: '<JWT>', token_type: 'Bearer', expires_in: 900, refresh_token: '<opaque, 43 characters>' } } } },
        '400': oauthError(
          'Bad request, unknown grant, wrong password, an unknown, used, expired or revoked refresh token, a grant the client is not registered for, a scope or resource not registered for it, ' +
            'failed client authentication in the body, a DPoP proof that does not hold (replays included) or is missing where required, or one without the server nonce (`DPoP-Nonce` names it); ' +
            'for the device_code grant (RFC 8628 §3.5) the user has not decided yet, the device polled sooner than the interval (which grows by 5 s), the user denied, or the code expired.',
          ['invalid_request', 'unsupported_grant_type', 'invalid_grant', 'unauthorized_client', 'invalid_client', 'invalid_scope', 'invalid_target', 'invalid_dpop_proof', 'use_dpop_nonce', 'authorization_pending', 'slow_down', 'access_denied', 'expired_token'],
          { ...NO_STORE, ...DPOP_NONCE_HEADER },
        ),
        '401': oauthError('HTTP Basic client authentication failed.', ['invalid_client'], {
          ...NO_STORE,
          'WWW-Authenticate': { description: '`Basic realm="oauth", charset="UTF-8"`', schema: { type: 'string' } },
        }),
        '413': oauthError('Body too large.', ['invalid_request']),
        '429': oauthError('Too many login attempts, too many wrong client secrets (per address and per client id), or too many refreshes (per refresh-token family and per user); `Retry-After` says when to try again.', ['temporarily_unavailable']),
        '500': oauthError('Unexpected failure (logged).', ['server_error']),
        '503': oauthError('No signing key yet, or password hashing is full (password grant; `Retry-After: 1`).', ['temporarily_unavailable'], { ...NO_STORE, 'Retry-After': { description: 'seconds', schema: { type: 'integer' } } }),
      },
    },
  },
  {
    method: 'post',
    path: '/oauth/introspect',
    operation: {
      operationId: 'introspectToken',
      tags: ['OAuth 2.0'],
      summary: 'Token introspection (RFC 7662): is this token active, and what does it say',
      description:
        'Form body `token=…` (optional `token_type_hint`: it only orders the search; an unknown one is ignored). The caller must authenticate ' +
        'as a client with a secret (HTTP Basic or `client_id` + `client_secret` in the body, read as at the token endpoint, under the same ' +
        'client secret limits); a public client cannot. An access token (any client\'s) is active while its signature, issuer, expiry and ' +
        'revocation hold, exactly as the service\'s own routes check it: a revocation counts at once on the instance that recorded it and ' +
        'within AUTH_REVOCATION_SYNC_SECONDS on the others. A refresh token is active only for the client it was issued to, while it is the ' +
        'current token of a living family; introspecting it neither spends nor rotates it. Anything else (unknown, garbage, foreign, ' +
        'expired, revoked, another client\'s refresh token) is 200 `{ "active": false }`. `Cache-Control: no-store`. Errors are RFC 6749 §5.2 JSON. ' +
        'Advertised as `introspection_endpoint`.',
      security: [{ [CLIENT_AUTH]: [] }, {}],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              required: ['token'],
              properties: {
                token: { type: 'string' },
                token_type_hint: { type: 'string', description: '`access_token` or `refresh_token`; only orders the search' },
                client_id: { type: 'string', description: 'client_secret_post (with client_secret) instead of HTTP Basic' },
                client_secret: { type: 'string', format: 'password' },
                ...CLIENT_ASSERTION_PROPERTIES,
              },
            },
          },
        },
      },
      responses: {
        '200': {
          description: 'Whether the token is active, and its claims when it is (not enveloped).',
          headers: NO_STORE,
          content: {
            'application/json': {
              schema: INTROSPECTION_RESPONSE,
              example: {
                active: true,
                client_id: 'reporting-service',
                sub: '1',
                exp: 1767226500,
                iat: 1767225600,
                iss: 'http://localhost:8001/auth',
                token_type: 'Bearer',
                jti: '0b6c8c1e-4e0a-4a43-9d1f-3a3c2f8c9b10',
                username: 'admin',
              },
            },
          },
        },
        '400': oauthError('No token, not a form, a repeated parameter, two client authentication methods, a non-printable client_id.', ['invalid_request']),
        '401': oauthError('No client authentication, a wrong secret, an unknown or public client.', ['invalid_client'], {
          ...NO_STORE,
          'WWW-Authenticate': { description: '`Basic realm="oauth", charset="UTF-8"`', schema: { type: 'string' } },
        }),
        '413': oauthError('Body too large.', ['invalid_request']),
        '429': oauthError('Too many wrong client secrets (per address and per client id); `Retry-After` says when to try again.', ['temporarily_unavailable']),
        '500': oauthError('Unexpected failure (logged).', ['server_error']),
        '503': oauthError('No verification key yet, revocations too stale to trust, or the store out of reach.', ['temporarily_unavailable'], {
          ...NO_STORE,
          'Retry-After': { description: 'seconds', schema: { type: 'integer' } },
        }),
      },
    },
  },
  {
    method: 'get',
    path: '/oauth/userinfo',
    operation: {
      operationId: 'oauthUserInfo',
      tags: ['OAuth 2.0'],
      summary: 'Standard userinfo: plain JSON claims about the bearer token\'s subject',
      description:
        'A user token answers `sub` and its profile claims (a stored client\'s token only those its scopes release: `profile` the account, names, ' +
        'user id and type, tenant, avatar and grade, `phone` the telephone); a client token answers `sub` and `client_id` (both the client id). ' +
        'A user token whose `scope` includes `openid` answers, after those, the OpenID Connect claims of its scopes (`profile`: `name`, `nickname`, ' +
        '`preferred_username`, `picture`; `phone`: `phone_number`), each when the user has a value; without `openid` nothing is added. ' +
        'A revoked token is refused like at every route that accepts a bearer token. `Cache-Control: no-store`. ' +
        'Errors are RFC 6750 (WWW-Authenticate), not the envelope. A DPoP-bound token comes as `Authorization: DPoP <token>` with a `DPoP` ' +
        'proof for this request carrying `ath` (RFC 9449 §7).',
      parameters: [DPOP_PROOF_HEADER],
      responses: { '200': USERINFO_200, '401': USERINFO_401, '503': USERINFO_503 },
    },
  },
  {
    method: 'post',
    path: '/oauth/userinfo',
    operation: {
      operationId: 'oauthUserInfoByPost',
      tags: ['OAuth 2.0'],
      summary: 'Userinfo by POST (OpenID Connect Core §5.3.1)',
      description:
        'The same answer as GET. The token comes in the Authorization header or as the form parameter `access_token` ' +
        '(RFC 6750 §2.2), not both (400 invalid_request); a DPoP-bound token in the header as `DPoP`, with its proof.',
      parameters: [DPOP_PROOF_HEADER],
      requestBody: {
        required: false,
        content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { access_token: { type: 'string' } } } } },
      },
      responses: {
        '200': USERINFO_200,
        '400': oauthError('The token sent twice (header and body), or a body that could not be read.', ['invalid_request']),
        '401': USERINFO_401,
        '413': oauthError('Body too large.', ['invalid_request']),
        '503': USERINFO_503,
      },
    },
  },
  {
    method: 'get',
    path: '/.well-known/oauth-authorization-server',
    operation: {
      operationId: 'getAuthorizationServerMetadata',
      tags: ['OAuth 2.0'],
      summary: 'Authorization server metadata (RFC 8414), the primary discovery document',
      description:
        'No token needed. The same document is served at the RFC 8414 §3.1 path-inserted location ' +
        '`/.well-known/oauth-authorization-server/<context path>` (host root) and at `/.well-known/openid-configuration`. ' +
        'With an asymmetric signing key it carries the OpenID Provider metadata too (`scopes_supported`, `subject_types_supported`, ' +
        '`id_token_signing_alg_values_supported`, the claims it serves); under HMAC signing none of it. ' +
        '`Cache-Control` and `ETag` are set.',
      security: PUBLIC,
      responses: { '200': METADATA_200, '304': { description: 'Not modified since the ETag given in If-None-Match.' } },
    },
  },
  {
    method: 'get',
    // authOpenApi writes the context path in place of `<contextPath>` (a literal path, not a template: only that one answers).
    path: '/.well-known/oauth-authorization-server/<contextPath>',
    outsideContextPath: true,
    operation: {
      operationId: 'getAuthorizationServerMetadataPathInserted',
      tags: ['OAuth 2.0'],
      summary: 'The same metadata where RFC 8414 §3.1 puts it for an issuer with a path (RFC 8414-mode discovery looks only here)',
      description: 'At the host root: the issuer `https://host/auth` has its metadata at `https://host/.well-known/oauth-authorization-server/auth`. Any other path there is 404.',
      security: PUBLIC,
      responses: {
        '200': METADATA_200,
        '304': { description: 'Not modified since the ETag given in If-None-Match.' },
        '404': errorRef('NotFound'),
      },
    },
  },
];

/** The HTTP Basic scheme the token endpoint accepts for client authentication. */
export const OAUTH_SECURITY_SCHEMES = {
  [CLIENT_AUTH]: { type: 'http', scheme: 'basic', description: 'client_id and client_secret (AUTH_CLIENTS appId and appSecret), form-urlencoded then Base64 (RFC 6749 §2.3.1).' },
} as const;
