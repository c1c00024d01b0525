import type { CurrentUserDetails, TokenClaims } from '@auth-service/client';

/** The current-user keys in the API's order; every one the token does not fill is null. */
const KEYS: readonly (keyof CurrentUserDetails)[] = [
  'id', 'tenantId', 'clientId', 'signMethod', 'nickName', 'avatar', 'anId', 'anTitle', 'telephone', 'email', 'account',
  'accountSecret', 'status', 'appId', 'openId', 'userType', 'sex', 'deptId', 'deptTitle', 'postId', 'postTitle', 'grade',
  'isSuperAdmin', 'delFlag', 'canDel', 'expireTime', 'other',
];

/**
 * The baselines (plain jsonwebtoken, express-jwt) answer the same JSON as the
 * library's current user, so a ratio compares the token check alone.
 */
export function userOfClaims(claims: TokenClaims): CurrentUserDetails {
  const filled: Partial<Record<keyof CurrentUserDetails, unknown>> = {
    id: claims.userId ?? claims.sub,
    tenantId: claims.tenantId,
    nickName: claims.nickName,
    avatar: claims.avatar,
    telephone: claims.telephone,
    account: claims.account,
    userType: claims.userType,
    grade: claims.grade,
  };
  return Object.fromEntries(KEYS.map((key) => [key, filled[key] ?? null])) as unknown as CurrentUserDetails;
}
