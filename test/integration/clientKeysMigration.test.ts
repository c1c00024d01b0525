import { expect } from 'chai';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/infrastructure/persistence/createDataSource';
import { migrations } from '../../src/infrastructure/persistence/migrations';
import { AddClientKeysAndPushedRequests1732850000000 } from '../../src/infrastructure/persistence/migrations/1732850000000-AddClientKeysAndPushedRequests';
import { TypeOrmOAuthClientStore } from '../../src/infrastructure/persistence/TypeOrmOAuthClientStore';
import { registeredClient } from '../support/oauthClients';
import { STORE_BACKENDS } from '../support/storeBackends';

const BEFORE = migrations.slice(0, migrations.indexOf(AddClientKeysAndPushedRequests1732850000000));
const KEY = { kty: 'EC', kid: 'k', crv: 'P-256', x: 'x', y: 'y' };

for (const backend of STORE_BACKENDS) {
  describe(`Client keys, PAR and used assertions: migration on an existing store (${backend.name})`, function () {
    this.timeout(30_000);

    it('a client from before keeps its secret and needs no PAR; a client given keys loses its secret; down and up again', async () => {
      expect(BEFORE.length, 'the migration is in the list').to.be.greaterThan(0);
      const database = await backend.create();
      const old = new DataSource({ ...dataSourceOptions(database.url), migrations: BEFORE });
      const current = new DataSource(dataSourceOptions(database.url));
      try {
        await old.initialize();
        await old.runMigrations();
        const p = (n: number) => (backend.name === 'PostgreSQL' ? `$${n}` : '?');
        const digest = 'a'.repeat(64);
        await old.query(`INSERT INTO oauth_clients (client_id, kind, secret_hash, redirect_uris, created_at) VALUES (${[1, 2, 3, 4, 5].map(p).join(', ')})`, ['batch', 'confidential', digest, '[]', 100]);
        await old.destroy();

        await current.initialize();
        await current.runMigrations();
        const store = new TypeOrmOAuthClientStore(current);
        const client = await store.find('batch');
        expect(client).to.not.have.any.keys('jwks', 'jwksUri', 'requirePar');
        expect(((await current.query("SELECT secret_hash FROM oauth_clients WHERE client_id = 'batch'")) as Array<{ secret_hash: string }>)[0].secret_hash).to.equal(digest);
        expect(await store.update({ ...client!, jwks: [KEY], requirePar: true })).to.equal(true);
        expect(await store.find('batch')).to.deep.include({ jwks: [KEY], requirePar: true });
        expect(((await current.query("SELECT secret_hash FROM oauth_clients WHERE client_id = 'batch'")) as Array<{ secret_hash: string | null }>)[0].secret_hash).to.equal(null);
        await store.add(registeredClient({ id: 'remote', kind: 'confidential', redirectUris: [], jwksUri: 'https://r.example/jwks' }), null);
        expect(await store.find('remote')).to.include({ jwksUri: 'https://r.example/jwks' });

        for (let undo = migrations.length - BEFORE.length; undo > 0; undo--) await current.undoLastMigration();
        const columns = (await current.query("SELECT * FROM oauth_clients WHERE client_id = 'batch'")) as Array<Record<string, unknown>>;
        expect(Object.keys(columns[0])).not.to.include.members(['jwks', 'jwks_uri', 'require_par']);
        await current.runMigrations();
        expect(await store.find('batch')).to.not.have.any.keys('jwks', 'requirePar');
      } finally {
        if (old.isInitialized) await old.destroy();
        if (current.isInitialized) await current.destroy();
        await database.dispose();
      }
    });
  });
}
