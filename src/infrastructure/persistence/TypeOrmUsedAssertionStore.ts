import { LessThanOrEqual, type DataSource } from 'typeorm';
import type { UsedAssertionStore } from '../../domain/ports/UsedAssertionStore';
import { tokenDigest } from './tokenDigest';
import { UsedAssertionEntity } from './UsedAssertionEntity';

/**
 * UsedAssertionStore on TypeORM: one row per accepted (client, jti), its primary key the one arbiter between
 * instances (a second insert fails). Expired rows are deleted where new ones are made, so a jti may come back
 * only once its first assertion could no longer be used anyway.
 */
export class TypeOrmUsedAssertionStore implements UsedAssertionStore {
  constructor(private readonly dataSource: DataSource) {}

  async useOnce(clientId: string, jti: string, expiresAt: number, now: number): Promise<boolean> {
    const repository = this.dataSource.getRepository(UsedAssertionEntity);
    // ix_used_client_assertions_expires_at: one indexed range delete.
    await repository.delete({ expiresAt: LessThanOrEqual(String(now)) });
    // A JSON array: no two (client, jti) pairs serialise alike.
    const jtiHash = tokenDigest(JSON.stringify([clientId, jti]));
    try {
      await repository.insert({ jtiHash, expiresAt: String(expiresAt) });
      return true;
    } catch (error) {
      // Recorded already (here or on another instance): a replay. Anything else is the store's failure.
      if (await repository.existsBy({ jtiHash })) return false;
      throw error;
    }
  }
}
