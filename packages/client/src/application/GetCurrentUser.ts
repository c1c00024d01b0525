import { DpopBindingError, TokenMissingError } from '../domain/errors';
import { namesClientOnly } from '../domain/model/ClientTokenClaims';
import { boundKeyOf, checkScheme, type AuthorizationScheme, type DpopRequest } from '../domain/model/DpopProof';
import type { CurrentUserDetails } from '../domain/model/CurrentUserDetails';
import { verifiedTokenFromClaims, type VerifiedToken } from '../domain/model/VerifiedToken';
import type { AccessTokenVerifier } from '../domain/ports/AccessTokenVerifier';
import type { TokenVerifier } from '../domain/ports/TokenVerifier';
import type { VerificationKeySource } from '../domain/ports/VerificationKeySource';
import type { CheckDpopProof } from './CheckDpopProof';
import { verifiedAfterKeyRefresh } from './verifiedAfterKeyRefresh';

export interface GetCurrentUserInput {
  /** The raw Authorization header, if any. */
  readonly authorization: string | undefined;
  /** The request a DPoP proof is checked against (`DPoP` header, method, URL); without it a DPoP-bound token is refused. */
  readonly request?: DpopRequest;
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
    /**
     * Given when the service accepts clients' own tokens (`client_credentials`): a token whose
     * payload names a client and no user is checked by it. Every other token, and every token
     * without it, takes `verifier` (user tokens only).
     */
    private readonly clientTokens?: AccessTokenVerifier,
    /** Checks the proof a DPoP-bound token comes with; without it every DPoP-bound token is refused. */
    private readonly dpopProofs?: CheckDpopProof,
  ) {}

  /** The synchronous path every request takes: pure CPU on keys in memory. */
  execute(input: GetCurrentUserInput): GetCurrentUserResult {
    return this.verifiedToken(input).user;
  }

  /** `execute`, with what the token says beyond the user: kind, subject, client, scopes, audiences, claims. */
  verifiedToken(input: GetCurrentUserInput): VerifiedToken {
    const presented = presentedToken(input.authorization);
    if (presented === null) throw new TokenMissingError();
    const { scheme, token } = presented;
    // Which check a token takes is read from its unverified payload; each check verifies everything again, so a
    // forged shape gains nothing: user tokens keep the user check (and its cache), client tokens the other one.
    const verified = verifiedTokenFromClaims(
      this.clientTokens && readsAsClientToken(token) ? this.clientTokens.verifyAccessToken(token) : this.verifier.verify(token),
    );
    // Binding is read from verified claims: a token bound to a key is used with a proof of that key or not at all.
    const jkt = boundKeyOf(verified.claims);
    checkScheme(scheme, jkt);
    if (jkt !== null) {
      if (this.dpopProofs === undefined) throw new DpopBindingError('DPoP-bound tokens are not accepted here');
      this.dpopProofs.execute({ jkt, token, request: input.request });
    }
    return verified;
  }

  /**
   * `execute`, and when the token names a kid not held yet: let the key source
   * refetch (it bounds how often) and try once more; otherwise the same error
   * stands. Synchronous unless a refetch is needed.
   */
  executeRefreshingKeys(input: GetCurrentUserInput): GetCurrentUserResult | Promise<GetCurrentUserResult> {
    return verifiedAfterKeyRefresh(() => this.execute(input), this.keys);
  }

  /** `verifiedToken`, refetching keys once for an unknown kid like `executeRefreshingKeys`. */
  verifiedTokenRefreshingKeys(input: GetCurrentUserInput): VerifiedToken | Promise<VerifiedToken> {
    return verifiedAfterKeyRefresh(() => this.verifiedToken(input), this.keys);
  }
}

/** True when a token's (unverified) payload reads as a client's own token (namesClientOnly). */
function readsAsClientToken(token: string): boolean {
  const claims = unverifiedPayload(token);
  return typeof claims === 'object' && claims !== null && namesClientOnly(claims as Record<string, unknown>);
}

/** The JSON of a compact JWS's second segment, unverified; undefined when it does not read as JSON. */
// Stryker disable BlockStatement: equivalent in the catch, an empty one returns undefined too (the function's own block is covered by the routing tests)
function unverifiedPayload(token: string): unknown {
  // Stryker disable next-line StringLiteral: equivalent, without a second segment any fallback text fails to parse as JSON all the same
  const segment = token.split('.', 2)[1] ?? '';
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}
// Stryker restore BlockStatement

/**
 * The token of an `Authorization: Bearer <token>` header (scheme case-insensitive),
 * else null. Whatever follows the scheme counts as a sent token, well formed or
 * not. Plain string work, no regular expression: the header may be 100 kB.
 */
export function bearerToken(authorization: string | undefined): string | null {
  const presented = presentedToken(authorization);
  return presented?.scheme === 'Bearer' ? presented.token : null;
}

/**
 * The scheme and token of an `Authorization: Bearer <token>` or `DPoP <token>` header (RFC 9449 §7.1;
 * scheme case-insensitive), else null. Plain string work, no regular expression: the header may be 100 kB.
 */
export function presentedToken(authorization: string | undefined): { readonly scheme: AuthorizationScheme; readonly token: string } | null {
  if (!authorization) return null;
  const header = authorization.trim();
  const scheme = schemeOf(header);
  if (scheme === null) return null;
  const token = header.slice(scheme.length + 1).trim();
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, the header is trimmed and blank after the scheme, so what follows always holds a non-blank character
  return token.length > 0 ? { scheme, token } : null;
}

function schemeOf(header: string): AuthorizationScheme | null {
  for (const scheme of ['Bearer', 'DPoP'] as const) {
    const blank = header[scheme.length];
    if (header.length > scheme.length + 1 && header.slice(0, scheme.length).toLowerCase() === scheme.toLowerCase() && (blank === ' ' || blank === '\t')) return scheme;
  }
  return null;
}
