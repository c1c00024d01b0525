import type { ClientTokenClaims } from './ClientTokenClaims';
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

/**
 * Builds the user from verified claims, with the API's key order; `clientId` is the client the token was
 * issued through, if any. `id` is `userId`, else `sub` (a token whose scopes release no profile still names
 * its user); the other fields the token does not carry are null.
 */
export function currentUserFromClaims(claims: TokenClaims): CurrentUserDetails {
  return {
    id: claims.userId ?? claims.sub,
    tenantId: claims.tenantId ?? null,
    clientId: claims.client_id ?? null,
    signMethod: null,
    nickName: claims.nickName ?? null,
    avatar: claims.avatar ?? null,
    anId: null,
    anTitle: null,
    telephone: claims.telephone ?? null,
    email: null,
    account: claims.account ?? null,
    accountSecret: null,
    status: null,
    appId: null,
    openId: null,
    userType: claims.userType ?? null,
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

/** Every field unknown, in the API's key order. */
const NO_USER: Readonly<CurrentUserDetails> = Object.freeze({
  id: null, tenantId: null, clientId: null, signMethod: null, nickName: null, avatar: null, anId: null, anTitle: null,
  telephone: null, email: null, account: null, accountSecret: null, status: null, appId: null, openId: null, userType: null,
  sex: null, deptId: null, deptTitle: null, postId: null, postTitle: null, grade: null, isSuperAdmin: null, delFlag: null,
  canDel: null, expireTime: null, other: null,
});

/**
 * The principal of a client's own token (`client_credentials`, when the service
 * accepts them): the same shape and key order as a user, every user field null,
 * `clientId` the client's id. `id` stays null rather than taking the client id,
 * so a handler never mistakes a client for the user whose id is the same string.
 */
export function clientPrincipalFromClaims(claims: ClientTokenClaims): CurrentUserDetails {
  return { ...NO_USER, clientId: claims.client_id };
}
