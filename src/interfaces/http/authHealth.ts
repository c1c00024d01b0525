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
