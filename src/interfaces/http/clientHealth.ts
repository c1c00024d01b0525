import type { PublicKeyProvider } from '../../application/PublicKeyProvider';
import type { HealthIndicator } from './actuator';

/** The client's key provider: UP once a verification key is held, DOWN before. Never shows key material. */
export function publicKeyHealth(provider: PublicKeyProvider): HealthIndicator {
  return {
    name: 'publicKey',
    async check() {
      const state = provider.state();
      return {
        status: state.hasKey ? 'UP' : 'DOWN',
        details: {
          ...(state.hasKey ? {} : { error: 'no verification key has been obtained yet' }),
          kid: state.kid,
          method: state.method,
          algorithms: state.algorithms,
          lastSuccessAt: state.lastSuccessAt,
          lastAttemptAt: state.lastAttemptAt,
          lastOutcome: state.lastOutcome,
          lastError: state.lastError,
          lastErrorAt: state.lastErrorAt,
          nextRefreshAt: state.nextRefreshAt,
        },
      };
    },
  };
}
