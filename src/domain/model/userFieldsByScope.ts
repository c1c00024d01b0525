/** The service's own user fields in a user token and at userinfo, in the order they are written. */
export const USER_FIELDS = ['account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'telephone', 'grade'] as const;
export type UserField = (typeof USER_FIELDS)[number];

/**
 * What each scope releases of those fields to a stored client's app: `profile`
 * who the user is (account, names, picture, user id and type, tenant and
 * grade), `phone` the telephone. `email` releases no field here (tokens carry
 * no email; standardClaimsOf answers it at userinfo).
 */
const RELEASED_BY_SCOPE: ReadonlyArray<readonly [scope: string, fields: readonly UserField[]]> = [
  ['profile', ['account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'grade']],
  ['phone', ['telephone']],
];

/**
 * Kept in a stored client's access token whatever its scopes: the fields
 * @auth-service/client requires of a user token (its verifiers, the service's
 * own included, refuse one without them, or would take it for a client's
 * token), and the tenant and grade resource services authorize with.
 */
const ALWAYS_IN_ACCESS_TOKEN: readonly UserField[] = ['account', 'nickName', 'userId', 'userType', 'tenantId', 'grade'];

/** The fields userinfo answers a stored client's app for these scopes (`sub` aside, always answered). */
export function userInfoFieldsOf(scopes: readonly string[]): ReadonlySet<UserField> {
  return new Set(RELEASED_BY_SCOPE.flatMap(([scope, fields]) => (scopes.includes(scope) ? fields : [])));
}

/** The fields a stored client's access token carries for these scopes. */
export function accessTokenFieldsOf(scopes: readonly string[]): ReadonlySet<UserField> {
  return new Set([...ALWAYS_IN_ACCESS_TOKEN, ...userInfoFieldsOf(scopes)]);
}
