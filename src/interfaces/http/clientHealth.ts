import type { PublicKeyProvider, PublicKeyProviderState } from '@auth-service/client';
import type { HealthIndicator } from './actuator';

/**
 * The client's key provider: UP while usable keys are held; DOWN before the first
 * one, and once the last good answer is older than maxStaleSeconds. Never shows key material.
 */
export function publicKeyHealth(provider: PublicKeyProvider): HealthIndicator {
  return {
    name: 'publicKey',
    async check() {
      const state = provider.state();
      return {
        status: state.hasKey && state.issuer !== null ? 'UP' : 'DOWN',
        details: {
          ...(state.hasKey && state.issuer !== null ? {} : { error: downReason(state) }),
          hasKey: state.hasKey,
          issuer: state.issuer,
          kid: state.kid,
          kids: state.kids,
          source: state.source,
          stale: state.stale,
          method: state.method,
          algorithms: state.algorithms,
          lastSuccessAt: state.lastSuccessAt,
          lastAttemptAt: state.lastAttemptAt,
          lastOutcome: state.lastOutcome,
          lastError: state.lastError,
          lastErrorAt: state.lastErrorAt,
          nextRefreshAt: state.nextRefreshAt,
          unknownKidRefetches: state.unknownKidRefetches,
        },
      };
    },
  };
}

function downReason(state: PublicKeyProviderState): string {
  if (state.keyRefused) return `the auth service key was refused: ${state.keyRefused}`;
  if (state.stale) return 'the keys are stale: the auth service has not answered for too long';
  if (state.hasKey) return `the issuer of the auth service is not known yet${state.lastError ? ` (${state.lastError})` : ''}`;
  return 'no verification key has been obtained yet';
}
