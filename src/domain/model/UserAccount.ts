import type { AuthenticatedUser } from './AuthenticatedUser';

export const USER_STATUSES = ['active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A user as the user store keeps it: the profile, the password hash and whether it may log in. */
export interface UserAccount extends AuthenticatedUser {
  readonly email: string | null;
  /** Self-describing (algorithm, parameters, salt, digest), so parameters can be raised later. */
  readonly passwordHash: string;
  readonly status: UserStatus;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A user without the password hash: what listings and management answers show. */
export type UserSummary = Omit<UserAccount, 'passwordHash'>;

/** What a login vouches for: the profile fields that go into the token and `info`. */
export function authenticatedUserOf(user: UserAccount): AuthenticatedUser {
  return {
    id: user.id,
    account: user.account,
    nickName: user.nickName,
    userType: user.userType,
    tenantId: user.tenantId,
    telephone: user.telephone,
    avatar: user.avatar,
    grade: user.grade,
  };
}

/** The fields spelled out, so the hash can never slip into a listing. */
export function summaryOf(user: UserAccount): UserSummary {
  return { ...authenticatedUserOf(user), email: user.email, status: user.status, createdAt: user.createdAt, updatedAt: user.updatedAt };
}

/** Longest value of each stored text field; the users table has the same sizes. */
export const USER_FIELD_LIMITS = {
  account: 256,
  nickName: 256,
  userType: 16,
  tenantId: 64,
  telephone: 32,
  avatar: 1024,
  email: 256,
  grade: 64,
  password: 1024,
} as const;
