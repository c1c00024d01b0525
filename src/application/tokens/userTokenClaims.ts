import type { TokenClaims } from '@auth-service/client';
import type { AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import type { UserField } from '../../domain/model/userFieldsByScope';

export interface UserTokenStamp {
  readonly issuer: string;
  /** Epoch seconds. */
  readonly iat: number;
  readonly ttlSeconds: number;
  readonly jti: string;
  /** The OAuth client the token is issued to (RFC 7009 §2.1 binding); absent for none. */
  readonly clientId?: string;
}

/**
 * A user's access-token claims, in the original field order; the login and
 * every OAuth grant sign these. `released` names the user fields a stored
 * client's scopes release (releasedFieldsOf: without `profile`, `sub` alone
 * names the user); null keeps them all (the seed login and AUTH_CLIENTS: their
 * token contract).
 */
export function userTokenClaims(user: AuthenticatedUser, stamp: UserTokenStamp, released: ReadonlySet<UserField> | null): TokenClaims {
  const fields: Record<UserField, string | null> = {
    account: user.account,
    nickName: user.nickName,
    userId: user.id,
    userType: user.userType,
    tenantId: user.tenantId,
    avatar: user.avatar,
    telephone: user.telephone,
    grade: user.grade,
  };
  return {
    ...presentOnly(released === null ? fields : withheldOmitted(fields, released)),
    sub: user.id,
    iss: stamp.issuer,
    iat: stamp.iat,
    exp: stamp.iat + stamp.ttlSeconds,
    jti: stamp.jti,
    ...(stamp.clientId === undefined ? {} : { client_id: stamp.clientId }),
  };
}

/** Null for each field the scopes do not release, so presentOnly drops it. */
function withheldOmitted(fields: Record<string, string | null>, released: ReadonlySet<string>): Record<string, string | null> {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, released.has(name) ? value : null]));
}

/** Drops null fields: the token carries only what is known about the user. */
function presentOnly(fields: Record<string, string | null>): Record<string, string> {
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (value !== null) present[name] = value;
  return present;
}
