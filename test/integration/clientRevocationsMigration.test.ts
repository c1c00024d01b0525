import { expect } from 'chai';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/infrastructure/persistence/createDataSource';
import { migrations } from '../../src/infrastructure/persistence/migrations';
import { AllowClientRevocations1732660000000 } from '../../src/infrastructure/persistence/migrations/1732660000000-AllowClientRevocations';
import { STORE_BACKENDS } from '../support/storeBackends';

const BEFORE = migrations.filter((migration) => migration !== AllowClientRevocations1732660000000);

function insert(dataSource: DataSource, kind: string, ref: string): Promise<unknown> {
  const p = (n: number) => (dataSource.options.type === 'postgres' ? `$${n}` : '?');
  return dataSource.query(
    `INSERT INTO token_revocations (kind, ref, at, keep_until, changed_at, subject, issued_at) VALUES (${[1, 2, 3, 4, 5, 6, 7].map(p).join(', ')})`,
    [kind, ref, 100, 200, 300, kind === 'token' ? 'u-1' : null, kind === 'token' ? 90 : null],
  );
}

const refused = (promise: Promise<unknown>) => promise.then(
  () => false,
  () => true,
);

for (const backend of STORE_BACKENDS) {
  describe(`token_revocations takes removed clients: migration on an existing store (${backend.name})`, function () {
    this.timeout(30_000);

    it('keeps every row and index, accepts the client kind and still refuses any other', async () => {
      const database = await backend.create();
      const old = new DataSource({ ...dataSourceOptions(database.url), migrations: BEFORE });
      const current = new DataSource(dataSourceOptions(database.url));
      try {
        await old.initialize();
        await old.runMigrations();
        await insert(old, 'subject', 'u-7');
        await insert(old, 'token', 'jti-1');
        expect(await refused(insert(old, 'client', 'webapp')), 'before the migration').to.equal(true);
        await old.destroy();

        await current.initialize();
        await current.runMigrations();
        const rows = (await current.query('SELECT kind, ref, at, keep_until, changed_at, subject, issued_at FROM token_revocations ORDER BY kind')) as Array<Record<string, unknown>>;
        expect(rows.map((row) => Object.values(row).map((value) => (value === null ? null : String(value))))).to.deep.equal([
          ['subject', 'u-7', '100', '200', '300', null, null],
          ['token', 'jti-1', '100', '200', '300', 'u-1', '90'],
        ]);
        await insert(current, 'client', 'webapp');
        expect(await refused(insert(current, 'other', 'x'))).to.equal(true);
        expect(await refused(insert(current, 'subject', 'u-7')), 'the primary key still holds').to.equal(true);
        const indexes =
          current.options.type === 'postgres'
            ? ((await current.query("SELECT indexname AS name FROM pg_indexes WHERE tablename = 'token_revocations'")) as Array<{ name: string }>)
            : ((await current.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'token_revocations' AND sql IS NOT NULL")) as Array<{ name: string }>);
        expect(indexes.map((index) => index.name)).to.include.members(['ix_token_revocations_keep_until', 'ix_token_revocations_changed_at', 'ix_token_revocations_subject']);

        await current.undoLastMigration();
        expect(await current.query("SELECT ref FROM token_revocations WHERE kind = 'client'")).to.deep.equal([]);
        expect(await refused(insert(current, 'client', 'webapp')), 'after undoing it').to.equal(true);
      } finally {
        if (old.isInitialized) await old.destroy();
        if (current.isInitialized) await current.destroy();
        await database.dispose();
      }
    });
  });
}
