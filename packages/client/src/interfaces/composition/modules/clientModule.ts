import { ContainerModule } from 'inversify';
import { GetCurrentUser } from '../../../application/GetCurrentUser';
import type { PublicKeyProvider, RefreshOutcome } from '../../../application/PublicKeyProvider';
import type { FeedOutcome } from '../../../application/RevocationFeedProvider';
import type { Clock } from '../../../domain/ports/Clock';
import type { Logger } from '../../../domain/ports/Logger';
import type { Scheduler } from '../../../domain/ports/Scheduler';
import type { TokenVerifier } from '../../../domain/ports/TokenVerifier';
import { resolveClientOptions, type ClientOptions } from '../../../infrastructure/config/ClientOptions';
import { consoleLogger } from '../../../infrastructure/logging/consoleLogger';
import { CronRefreshScheduler } from '../../../infrastructure/scheduling/CronRefreshScheduler';
import { SystemClock } from '../../../infrastructure/system/SystemClock';
import { TokenInterceptor } from '../../http/TokenInterceptor';
import { assembleVerifierStack, clientTokensOf, type VerifierSources, type VerifierStack } from '../assembleVerifierStack';
import { CLIENT_TYPES } from '../types';

/**
 * Options of the inversify composition: the client options, fetch observers, and
 * what a host or the test kit substitutes (`createTestIssuer().verifierOptions()` fits as is).
 */
export interface ClientModuleOptions extends ClientOptions {
  readonly onRefresh?: (outcome: RefreshOutcome) => void;
  readonly onRevocationFeedFetch?: (outcome: FeedOutcome) => void;
  readonly sources?: Partial<VerifierSources>;
  /** Used when the container has no CLIENT_TYPES.Logger / Clock bound yet. */
  readonly logger?: Logger;
  readonly clock?: Clock;
  /** The refresh schedule (CLIENT_TYPES.KeyRefreshScheduler); default: `refreshCron`. */
  readonly scheduler?: Scheduler;
}

const STACK = Symbol.for('auth-client:VerifierStack');

/**
 * The client composition for inversify: the same stack as createVerifier
 * (assembleVerifierStack), its parts bound under CLIENT_TYPES, plus
 * GetCurrentUser and the TokenInterceptor. Options are checked here (one
 * ConfigError naming every bad option). Clock and Logger are bound only when the
 * container has none yet, so a host binds its own first; the refresh schedule
 * (CLIENT_TYPES.KeyRefreshScheduler) may be rebound before the first `get`.
 * Nothing is fetched or scheduled until `PublicKeyProvider.start()`.
 */
export function clientModule(options: ClientModuleOptions): ContainerModule {
  const resolved = resolveClientOptions(options);
  return new ContainerModule((bind, _unbind, isBound) => {
    bind(CLIENT_TYPES.ClientOptions).toConstantValue(resolved);
    if (!isBound(CLIENT_TYPES.Clock)) bind(CLIENT_TYPES.Clock).toConstantValue(options.clock ?? new SystemClock());
    if (!isBound(CLIENT_TYPES.Logger)) bind(CLIENT_TYPES.Logger).toConstantValue(options.logger ?? consoleLogger());
    bind(CLIENT_TYPES.KeyRefreshScheduler)
      .toDynamicValue(() => options.scheduler ?? new CronRefreshScheduler(resolved.refreshCron))
      .inSingletonScope();
    bind(STACK)
      .toDynamicValue(({ container }) =>
        assembleVerifierStack(resolved, {
          clock: container.get<Clock>(CLIENT_TYPES.Clock),
          logger: container.get<Logger>(CLIENT_TYPES.Logger),
          scheduler: container.get<Scheduler>(CLIENT_TYPES.KeyRefreshScheduler),
          sources: options.sources,
          onRefresh: options.onRefresh,
          onRevocationFeedFetch: options.onRevocationFeedFetch,
        }),
      )
      .inSingletonScope();
    const part = <K extends keyof VerifierStack>(key: K) => ({ container }: { container: { get<T>(id: symbol): T } }) => container.get<VerifierStack>(STACK)[key];
    bind(CLIENT_TYPES.PublicKeyProvider).toDynamicValue(part('provider')).inSingletonScope();
    bind(CLIENT_TYPES.RevocationFeedProvider).toDynamicValue(part('revocationFeed')).inSingletonScope();
    bind(CLIENT_TYPES.VerificationKeySource).toDynamicValue(part('provider')).inSingletonScope();
    bind(CLIENT_TYPES.TokenVerifier).toDynamicValue(part('verifier')).inSingletonScope();
    // Built from the container's TokenVerifier, so a host's activation wrappers (metrics) see every user token's check.
    bind(CLIENT_TYPES.GetCurrentUser)
      .toDynamicValue(
        ({ container }) =>
          new GetCurrentUser(
            container.get<TokenVerifier>(CLIENT_TYPES.TokenVerifier),
            container.get<PublicKeyProvider>(CLIENT_TYPES.PublicKeyProvider),
            clientTokensOf(resolved, container.get<VerifierStack>(STACK).verifier),
            container.get<VerifierStack>(STACK).dpopProofs,
          ),
      )
      .inSingletonScope();
    bind(CLIENT_TYPES.PassList).toConstantValue(resolved.passList);
    bind(CLIENT_TYPES.TokenInterceptor).to(TokenInterceptor).inSingletonScope();
  });
}
