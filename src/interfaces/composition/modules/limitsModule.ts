import { ContainerModule, type interfaces } from 'inversify';
import type { PlannedAttemptLimiter } from '../../../domain/ports/AttemptLimiter';
import type { UserAuthenticator } from '../../../domain/ports/UserAuthenticator';
import { InFlightLoginCapacity, UnboundedLoginCapacity } from '../../../infrastructure/auth/InFlightLoginCapacity';
import { StubUserAuthenticator } from '../../../infrastructure/auth/StubUserAuthenticator';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import { AttemptCounterStore } from '../../../infrastructure/limits/AttemptCounterStore';
import { NoAttemptLimit } from '../../../infrastructure/limits/NoAttemptLimit';
import { RateLimiterFlexibleAttemptLimiter } from '../../../infrastructure/limits/RateLimiterFlexibleAttemptLimiter';
import { RateLimiterFlexibleKnownSources } from '../../../infrastructure/limits/RateLimiterFlexibleKnownSources';
import type { Clock } from '@auth-service/client';
import type { Logger } from '../../../infrastructure/logging/createLogger';
import { translatingStoreErrors } from '../../../infrastructure/persistence/storeErrors';
import { TYPES } from '../types';

/**
 * How long a source that succeeded for an account or client is remembered
 * (one to two of these periods after its last success): long enough that a
 * weekly user or a client service at its usual address keeps its own
 * allowance while someone floods the shared one, short enough that an
 * address handed to someone else soon stops being trusted.
 */
const KNOWN_SOURCE_PERIOD_SECONDS = 7 * 24 * 3600;

/**
 * Wrong user codes per login window from every address together: with 20^8
 * codes and a few hundred live at once, a botnet guessing this many a window
 * finds one in millions of windows, while the page stays usable.
 */
const ALL_USER_CODE_GUESSES_PER_WINDOW = 1000;

/** Kept beside the other limits for whoever reads them here; the refresh-token store counts it. */
export { REFRESH_LIMIT } from './refreshLimit';

/**
 * Attempt limits of the login and the key endpoint, on the shared store
 * (AUTH_DATABASE_URL), both with AUTH_LOGIN_MAX_ATTEMPTS per sliding AUTH_LOGIN_WINDOW_SECONDS,
 * with the sources that recently succeeded remembered there too, and the
 * process's login capacity (hashes at once plus their queue, a fair share per address).
 */
export function limitsModule(config: Readonly<AuthServerConfig>): ContainerModule {
  const loginWindow = { maxAttempts: config.loginMaxAttempts, windowSeconds: config.loginWindowSeconds };
  /** A policy's limiter on the shared store, its windows on the Clock port. */
  const sharedLimiter = (container: interfaces.Container, name: string, window = loginWindow): PlannedAttemptLimiter => {
    const store = container.get<AttemptCounterStore>(TYPES.AttemptCounterStore);
    const clock = container.get<Clock>(TYPES.Clock);
    const policy = { name, ...window };
    const knownPolicy = { name: `${name}-known`, maxAttempts: 1e9, windowSeconds: KNOWN_SOURCE_PERIOD_SECONDS };
    return translatingStoreErrors(
      new RateLimiterFlexibleAttemptLimiter(
        store.limiter(policy),
        clock,
        window.windowSeconds,
        new RateLimiterFlexibleKnownSources(store.limiter(knownPolicy), clock, KNOWN_SOURCE_PERIOD_SECONDS),
        store.plannedTable(policy, knownPolicy),
      ),
    );
  };
  return new ContainerModule((bind) => {
    bind(TYPES.AttemptCounterStore)
      .toDynamicValue(({ container }) => new AttemptCounterStore(config.databaseUrl, container.get<Logger>(TYPES.Logger)))
      .inSingletonScope();
    bind(TYPES.LoginAttemptLimiter)
      .toDynamicValue(({ container }) =>
        checksPasswords(container) ? sharedLimiter(container, 'login') : new NoAttemptLimit(),
      )
      .inSingletonScope();
    bind(TYPES.LoginCapacity)
      .toDynamicValue(({ container }) =>
        checksPasswords(container) ? new InFlightLoginCapacity(config.hashConcurrency + config.hashQueue) : new UnboundedLoginCapacity(),
      )
      .inSingletonScope();
    bind(TYPES.KeyEndpointAttemptLimiter)
      .toDynamicValue(({ container }) => sharedLimiter(container, 'key-endpoint'))
      .inSingletonScope();
    // Wrong user codes on the device page (RFC 8628 §5.1): per address as logins are, and over all addresses.
    bind(TYPES.UserCodeAttemptLimiter)
      .toDynamicValue(({ container }) => sharedLimiter(container, 'device-user-code'))
      .inSingletonScope();
    bind(TYPES.AllUserCodeAttemptLimiter)
      .toDynamicValue(({ container }) => sharedLimiter(container, 'device-user-code-all', { maxAttempts: ALL_USER_CODE_GUESSES_PER_WINDOW, windowSeconds: config.loginWindowSeconds }))
      .inSingletonScope();
    // Admin API calls per admin client a minute (AUTH_ADMIN_RATE_LIMIT), one budget across instances.
    bind(TYPES.AdminApiLimiter)
      .toDynamicValue(({ container }) => sharedLimiter(container, 'admin-api', { maxAttempts: config.adminRateLimit, windowSeconds: 60 }))
      .inSingletonScope();
  });
}

/**
 * False for the stub login, which accepts every password: nothing to guess, so
 * nothing to count or bound. Resolved lazily, after tests rebind the authenticator.
 */
function checksPasswords(container: interfaces.Container): boolean {
  return !(container.get<UserAuthenticator>(TYPES.UserAuthenticator) instanceof StubUserAuthenticator);
}
