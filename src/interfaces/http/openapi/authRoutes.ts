import { MESSAGES } from '../messages';
import {
  CURRENT_USER_RESPONSE_EXAMPLE,
  EXAMPLE_BASE_URL,
  LOGIN_REQUEST_EXAMPLE,
  LOGIN_RESPONSE_EXAMPLE,
  PUBLIC_KEY_RESPONSE_EXAMPLE,
} from './examples';
import type { RouteDocument } from './openApiTypes';
import { MANAGEMENT_ROUTES } from './managementRoutes';
import { AUTHORIZE_ROUTES } from './authorizeRoutes';
import { LOGOUT_ROUTES } from './logoutRoutes';
import { ACCOUNT_ROUTES } from './accountRoutes';
import { OAUTH_ROUTES } from './oauthRoutes';
import { PAR_ROUTES } from './parRoutes';
import { DEVICE_ROUTES } from './deviceRoutes';
import { REVOCATION_ROUTES } from './revocationRoutes';
import { ADMIN_ROUTES } from './adminRoutes';
import {
  CLIENT_SERVICE_AUTH_DESCRIPTION,
  CLIENT_SERVICE_ERRORS,
  CLIENT_SERVICE_QUERY_CREDENTIALS,
  CLIENT_SERVICE_SECURITY,
  KEY_DISTRIBUTION_FORBIDDEN,
  KEY_UNAVAILABLE,
  REQUIRED_NO_STORE,
} from './clientServiceAuth';
import { errorRef, jsonResponse } from './responses';
import { ref } from './schemas';

import { fileResponse, PUBLIC } from './routeHelpers';

/**
 * Every route of the auth service, one entry each. Adding a route to the app
 * means adding its entry here; the OpenAPI route check test names any route
 * that is missing on either side.
 */
export const AUTH_ROUTES: readonly RouteDocument[] = [
  {
    method: 'post',
    path: '/oauth/jwt/token',
    operation: {
      operationId: 'login',
      tags: ['Login'],
      summary: 'Log in and receive an access token',
      description:
        'Checks the account and password with the configured user store and answers with a signed JWT and the user\'s `info`. ' +
        'On the pass list (`/oauth/jwt/**`): no token needed.',
      security: PUBLIC,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: ref('LoginRequest'), example: LOGIN_REQUEST_EXAMPLE } },
      },
      responses: {
        '200': jsonResponse(`Logged in; msg \`${MESSAGES.loginSucceeded}\`.`, ref('LoginEnvelope'), LOGIN_RESPONSE_EXAMPLE),
        '400': errorRef('LoginInputIncomplete'),
        '401': errorRef('InvalidCredentials'),
        '413': errorRef('PayloadTooLarge'),
        '415': errorRef('UnsupportedMediaType'),
        '429': errorRef('TooManyRequests'),
        '500': errorRef('InternalError'),
        '503': errorRef('LoginBusy'),
      },
    },
  },
  {
    method: 'get',
    path: '/client/user/secret/key',
    operation: {
      operationId: 'getPublicKey',
      tags: ['Keys'],
      summary: 'The key client services verify tokens with',
      description:
        'No token needed (the controller skips the token check). When AUTH_CLIENTS is set the appId/appSecret pair must be ' +
        'registered; when it is empty any values get the public key. The appSecret is never logged. ' +
        CLIENT_SERVICE_AUTH_DESCRIPTION,
      security: CLIENT_SERVICE_SECURITY,
      parameters: CLIENT_SERVICE_QUERY_CREDENTIALS,
      responses: {
        '200': { ...jsonResponse(`The key; msg \`${MESSAGES.succeeded}\`.`, ref('PublicKeyEnvelope'), PUBLIC_KEY_RESPONSE_EXAMPLE), headers: REQUIRED_NO_STORE },
        ...CLIENT_SERVICE_ERRORS,
        '403': KEY_DISTRIBUTION_FORBIDDEN,
        '503': KEY_UNAVAILABLE,
      },
    },
  },
  {
    method: 'get',
    path: '/client/user/secret/keys',
    operation: {
      operationId: 'getVerificationKeys',
      tags: ['Keys'],
      summary: 'Every key that still verifies, by kid (hmac rotation)',
      description:
        'Same credentials (Basic, or the deprecated query pair) and rules as /client/user/secret/key, but every key a token may still be verified with: the ' +
        'active one, the next one while it is published ahead, and retiring ones until their tokens expire. With hmac ' +
        'these are the shared secrets (the JWKS publishes none), so clients keep accepting tokens across a rotation.',
      security: CLIENT_SERVICE_SECURITY,
      parameters: CLIENT_SERVICE_QUERY_CREDENTIALS,
      responses: {
        '200': {
          ...jsonResponse(`The keys; msg \`${MESSAGES.succeeded}\`.`, ref('VerificationKeysEnvelope'), {
            success: true,
            status: 200,
            msg: MESSAGES.succeeded,
            data: [{ kid: 'Xk2v3tq9c8Yb1OeH2K4mW6pN0rA7sD5fG3hJ1kL9zQ', alg: 'HS256', key: 'c2VjcmV0LWJ5dGVzLW9mLTMyLWJ5dGVzLWxvbmctLS0tLQ==' }],
          }),
          headers: REQUIRED_NO_STORE,
        },
        ...CLIENT_SERVICE_ERRORS,
        '403': KEY_DISTRIBUTION_FORBIDDEN,
        '503': KEY_UNAVAILABLE,
      },
    },
  },
  {
    method: 'get',
    path: '/current/user/details',
    operation: {
      operationId: 'getCurrentUser',
      tags: ['Users'],
      summary: 'The user behind the bearer token',
      parameters: [
        { name: 'Verified-Ticket', in: 'header', required: false, description: 'accepted for compatibility, not checked', schema: { type: 'string' } },
      ],
      responses: {
        '200': jsonResponse(`The user; msg \`${MESSAGES.succeeded}\`.`, ref('CurrentUserEnvelope'), CURRENT_USER_RESPONSE_EXAMPLE),
        '401': errorRef('Unauthenticated'),
        '500': errorRef('InternalError'),
      },
    },
  },
  {
    method: 'get',
    path: '/.well-known/jwks.json',
    operation: {
      operationId: 'getJsonWebKeySet',
      tags: ['Keys'],
      summary: 'Published verification keys (RFC 7517)',
      description: 'No token needed. `Cache-Control` and `ETag` are set; a matching `If-None-Match` gets 304.',
      security: PUBLIC,
      responses: {
        '200': {
          description: 'The key set (not enveloped).',
          content: {
            'application/jwk-set+json': {
              schema: ref('JsonWebKeySet'),
              example: { keys: [{ kty: 'EC', kid: 'mFq1XcTMGc0y3Hfb8wEY8Xh4Lr3wYQ0xY6Rb2nJk7eA', use: 'sig', alg: 'ES256', crv: 'P-256', x: '…', y: '…' }] },
            },
          },
        },
        '304': { description: 'Not modified since the ETag given in If-None-Match.' },
      },
    },
  },
  {
    method: 'get',
    path: '/.well-known/openid-configuration',
    operation: {
      operationId: 'getDiscoveryDocument',
      tags: ['Keys'],
      summary: 'OpenID Provider metadata (OpenID Connect Discovery 1.0 §3)',
      description:
        'The same document as `/.well-known/oauth-authorization-server`. With an RSA or ECDSA signing key the service is an OpenID Provider: ' +
        '`scopes_supported` (`openid`, `profile`, `phone`), `subject_types_supported` (`public`), `id_token_signing_alg_values_supported` ' +
        '(the active key\'s algorithm) and `claims_supported` (what tokens and userinfo may carry). Under HMAC signing no ID token can be signed: ' +
        'none of that is claimed. No token needed. `Cache-Control` and `ETag` are set; a matching `If-None-Match` gets 304.',
      security: PUBLIC,
      responses: {
        '200': jsonResponse('The metadata (not enveloped).', ref('DiscoveryDocument'), {
          issuer: EXAMPLE_BASE_URL,
          jwks_uri: `${EXAMPLE_BASE_URL}/.well-known/jwks.json`,
          token_endpoint: `${EXAMPLE_BASE_URL}/oauth/token`,
          grant_types_supported: ['authorization_code', 'client_credentials', 'password', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
          scopes_supported: ['openid', 'profile', 'phone'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        }),
        '304': { description: 'Not modified since the ETag given in If-None-Match.' },
      },
    },
  },
  ...OAUTH_ROUTES,
  ...PAR_ROUTES,
  ...DEVICE_ROUTES,
  ...AUTHORIZE_ROUTES,
  ...LOGOUT_ROUTES,
  ...ACCOUNT_ROUTES,
  ...MANAGEMENT_ROUTES,
  ...REVOCATION_ROUTES,
  ...ADMIN_ROUTES,
  {
    method: 'get',
    path: '/',
    operation: {
      operationId: 'home',
      tags: ['Pages'],
      summary: 'Redirects to the sign-in page',
      security: PUBLIC,
      responses: {
        '302': {
          description: 'To `static/index.html` under the context path.',
          headers: { Location: { description: 'the sign-in page', schema: { type: 'string' } } },
        },
      },
    },
  },
  {
    method: 'get',
    path: '/static/{path}',
    operation: {
      operationId: 'staticFile',
      tags: ['Pages'],
      summary: 'Static files (`/static/**`), including the sign-in page `static/index.html` and `static/vendor/index.umd.min.js` (@simplewebauthn/browser, for the passkey button)',
      security: PUBLIC,
      parameters: [{ name: 'path', in: 'path', required: true, description: 'file path under `static/`; may contain `/`', schema: { type: 'string' }, example: 'index.html' }],
      responses: { '200': fileResponse('The file.', '*/*'), '400': errorRef('BadRequest'), '404': errorRef('NotFound') },
    },
  },
  {
    method: 'get',
    path: '/assets/{path}',
    operation: {
      operationId: 'assetFile',
      tags: ['Pages'],
      summary: 'Asset files (`/assets/**`)',
      security: PUBLIC,
      parameters: [{ name: 'path', in: 'path', required: true, description: 'file path under `assets/`; may contain `/`', schema: { type: 'string' } }],
      responses: { '200': fileResponse('The file.', '*/*'), '400': errorRef('BadRequest'), '404': errorRef('NotFound') },
    },
  },
  {
    method: 'get',
    path: '/v3/api-docs',
    operation: {
      operationId: 'apiDocs',
      tags: ['Documentation'],
      summary: 'This OpenAPI 3.1 document',
      security: PUBLIC,
      responses: { '200': { description: 'The document.', content: { 'application/json': { schema: { type: 'object' } } } } },
    },
  },
  {
    method: 'get',
    path: '/swagger-ui/',
    operation: {
      operationId: 'swaggerUi',
      tags: ['Documentation'],
      summary: 'Swagger UI for this document (its scripts and styles are served beside it)',
      security: PUBLIC,
      responses: { '200': fileResponse('The HTML page.', 'text/html'), '301': { description: 'From `/swagger-ui` to `/swagger-ui/`.' } },
    },
  },
  {
    method: 'get',
    path: '/swagger-ui/{file}',
    operation: {
      operationId: 'swaggerUiFile',
      tags: ['Documentation'],
      summary: "Swagger UI's scripts, styles and init script, loaded by the page",
      security: PUBLIC,
      parameters: [{ name: 'file', in: 'path', required: true, description: 'a file of swagger-ui-dist', schema: { type: 'string' }, example: 'swagger-ui.css' }],
      responses: { '200': fileResponse('The file.', '*/*'), '404': errorRef('NotFound') },
    },
  },
];
