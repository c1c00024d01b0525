/**
 * The claims our access tokens carry. Profile fields that are null for the user
 * are left out of the token rather than written as null.
 */
export interface TokenClaims {
  readonly account: string;
  readonly nickName: string;
  readonly userId: string;
  readonly userType: string;
  readonly tenantId?: string;
  readonly avatar?: string;
  readonly telephone?: string;
  readonly grade?: string;
  readonly sub: string;
  readonly iss: string;
  readonly iat: number;
  readonly exp: number;
  readonly jti: string;
  /** The OAuth client the token was issued through (RFC 9068 §2.2); absent for the login endpoint's tokens. */
  readonly client_id?: string;
}
