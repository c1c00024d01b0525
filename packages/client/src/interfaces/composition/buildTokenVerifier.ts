import { RevocationCheckingAccessTokenVerifier } from '../../application/RevocationCheckingAccessTokenVerifier';
import { RevocationCheckingVerifier } from '../../application/RevocationCheckingVerifier';
import type { TokenClaims } from '../../domain/model/TokenClaims';
import type { AccessTokenVerifier } from '../../domain/ports/AccessTokenVerifier';
import type { Clock } from '../../domain/ports/Clock';
import type { RevocationSource } from '../../domain/ports/RevocationSource';
import type { TokenVerifier } from '../../domain/ports/TokenVerifier';
import type { VerificationKeySource } from '../../domain/ports/VerificationKeySource';
import { CachingTokenVerifier } from '../../infrastructure/crypto/CachingTokenVerifier';
import { JsonWebTokenVerifier } from '../../infrastructure/crypto/JsonWebTokenVerifier';
import type { ParsedKeyCache } from '../../infrastructure/crypto/ParsedKeyCache';

/** The rules of one token check, whoever holds the keys (a client's provider, the auth service's key ring). */
export interface TokenVerifierSettings {
  /**
   * Expected `iss`: fixed, or asked per token (learned or settled after the
   * verifier is built; null refuses as "try later"). Left out, any issuer is
   * accepted: only for keys that sign for one issuer alone.
   */
  readonly issuer?: string | (() => string | null);
  readonly clockToleranceSeconds: number;
  readonly maxTokenLifetimeSeconds: number;
  /**
   * The audience(s) this service answers to: a token whose `aud` (a string or an array) names none of them
   * is refused as invalid, exact string comparison. Left out, no audience is checked. An empty list accepts no token.
   */
  readonly audience?: string | readonly string[];
  /** Verified tokens remembered until their exp, up to this many for each check (`verify`, `verifyAccessToken`); 0 turns the caches off. */
  readonly verifiedTokenCacheSize: number;
  /** Parsed keys shared with the key provider, so a key is parsed once. */
  readonly parsedKeys?: ParsedKeyCache;
  /** Revoked tokens are refused outside the cache when given. */
  readonly revocations?: RevocationSource;
}

/**
 * Both checks over the same keys and rules, each through its own verified-token
 * cache: `verify` takes user tokens only, `verifyAccessToken` user and client
 * (`client_credentials`) tokens, for endpoints that answer whoever a token
 * names. Both refuse revoked tokens when `revocations` is given.
 */
export interface KeyHolderVerifier extends TokenVerifier, AccessTokenVerifier {}

/**
 * The verifier stack, assembled in this one place for every way in (createVerifier,
 * the express middleware, the inversify module) and for hosts that hold their
 * keys themselves (the auth service's own protected routes): jsonwebtoken with
 * pinned algorithms and claim checks, the verified-token cache, then the
 * revocation check outside the cache.
 */
export function buildTokenVerifier(keys: VerificationKeySource, clock: Clock, settings: TokenVerifierSettings): KeyHolderVerifier {
  const core = new JsonWebTokenVerifier(
    keys,
    clock,
    {
      issuer: settings.issuer,
      clockToleranceSeconds: settings.clockToleranceSeconds,
      maxTokenLifetimeSeconds: settings.maxTokenLifetimeSeconds,
      audience: typeof settings.audience === 'string' ? [settings.audience] : settings.audience && Object.freeze([...settings.audience]),
    },
    settings.parsedKeys,
  );
  // Services see the same token on every request of a session: check its signature once.
  const caching = (check: TokenVerifier): TokenVerifier =>
    settings.verifiedTokenCacheSize === 0
      ? check
      : new CachingTokenVerifier(check, keys, clock, { maxEntries: settings.verifiedTokenCacheSize, clockToleranceSeconds: settings.clockToleranceSeconds });
  const cached = caching(core);
  // A cache of its own: a client token it remembers must never answer `verify`. The cache reads only exp and nbf of the claims it keeps.
  const cachedAny = caching({ verify: (token) => core.verifyAccessToken(token) as TokenClaims });
  const users: TokenVerifier = settings.revocations ? new RevocationCheckingVerifier(cached, settings.revocations) : cached;
  const anyCheck: AccessTokenVerifier = { verifyAccessToken: (token) => cachedAny.verify(token) };
  const anyToken: AccessTokenVerifier = settings.revocations ? new RevocationCheckingAccessTokenVerifier(anyCheck, settings.revocations) : anyCheck;
  return {
    verify: (token) => users.verify(token),
    verifyAccessToken: (token) => anyToken.verifyAccessToken(token),
  };
}
