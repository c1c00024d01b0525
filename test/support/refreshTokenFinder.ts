import { FindActiveToken } from '../../src/application/oauth/FindActiveToken';
import type { GrantOwners } from '../../src/application/oauth/GrantOwners';
import type { RefreshTokenFamilies } from '../../src/application/oauth/RefreshTokenFamilies';
import { TokenInvalidError } from '../../src/domain/errors';

/**
 * The token finder as the refresh grant uses it: refresh tokens through `families` and `owners`
 * (the user status and not-before); an access token asked of it is a test's mistake, refused.
 */
export function refreshTokenFinder(families: Pick<RefreshTokenFamilies, 'find' | 'isAlive' | 'now'>, owners: Pick<GrantOwners, 'refusal'>): FindActiveToken {
  const noAccessTokens = {
    verifyAccessToken(): never {
      throw new TokenInvalidError('no access token is asked of the refresh grant');
    },
  };
  return new FindActiveToken(noAccessTokens, { isActive: async () => true }, families, owners);
}
