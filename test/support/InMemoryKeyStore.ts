import type { SignMethod } from '@auth-service/client';
import type { SigningKeyPair } from '../../src/domain/model/SigningKeyPair';
import type { KeyStore, StoredSigningKey } from '../../src/domain/ports/KeyStore';

/** KeyStore in a Map, with the same insert-if-absent rule as the database. */
export class InMemoryKeyStore implements KeyStore {
  readonly rows = new Map<string, StoredSigningKey & { state: 'active' | 'retired' }>();
  inserts = 0;
  reachable = true;

  async findActive(method: SignMethod): Promise<StoredSigningKey | null> {
    this.assertReachable();
    for (const row of this.rows.values()) if (row.method === method && row.state === 'active') return stripState(row);
    return null;
  }

  async insertActiveIfAbsent(pair: SigningKeyPair, replacedKid: string | null): Promise<void> {
    this.assertReachable();
    this.inserts++;
    if (replacedKid !== null) {
      const replaced = this.rows.get(replacedKid);
      if (replaced?.state === 'active') this.rows.set(replacedKid, { ...replaced, state: 'retired' });
    }
    if (await this.findActive(pair.method)) return;
    this.rows.set(pair.kid, { ...pair, state: 'active' });
  }

  async ping(): Promise<void> {
    this.assertReachable();
  }

  /** Puts a row in directly, e.g. a damaged one with a missing half. */
  seed(row: StoredSigningKey): void {
    this.rows.set(row.kid, { ...row, state: 'active' });
  }

  private assertReachable(): void {
    if (!this.reachable) throw new Error('store unreachable');
  }
}

function stripState(row: StoredSigningKey & { state: string }): StoredSigningKey {
  const { state: _state, ...stored } = row;
  return stored;
}
