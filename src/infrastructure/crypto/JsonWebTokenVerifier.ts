import jwt, { type JwtHeader } from 'jsonwebtoken';
import { KeyUnavailableError, TokenExpiredError, TokenInvalidError, UnknownKeyIdError } from '../../domain/errors';
import type { TokenClaims } from '../../domain/model/TokenClaims';
import type { Clock } from '../../domain/ports/Clock';
import type { TokenVerifier } from '../../domain/ports/TokenVerifier';
import type { VerificationKeySource } from '../../domain/ports/VerificationKeySource';
import { ParsedKeyCache } from './ParsedKeyCache';

export interface VerifierOptions {
  /** Expected `iss`; undefined accepts any issuer (a client that was not told the issuer). */
  readonly issuer?: string;
  readonly clockToleranceSeconds: number;
}

/** Tokens longer than this are refused before any parsing: no honest token is near it. */
const MAX_TOKEN_LENGTH = 8192;

/**
 * Verifies with jsonwebtoken against keys already in memory. The allowed
 * algorithms are those the key is configured for AND its real type supports;
 * the token header's alg never chooses (no `none`, no HS-with-a-public-key).
 */
export class JsonWebTokenVerifier implements TokenVerifier {
  constructor(
    private readonly keys: VerificationKeySource,
    private readonly clock: Clock,
    private readonly options: VerifierOptions,
    /** Shared with whoever imports keys at fetch time, so nothing is imported twice. */
    private readonly parsedKeys: ParsedKeyCache = new ParsedKeyCache(),
  ) {}

  verify(token: string): TokenClaims {
    // Without any key the token may well be valid: say "try later", not "log in again".
    if (!this.keys.hasAnyKey()) {
      // …unless the key server handed out a key of the wrong type: then no token can be ours.
      if (this.keys.keyRefused?.()) throw new TokenInvalidError('the verification key does not fit the sign method');
      throw new KeyUnavailableError();
    }
    if (token.length > MAX_TOKEN_LENGTH) throw new TokenInvalidError('token too long');
    const header = decodeHeader(token);
    const kid = typeof header.kid === 'string' ? header.kid : undefined;
    const key = this.keys.keyFor(kid);
    if (!key) throw kid === undefined ? new TokenInvalidError('no key for this token') : new UnknownKeyIdError(kid);
    const parsed = this.parsedKeys.get(key);
    if (!parsed) throw new TokenInvalidError('the verification key is unusable');

    let payload: unknown;
    try {
      payload = jwt.verify(token, parsed.key, {
        algorithms: parsed.algorithms,
        issuer: this.options.issuer,
        clockTolerance: this.options.clockToleranceSeconds,
        clockTimestamp: Math.floor(this.clock.now().getTime() / 1000),
      });
    } catch (error) {
      if (error instanceof jwt.TokenExpiredError) throw new TokenExpiredError('token expired', { cause: error });
      throw new TokenInvalidError('token rejected', { cause: error });
    }
    return claimsOf(payload);
  }

}

function decodeHeader(token: string): JwtHeader {
  const dot = token.indexOf('.');
  if (dot <= 0) throw new TokenInvalidError('not a compact JWS');
  try {
    const header: unknown = JSON.parse(Buffer.from(token.slice(0, dot), 'base64url').toString('utf8'));
    if (typeof header !== 'object' || header === null) throw new TypeError('header is not an object');
    return header as JwtHeader;
  } catch (error) {
    throw new TokenInvalidError('unreadable token header', { cause: error });
  }
}

/** Our claims are strings; a token whose user fields are not is not one of ours. */
function claimsOf(payload: unknown): TokenClaims {
  if (typeof payload !== 'object' || payload === null) throw new TokenInvalidError('payload is not an object');
  const claims = payload as Record<string, unknown>;
  // jsonwebtoken checks exp only when present; ours always carry it, so a token without one is not ours.
  if (typeof claims.exp !== 'number') throw new TokenInvalidError('claim exp missing');
  for (const name of ['account', 'nickName', 'userId', 'userType']) {
    if (typeof claims[name] !== 'string') throw new TokenInvalidError(`claim ${name} missing`);
  }
  for (const name of ['tenantId', 'avatar', 'telephone', 'grade']) {
    if (claims[name] !== undefined && typeof claims[name] !== 'string') throw new TokenInvalidError(`claim ${name} malformed`);
  }
  return claims as unknown as TokenClaims;
}
