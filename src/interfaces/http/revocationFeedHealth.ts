import type { RevocationFeedProvider } from '@auth-service/client';
import type { HealthIndicator } from './actuator';

/**
 * The client's revocation feed: its age (seconds since the last good answer),
 * how many entries are held, and DOWN once it is too old to trust or has
 * refused this client's credentials (tokens are then refused with 503 until it
 * answers again). Shows no entry.
 */
export function revocationFeedHealth(provider: RevocationFeedProvider): HealthIndicator {
  return {
    name: 'revocationFeed',
    async check() {
      const state = provider.state();
      const error = state.credentialsRefused
        ? 'the revocation feed refused this client\'s appId/appSecret'
        : state.stale
          ? 'the revocation feed is stale: the auth service has not answered for too long'
          : null;
      return { status: error === null ? 'UP' : 'DOWN', details: { ...(error === null ? {} : { error }), ...state } };
    },
  };
}
