import { In, LessThanOrEqual, type DataSource, type EntityManager } from 'typeorm';
import { PUBLISHED_STATES, type KeyState } from '../../domain/model/KeyState';
import type { KeySummary, ManagedSigningKey } from '../../domain/model/ManagedSigningKey';
import type { SignMethod } from '@auth-service/client';
import type { SigningKeyPair } from '../../domain/model/SigningKeyPair';
import type { KeyCipher } from '../../domain/ports/KeyCipher';
import type { KeyLifecycleStore } from '../../domain/ports/KeyLifecycleStore';
import type { KeyStore, StoredSigningKey } from '../../domain/ports/KeyStore';
import { PlaintextKeyCipher } from '../crypto/AesGcmKeyCipher';
import { retryingTransaction } from './retryingTransaction';
import { SigningKeyEntity } from './SigningKeyEntity';

/**
 * KeyStore and KeyLifecycleStore on TypeORM (SQLite or PostgreSQL). Secret
 * material goes through the KeyCipher on its way in and out, so encryption at
 * rest is invisible to the rest of the service.
 */
export class TypeOrmKeyStore implements KeyStore, KeyLifecycleStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cipher: KeyCipher = new PlaintextKeyCipher(),
  ) {}

  async findActive(method: SignMethod): Promise<StoredSigningKey | null> {
    const row = await this.dataSource.getRepository(SigningKeyEntity).findOneBy({ method, state: 'active' });
    return row ? this.toStored(row) : null;
  }

  async insertActiveIfAbsent(pair: SigningKeyPair, replacedKid: string | null): Promise<void> {
    await retryingTransaction(this.dataSource, async (manager) => {
      if (replacedKid !== null) {
        await manager.update(SigningKeyEntity, { kid: replacedKid, state: 'active' }, { state: 'retired', retiredAt: String(Date.now()) });
      }
      await this.insertIgnoringConflict(manager, pair, 'active', { activatedAt: pair.createdAt });
    });
  }

  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }

  async listKeys(method?: SignMethod): Promise<ManagedSigningKey[]> {
    const rows = await this.dataSource.getRepository(SigningKeyEntity).find({
      where: method ? { method } : {},
      order: { createdAt: 'ASC' },
    });
    // A damaged row (a half missing) is never published or used.
    return rows.filter(isComplete).map((row) => this.toManaged(row));
  }

  async describeKeys(): Promise<KeySummary[]> {
    const rows = await this.dataSource.getRepository(SigningKeyEntity).find({ order: { createdAt: 'ASC' } });
    return rows.map((row) => ({ ...this.times(row), kid: row.kid, method: row.method as SignMethod, alg: row.alg, state: row.state as KeyState }));
  }

  async insertNextIfAbsent(pair: SigningKeyPair, activateAt: Date): Promise<boolean> {
    return retryingTransaction(this.dataSource, (manager) => this.insertIgnoringConflict(manager, pair, 'next', { activateAt }));
  }

  async promoteDueNextKey(method: SignMethod, now: Date, retireActiveAt: Date): Promise<boolean> {
    return retryingTransaction(this.dataSource, async (manager) => {
      const next = await manager.findOneBy(SigningKeyEntity, { method, state: 'next', activateAt: LessThanOrEqual(String(now.getTime())) });
      if (!next) return false;
      return this.promote(manager, method, next.kid, now, retireActiveAt, 'retiring');
    });
  }

  async retireExpiredKeys(method: SignMethod, now: Date): Promise<number> {
    const result = await this.dataSource
      .getRepository(SigningKeyEntity)
      .update({ method, state: 'retiring', retireAt: LessThanOrEqual(String(now.getTime())) }, { state: 'retired', retiredAt: String(now.getTime()) });
    return result.affected ?? 0;
  }

  async revoke(kid: string, now: Date, emergency: SigningKeyPair | null): Promise<KeySummary | null> {
    return retryingTransaction(this.dataSource, async (manager) => {
      const row = await manager.findOneBy(SigningKeyEntity, { kid, state: In([...PUBLISHED_STATES]) });
      if (!row) return null;
      const wasActive = row.state === 'active';
      await manager.update(SigningKeyEntity, { kid, state: row.state }, { state: 'revoked', retiredAt: String(now.getTime()) });
      if (wasActive) {
        const next = await manager.findOneBy(SigningKeyEntity, { method: row.method, state: 'next' });
        if (next) await this.promote(manager, row.method as SignMethod, next.kid, now, now, 'revoked');
        else if (emergency) await this.insertIgnoringConflict(manager, emergency, 'active', { activatedAt: now });
      }
      return { ...this.times(row), kid: row.kid, method: row.method as SignMethod, alg: row.alg, state: 'revoked' as const, retiredAt: now };
    });
  }

  /** Re-encrypts every stored secret with this store's cipher (plaintext rows included); returns how many rows changed. */
  async reencryptAll(readWith: KeyCipher): Promise<number> {
    return retryingTransaction(this.dataSource, async (manager) => {
      let changed = 0;
      for (const row of await manager.find(SigningKeyEntity)) {
        if (row.privateKey === null || this.cipher.isEncrypted(row.privateKey)) continue;
        const privateKey = this.cipher.encrypt(readWith.decrypt(row.privateKey, row.kid), row.kid);
        const publicKey = row.method === 'hmac' && row.publicKey !== null ? this.cipher.encrypt(readWith.decrypt(row.publicKey, row.kid), row.kid) : row.publicKey;
        await manager.update(SigningKeyEntity, { kid: row.kid }, { privateKey, publicKey });
        changed++;
      }
      return changed;
    });
  }

  /**
   * The active key (if any) steps aside to `formerState`, and `kid` becomes active.
   * The demotion is guarded by "`kid` is still next" in the same statement: under
   * READ COMMITTED each statement sees the latest commits, so an instance that
   * lost the race to another promotion demotes nothing (instead of demoting the
   * key the winner just made active) and its promotion then matches no row.
   */
  private async promote(manager: EntityManager, method: SignMethod, kid: string, now: Date, retireAt: Date, formerState: KeyState): Promise<boolean> {
    const at = String(now.getTime());
    await manager
      .createQueryBuilder()
      .update(SigningKeyEntity)
      .set(formerState === 'retiring' ? { state: 'retiring', retireAt: String(retireAt.getTime()) } : { state: formerState, retiredAt: at })
      .where('method = :method AND state = :active AND kid <> :kid', { method, active: 'active', kid })
      .andWhere('EXISTS (SELECT 1 FROM signing_keys candidate WHERE candidate.kid = :kid AND candidate.state = :next)', { kid, next: 'next' })
      .execute();
    const result = await manager.update(SigningKeyEntity, { kid, state: 'next' }, { state: 'active', activatedAt: at });
    return (result.affected ?? 0) > 0;
  }

  /** INSERT … ON CONFLICT DO NOTHING: the unique indexes decide races; true when the row was written. */
  private async insertIgnoringConflict(
    manager: EntityManager,
    pair: SigningKeyPair,
    state: KeyState,
    times: { activateAt?: Date; activatedAt?: Date },
  ): Promise<boolean> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(SigningKeyEntity)
      .values({
        kid: pair.kid,
        method: pair.method,
        alg: pair.alg,
        state,
        privateKey: this.cipher.encrypt(pair.privateKey, pair.kid),
        publicKey: pair.method === 'hmac' ? this.cipher.encrypt(pair.publicKey, pair.kid) : pair.publicKey,
        createdAt: String(pair.createdAt.getTime()),
        activateAt: times.activateAt ? String(times.activateAt.getTime()) : null,
        activatedAt: times.activatedAt ? String(times.activatedAt.getTime()) : null,
      })
      .orIgnore()
      .execute();
    const written = await manager.findOneBy(SigningKeyEntity, { kid: pair.kid, state });
    return written !== null;
  }

  /** A row with its secrets decrypted; either half may be missing in a damaged store. */
  private toStored(row: SigningKeyEntity): StoredSigningKey {
    return {
      kid: row.kid,
      method: row.method as SignMethod,
      alg: row.alg,
      privateKey: row.privateKey === null ? null : this.cipher.decrypt(row.privateKey, row.kid),
      publicKey: row.publicKey === null ? null : row.method === 'hmac' ? this.cipher.decrypt(row.publicKey, row.kid) : row.publicKey,
      createdAt: new Date(Number(row.createdAt)),
    };
  }

  private toManaged(row: SigningKeyEntity & { privateKey: string; publicKey: string }): ManagedSigningKey {
    const stored = this.toStored(row);
    return { ...stored, ...this.times(row), state: row.state as KeyState, privateKey: stored.privateKey ?? '', publicKey: stored.publicKey ?? '' };
  }

  private times(row: SigningKeyEntity): Omit<KeySummary, 'kid' | 'method' | 'alg' | 'state'> {
    return {
      createdAt: new Date(Number(row.createdAt)),
      activateAt: toDate(row.activateAt),
      activatedAt: toDate(row.activatedAt),
      retireAt: toDate(row.retireAt),
      retiredAt: toDate(row.retiredAt),
    };
  }
}

function isComplete(row: SigningKeyEntity): row is SigningKeyEntity & { privateKey: string; publicKey: string } {
  return row.privateKey !== null && row.publicKey !== null;
}

function toDate(millis: string | null): Date | null {
  return millis === null ? null : new Date(Number(millis));
}
