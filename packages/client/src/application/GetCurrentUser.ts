import { TokenMissingError } from '../domain/errors';
import { currentUserFromClaims, type CurrentUserDetails } from '../domain/model/CurrentUserDetails';
import type { TokenVerifier } from '../domain/ports/TokenVerifier';
import type { VerificationKeySource } from '../domain/ports/VerificationKeySource';
import { verifiedAfterKeyRefresh } from './verifiedAfterKeyRefresh';

export interface GetCurrentUserInput {
  /** The raw Authorization header, if any. */
  readonly authorization: string | undefined;
}

export type GetCurrentUserResult = CurrentUserDetails;


/**
 * Resolves the user behind a request's bearer token. Shared by the auth service
 * and every client service, so both answer a token the same way.
 */
export class GetCurrentUser {
  constructor(
    private readonly verifier: TokenVerifier,
    /** Where keys come from, when it can refetch on an unknown kid (a client's provider). */
    private readonly keys?: VerificationKeySource,
  ) {}

  /** The synchronous path every request takes: pure CPU on keys in memory. */
  execute(input: GetCurrentUserInput): GetCurrentUserResult {
    const token = bearerToken(input.authorization);
    if (token === null) throw new TokenMissingError();
    return currentUserFromClaims(this.verifier.verify(token));
  }

  /**
   * `execute`, and when the token names a kid not held yet: let the key source
   * refetch (it bounds how often) and try once more; otherwise the same error
   * stands. Synchronous unless a refetch is needed.
   */
  executeRefreshingKeys(input: GetCurrentUserInput): GetCurrentUserResult | Promise<GetCurrentUserResult> {
    return verifiedAfterKeyRefresh(() => this.execute(input), this.keys);
  }
}

/**
 * The token of an `Authorization: Bearer <token>` header (scheme case-insensitive),
 * else null. Whatever follows the scheme counts as a sent token, well formed or
 * not. Plain string work, no regular expression: the header may be 100 kB.
 */
export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null;
  const header = authorization.trim();
  if (header.length < 8 || header.slice(0, 6).toLowerCase() !== 'bearer' || (header[6] !== ' ' && header[6] !== '\t')) return null;
  const token = header.slice(7).trim();
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, the header is trimmed, at least 8 long and blank at 6, so what follows the scheme always holds a non-blank character
  return token.length > 0 ? token : null;
}
