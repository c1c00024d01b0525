import { MEMBER_USER_TYPE, type AuthenticatedUser } from '../../domain/model/AuthenticatedUser';
import type { UserAuthenticator } from '../../domain/ports/UserAuthenticator';

/** The fixed user of the original stub login. */
export const STUB_USER: AuthenticatedUser = Object.freeze({
  id: '1',
  account: 'admin',
  nickName: '管理员',
  userType: MEMBER_USER_TYPE,
  tenantId: null,
  telephone: null,
  avatar: null,
  grade: null,
});

/**
 * The original service's login: ANY username and password authenticate as the
 * fixed user. For trying the service out only; bind a real UserAuthenticator
 * in production (the server logs a warning at startup while this one is bound).
 */
export class StubUserAuthenticator implements UserAuthenticator {
  async authenticate(): Promise<AuthenticatedUser> {
    return STUB_USER;
  }
}
