import type { TokenClaims } from '@auth-service/client';
import { grantsOpenId } from './OpenIdScope';

/** The user's fields a user token carries, from which the standard claims are filled. */
type ProfileField = 'account' | 'nickName' | 'avatar' | 'telephone';
export type ProfileClaims = Pick<TokenClaims, ProfileField>;

/**
 * OpenID Connect Core §5.4, as this service fills the claims from the user's
 * fields: `profile` → `name` and `nickname` (the nickname, the only name the
 * user model has), `preferred_username` (the account), `picture` (the avatar);
 * `phone` → `phone_number` (the telephone). `email` is absent: the user as
 * signed in (AuthenticatedUser, the tokens' claims) carries no email.
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
  ['phone', [['phone_number', 'telephone']]],
];

/** The scopes that ask for standard claims, as discovery lists them beside `openid`. */
export const STANDARD_CLAIM_SCOPES: readonly string[] = CLAIMS_BY_SCOPE.map(([scope]) => scope);

/** Every standard claim the scopes may answer (discovery's `claims_supported`). */
export const STANDARD_CLAIMS: readonly string[] = CLAIMS_BY_SCOPE.flatMap(([, claims]) => claims.map(([claim]) => claim));

/**
 * The standard claims a token's scopes ask for, in a fixed order, each only
 * when the user has a value: nothing unless the scopes include `openid` (a
 * plain OAuth token asks for none).
 */
export function standardClaimsOf(user: ProfileClaims, scopes: readonly string[]): Record<string, string> {
  const answered: Record<string, string> = {};
  if (!grantsOpenId(scopes)) return answered;
  for (const [scope, claims] of CLAIMS_BY_SCOPE) {
    if (!scopes.includes(scope)) continue;
    for (const [claim, field] of claims) {
      const value = user[field];
      if (value !== undefined) answered[claim] = value;
    }
  }
  return answered;
}
