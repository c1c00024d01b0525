import type { ParameterObject, ResponseObject, RouteDocument } from './openApiTypes';
import { errorRef } from './responses';
import { fileResponse, PUBLIC } from './routeHelpers';

const NO_STORE = { 'Cache-Control': { description: '`no-store`', schema: { type: 'string' } } };

const REQUEST_FIELDS: Record<string, { description: string; required?: boolean; example?: string }> = {
  response_type: { description: '`code` (the only response type)', required: true, example: 'code' },
  client_id: { description: 'a client registered with `npm run clients -- add`', required: true, example: 'webapp' },
  redirect_uri: { description: 'one of the client\'s registered redirect URIs, exactly; may be left out when it has only one', example: 'https://app.example.com/callback' },
  state: { description: 'returned unchanged with the code or the error' },
  code_challenge: {
    description:
      'RFC 7636: BASE64URL(SHA-256(code_verifier)), 43 characters. Required of public clients, of clients registered `--require-pkce` and of every ' +
      'client under `AUTH_REQUIRE_PKCE=all`; otherwise a confidential client asking for `openid` with a `nonce` may leave it out (OAuth 2.1 §7.5.1)',
  },
  code_challenge_method: { description: '`S256` (the only method); required with `code_challenge`', example: 'S256' },
  scope: { description: 'space-separated scopes within the client\'s registered ones (all of them when left out); a standard OpenID scope it is not registered for (`profile`, `email`, `phone`, `address`, `offline_access`) is left out, any other is `invalid_scope`' },
  resource: { description: 'RFC 8707: a resource the tokens are for, within the client\'s registered ones' },
  nonce: { description: 'OpenID Connect: echoed in the ID token' },
  max_age: { description: 'OpenID Connect: seconds; a sign-in older than this asks for the form again (`0`: always)' },
  acr_values: {
    description:
      'OpenID Connect §3.1.2.1: space-separated levels, the lowest known one is asked for (`urn:auth-service:acr:password`, `urn:auth-service:acr:mfa`, ' +
      '`urn:auth-service:acr:phishing-resistant`; a higher level satisfies a lower one, unknown values ask for nothing). A sign-in below it steps up on the ' +
      'sign-in page (the second-factor page, or TOTP enrolment for a user without a factor); under `prompt=none` it is `interaction_required`',
    example: 'urn:auth-service:acr:mfa',
  },
  prompt: {
    description:
      'OpenID Connect §3.1.2.1, a space-separated list: `login` and `select_account` show the form even with a sign-in session (one account per browser: ' +
      'the form is where another one signs in); `consent` shows the consent page even when the approval is remembered; `none` shows no page ' +
      '(`login_required`, `consent_required`) and may not be combined; any other value is `invalid_request`',
  },
  id_token_hint: {
    description:
      'OpenID Connect: an ID token this service issued to the client (an expired one too); another user than the signed-in one asks for the form ' +
      '(`login_required` under `prompt=none`); anything else is `invalid_request`',
  },
  response_mode: { description: '`query` (the only mode; any other is `invalid_request`)', example: 'query' },
  request: { description: 'OpenID Connect §6.1: not supported, answered `request_not_supported`' },
  request_uri: { description: 'RFC 9126: a `request_uri` from `POST /oauth/par`, with `client_id`; any other form (OpenID Connect §6.2) is answered `request_uri_not_supported`' },
  login_hint: { description: 'OpenID Connect: the username the form starts with (up to 256 characters, else ignored)' },
  ui_locales: { description: 'OpenID Connect: space-separated BCP 47 tags; the first of `en` and `zh` picks the pages\' language, else Accept-Language' },
};

const QUERY: ParameterObject[] = Object.entries(REQUEST_FIELDS).map(([name, field]) => ({
  name,
  in: 'query',
  required: field.required ?? false,
  description: field.description,
  schema: { type: 'string' },
  ...(field.example === undefined ? {} : { example: field.example }),
}));

const REDIRECT = (description: string): ResponseObject => ({
  description,
  headers: { ...NO_STORE, Location: { description: 'the redirect URI with `code`, `state` and `iss` (RFC 9207), or `error`, `error_description`, `state` and `iss`', schema: { type: 'string' } } },
});

const PAGE = (description: string): ResponseObject => ({ ...fileResponse(description, 'text/html'), headers: NO_STORE });

/** The authorization code flow's browser endpoints: HTML and redirects, not JSON. */
export const AUTHORIZE_ROUTES: readonly RouteDocument[] = [
  {
    method: 'get',
    path: '/oauth/authorize',
    operation: {
      operationId: 'oauthAuthorize',
      tags: ['OAuth 2.0'],
      summary: 'Authorization endpoint (RFC 6749 §4.1, PKCE S256, OpenID Connect): the sign-in form, the consent page, or a code at once with a sign-in session',
      description:
        'With a live sign-in session (cookie `auth_session`, `__Host-auth_session` over TLS) the browser is redirected back with a code at once; otherwise the ' +
        'server-rendered sign-in form is shown (works without JavaScript; CSP `frame-ancestors \'none\'`, `X-Frame-Options: DENY`). ' +
        'A client not registered `--first-party` gets the consent page first, before its first code for the user and scopes. ' +
        'An unknown client or a redirect URI it did not register gets an error page, never a redirect; every other error goes to the ' +
        'redirect URI (RFC 6749 §4.1.2.1). Codes are single-use, live 60 s and are bound to client, redirect URI and challenge. ' +
        '`client_id` with a `request_uri` from `POST /oauth/par` (RFC 9126) stands for the pushed request: only its parameters count, ' +
        'once, within 60 s; an unknown, used, expired or another client\'s one is `invalid_request_uri` on an error page. A client registered ' +
        '`--require-par` (every client under AUTH_REQUIRE_PAR=all) is refused (`invalid_request`) without one.',
      security: PUBLIC,
      parameters: QUERY,
      responses: {
        '200': PAGE('The sign-in form or the consent page (sets the CSRF cookie `auth_csrf`, `__Host-auth_csrf` over TLS, holding a random nonce).'),
        '302': REDIRECT(
          'Back to the redirect URI: a code (sign-in session) or an error (`unauthorized_client` for a client not registered for authorization_code, ' +
            '`login_required` or `consent_required` for `prompt=none`, `request_not_supported`, `request_uri_not_supported`, `invalid_request`).',
        ),
        '400': PAGE('Error page: unknown client, or a redirect URI not registered for it; `invalid_request_uri` for a pushed request that cannot be used.'),
      },
    },
  },
  {
    method: 'post',
    path: '/oauth/authorize',
    operation: {
      operationId: 'oauthAuthorizeSignIn',
      tags: ['OAuth 2.0'],
      summary: 'An authorization request sent as a form (answered as its GET), or the sign-in form\'s or consent page\'s submission',
      description:
        'A form body without `csrf_token`, `username`, `password` or `consent_ticket` is an authorization request (OpenID Connect Core §3.1.2.1) ' +
        'and is answered exactly as the GET with the same parameters. Otherwise it is a page\'s submission. Form body: the authorization request\'s fields (as hidden fields of the form), `csrf_token` (the HMAC of the CSRF cookie\'s ' +
        'nonce and of this request under the service\'s shared key, as the form carries it), `username` and `password`. Same users and ' +
        'limits as the login endpoint. Success ends the sessions of the session cookies sent, sets a new sign-in session cookie ' +
        '(HttpOnly, SameSite=Lax; over TLS or with an https issuer `__Host-`, Secure, Path=/) and answers 303 to the redirect URI with the code, ' +
        'or 200 with the consent page for a client the user has not approved yet. The consent page posts `consent_ticket` (the page\'s interaction id; ' +
        'bound by `csrf_token`, answered once, within 10 minutes, in the sign-in session it was shown for, before any lock-out of the user or removal of the client) ' +
        'and `consent`: `approve` remembers the approval and answers 303 with the code, anything else 303 with `access_denied`.',
      security: PUBLIC,
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              required: ['client_id'],
              properties: {
                ...Object.fromEntries(Object.keys(REQUEST_FIELDS).map((name) => [name, { type: 'string' }])),
                csrf_token: { type: 'string' },
                consent_ticket: { type: 'string' },
                consent: { type: 'string', enum: ['approve', 'deny'] },
                username: { type: 'string' },
                password: { type: 'string', format: 'password' },
                passkey: {
                  type: 'string',
                  description: 'a passkey form\'s answer: the browser\'s WebAuthn assertion (PublicKeyCredential JSON), on the second-factor page instead of a code, on the sign-in page instead of a password',
                },
                passkey_ticket: {
                  type: 'string',
                  description: 'the sign-in page\'s passkey ticket (its challenge kept under it, taken once; bound by that form\'s own `csrf_token`): signs in with the passkey alone, answered as a password sign-in',
                },
              },
            },
          },
        },
      },
      responses: {
        '302': REDIRECT(
          'As the GET for a request sent as a form (a code with a sign-in session, or an error); for a page\'s submission, an error to the redirect URI ' +
            '(a malformed request, or `unauthorized_client` for a client not registered for authorization_code).',
        ),
        '200': PAGE('Signed in: the consent page, for a client the user has not approved for these scopes; or, for a request sent as a form, the page its GET shows.'),
        '303': REDIRECT('Signed in or approved: back to the redirect URI with the code; denied: with `access_denied`.'),
        '400': PAGE('The form again with "Invalid username or password", or the error page (unknown client or redirect URI).'),
        '403': PAGE('The sign-in form again: the CSRF token did not fit its cookie and this request (and ticket), the CSRF cookie was sent twice, or the consent page may no longer be answered (expired, answered already, signed out, another sign-in, the user locked out or the client removed since).'),
        '429': PAGE('The form again: too many sign-in attempts; `Retry-After` says when to try again.'),
        '503': PAGE('The form again: the service is busy; `Retry-After`.'),
        '413': errorRef('PayloadTooLarge'),
        '415': errorRef('UnsupportedMediaType'),
      },
    },
  },
  {
    method: 'post',
    path: '/oauth/signout',
    operation: {
      operationId: 'oauthSignOut',
      tags: ['OAuth 2.0'],
      summary: 'Ends the browser\'s sign-in session: the next authorization shows the form',
      description: 'Deletes the sessions named by the `auth_session` cookies sent (`__Host-auth_session` over TLS) and clears the cookie; apps the sessions issued codes to that registered a back-channel logout URI receive a logout token. Tokens already issued stay valid until revoked (`POST /oauth/revoke`).',
      security: PUBLIC,
      responses: { '204': { description: 'Signed out (also when there was no session).', headers: NO_STORE } },
    },
  },
];
