import type { AuthenticatedUser } from './AuthenticatedUser';

/** The `info` object of a login response; key order is part of the API. */
export interface LoginUserInfo {
  tenantId: string | null;
  telephone: string | null;
  userType: string;
  avatar: string | null;
  nickName: string;
  grade: string | null;
}

/** The `data` of a login response; key order and the null fields are part of the API. */
export interface AccessTokenInfo {
  access_token: string;
  token_type: string | null;
  refresh_token: string | null;
  expires_in: number | null;
  scope: string | null;
  path: string | null;
  info: LoginUserInfo;
}

export function accessTokenInfo(accessToken: string, user: AuthenticatedUser): AccessTokenInfo {
  return {
    access_token: accessToken,
    token_type: null,
    refresh_token: null,
    expires_in: null,
    scope: null,
    path: null,
    info: {
      tenantId: user.tenantId,
      telephone: user.telephone,
      userType: user.userType,
      avatar: user.avatar,
      nickName: user.nickName,
      grade: user.grade,
    },
  };
}
