import type { DataSource } from 'typeorm';
import type { SignMethod } from '../../domain/model/SignMethod';
import type { SigningKeyPair } from '../../domain/model/SigningKeyPair';
import type { KeyStore, StoredSigningKey } from '../../domain/ports/KeyStore';
import { SigningKeyEntity } from './SigningKeyEntity';

const ACTIVE = 'active';
const RETIRED = 'retired';

/** KeyStore on TypeORM (SQLite or PostgreSQL). */
export class TypeOrmKeyStore implements KeyStore {
  constructor(private readonly dataSource: DataSource) {}

  async findActive(method: SignMethod): Promise<StoredSigningKey | null> {
    const row = await this.dataSource.getRepository(SigningKeyEntity).findOneBy({ method, state: ACTIVE });
    return row ? toStored(row) : null;
  }

  async insertActiveIfAbsent(pair: SigningKeyPair, replacedKid: string | null): Promise<void> {
    await serialized(this.dataSource, () => this.insertInTransaction(pair, replacedKid));
  }

  private async insertInTransaction(pair: SigningKeyPair, replacedKid: string | null): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (replacedKid !== null) {
        await manager.update(SigningKeyEntity, { kid: replacedKid, state: ACTIVE }, { state: RETIRED });
      }
      // ON CONFLICT DO NOTHING / INSERT OR IGNORE: the unique index on active
      // keys decides a race, and the loser's row is simply not written.
      await manager
        .createQueryBuilder()
        .insert()
        .into(SigningKeyEntity)
        .values({
          kid: pair.kid,
          method: pair.method,
          alg: pair.alg,
          state: ACTIVE,
          privateKey: pair.privateKey,
          publicKey: pair.publicKey,
          createdAt: String(pair.createdAt.getTime()),
        })
        .orIgnore()
        .execute();
    });
  }

  async ping(): Promise<void> {
    await this.dataSource.query('SELECT 1');
  }
}

/** The tail of each SQLite DataSource's queue of transactions. */
const sqliteQueues = new WeakMap<DataSource, Promise<unknown>>();

/**
 * A SQLite DataSource is one connection, on which a second BEGIN while a
 * transaction is open fails ("cannot start a transaction within a
 * transaction"), so its transactions run one after another. PostgreSQL pools
 * connections and needs no queue; across processes the database decides.
 */
function serialized<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  if (dataSource.options.type !== 'sqlite') return work();
  const previous = sqliteQueues.get(dataSource) ?? Promise.resolve();
  const result = previous.then(work, work);
  sqliteQueues.set(dataSource, result.catch(() => undefined));
  return result;
}

function toStored(row: SigningKeyEntity): StoredSigningKey {
  return {
    kid: row.kid,
    method: row.method as SignMethod,
    alg: row.alg,
    privateKey: row.privateKey,
    publicKey: row.publicKey,
    createdAt: new Date(Number(row.createdAt)),
  };
}
