import type { CachedRevocationView } from '../../application/revocation/CachedRevocationView';
import type { KeyRing } from '../../domain/model/KeyRing';
import type { KeyStore } from '../../domain/ports/KeyStore';
import type { HealthIndicator } from './actuator';

export function databaseHealth(store: KeyStore, database: string): HealthIndicator {
  return {
    name: 'db',
    async check() {
      try {
        await store.ping();
        return { status: 'UP', details: { database } };
      } catch {
        return { status: 'DOWN', details: { database, error: 'database unreachable' } };
      }
    },
  };
}

export function signingKeyHealth(ring: KeyRing): HealthIndicator {
  return {
    name: 'signingKey',
    async check() {
      if (!ring.hasActiveKey()) return { status: 'DOWN', details: { error: 'no signing key loaded' } };
      const key = ring.activeKey();
      return { status: 'UP', details: { method: key.method, alg: key.alg, kid: key.kid } };
    },
  };
}

/**
 * `revocations`: DOWN once this instance's copy of the shared revocations is
 * older than its staleness limit (protected routes then answer 503), so a load
 * balancer sends traffic to an instance that can still see every revocation.
 */
export function revocationViewHealth(view: CachedRevocationView, maxStaleSeconds: number, now: () => Date): HealthIndicator {
  return {
    name: 'revocations',
    async check() {
      const refreshedAt = view.refreshedAt();
      const ageSeconds = refreshedAt === null ? null : Math.round((now().getTime() - refreshedAt.getTime()) / 1000);
      const details = { refreshedAt, ageSeconds, maxStaleSeconds };
      if (!view.isStale()) return { status: 'UP', details };
      return { status: 'DOWN', details: { ...details, error: 'the shared revocations could not be re-read within the staleness limit' } };
    },
  };
}
