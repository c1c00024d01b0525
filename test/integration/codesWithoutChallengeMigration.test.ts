import { expect } from 'chai';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/infrastructure/persistence/createDataSource';
import { migrations } from '../../src/infrastructure/persistence/migrations';
import { AllowCodesWithoutChallenge1732732000000 } from '../../src/infrastructure/persistence/migrations/1732732000000-AllowCodesWithoutChallenge';
import { STORE_BACKENDS } from '../support/storeBackends';

const BEFORE = migrations.filter((migration) => migration !== AllowCodesWithoutChallenge1732732000000);

function insert(dataSource: DataSource, hash: string, challenge: string | null): Promise<unknown> {
  const p = (n: number) => (dataSource.options.type === 'postgres' ? `$${n}` : '?');
  return dataSource.query(
    `INSERT INTO authorization_codes (code_hash, client_id, redirect_uri, code_challenge, user_claims, family_id, expires_at, subject) VALUES (${[1, 2, 3, 4, 5, 6, 7, 8].map(p).join(', ')})`,
    [hash, 'webapp', 'https://app.example/cb', challenge, '{}', `f-${hash}`, 100, 'u-1'],
  );
}

const refused = (promise: Promise<unknown>) => promise.then(
  () => false,
  () => true,
);

for (const backend of STORE_BACKENDS) {
  describe(`authorization_codes takes codes without a challenge: migration on an existing store (${backend.name})`, function () {
    this.timeout(30_000);

    it('keeps every row and index, accepts a null challenge; undone, drops those codes and requires one again', async () => {
      const database = await backend.create();
      const old = new DataSource({ ...dataSourceOptions(database.url), migrations: BEFORE });
      const current = new DataSource(dataSourceOptions(database.url));
      try {
        await old.initialize();
        await old.runMigrations();
        await insert(old, 'h-1', 'c'.repeat(43));
        expect(await refused(insert(old, 'h-0', null)), 'before the migration').to.equal(true);
        await old.destroy();

        await current.initialize();
        await current.runMigrations();
        await insert(current, 'h-2', null);
        const rows = (await current.query('SELECT code_hash, code_challenge, subject FROM authorization_codes ORDER BY code_hash')) as Array<Record<string, unknown>>;
        expect(rows.map((row) => Object.values(row))).to.deep.equal([
          ['h-1', 'c'.repeat(43), 'u-1'],
          ['h-2', null, 'u-1'],
        ]);
        expect(await refused(insert(current, 'h-1', 'd'.repeat(43))), 'the primary key still holds').to.equal(true);
        const indexes =
          current.options.type === 'postgres'
            ? ((await current.query("SELECT indexname AS name FROM pg_indexes WHERE tablename = 'authorization_codes'")) as Array<{ name: string }>)
            : ((await current.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'authorization_codes' AND sql IS NOT NULL")) as Array<{ name: string }>);
        expect(indexes.map((index) => index.name)).to.include('ix_authorization_codes_expires_at');

        await current.undoLastMigration();
        expect(((await current.query('SELECT code_hash FROM authorization_codes')) as Array<{ code_hash: string }>).map((row) => row.code_hash)).to.deep.equal(['h-1']);
        expect(await refused(insert(current, 'h-3', null)), 'after undoing it').to.equal(true);
      } finally {
        if (old.isInitialized) await old.destroy();
        if (current.isInitialized) await current.destroy();
        await database.dispose();
      }
    });
  });
}
