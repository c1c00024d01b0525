import { expect } from 'chai';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/infrastructure/persistence/createDataSource';
import { migrations } from '../../src/infrastructure/persistence/migrations';
import { AddAccountKey1732430000000 } from '../../src/infrastructure/persistence/migrations/1732430000000-AddAccountKey';
import { TypeOrmUserRepository } from '../../src/infrastructure/persistence/TypeOrmUserRepository';
import { STORE_BACKENDS } from '../support/storeBackends';

/** The schema as it stood before the account_key migration: later migrations may build on its column. */
const BEFORE_ACCOUNT_KEY = migrations.slice(0, migrations.indexOf(AddAccountKey1732430000000));

/** A users row as the table held it before the account_key migration. */
function insertOld(dataSource: DataSource, id: string, account: string, createdAt: number): Promise<unknown> {
  const p = (n: number) => (dataSource.options.type === 'postgres' ? `$${n}` : '?');
  return dataSource.query(
    `INSERT INTO users (id, account, password_hash, nick_name, user_type, status, created_at, updated_at) VALUES (${[1, 2, 3, 4, 5, 6, 7, 8].map(p).join(', ')})`,
    [id, account, 'scrypt$x', account, '4', 'active', createdAt, createdAt],
  );
}

for (const backend of STORE_BACKENDS) {
  describe(`account_key migration on existing users (${backend.name})`, function () {
    this.timeout(30_000);

    it('backfills the key, gives a later look-alike an unreachable key, and then enforces uniqueness', async () => {
      const database = await backend.create();
      const old = new DataSource({ ...dataSourceOptions(database.url), migrations: BEFORE_ACCOUNT_KEY });
      const current = new DataSource(dataSourceOptions(database.url));
      try {
        await old.initialize();
        await old.runMigrations();
        await insertOld(old, 'u1', 'Bob', 1);
        await insertOld(old, 'u2', 'ｂｏｂ', 2);
        await insertOld(old, 'u3', 'alice', 3);
        await old.destroy();

        await current.initialize();
        await current.runMigrations();
        const rows = (await current.query('SELECT id, account_key FROM users ORDER BY id')) as Array<{ id: string; account_key: string }>;
        expect(rows).to.deep.equal([
          { id: 'u1', account_key: 'bob' },
          { id: 'u2', account_key: '#u2' },
          { id: 'u3', account_key: 'alice' },
        ]);
        const users = new TypeOrmUserRepository(current);
        expect((await users.findByAccount('ＢＯＢ'))?.id).to.equal('u1');
        expect((await users.findByAccount('ALICE'))?.id).to.equal('u3');
        let refused = false;
        await insertOld(current, 'u4', 'ALICE', 4)
          .then(() => current.query(`UPDATE users SET account_key = 'alice' WHERE id = 'u4'`))
          .catch(() => (refused = true));
        expect(refused, 'a second row with the key alice').to.equal(true);
      } finally {
        if (old.isInitialized) await old.destroy();
        if (current.isInitialized) await current.destroy();
        await database.dispose();
      }
    });
  });
}
