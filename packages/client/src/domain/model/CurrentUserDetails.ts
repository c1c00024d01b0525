import type { TokenClaims } from './TokenClaims';

/** The current user as handlers see it; every key is always present (null when unknown). */
export interface CurrentUserDetails {
  id: string | null;
  tenantId: string | null;
  clientId: string | null;
  signMethod: string | null;
  nickName: string | null;
  avatar: string | null;
  anId: string | null;
  anTitle: string | null;
  telephone: string | null;
  email: string | null;
  account: string | null;
  accountSecret: string | null;
  status: string | null;
  appId: string | null;
  openId: string | null;
  userType: string | null;
  sex: string | null;
  deptId: string | null;
  deptTitle: string | null;
  postId: string | null;
  postTitle: string | null;
  grade: string | null;
  isSuperAdmin: boolean | null;
  delFlag: string | null;
  canDel: boolean | null;
  expireTime: string | null;
  other: Record<string, unknown> | null;
}

/** Builds the user from verified claims, with the API's key order. */
export function currentUserFromClaims(claims: TokenClaims): CurrentUserDetails {
  return {
    id: claims.userId,
    tenantId: claims.tenantId ?? null,
    clientId: null,
    signMethod: null,
    nickName: claims.nickName,
    avatar: claims.avatar ?? null,
    anId: null,
    anTitle: null,
    telephone: claims.telephone ?? null,
    email: null,
    account: claims.account,
    accountSecret: null,
    status: null,
    appId: null,
    openId: null,
    userType: claims.userType,
    sex: null,
    deptId: null,
    deptTitle: null,
    postId: null,
    postTitle: null,
    grade: claims.grade ?? null,
    isSuperAdmin: null,
    delFlag: null,
    canDel: null,
    expireTime: null,
    other: null,
  };
}
