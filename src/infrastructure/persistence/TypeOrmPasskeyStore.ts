import type { DataSource, EntityManager } from 'typeorm';
import type { NewPasskey, Passkey } from '../../domain/model/Passkey';
import type { PasskeyStore } from '../../domain/ports/PasskeyStore';
import { PasskeyCredentialEntity } from './PasskeyCredentialEntity';
import { SecondFactorEntity } from './SecondFactorEntity';

interface PasskeyRow {
  factor_id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: string | number;
  synced: boolean | number;
  transports: string;
  label: string;
  created_at: string | number;
}

const SELECT = `SELECT c.factor_id, f.user_id, c.credential_id, c.public_key, c.counter, c.synced, c.transports, f.label, f.created_at
  FROM passkey_credentials c JOIN second_factors f ON f.id = c.factor_id AND f.kind = 'passkey'`;

/**
 * Passkeys on TypeORM: the factor row in second_factors (listed and removed
 * with every other factor) joined to its credential row, so a credential
 * whose factor was removed is never found. The counter moves by one
 * conditional update: of instances racing with one assertion, one wins.
 */
export class TypeOrmPasskeyStore implements PasskeyStore {
  constructor(private readonly dataSource: DataSource) {}

  async passkeysOf(userId: string): Promise<readonly Passkey[]> {
    const rows = await this.select(`${SELECT} WHERE f.user_id = $1 ORDER BY f.created_at, f.id`, [userId]);
    return rows.map(passkeyOf);
  }

  async findPasskey(credentialId: string): Promise<Passkey | null> {
    const rows = await this.select(`${SELECT} WHERE c.credential_id = $1`, [credentialId]);
    return rows.length === 0 ? null : passkeyOf(rows[0]);
  }

  async addPasskey(userId: string, factorId: string, passkey: NewPasskey, label: string, createdAt: Date): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await removeOrphans(manager, passkey.credentialId);
      await manager
        .createQueryBuilder()
        .insert()
        .into(PasskeyCredentialEntity)
        .values({
          factorId,
          credentialId: passkey.credentialId,
          publicKey: passkey.publicKey,
          counter: String(passkey.counter),
          synced: passkey.synced,
          transports: passkey.transports.join(' '),
        })
        .orIgnore()
        .execute();
      // A credential held already leaves the insert ignored: no factor row then.
      if (!(await credentialOf(manager, factorId))) return false;
      await manager
        .getRepository(SecondFactorEntity)
        .insert({ id: factorId, userId, kind: 'passkey', label, confirmed: true, secret: null, lastStep: null, createdAt: String(createdAt.getTime()) });
      return true;
    });
  }

  async advanceCounter(credentialId: string, from: number, to: number): Promise<boolean> {
    const result = await this.dataSource.getRepository(PasskeyCredentialEntity).update({ credentialId, counter: String(from) }, { counter: String(to) });
    return (result.affected ?? 0) > 0;
  }

  async renamePasskey(userId: string, factorId: string, label: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(SecondFactorEntity).update({ id: factorId, userId, kind: 'passkey' }, { label });
    return (result.affected ?? 0) > 0;
  }

  private async select(sql: string, parameters: unknown[]): Promise<PasskeyRow[]> {
    const isPostgres = this.dataSource.options.type === 'postgres';
    return (await this.dataSource.query(isPostgres ? sql : sql.replace(/\$\d+/g, '?'), parameters)) as PasskeyRow[];
  }
}

async function credentialOf(manager: EntityManager, factorId: string): Promise<boolean> {
  return (await manager.getRepository(PasskeyCredentialEntity).count({ where: { factorId } })) > 0;
}

/** A credential row without its factor row (a store written before removals took both) gives its credential id up. */
async function removeOrphans(manager: EntityManager, credentialId: string): Promise<void> {
  const rows = await manager.getRepository(PasskeyCredentialEntity).find({ where: { credentialId } });
  for (const row of rows) {
    const factor = await manager.getRepository(SecondFactorEntity).count({ where: { id: row.factorId } });
    if (factor === 0) await manager.getRepository(PasskeyCredentialEntity).delete({ factorId: row.factorId });
  }
}

function passkeyOf(row: PasskeyRow): Passkey {
  return {
    factorId: row.factor_id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    synced: row.synced === true || row.synced === 1,
    transports: row.transports === '' ? [] : row.transports.split(' '),
    label: row.label,
    createdAt: new Date(Number(row.created_at)),
  };
}
