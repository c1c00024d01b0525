import { TokenInvalidError, type TokenClaims, type TokenVerifier } from '../../src/index';

/** Knows a fixed set of tokens; any other token is invalid, or fails with the configured error. */
export class StubTokenVerifier implements TokenVerifier {
  readonly seen: string[] = [];

  constructor(
    private readonly known: Readonly<Record<string, TokenClaims>>,
    private readonly failure: () => Error = () => new TokenInvalidError('unknown token'),
  ) {}

  verify(token: string): TokenClaims {
    this.seen.push(token);
    const claims = this.known[token];
    if (!claims) throw this.failure();
    return claims;
  }
}
