import { ContainerModule } from 'inversify';
import { AlongsideScheduler } from '../../../application/AlongsideScheduler';
import { GetCurrentUser } from '../../../application/GetCurrentUser';
import { RevocationCheckingVerifier } from '../../../application/RevocationCheckingVerifier';
import { RevocationFeedProvider, type FeedOutcome } from '../../../application/RevocationFeedProvider';
import { PublicKeyProvider, type PublicKeyProviderOptions } from '../../../application/PublicKeyProvider';
import type { Clock } from '../../../domain/ports/Clock';
import type { JsonWebKeySetSource } from '../../../domain/ports/JsonWebKeySetSource';
import type { PublicKeySource } from '../../../domain/ports/PublicKeySource';
import type { RevocationFeedSource } from '../../../domain/ports/RevocationFeedSource';
import type { Scheduler } from '../../../domain/ports/Scheduler';
import type { TokenVerifier } from '../../../domain/ports/TokenVerifier';
import type { VerificationKeyReader } from '../../../domain/ports/VerificationKeyReader';
import type { VerificationKeySource } from '../../../domain/ports/VerificationKeySource';
import { resolveClientOptions, type ClientOptions, type ResolvedClientOptions } from '../../../infrastructure/config/ClientOptions';
import { CachingTokenVerifier } from '../../../infrastructure/crypto/CachingTokenVerifier';
import { JsonWebTokenVerifier } from '../../../infrastructure/crypto/JsonWebTokenVerifier';
import { NodeVerificationKeyReader } from '../../../infrastructure/crypto/NodeVerificationKeyReader';
import { ParsedKeyCache } from '../../../infrastructure/crypto/ParsedKeyCache';
import { HttpIssuerSource } from '../../../infrastructure/http/HttpIssuerSource';
import { HttpJsonWebKeySetSource } from '../../../infrastructure/http/HttpJsonWebKeySetSource';
import { HttpPublicKeySource } from '../../../infrastructure/http/HttpPublicKeySource';
import { HttpRevocationFeedSource } from '../../../infrastructure/http/HttpRevocationFeedSource';
import { HttpVerificationKeyListSource } from '../../../infrastructure/http/HttpVerificationKeyListSource';
import { createLogger, type Logger } from '../../../infrastructure/logging/createLogger';
import { CronRefreshScheduler } from '../../../infrastructure/scheduling/CronRefreshScheduler';
import { SystemClock } from '../../../infrastructure/system/SystemClock';
import { TokenInterceptor } from '../../http/TokenInterceptor';
import { CLIENT_TYPES, TYPES } from '../types';

/**
 * The client composition: a scheduled PublicKeyProvider feeding the shared
 * verifier, GetCurrentUser and TokenInterceptor. Options are checked here (one
 * ConfigError naming every bad option). Clock and Logger are bound only when the
 * container has none yet, so a host binds its own first. Nothing is fetched or
 * scheduled until `PublicKeyProvider.start()`.
 */
export function clientModule(
  options: ClientOptions & Pick<PublicKeyProviderOptions, 'onRefresh'> & { readonly onRevocationFeedFetch?: (outcome: FeedOutcome) => void },
): ContainerModule {
  const resolved = resolveClientOptions(options);
  return new ContainerModule((bind, _unbind, isBound, _rebind, _unbindAsync, onActivation) => {
    bind(CLIENT_TYPES.ClientOptions).toConstantValue(resolved);
    if (!isBound(TYPES.Clock)) bind(TYPES.Clock).toConstantValue(new SystemClock());
    if (!isBound(TYPES.Logger)) bind(TYPES.Logger).toConstantValue(createLogger({ name: 'auth-client', level: 'info' }));

    bind(CLIENT_TYPES.ParsedKeyCache).toConstantValue(new ParsedKeyCache());
    bind(CLIENT_TYPES.PublicKeySource).toConstantValue(new HttpPublicKeySource(sourceOptions(resolved)));
    bind(CLIENT_TYPES.JsonWebKeySetSource).toConstantValue(
      new HttpJsonWebKeySetSource({ authServerUrl: resolved.authServerUrl, authContextPath: resolved.authContextPath, timeoutMs: resolved.fetchTimeoutMs }),
    );
    bind(CLIENT_TYPES.VerificationKeyReader)
      .toDynamicValue(({ container }) => new NodeVerificationKeyReader(container.get<ParsedKeyCache>(CLIENT_TYPES.ParsedKeyCache)))
      .inSingletonScope();
    bind(CLIENT_TYPES.KeyRefreshScheduler)
      .toDynamicValue(() => new CronRefreshScheduler(resolved.refreshCron))
      .inSingletonScope();
    bind(CLIENT_TYPES.RevocationFeedSource).toConstantValue(new HttpRevocationFeedSource(sourceOptions(resolved)));
    bind(CLIENT_TYPES.RevocationFeedProvider)
      .toDynamicValue(
        ({ container }) =>
          new RevocationFeedProvider(
            container.get<RevocationFeedSource>(CLIENT_TYPES.RevocationFeedSource),
            container.get<Clock>(TYPES.Clock),
            container.get<Logger>(TYPES.Logger),
            { maxStaleSeconds: resolved.revocationMaxStaleSeconds, appId: resolved.appId, onFetch: options.onRevocationFeedFetch },
          ),
      )
      .inSingletonScope();
    // Revoked tokens are refused by whatever verifier is bound, outside its verified-token cache.
    onActivation<TokenVerifier>(
      TYPES.TokenVerifier,
      ({ container }, verifier) => new RevocationCheckingVerifier(verifier, container.get<RevocationFeedProvider>(CLIENT_TYPES.RevocationFeedProvider)),
    );
    bind(CLIENT_TYPES.PublicKeyProvider)
      .toDynamicValue(
        ({ container }) =>
          new PublicKeyProvider(
            container.get<PublicKeySource>(CLIENT_TYPES.PublicKeySource),
            container.get<VerificationKeyReader>(CLIENT_TYPES.VerificationKeyReader),
            // The revocation feed is fetched on the same ticks as the keys.
            new AlongsideScheduler(container.get<Scheduler>(CLIENT_TYPES.KeyRefreshScheduler), [
              () => container.get<RevocationFeedProvider>(CLIENT_TYPES.RevocationFeedProvider).refresh(),
            ]),
            container.get<Clock>(TYPES.Clock),
            container.get<Logger>(TYPES.Logger),
            {
              method: resolved.signMethod,
              algorithms: resolved.algorithms,
              unknownKidCooldownSeconds: resolved.unknownKidCooldownSeconds,
              maxStaleSeconds: resolved.maxStaleSeconds,
              issuer: resolved.issuer,
              onRefresh: options.onRefresh,
            },
            resolved.useJwks ? container.get<JsonWebKeySetSource>(CLIENT_TYPES.JsonWebKeySetSource) : undefined,
            {
              issuers: new HttpIssuerSource({ authServerUrl: resolved.authServerUrl, authContextPath: resolved.authContextPath, timeoutMs: resolved.fetchTimeoutMs }),
              // hmac: every secret that still verifies, by kid, so a rotation breaks no token.
              keyLists: new HttpVerificationKeyListSource(sourceOptions(resolved)),
            },
          ),
      )
      .inSingletonScope();
    bind(TYPES.VerificationKeySource).toDynamicValue(({ container }) => container.get<PublicKeyProvider>(CLIENT_TYPES.PublicKeyProvider));
    bind(TYPES.TokenVerifier)
      .toDynamicValue(({ container }) => {
        const keys = container.get<VerificationKeySource>(TYPES.VerificationKeySource);
        const clock = container.get<Clock>(TYPES.Clock);
        const provider = container.get<PublicKeyProvider>(CLIENT_TYPES.PublicKeyProvider);
        const verifier = new JsonWebTokenVerifier(
          keys,
          clock,
          {
            // Configured, or learned from the auth service; never "any issuer".
            issuer: () => provider.expectedIssuer(),
            clockToleranceSeconds: resolved.clockToleranceSeconds,
            maxTokenLifetimeSeconds: resolved.maxTokenLifetimeSeconds,
          },
          container.get<ParsedKeyCache>(CLIENT_TYPES.ParsedKeyCache),
        );
        // Services see the same token on every request of a session: check its signature once.
        if (resolved.verifiedTokenCacheSize === 0) return verifier;
        return new CachingTokenVerifier(verifier, keys, clock, {
          maxEntries: resolved.verifiedTokenCacheSize,
          clockToleranceSeconds: resolved.clockToleranceSeconds,
        });
      })
      .inSingletonScope();
    bind(TYPES.GetCurrentUser)
      .toDynamicValue(
        ({ container }) =>
          new GetCurrentUser(container.get<TokenVerifier>(TYPES.TokenVerifier), container.get<VerificationKeySource>(TYPES.VerificationKeySource)),
      )
      .inSingletonScope();
    bind(TYPES.PassList).toConstantValue(resolved.passList);
    bind(TYPES.TokenInterceptor).to(TokenInterceptor).inSingletonScope();
  });
}

function sourceOptions(resolved: ResolvedClientOptions) {
  return {
    authServerUrl: resolved.authServerUrl,
    authContextPath: resolved.authContextPath,
    appId: resolved.appId,
    appSecret: resolved.appSecret,
    timeoutMs: resolved.fetchTimeoutMs,
  };
}
