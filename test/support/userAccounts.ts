import type { UserAccount } from '../../src/domain/model/UserAccount';

/** A stored, active user as the user store would hold it (created at the epoch). */
export function storedUser(account: string, id: string, fields: Partial<UserAccount> = {}): UserAccount {
  return {
    id,
    account,
    nickName: account,
    userType: '4',
    tenantId: null,
    telephone: null,
    avatar: null,
    grade: null,
    email: null,
    passwordHash: 'hashed:old-password',
    status: 'active',
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...fields,
  };
}
