import type { GetCurrentUser } from '../../application/GetCurrentUser';
import type { DpopRequest } from '../../domain/model/DpopProof';
import type { VerifiedToken } from '../../domain/model/VerifiedToken';

/**
 * The one token check of every way in (createVerifier, the express middleware,
 * the inversify TokenInterceptor): synchronous on keys in memory, a promise
 * only when the token names a kid not held yet (possibly published since the
 * last refresh: one bounded refetch, then decide). A DPoP-bound token is checked
 * with the proof of `request`, and refused without one. Throws or rejects with the
 * token error.
 */
export function checkBearer(
  getCurrentUser: GetCurrentUser,
  authorization: string | undefined,
  request?: DpopRequest,
): VerifiedToken | Promise<VerifiedToken> {
  return getCurrentUser.verifiedTokenRefreshingKeys({ authorization, request });
}
