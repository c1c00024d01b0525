import type { ParameterObject, ResponseObject, RouteDocument } from './openApiTypes';
import { errorRef } from './responses';
import { fileResponse, PUBLIC } from './routeHelpers';

const NO_STORE = { 'Cache-Control': { description: '`no-store`', schema: { type: 'string' } } };

const REQUEST_FIELDS: Record<string, string> = {
  id_token_hint:
    'An ID token this service issued to the client (expired ones too): signed by a key of the service with that key\'s algorithm ' +
    '(RSA or ECDSA; under hmac signing no hint is trusted), `iss` this issuer, `aud` the one client. With it the user is signed out at once.',
  client_id: 'The client; with `id_token_hint` it must equal the hint\'s `aud`. Identifies the client for the post-logout redirect without a hint.',
  post_logout_redirect_uri: 'Where to return afterwards: followed only when registered exactly for the identified client (`clients add … --post-logout-redirect-uri`).',
  state: 'Returned unchanged with the post-logout redirect.',
  ui_locales: 'Space-separated language tags: the first `en…` or `zh…` one picks the pages\' language (else Accept-Language).',
  logout_hint: 'Accepted and ignored.',
};

const QUERY: ParameterObject[] = Object.entries(REQUEST_FIELDS).map(([name, description]) => ({ name, in: 'query', required: false, description, schema: { type: 'string' } }));
const FORM_BODY = (names: readonly string[], extra: Record<string, { type: 'string' }> = {}) => ({
  required: false,
  content: {
    'application/x-www-form-urlencoded': {
      schema: { type: 'object', properties: { ...Object.fromEntries(names.map((name) => [name, { type: 'string' }])), ...extra } },
    },
  },
});

const PAGE = (description: string): ResponseObject => ({ ...fileResponse(description, 'text/html'), headers: NO_STORE });
const RETURN: ResponseObject = {
  description: 'Signed out: back to the registered post-logout redirect URI, with `state` when given.',
  headers: { ...NO_STORE, Location: { description: 'the post-logout redirect URI with `state`', schema: { type: 'string' } } },
};
const CONFIRM_OR_SIGNED_OUT =
  'The confirmation page "Sign out of <service>?" (no valid `id_token_hint`, the browser is signed in as another user, or the hint is of an earlier ' +
  'sign-in (older `auth_time`) or another session (`sid`); sets the CSRF cookie ' +
  '`auth_logout_csrf`, `__Host-auth_logout_csrf` over TLS; framing refused), or the signed-out page (signed out, no registered URI to return to).';
const REFUSED = 'The refusal page, nothing ended: a parameter given twice, `client_id` other than the hint\'s `aud`, or an unknown client.';
const DESCRIPTION =
  'OpenID Connect RP-Initiated Logout 1.0, advertised as `end_session_endpoint`. Ends the browser\'s sign-in session (the `auth_session` cookie\'s row in the ' +
  'shared store, on every instance) and clears the cookie. Refresh tokens the app already holds stay valid (sign-out ends the single sign-on, not offline ' +
  'access; revoke them at `POST /oauth/revoke`). Apps the session issued codes to that registered a back-channel logout URI receive a logout token ' +
  '(OpenID Connect Back-Channel Logout 1.0) within seconds. Never redirects to a URI the identified client did not register exactly.';

/** RP-Initiated Logout's browser endpoints: HTML and redirects, not JSON. */
export const LOGOUT_ROUTES: readonly RouteDocument[] = [
  {
    method: 'get',
    path: '/oauth/logout',
    operation: {
      operationId: 'oauthEndSession',
      tags: ['OAuth 2.0'],
      summary: 'End-session endpoint (OpenID Connect RP-Initiated Logout): signs the user out, or asks first',
      description: DESCRIPTION,
      security: PUBLIC,
      parameters: QUERY,
      responses: { '200': PAGE(CONFIRM_OR_SIGNED_OUT), '303': RETURN, '400': PAGE(REFUSED) },
    },
  },
  {
    method: 'post',
    path: '/oauth/logout',
    operation: {
      operationId: 'oauthEndSessionPost',
      tags: ['OAuth 2.0'],
      summary: 'The same request as a form POST',
      description:
        `${DESCRIPTION} A cross-site POST carries no SameSite=Lax session cookie: a POST without one is answered 303 to the GET form of the same request.`,
      security: PUBLIC,
      requestBody: FORM_BODY(Object.keys(REQUEST_FIELDS)),
      responses: {
        '200': PAGE(CONFIRM_OR_SIGNED_OUT),
        '303': { description: 'To the post-logout redirect URI (as for GET), or to `GET /oauth/logout` with the same parameters when no session cookie came.', headers: { ...NO_STORE, Location: { description: 'where to go next', schema: { type: 'string' } } } },
        '400': PAGE(REFUSED),
        '413': errorRef('PayloadTooLarge'),
      },
    },
  },
  {
    method: 'post',
    path: '/oauth/logout/confirm',
    operation: {
      operationId: 'oauthEndSessionConfirm',
      tags: ['OAuth 2.0'],
      summary: 'The confirmation page\'s submission: signs the browser out',
      description:
        'Form body: the checked request as the page carries it (`client_id`, `post_logout_redirect_uri`, `state`, `ui_locales`) and `csrf_token` (the HMAC of the ' +
        'CSRF cookie\'s nonce and of these fields under the service\'s shared key). Ends every sign-in session cookie sent, whoever\'s.',
      security: PUBLIC,
      requestBody: FORM_BODY(['client_id', 'post_logout_redirect_uri', 'state', 'ui_locales'], { csrf_token: { type: 'string' } }),
      responses: {
        '200': PAGE('Signed out: the signed-out page.'),
        '303': RETURN,
        '400': PAGE(REFUSED),
        '403': PAGE('The confirmation page again: the CSRF token did not fit its cookie and these fields. Nothing ended.'),
        '413': errorRef('PayloadTooLarge'),
      },
    },
  },
];
