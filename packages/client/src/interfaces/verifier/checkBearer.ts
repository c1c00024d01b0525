import type { GetCurrentUser } from '../../application/GetCurrentUser';
import type { VerifiedToken } from '../../domain/model/VerifiedToken';

/**
 * The one token check of every way in (createVerifier, the express middleware,
 * the inversify TokenInterceptor): synchronous on keys in memory, a promise
 * only when the token names a kid not held yet (possibly published since the
 * last refresh: one bounded refetch, then decide). Throws or rejects with the
 * token error.
 */
export function checkBearer(getCurrentUser: GetCurrentUser, authorization: string | undefined): VerifiedToken | Promise<VerifiedToken> {
  return getCurrentUser.verifiedTokenRefreshingKeys({ authorization });
}
