import type { ResponseObject, RouteDocument } from './openApiTypes';
import { errorRef } from './responses';
import { fileResponse, PUBLIC } from './routeHelpers';

const NO_STORE = { 'Cache-Control': { description: '`no-store`', schema: { type: 'string' } } };
const PAGE = (description: string): ResponseObject => ({ ...fileResponse(description, 'text/html'), headers: NO_STORE });
const SEE_OTHER = (description: string): ResponseObject => ({ description, headers: { ...NO_STORE, Location: { description: 'where the browser goes next', schema: { type: 'string' } } } });

/** The form fields of the page's POST: `csrf_token` and `action` always, the others by action. */
const FIELDS = ['csrf_token', 'action', 'otp', 'factor_id', 'passkey_name', 'credential', 'sid', 'client_id', 'current_password', 'new_password'];

/** The account page: the signed-in user's own factors, passkeys, sessions, approved apps and password. */
export const ACCOUNT_ROUTES: readonly RouteDocument[] = [
  {
    method: 'get',
    path: '/account',
    operation: {
      operationId: 'accountPage',
      tags: ['Pages'],
      summary: 'The signed-in user\'s account page',
      description:
        'With a live sign-in session (cookie `auth_session`, `__Host-auth_session` over TLS): the page (second factors, recovery codes left, passkeys, sessions, ' +
        'approved apps, password; English or Chinese by `ui_locales` or Accept-Language; framing refused; no inline script). Without one: a redirect to the ' +
        'authorization endpoint as the built-in client `urn:auth-service:account-page`, which comes back here. `done` names the notice to show after an action.',
      security: PUBLIC,
      parameters: [
        { name: 'ui_locales', in: 'query', required: false, description: 'The first `en…` or `zh…` tag picks the language.', schema: { type: 'string' } },
        { name: 'done', in: 'query', required: false, description: 'The action just done (a fixed set; anything else is ignored).', schema: { type: 'string' } },
      ],
      responses: {
        '200': PAGE('The account page.'),
        '302': SEE_OTHER('No live session: to the sign-in page.'),
        '303': SEE_OTHER('Back from the sign-in with a code: to the page without it.'),
      },
    },
  },
  {
    method: 'post',
    path: '/account',
    operation: {
      operationId: 'accountAction',
      tags: ['Pages'],
      summary: 'One action of the account page',
      description:
        '`action`: `totp_start`, `totp_confirm` (`otp`), `factor_remove` (`factor_id`), `recovery_regenerate`, `passkey_add` (`passkey_name`, `credential`: the ' +
        'browser\'s PublicKeyCredential as JSON), `session_end` (`sid`), `sessions_end_others`, `consent_revoke` (`client_id`), `password_change` ' +
        '(`current_password`, `new_password`: every session and token of the user ends, this one too). Wrong codes and current passwords count under the ' +
        'account\'s login limits.',
      security: PUBLIC,
      requestBody: {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: Object.fromEntries(FIELDS.map((name) => [name, { type: 'string' }])) } } },
      },
      responses: {
        '200': PAGE('A page of the action\'s own: the TOTP set-up, recovery codes shown once, or "password changed".'),
        '303': SEE_OTHER('Done: back to the page with its notice; or no live session any more: to the page, which signs in.'),
        '400': PAGE('The page again with the reason: a wrong code or current password, a refused new password or passkey.'),
        '403': PAGE('No valid CSRF token: nothing done.'),
        '404': PAGE('The page again: the factor, session or app is gone.'),
        '409': PAGE('The page again: the action does not fit the account\'s state.'),
        '413': errorRef('PayloadTooLarge'),
        '429': PAGE('The page again: past the login limits; `Retry-After`.'),
      },
    },
  },
];
