import type { AccountSession } from '../../src/application/account/OpenAccountSession';
import type { AuthenticatedUser } from '../../src/domain/model/AuthenticatedUser';

/** A user as the account page's tests sign them in: id `u-<account>`. */
export function accountUser(account: string): AuthenticatedUser {
  return { id: `u-${account}`, account, nickName: account, userType: '4', tenantId: null, telephone: null, avatar: null, grade: null };
}

/** The account page's session of `account` (cookie value and sid made up from it). */
export function accountSessionOf(account: string, sid = `sid-${account}`): AccountSession {
  return { token: `token-${account}-${sid}`, user: accountUser(account), sid };
}
