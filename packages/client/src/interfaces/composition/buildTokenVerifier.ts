import { RevocationCheckingVerifier } from '../../application/RevocationCheckingVerifier';
import type { Clock } from '../../domain/ports/Clock';
import type { RevocationSource } from '../../domain/ports/RevocationSource';
import type { TokenVerifier } from '../../domain/ports/TokenVerifier';
import type { VerificationKeySource } from '../../domain/ports/VerificationKeySource';
import { CachingTokenVerifier } from '../../infrastructure/crypto/CachingTokenVerifier';
import { JsonWebTokenVerifier } from '../../infrastructure/crypto/JsonWebTokenVerifier';
import type { ParsedKeyCache } from '../../infrastructure/crypto/ParsedKeyCache';

/** The rules of one token check, whoever holds the keys (a client's provider, the auth service's key ring). */
export interface TokenVerifierSettings {
  /** Expected `iss`: fixed, or asked per token (learned or settled after the verifier is built; null refuses as "try later"). */
  readonly issuer: string | (() => string | null);
  readonly clockToleranceSeconds: number;
  readonly maxTokenLifetimeSeconds: number;
  /** Verified tokens remembered until their exp; 0 turns the cache off. */
  readonly verifiedTokenCacheSize: number;
  /** Parsed keys shared with the key provider, so a key is parsed once. */
  readonly parsedKeys?: ParsedKeyCache;
  /** Revoked tokens are refused outside the cache when given. */
  readonly revocations?: RevocationSource;
}

/**
 * The verifier stack, assembled in this one place for every way in (createVerifier,
 * the express middleware, the inversify module) and for the auth service's own
 * protected routes: jsonwebtoken with pinned algorithms and claim checks, the
 * verified-token cache, then the revocation check outside the cache.
 */
export function buildTokenVerifier(keys: VerificationKeySource, clock: Clock, settings: TokenVerifierSettings): TokenVerifier {
  const core = new JsonWebTokenVerifier(
    keys,
    clock,
    {
      issuer: settings.issuer,
      clockToleranceSeconds: settings.clockToleranceSeconds,
      maxTokenLifetimeSeconds: settings.maxTokenLifetimeSeconds,
    },
    settings.parsedKeys,
  );
  // Services see the same token on every request of a session: check its signature once.
  const cached =
    settings.verifiedTokenCacheSize === 0
      ? core
      : new CachingTokenVerifier(core, keys, clock, { maxEntries: settings.verifiedTokenCacheSize, clockToleranceSeconds: settings.clockToleranceSeconds });
  return settings.revocations ? new RevocationCheckingVerifier(cached, settings.revocations) : cached;
}
