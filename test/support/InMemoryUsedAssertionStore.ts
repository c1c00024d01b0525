import type { UsedAssertionStore } from '../../src/domain/ports/UsedAssertionStore';

/** Used client-assertion jtis in memory, as the SQL adapter: per client, until they expire. */
export class InMemoryUsedAssertionStore implements UsedAssertionStore {
  readonly used = new Map<string, number>();

  async useOnce(clientId: string, jti: string, expiresAt: number, now: number): Promise<boolean> {
    const key = JSON.stringify([clientId, jti]);
    const until = this.used.get(key);
    if (until !== undefined && until > now) return false;
    this.used.set(key, expiresAt);
    return true;
  }
}
