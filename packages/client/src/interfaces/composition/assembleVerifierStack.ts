import { AlongsideScheduler } from '../../application/AlongsideScheduler';
import type { CheckDpopProof } from '../../application/CheckDpopProof';
import { GetCurrentUser } from '../../application/GetCurrentUser';
import { PublicKeyProvider, type RefreshOutcome } from '../../application/PublicKeyProvider';
import { RevocationFeedProvider, type FeedOutcome } from '../../application/RevocationFeedProvider';
import type { Clock } from '../../domain/ports/Clock';
import type { IssuerSource } from '../../domain/ports/IssuerSource';
import type { JsonWebKeySetSource } from '../../domain/ports/JsonWebKeySetSource';
import type { Logger } from '../../domain/ports/Logger';
import type { PublicKeySource } from '../../domain/ports/PublicKeySource';
import type { RevocationFeedSource } from '../../domain/ports/RevocationFeedSource';
import type { Scheduler } from '../../domain/ports/Scheduler';
import type { VerificationKeyListSource } from '../../domain/ports/VerificationKeyListSource';
import type { ResolvedClientOptions } from '../../infrastructure/config/ClientOptions';
import { NodeVerificationKeyReader } from '../../infrastructure/crypto/NodeVerificationKeyReader';
import { ParsedKeyCache } from '../../infrastructure/crypto/ParsedKeyCache';
import { HttpIssuerSource } from '../../infrastructure/http/HttpIssuerSource';
import { HttpJsonWebKeySetSource } from '../../infrastructure/http/HttpJsonWebKeySetSource';
import { HttpPublicKeySource } from '../../infrastructure/http/HttpPublicKeySource';
import { HttpRevocationFeedSource } from '../../infrastructure/http/HttpRevocationFeedSource';
import { HttpVerificationKeyListSource } from '../../infrastructure/http/HttpVerificationKeyListSource';
import { CronRefreshScheduler } from '../../infrastructure/scheduling/CronRefreshScheduler';
import { buildTokenVerifier, type KeyHolderVerifier } from './buildTokenVerifier';
import { dpopProofCheck } from './dpopProofCheck';

/** Where keys, the issuer and revocations come from; each defaults to the auth service over HTTP. The test kit substitutes them. */
export interface VerifierSources {
  readonly publicKey: PublicKeySource;
  /** The published key set; null skips it (the one-key endpoint or the key list is asked instead). */
  readonly keySet: JsonWebKeySetSource | null;
  readonly keyList: VerificationKeyListSource;
  readonly issuer: IssuerSource;
  readonly revocationFeed: RevocationFeedSource;
}

export interface VerifierStackDeps {
  readonly clock: Clock;
  readonly logger: Logger;
  /** The key (and revocation feed) refresh schedule; default: the options' cron. */
  readonly scheduler?: Scheduler;
  readonly sources?: Partial<VerifierSources>;
  readonly onRefresh?: (outcome: RefreshOutcome) => void;
  readonly onRevocationFeedFetch?: (outcome: FeedOutcome) => void;
}

/** The assembled client: one provider, one revocation feed, one verifier, one current-user check. */
export interface VerifierStack {
  readonly options: ResolvedClientOptions;
  readonly provider: PublicKeyProvider;
  readonly revocationFeed: RevocationFeedProvider;
  /** Signature, claims, audience, cache and revocation: the whole check (`verifyAccessToken` takes client tokens too). */
  readonly verifier: KeyHolderVerifier;
  /** The proof check of DPoP-bound tokens, with this process's replay cache. */
  readonly dpopProofs: CheckDpopProof;
  readonly getCurrentUser: GetCurrentUser;
}

/**
 * The client library assembled once, for every way in: createVerifier, the
 * express middleware and the inversify module all call this. Builds, fetches nothing.
 */
export function assembleVerifierStack(options: ResolvedClientOptions, deps: VerifierStackDeps): VerifierStack {
  const sources = { ...httpSources(options), ...deps.sources };
  const parsedKeys = new ParsedKeyCache();
  const revocationFeed = new RevocationFeedProvider(sources.revocationFeed, deps.clock, deps.logger, {
    maxStaleSeconds: options.revocationMaxStaleSeconds,
    appId: options.appId,
    onFetch: deps.onRevocationFeedFetch,
  });
  const provider = new PublicKeyProvider(
    sources.publicKey,
    new NodeVerificationKeyReader(parsedKeys),
    // The revocation feed is fetched on the same ticks as the keys.
    new AlongsideScheduler(deps.scheduler ?? new CronRefreshScheduler(options.refreshCron), [() => revocationFeed.refresh()]),
    deps.clock,
    deps.logger,
    {
      method: options.signMethod,
      algorithms: options.algorithms,
      unknownKidCooldownSeconds: options.unknownKidCooldownSeconds,
      maxStaleSeconds: options.maxStaleSeconds,
      issuer: options.issuer,
      onRefresh: deps.onRefresh,
    },
    options.useJwks && sources.keySet !== null ? sources.keySet : undefined,
    // hmac: every secret that still verifies, by kid, so a rotation breaks no token.
    { issuers: sources.issuer, keyLists: sources.keyList },
  );
  const verifier = buildTokenVerifier(provider, deps.clock, {
    // Configured, or learned from the auth service; never "any issuer".
    issuer: () => provider.expectedIssuer(),
    clockToleranceSeconds: options.clockToleranceSeconds,
    maxTokenLifetimeSeconds: options.maxTokenLifetimeSeconds,
    audience: options.audience,
    verifiedTokenCacheSize: options.verifiedTokenCacheSize,
    parsedKeys,
    revocations: revocationFeed,
  });
  const dpopProofs = dpopProofCheck(deps.clock);
  const getCurrentUser = new GetCurrentUser(verifier, provider, clientTokensOf(options, verifier), dpopProofs);
  return { options, provider, revocationFeed, verifier, dpopProofs, getCurrentUser };
}

/** The check for clients' own tokens when the service accepts them (`acceptClientTokens`), else none. */
export function clientTokensOf(options: ResolvedClientOptions, verifier: KeyHolderVerifier): KeyHolderVerifier | undefined {
  return options.acceptClientTokens ? verifier : undefined;
}

function httpSources(options: ResolvedClientOptions): VerifierSources {
  const where = { authServerUrl: options.authServerUrl, authContextPath: options.authContextPath, timeoutMs: options.fetchTimeoutMs };
  const credentials = { ...where, appId: options.appId, appSecret: options.appSecret };
  return {
    publicKey: new HttpPublicKeySource(credentials),
    keySet: new HttpJsonWebKeySetSource(where),
    keyList: new HttpVerificationKeyListSource(credentials),
    issuer: new HttpIssuerSource(where),
    revocationFeed: new HttpRevocationFeedSource(credentials),
  };
}
