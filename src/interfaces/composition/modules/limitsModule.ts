import { ContainerModule, type interfaces } from 'inversify';
import type { AttemptLimiter } from '../../../domain/ports/AttemptLimiter';
import type { UserAuthenticator } from '../../../domain/ports/UserAuthenticator';
import { InFlightLoginCapacity, UnboundedLoginCapacity } from '../../../infrastructure/auth/InFlightLoginCapacity';
import { StubUserAuthenticator } from '../../../infrastructure/auth/StubUserAuthenticator';
import type { AuthServerConfig } from '../../../infrastructure/config/AuthServerConfig';
import { AttemptCounterStore } from '../../../infrastructure/limits/AttemptCounterStore';
import { NoAttemptLimit } from '../../../infrastructure/limits/NoAttemptLimit';
import { RateLimiterFlexibleAttemptLimiter } from '../../../infrastructure/limits/RateLimiterFlexibleAttemptLimiter';
import type { Clock } from '@auth-service/client';
import type { Logger } from '../../../infrastructure/logging/createLogger';
import { TYPES } from '../types';

/**
 * Attempt limits of the login and the key endpoint, on the shared store
 * (AUTH_DATABASE_URL), both with AUTH_LOGIN_MAX_ATTEMPTS per AUTH_LOGIN_WINDOW_SECONDS,
 * and the process's login capacity (hashes at once plus their queue).
 */
export function limitsModule(config: Readonly<AuthServerConfig>): ContainerModule {
  const window = { maxAttempts: config.loginMaxAttempts, windowSeconds: config.loginWindowSeconds };
  /** A policy's limiter on the shared store, its windows on the Clock port. */
  const sharedLimiter = (container: interfaces.Container, name: string): AttemptLimiter =>
    new RateLimiterFlexibleAttemptLimiter(
      container.get<AttemptCounterStore>(TYPES.AttemptCounterStore).limiter({ name, ...window }),
      container.get<Clock>(TYPES.Clock),
      window.windowSeconds,
    );
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
  });
}

/**
 * False for the stub login, which accepts every password: nothing to guess, so
 * nothing to count or bound. Resolved lazily, after tests rebind the authenticator.
 */
function checksPasswords(container: interfaces.Container): boolean {
  return !(container.get<UserAuthenticator>(TYPES.UserAuthenticator) instanceof StubUserAuthenticator);
}
