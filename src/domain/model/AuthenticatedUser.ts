/** The member user type constant of the original service. */
export const MEMBER_USER_TYPE = '4';

/** The user a UserAuthenticator vouches for; optional profile fields are null when unknown. */
export interface AuthenticatedUser {
  readonly id: string;
  readonly account: string;
  readonly nickName: string;
  readonly userType: string;
  readonly tenantId: string | null;
  readonly telephone: string | null;
  readonly avatar: string | null;
  readonly grade: string | null;
}
