import { ok } from '../envelope';
import { MESSAGES } from '../messages';
import { CURRENT_USER_FIELDS } from './schemas';

/**
 * The service's base URL under the default PORT and AUTH_CONTEXT_PATH, for examples: written once here
 * (interfaces/http may not import the config declaration); envTablesInReadme.test.ts checks it against it.
 */
export const EXAMPLE_BASE_URL = 'http://localhost:8001/auth';

/** The login example of the API contract, verbatim. */
export const LOGIN_RESPONSE_EXAMPLE = ok(
  {
    access_token: '<JWT>',
    token_type: null,
    refresh_token: null,
    expires_in: null,
    scope: null,
    path: null,
    info: { tenantId: null, telephone: null, userType: '4', avatar: null, nickName: '管理员', grade: null },
  },
  MESSAGES.loginSucceeded,
);

export const LOGIN_REQUEST_EXAMPLE = { username: 'admin', password: 'secret' };

/** The current user from a stub-login token: id, nickName, account, userType filled, the rest null. */
export const CURRENT_USER_RESPONSE_EXAMPLE = ok(
  {
    ...Object.fromEntries(CURRENT_USER_FIELDS.map((field) => [field, null])),
    id: '1',
    nickName: '管理员',
    account: 'admin',
    userType: '4',
  },
  MESSAGES.succeeded,
);

export const PUBLIC_KEY_RESPONSE_EXAMPLE = ok(
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAoRlpcqeq0tsSIlGEw6SrUIVtVkn01vUp2rhUPvBXYH6tkdE8KCyaidoTCj/j9vK1n5zuXvIBwW9jD2' +
    'bsPSVTzKJaLMgIdlrUf9b769TB+v1/BjYUFaWny0at2/ppvdSbcW2BMfT6V7Ck4/scK6FVcKCWb0ZyiPXWHswRiXrs7sV6knweDRxbzJZ7/pTiwoASQfF2Ho85' +
    'DYCVOlpcpBit9CGn8vXy5P7SmRMLacDzHvYB0+PjnD/v+ymQwUDG/79C1mhmL0rqV8mD+G/7QJx5C2ATqwXPvmvDJAXk5hcCjbRp67OJfYdz3zQ4krbUfVGfOlul' +
    '8sy5BwAfILHmpbeh5wIDAQAB',
  MESSAGES.succeeded,
);

export const HEALTH_EXAMPLE = {
  status: 'UP',
  components: {
    db: { status: 'UP', details: { database: 'sqlite' } },
    signingKey: { status: 'UP', details: { method: 'rsa', alg: 'RS256', kid: 'q2Gm3YxQ0n7pVhJtYw6s4l9rT1cK8dEfB5aZuNoXyIw' } },
  },
};
