import type { TokenClaims } from '@auth-service/client';
import { grantsOpenId } from './OpenIdScope';

/** The user's fields a user token carries, and the email the user store holds (never in a token), from which the standard claims are filled. */
type ProfileField = 'account' | 'nickName' | 'avatar' | 'telephone' | 'email';
export type ProfileClaims = Pick<TokenClaims, Exclude<ProfileField, 'email'>> & { readonly email?: string };

/**
 * OpenID Connect Core §5.4, as this service fills the claims from the user's
 * fields: `profile` → `name` and `nickname` (the nickname, the only name the
 * user model has), `preferred_username` (the account), `picture` (the avatar);
 * `email` → `email` (the user store's, asked at userinfo: tokens carry no
 * email) with `email_verified` false (the service verifies no address);
 * `phone` → `phone_number` (the telephone).
 */
const CLAIMS_BY_SCOPE: ReadonlyArray<readonly [scope: string, claims: ReadonlyArray<readonly [claim: string, field: ProfileField]>]> = [
  [
    'profile',
    [
      ['name', 'nickName'],
      ['nickname', 'nickName'],
      ['preferred_username', 'account'],
      ['picture', 'avatar'],
    ],
  ],
  ['email', [['email', 'email']]],
  ['phone', [['phone_number', 'telephone']]],
];

/** The scopes that ask for standard claims, as discovery lists them beside `openid`. */
export const STANDARD_CLAIM_SCOPES: readonly string[] = CLAIMS_BY_SCOPE.map(([scope]) => scope);

/** Every standard claim the scopes may answer (discovery's `claims_supported`). */
export const STANDARD_CLAIMS: readonly string[] = [...CLAIMS_BY_SCOPE.flatMap(([, claims]) => claims.map(([claim]) => claim)), 'email_verified'];

/**
 * The standard claims a token's scopes ask for, in a fixed order, each only
 * when the user has a value: nothing unless the scopes include `openid` (a
 * plain OAuth token asks for none).
 */
export function standardClaimsOf(user: ProfileClaims, scopes: readonly string[]): Record<string, string | boolean> {
  const answered: Record<string, string | boolean> = {};
  if (!grantsOpenId(scopes)) return answered;
  for (const [scope, claims] of CLAIMS_BY_SCOPE) {
    if (!scopes.includes(scope)) continue;
    for (const [claim, field] of claims) {
      const value = user[field];
      if (value !== undefined) answered[claim] = value;
    }
  }
  // Never verified here (no mail is sent): say so rather than leave a relying party to guess (OIDC Core §5.1).
  if (answered.email !== undefined) answered.email_verified = false;
  return answered;
}
