import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import { accountLookupPlan } from '../../src/infrastructure/persistence/accountLookupPlan';
import { createDataSource, openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

async function fill(dataSource: DataSource, users: number): Promise<void> {
  // account_key is what logins look accounts up by (NFKC, case-folded): `user<i>` is its own key.
  const columns = 'id, account, account_key, password_hash, nick_name, user_type, status, created_at, updated_at';
  const values = "'u' || n, 'user' || n, 'user' || n, 'x', 'nick', 'MEMBER', 'active', 0, 0";
  if (dataSource.options.type === 'postgres') {
    await dataSource.query(`INSERT INTO users (${columns}) SELECT ${values} FROM generate_series(1, ${users}) AS n`);
    await dataSource.query('ANALYZE users');
  } else {
    await dataSource.query(`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${users}) INSERT INTO users (${columns}) SELECT ${values} FROM seq`);
    await dataSource.query('ANALYZE');
  }
}

for (const backend of STORE_BACKENDS) {
  describe(`login account lookup stays O(log n): an index (${backend.name})`, function () {
    this.timeout(60_000);
    let database: SharedDatabase;
    let dataSource: DataSource;

    before(async () => {
      database = await backend.create();
      dataSource = await openDatabase(createDataSource(database.url), { connectSeconds: 5 });
      await fill(dataSource, 10_000);
    });

    after(async () => {
      await dataSource?.destroy();
      await database?.dispose();
    });

    const lookupPlan = (source: DataSource) => accountLookupPlan(source, 'User5000');

    it('finds an account by its comparison key through the unique index on users.account_key, not by scanning', async () => {
      const plan = await lookupPlan(dataSource);
      expect(plan).to.match(/ux_users_account_key/);
      expect(plan).not.to.match(/Seq Scan|SCAN users(?! USING)/);
    });

    it('would scan the table without that index (the check can fail)', async () => {
      await dataSource.query('DROP INDEX ux_users_account_key');
      try {
        expect(await lookupPlan(dataSource)).to.match(/Seq Scan|SCAN users/);
      } finally {
        await dataSource.query('CREATE UNIQUE INDEX ux_users_account_key ON users (account_key)');
      }
    });
  });
}
