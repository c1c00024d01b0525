/** The service's own user fields in a user token and at userinfo, in the order they are written. */
export const USER_FIELDS = ['account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'telephone', 'grade'] as const;
export type UserField = (typeof USER_FIELDS)[number];

/**
 * What each scope releases of those fields to a stored client's app, in its
 * access token and at userinfo alike: `profile` who the user is (account,
 * names, picture, user id and type, and the tenant and grade resource services
 * authorize with: they say who the user is as much as the rest), `phone` the
 * telephone. `email` releases no field here (tokens carry no email;
 * standardClaimsOf answers it at userinfo). Without `profile` a token names its
 * user by `sub` alone.
 */
const RELEASED_BY_SCOPE: ReadonlyArray<readonly [scope: string, fields: readonly UserField[]]> = [
  ['profile', ['account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'grade']],
  ['phone', ['telephone']],
];

/** The fields a stored client's access token carries and userinfo answers for these scopes (`sub` aside, always there). */
export function releasedFieldsOf(scopes: readonly string[]): ReadonlySet<UserField> {
  return new Set(RELEASED_BY_SCOPE.flatMap(([scope, fields]) => (scopes.includes(scope) ? fields : [])));
}
