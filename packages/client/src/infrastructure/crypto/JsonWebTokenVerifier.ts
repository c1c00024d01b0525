import type { Algorithm, JwtHeader } from 'jsonwebtoken';

type JsonWebToken = typeof import('jsonwebtoken');
let loaded: JsonWebToken | undefined;

/**
 * jsonwebtoken, loaded at the first verification rather than when the package is
 * required: it pulls in semver and lodash (about 70 modules), which a service that
 * only imports the types or builds the verifier in a test need not pay for.
 */
function jsonwebtoken(): JsonWebToken {
  // Stryker disable next-line AssignmentOperator: cannot be told apart in a test process, which has loaded jsonwebtoken before the mutant is switched on
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('jsonwebtoken') as JsonWebToken;
  return loaded;
}
import { KeyUnavailableError, TokenExpiredError, TokenInvalidError, UnknownKeyIdError } from '../../domain/errors';
import { namesClientOnly, type AccessTokenClaims, type ClientTokenClaims } from '../../domain/model/ClientTokenClaims';
import type { TokenClaims } from '../../domain/model/TokenClaims';
import { audienceAccepted } from '../../domain/model/TokenPurpose';
import type { AccessTokenVerifier } from '../../domain/ports/AccessTokenVerifier';
import type { Clock } from '../../domain/ports/Clock';
import type { TokenVerifier } from '../../domain/ports/TokenVerifier';
import type { VerificationKeySource } from '../../domain/ports/VerificationKeySource';
import { ParsedKeyCache } from './ParsedKeyCache';

export interface VerifierOptions {
  /**
   * Expected `iss`: a fixed value, or asked per token (a client learns it from
   * the auth service; null while not learned refuses every token as "try
   * later"). Undefined accepts any issuer (library callers that opt out).
   */
  readonly issuer?: string | (() => string | null);
  readonly clockToleranceSeconds: number;
  /** The longest `exp − iat` a genuine token has: the auth service's token TTL (RFC 8725 §3.10). */
  readonly maxTokenLifetimeSeconds: number;
  /**
   * The audiences this service answers to: a token's `aud` must name one of them
   * (exact strings, RFC 7519 §4.1.3). Undefined checks no audience (tokens with or without `aud` pass).
   */
  readonly audience?: readonly string[];
}

/** Tokens longer than this are refused before any parsing: no honest token is near it. */
const MAX_TOKEN_LENGTH = 8192;

/**
 * Verifies with jsonwebtoken against keys already in memory. The allowed
 * algorithms are those the key is configured for AND its real type supports;
 * the token header's alg never chooses (no `none`, no HS-with-a-public-key).
 */
export class JsonWebTokenVerifier implements TokenVerifier, AccessTokenVerifier {
  constructor(
    private readonly keys: VerificationKeySource,
    private readonly clock: Clock,
    private readonly options: VerifierOptions,
    /** Shared with whoever imports keys at fetch time, so nothing is imported twice. */
    private readonly parsedKeys: ParsedKeyCache = new ParsedKeyCache(),
  ) {}

  verify(token: string): TokenClaims {
    return claimsOf(this.verifiedPayload(token));
  }

  /** The same checks; a client token (client_credentials grant) is accepted too. */
  verifyAccessToken(token: string): AccessTokenClaims {
    const payload = this.verifiedPayload(token);
    return clientClaimsOf(payload) ?? claimsOf(payload);
  }

  private verifiedPayload(token: string): unknown {
    // Without any key the token may well be valid: say "try later", not "log in again".
    if (!this.keys.hasAnyKey()) {
      // …unless the key server handed out a key of the wrong type: then no token can be ours.
      if (this.keys.keyRefused?.()) throw new TokenInvalidError('the verification key does not fit the sign method');
      throw new KeyUnavailableError();
    }
    if (token.length > MAX_TOKEN_LENGTH) throw new TokenInvalidError('token too long');
    const header = decodeHeader(token);
    // RFC 7515 §4.1.11: we understand no extension, so any `crit` must be refused.
    if ('crit' in header) throw new TokenInvalidError('critical header extensions are not supported');
    const issuer = this.expectedIssuer();
    const kid = typeof header.kid === 'string' ? header.kid : undefined;
    const key = this.keys.keyFor(kid);
    if (!key) throw kid === undefined ? new TokenInvalidError('no key for this token') : new UnknownKeyIdError(kid);
    const parsed = this.parsedKeys.get(key);
    if (!parsed) throw new TokenInvalidError('the verification key is unusable');

    const now = Math.floor(this.clock.now().getTime() / 1000);
    let payload: unknown;
    try {
      // jsonwebtoken checks the signature, exp, nbf (with the tolerance) and iss.
      payload = jsonwebtoken().verify(token, parsed.key, {
        algorithms: parsed.algorithms as Algorithm[],
        issuer,
        clockTolerance: this.options.clockToleranceSeconds,
        clockTimestamp: now,
      });
    } catch (error) {
      if (error instanceof jsonwebtoken().TokenExpiredError) throw new TokenExpiredError('token expired', { cause: error });
      throw new TokenInvalidError('token rejected', { cause: error });
    }
    this.checkTimes(timesOf(payload), now);
    this.checkAudience(payload as { aud?: unknown });
    return payload;
  }

  /** RFC 8725 §3.10: no token from the future, none living longer than the auth service issues them. */
  private checkTimes({ iat, exp }: { iat: number; exp: number }, now: number): void {
    const tolerance = this.options.clockToleranceSeconds;
    if (iat > now + tolerance) throw new TokenInvalidError('token issued in the future');
    if (exp - iat > this.options.maxTokenLifetimeSeconds + tolerance) throw new TokenInvalidError('token lifetime longer than the auth service issues');
  }

  /** RFC 9700 §2.3: a token issued for another resource is not for this one. */
  private checkAudience(claims: { aud?: unknown }): void {
    const accepted = this.options.audience;
    if (accepted !== undefined && !audienceAccepted(claims, accepted)) throw new TokenInvalidError('token audience not accepted');
  }

  private expectedIssuer(): string | undefined {
    const issuer = this.options.issuer;
    if (typeof issuer !== 'function') return issuer;
    const learned = issuer();
    if (learned === null) throw new KeyUnavailableError('the issuer of the auth service is not known yet');
    return learned;
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

/** exp and iat of any accepted token, user or client: both are required (RFC 8725 §3.10). */
function timesOf(payload: unknown): { iat: number; exp: number } {
  if (typeof payload !== 'object' || payload === null) throw new TokenInvalidError('payload is not an object');
  const { iat, exp } = payload as Record<string, unknown>;
  // jsonwebtoken checks exp only when present; ours always carry it, so a token without one is not ours.
  if (typeof exp !== 'number') throw new TokenInvalidError('claim exp missing');
  // Without iat neither a future issue time nor an over-long lifetime can be told.
  if (typeof iat !== 'number') throw new TokenInvalidError('claim iat missing');
  return { iat, exp };
}

/**
 * A user token: not a client's own, `sub` a string, every user field a string when present, and either a
 * `userId` (the login endpoint's and AUTH_CLIENTS' tokens) or a `client_id` (an OAuth client's, RFC 9068):
 * an ID token, signed by the same key, has neither and is no access token.
 */
function claimsOf(payload: unknown): TokenClaims {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: unreachable, timesOf() has refused a payload that is not an object before this runs
  if (typeof payload !== 'object' || payload === null) throw new TokenInvalidError('payload is not an object');
  const claims = payload as Record<string, unknown>;
  if (namesClientOnly(claims)) throw new TokenInvalidError('a client token names no user');
  if (typeof claims.sub !== 'string') throw new TokenInvalidError('claim sub missing');
  if (claims.userId === undefined && claims.client_id === undefined) throw new TokenInvalidError('claim userId missing');
  for (const name of ['account', 'nickName', 'userId', 'userType', 'tenantId', 'avatar', 'telephone', 'grade', 'client_id']) {
    if (claims[name] !== undefined && typeof claims[name] !== 'string') throw new TokenInvalidError(`claim ${name} malformed`);
  }
  return claims as unknown as TokenClaims;
}

/** A client token's claims (namesClientOnly: client_id the string `sub`, no user field), else null. */
function clientClaimsOf(payload: unknown): ClientTokenClaims | null {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: unreachable, timesOf() has refused a payload that is not an object before this runs
  if (typeof payload !== 'object' || payload === null) return null;
  const claims = payload as Record<string, unknown>;
  return namesClientOnly(claims) ? (claims as unknown as ClientTokenClaims) : null;
}
