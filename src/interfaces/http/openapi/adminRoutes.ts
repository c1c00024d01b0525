import { ClientPatchRequest, NewClientRequest, NewUserRequest, PasswordRequest, UserPatchRequest } from '../admin/adminRequests';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../admin/pages';
import { AUDIT_EVENT_TYPES } from '../../../domain/model/AuditEvent';
import { SECOND_FACTOR_KINDS } from '../../../domain/model/SecondFactor';
import { dtoSchema } from './dtoSchemas';
import type { JsonSchema, OperationObject, ParameterObject, ResponseObject, RouteDocument } from './openApiTypes';

const ADMIN = '/admin/v1';

/** The admin API's scheme: the service's own access token of a confidential client's client_credentials grant, with admin scopes. */
export const ADMIN_AUTH = 'adminAuth';

/** The admin API's security scheme, its token URL under the context path. */
export function adminSecuritySchemes(contextPath: string) {
  return {
    [ADMIN_AUTH]: {
      type: 'oauth2',
      description:
        'A Bearer access token from `client_credentials` of a confidential client registered with admin scopes (docs/admin-api.md). ' +
        "A user's token, or one expired, revoked or of another issuer, is 401; a missing scope 403 `insufficient_scope`.",
      flows: {
        clientCredentials: {
          tokenUrl: `/${contextPath}/oauth/token`,
          scopes: {
            'admin:read': 'read every area and the audit trail',
            'admin:users': 'read and change users, their sessions and consents',
            'admin:clients': 'read and change registered clients',
            'admin:keys': 'read, rotate and revoke signing keys',
          },
        },
      },
    },
  } as const;
}

const TAG = 'Admin';
const nullableString: JsonSchema = { type: ['string', 'null'] };
const time: JsonSchema = { type: 'string', format: 'date-time' };
const nullableTime: JsonSchema = { type: ['string', 'null'], format: 'date-time' };
const strings: JsonSchema = { type: 'array', items: { type: 'string' } };

/** RFC 9457 problem details, with RFC 9457 §3's `invalid-params` when fields failed. */
const PROBLEM: JsonSchema = {
  type: 'object',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    'invalid-params': { type: 'array', items: { type: 'object', required: ['name', 'reason'], properties: { name: { type: 'string' }, reason: { type: 'string' } } } },
  },
};

const USER: JsonSchema = {
  type: 'object',
  description: 'A user as `users list --json` prints it: never the password or its hash.',
  required: ['id', 'account', 'nickName', 'userType', 'tenantId', 'telephone', 'avatar', 'grade', 'email', 'status', 'createdAt', 'updatedAt', 'secondFactors'],
  properties: {
    id: { type: 'string' },
    account: { type: 'string' },
    nickName: { type: 'string' },
    userType: { type: 'string' },
    tenantId: nullableString,
    telephone: nullableString,
    avatar: nullableString,
    grade: nullableString,
    email: nullableString,
    status: { enum: ['active', 'disabled'] },
    createdAt: time,
    updatedAt: time,
    secondFactors: { type: 'array', items: { enum: SECOND_FACTOR_KINDS }, uniqueItems: true, description: 'the kinds of second factor the user holds (never a secret)' },
  },
  not: { anyOf: [{ required: ['passwordHash'] }, { required: ['password'] }] },
};

const CLIENT: JsonSchema = {
  type: 'object',
  description: 'A client as `clients show --json` prints it; `secret` only in the answer that creates a confidential client.',
  required: ['id', 'kind', 'redirectUris', 'grants', 'scopes', 'resources', 'firstParty', 'postLogoutRedirectUris', 'requirePkce', 'name', 'logoUri', 'policyUri', 'tosUri', 'backchannelLogoutUri', 'backchannelLogoutSessionRequired'],
  properties: {
    id: { type: 'string' },
    kind: { enum: ['public', 'confidential'] },
    redirectUris: strings,
    grants: strings,
    scopes: strings,
    resources: strings,
    firstParty: { type: 'boolean' },
    postLogoutRedirectUris: strings,
    requirePkce: { type: 'boolean' },
    requireDpop: { type: 'boolean', description: 'present (true) only for a client registered to require DPoP proofs' },
    name: nullableString,
    logoUri: nullableString,
    policyUri: nullableString,
    tosUri: nullableString,
    backchannelLogoutUri: nullableString,
    backchannelLogoutSessionRequired: { type: 'boolean' },
    jwks: { type: 'array', items: { type: 'object' }, description: 'present only for a private_key_jwt client registered with its public keys' },
    jwksUri: { type: 'string', description: 'present only for a private_key_jwt client whose keys are fetched from this URI' },
    requirePar: { type: 'boolean', description: 'present only when set on the client' },
    requireAcr: { type: 'string', description: 'the level every sign-in for the client must reach; present only when set' },
    secret: { type: 'string', description: 'the new secret, shown once (create only)' },
  },
};

const KEY: JsonSchema = {
  type: 'object',
  description: 'A signing key as `keys list` shows it: never key material.',
  required: ['kid', 'method', 'alg', 'state', 'createdAt'],
  properties: { kid: { type: 'string' }, method: { type: 'string' }, alg: { type: 'string' }, state: { type: 'string' }, createdAt: time, activateAt: nullableTime, activatedAt: nullableTime, retireAt: nullableTime, retiredAt: nullableTime },
  not: { anyOf: [{ required: ['privateKey'] }, { required: ['publicKey'] }] },
};

const SESSION: JsonSchema = {
  type: 'object',
  required: ['sid', 'authTime', 'expiresAt', 'clients'],
  properties: { sid: nullableString, authTime: nullableTime, expiresAt: time, clients: strings },
};
const CONSENT: JsonSchema = { type: 'object', required: ['clientId', 'scopes'], properties: { clientId: { type: 'string' }, scopes: strings } };
const EVENT: JsonSchema = {
  type: 'object',
  required: ['id', 'time', 'type', 'outcome', 'actor', 'account', 'client', 'address', 'requestId', 'details'],
  properties: {
    id: { type: 'string' },
    time,
    type: { enum: AUDIT_EVENT_TYPES },
    outcome: { enum: ['success', 'failure'] },
    actor: nullableString,
    account: nullableString,
    client: nullableString,
    address: nullableString,
    requestId: nullableString,
    details: { type: 'object' },
  },
};

const pageOf = (item: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['items', 'next'],
  properties: { items: { type: 'array', items: item }, next: { ...nullableString, description: 'the cursor of the next page; null on the last' } },
  additionalProperties: false,
});

const header = (description: string, required = true) => ({ description, required, schema: { type: 'string' } });
const ETAG = { ETag: header('strong validator of the resource (send it back in If-Match)') };
const retryAfter = { 'Retry-After': { description: 'seconds to wait', required: true, schema: { type: 'integer', minimum: 0 } } };

const problem = (description: string, headers?: ResponseObject['headers']): ResponseObject => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/problem+json': { schema: PROBLEM } },
});
const json = (description: string, schema: JsonSchema, headers?: ResponseObject['headers']): ResponseObject => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema } },
});

/** What any admin call may be answered besides its success. */
const REFUSALS: Readonly<Record<string, ResponseObject>> = {
  '400': problem('A malformed body, an unknown field or a bad value (each in `invalid-params`), or a bad `limit`/`cursor`.'),
  '401': problem('No token, or one that is expired, revoked, of another issuer, or a user\'s.', { 'WWW-Authenticate': header('RFC 6750 challenge') }),
  '403': problem('The token lacks the scope.', { 'WWW-Authenticate': header('`Bearer error="insufficient_scope"`, with the scope needed') }),
  '404': problem('No such resource (or AUTH_ADMIN_API=off).'),
  '413': problem('The body is larger than 100 kB.'),
  '415': problem('The body is not JSON.'),
  '429': problem('More than AUTH_ADMIN_RATE_LIMIT calls by this admin client in a minute.', retryAfter),
  '500': problem('Unexpected failure (logged; no details in the body).'),
  '503': problem('The store cannot be reached; nothing was done.', retryAfter),
};

const PAGE_PARAMETERS: readonly ParameterObject[] = [
  { name: 'limit', in: 'query', description: `page size, ${DEFAULT_PAGE_SIZE} by default, at most ${MAX_PAGE_SIZE}`, schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE } },
  { name: 'cursor', in: 'query', description: 'the `next` of the previous page', schema: { type: 'string' } },
];
const IF_MATCH = (required: boolean): ParameterObject => ({ name: 'If-Match', in: 'header', required, description: 'the ETag the change is based on; a stale one is 412', schema: { type: 'string' } });
const pathParameter = (name: string): ParameterObject => ({ name, in: 'path', required: true, schema: { type: 'string' } });

type AdminOperation = Omit<OperationObject, 'tags' | 'responses' | 'security'> & { responses: Record<string, ResponseObject> };

/** One admin operation: the scopes any of which admits it (OpenAPI ORs the requirements), the shared refusals. */
function route(method: RouteDocument['method'], path: string, scopes: readonly string[], operation: AdminOperation): RouteDocument {
  const security = scopes.map((scope) => ({ [ADMIN_AUTH]: [scope] }));
  return { method, path: `${ADMIN}${path}`, operation: { ...operation, tags: [TAG], security, responses: { ...REFUSALS, ...operation.responses } } };
}
const reads = (area: string) => ['admin:read', `admin:${area}`];
const writes = (area: string) => [`admin:${area}`];
const body = (schema: JsonSchema, types = ['application/json']) => ({ required: true, content: Object.fromEntries(types.map((type) => [type, { schema }])) });
const MERGE_PATCH = ['application/merge-patch+json', 'application/json'];
const USER_PATH = '/users/{account}';
const CLIENT_PATH = '/clients/{id}';
const account = [pathParameter('account')];

/** The admin HTTP API (docs/admin-api.md): Bearer tokens of client_credentials with admin scopes. */
export const ADMIN_ROUTES: readonly RouteDocument[] = [
  route('get', '/users', reads('users'), { operationId: 'adminListUsers', summary: 'List users (admin:read or admin:users)', parameters: PAGE_PARAMETERS, responses: { '200': json('A page of users.', pageOf(USER)) } }),
  route('post', '/users', writes('users'), { operationId: 'adminAddUser', summary: 'Add a user (admin:users)', requestBody: body(dtoSchema(NewUserRequest)), responses: { '201': json('The user.', USER, { ...ETAG, Location: header('the user') }), '409': problem('The account (or a look-alike) exists.') } }),
  route('get', USER_PATH, reads('users'), { operationId: 'adminGetUser', summary: 'One user', parameters: account, responses: { '200': json('The user.', USER, ETAG) } }),
  route('patch', USER_PATH, writes('users'), { operationId: 'adminPatchUser', summary: 'Change a user\'s status (merge patch, admin:users)', parameters: [...account, IF_MATCH(true)], requestBody: body(dtoSchema(UserPatchRequest), MERGE_PATCH), responses: { '200': json('The user.', USER, ETAG), '412': problem('If-Match is stale.'), '428': problem('If-Match is missing.') } }),
  route('delete', USER_PATH, writes('users'), { operationId: 'adminRemoveUser', summary: 'Remove a user and revoke its tokens (admin:users)', parameters: [...account, IF_MATCH(false)], responses: { '204': { description: 'Removed.' }, '412': problem('If-Match is stale.') } }),
  route('post', `${USER_PATH}/disable`, writes('users'), { operationId: 'adminDisableUser', summary: 'Disable a user and revoke its tokens, sign-ins and consents (admin:users)', parameters: account, responses: { '200': json('The user.', USER, ETAG) } }),
  route('post', `${USER_PATH}/enable`, writes('users'), { operationId: 'adminEnableUser', summary: 'Enable a user (admin:users)', parameters: account, responses: { '200': json('The user.', USER, ETAG) } }),
  route('put', `${USER_PATH}/password`, writes('users'), { operationId: 'adminSetPassword', summary: 'Set a password and revoke the user\'s tokens (admin:users)', parameters: [...account, IF_MATCH(false)], requestBody: body(dtoSchema(PasswordRequest)), responses: { '204': { description: 'Set.' }, '412': problem('If-Match is stale.') } }),
  route('get', `${USER_PATH}/sessions`, reads('users'), { operationId: 'adminListSessions', summary: 'The user\'s live sign-in sessions', parameters: [...account, ...PAGE_PARAMETERS], responses: { '200': json('A page of sessions.', pageOf(SESSION), ETAG) } }),
  route('delete', `${USER_PATH}/sessions`, writes('users'), { operationId: 'adminEndSessions', summary: 'End every sign-in session of the user (admin:users)', parameters: [...account, IF_MATCH(false)], responses: { '204': { description: 'Ended.' }, '412': problem('If-Match is stale: the sessions changed since they were read.') } }),
  route('get', `${USER_PATH}/consents`, reads('users'), { operationId: 'adminListConsents', summary: 'The apps the user consented to', parameters: [...account, ...PAGE_PARAMETERS], responses: { '200': json('A page of consents.', pageOf(CONSENT)) } }),
  route('delete', `${USER_PATH}/consents/{clientId}`, writes('users'), { operationId: 'adminRevokeConsent', summary: 'Revoke a consent (admin:users)', parameters: [...account, pathParameter('clientId'), IF_MATCH(false)], responses: { '204': { description: 'Revoked.' }, '412': problem('If-Match is stale.') } }),
  route('get', '/clients', reads('clients'), { operationId: 'adminListClients', summary: 'List registered clients (admin:read or admin:clients)', parameters: PAGE_PARAMETERS, responses: { '200': json('A page of clients.', pageOf(CLIENT)) } }),
  route('post', '/clients', writes('clients'), { operationId: 'adminAddClient', summary: 'Register a client (admin:clients)', requestBody: body(dtoSchema(NewClientRequest)), responses: { '201': json('The client; a confidential one with its `secret`, shown once.', CLIENT, { ...ETAG, Location: header('the client') }), '409': problem('The id exists.') } }),
  route('get', CLIENT_PATH, reads('clients'), { operationId: 'adminGetClient', summary: 'One client', parameters: [pathParameter('id')], responses: { '200': json('The client.', CLIENT, ETAG) } }),
  route('patch', CLIENT_PATH, writes('clients'), { operationId: 'adminPatchClient', summary: 'Change a client (merge patch, admin:clients)', parameters: [pathParameter('id'), IF_MATCH(true)], requestBody: body(dtoSchema(ClientPatchRequest), MERGE_PATCH), responses: { '200': json('The client.', CLIENT, ETAG), '412': problem('If-Match is stale.'), '428': problem('If-Match is missing.') } }),
  route('delete', CLIENT_PATH, writes('clients'), { operationId: 'adminRemoveClient', summary: 'Remove a client and end its grants (admin:clients)', parameters: [pathParameter('id'), IF_MATCH(false)], responses: { '204': { description: 'Removed.' }, '412': problem('If-Match is stale.') } }),
  route('post', `${CLIENT_PATH}/secret`, writes('clients'), { operationId: 'adminRotateClientSecret', summary: 'A new secret, shown once; the old one is refused at once (admin:clients)', parameters: [pathParameter('id')], responses: { '200': json('The new secret.', { type: 'object', required: ['id', 'secret'], properties: { id: { type: 'string' }, secret: { type: 'string' } } }) } }),
  route('get', '/keys', reads('keys'), { operationId: 'adminListKeys', summary: 'Signing keys, oldest first (admin:read or admin:keys)', parameters: PAGE_PARAMETERS, responses: { '200': json('A page of keys.', pageOf(KEY)) } }),
  route('post', '/keys/rotate', writes('keys'), {
    operationId: 'adminRotateKey',
    summary: 'Publish a next key; it signs after AUTH_KEY_PUBLISH_AHEAD_SECONDS (admin:keys)',
    responses: { '200': json('The next key: `created` true when this call published it, false when one existed.', { type: 'object', required: ['created', 'next'], properties: { created: { type: 'boolean' }, next: KEY } }) },
  }),
  route('post', '/keys/{kid}/revoke', writes('keys'), { operationId: 'adminRevokeKey', summary: 'Unpublish a key at once (admin:keys)', parameters: [pathParameter('kid')], responses: { '200': json('The revoked key.', KEY, ETAG) } }),
  route('get', '/events', ['admin:read'], {
    operationId: 'adminListEvents',
    summary: 'The audit trail, newest first (admin:read)',
    parameters: [
      { name: 'type', in: 'query', schema: { enum: AUDIT_EVENT_TYPES } },
      { name: 'account', in: 'query', schema: { type: 'string' } },
      { name: 'client', in: 'query', schema: { type: 'string' } },
      { name: 'since', in: 'query', schema: { type: 'string', format: 'date-time' } },
      { name: 'until', in: 'query', schema: { type: 'string', format: 'date-time' } },
      ...PAGE_PARAMETERS,
    ],
    responses: { '200': json('A page of events.', pageOf(EVENT)) },
  }),
];
