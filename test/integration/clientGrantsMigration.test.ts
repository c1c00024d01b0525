import { expect } from 'chai';
import { NO_CLIENT_METADATA } from '../../src/domain/model/ClientMetadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/infrastructure/persistence/createDataSource';
import { migrations } from '../../src/infrastructure/persistence/migrations';
import { AddClientGrants1732670000000 } from '../../src/infrastructure/persistence/migrations/1732670000000-AddClientGrants';
import { TypeOrmOAuthClientStore } from '../../src/infrastructure/persistence/TypeOrmOAuthClientStore';
import { STORE_BACKENDS } from '../support/storeBackends';

const BEFORE = migrations.slice(0, migrations.indexOf(AddClientGrants1732670000000));

function insertClient(dataSource: DataSource, id: string, kind: string, secretHash: string | null): Promise<unknown> {
  const p = (n: number) => (dataSource.options.type === 'postgres' ? `$${n}` : '?');
  return dataSource.query(`INSERT INTO oauth_clients (client_id, kind, secret_hash, redirect_uris, created_at) VALUES (${[1, 2, 3, 4, 5].map(p).join(', ')})`, [
    id,
    kind,
    secretHash,
    JSON.stringify([`https://${id}.example/cb`]),
    100,
  ]);
}

for (const backend of STORE_BACKENDS) {
  describe(`oauth_clients says what each client may do: migration on an existing store (${backend.name})`, function () {
    this.timeout(30_000);

    it('clients registered before keep what they could do: confidential all four grants, public the code flow and refresh; no scopes, no resources', async () => {
      expect(BEFORE.length, 'the migration is in the list').to.be.greaterThan(0);
      const database = await backend.create();
      const old = new DataSource({ ...dataSourceOptions(database.url), migrations: BEFORE });
      const current = new DataSource(dataSourceOptions(database.url));
      try {
        await old.initialize();
        await old.runMigrations();
        await insertClient(old, 'webapp', 'confidential', 'ab'.repeat(32));
        await insertClient(old, 'spa', 'public', null);
        await old.destroy();

        await current.initialize();
        await current.runMigrations();
        const store = new TypeOrmOAuthClientStore(current);
        expect(await store.list()).to.deep.equal([
          { id: 'spa', kind: 'public', redirectUris: ['https://spa.example/cb'], grants: ['authorization_code', 'refresh_token'], scopes: [], resources: [], firstParty: false, postLogoutRedirectUris: [], requirePkce: false, ...NO_CLIENT_METADATA },
          {
            id: 'webapp',
            kind: 'confidential',
            redirectUris: ['https://webapp.example/cb'],
            grants: ['authorization_code', 'refresh_token', 'client_credentials', 'password'],
            scopes: [],
            resources: [],
            firstParty: false,
            postLogoutRedirectUris: [],
            requirePkce: false,
            ...NO_CLIENT_METADATA,
          },
        ]);
        // A row written without the new columns may do nothing.
        await insertClient(current, 'bare', 'confidential', null);
        expect(await store.find('bare')).to.deep.include({ grants: [], scopes: [], resources: [] });

        // Back to before the migration under test, whatever migrations came after it.
        for (let undo = migrations.length - BEFORE.length; undo > 0; undo--) await current.undoLastMigration();
        const columns = (await current.query('SELECT * FROM oauth_clients WHERE client_id = \'spa\'')) as Array<Record<string, unknown>>;
        expect(Object.keys(columns[0]).sort()).to.deep.equal(['client_id', 'created_at', 'kind', 'redirect_uris', 'secret_hash']);
      } finally {
        if (old.isInitialized) await old.destroy();
        if (current.isInitialized) await current.destroy();
        await database.dispose();
      }
    });
  });
}
