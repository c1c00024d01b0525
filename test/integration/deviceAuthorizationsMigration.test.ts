import { expect } from 'chai';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/infrastructure/persistence/createDataSource';
import { migrations } from '../../src/infrastructure/persistence/migrations';
import { CreateDeviceAuthorizations1732860000000 } from '../../src/infrastructure/persistence/migrations/1732860000000-CreateDeviceAuthorizations';
import { TypeOrmDeviceAuthorizationStore } from '../../src/infrastructure/persistence/TypeOrmDeviceAuthorizationStore';
import { STORE_BACKENDS } from '../support/storeBackends';

const BEFORE = migrations.slice(0, migrations.indexOf(CreateDeviceAuthorizations1732860000000));
const request = { deviceCode: 'device-1', userCode: 'BCDFGHJK', clientId: 'tv', granted: { scopes: [], resources: [] }, createdAt: 100, expiresAt: 700, interval: 5, lastPolledAt: null, decision: 'pending' as const };

async function tableExists(source: DataSource, backend: string): Promise<boolean> {
  const sql = backend === 'PostgreSQL'
    ? "SELECT 1 FROM information_schema.tables WHERE table_name = 'device_authorizations'"
    : "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'device_authorizations'";
  return ((await source.query(sql)) as unknown[]).length > 0;
}

for (const backend of STORE_BACKENDS) {
  describe(`Device authorizations: migration on an existing store (${backend.name})`, function () {
    this.timeout(30_000);

    it('is listed in timestamp order, adds the table on a store from before, and goes down and up again', async () => {
      const stamps = migrations.map((migration) => Number(/\d{13}$/.exec(migration.name)![0]));
      expect(stamps).to.deep.equal([...stamps].sort((a, b) => a - b));
      expect(BEFORE.length, 'the migration is in the list').to.be.greaterThan(0);
      const database = await backend.create();
      const old = new DataSource({ ...dataSourceOptions(database.url), migrations: BEFORE });
      const current = new DataSource(dataSourceOptions(database.url));
      try {
        await old.initialize();
        await old.runMigrations();
        await old.destroy();
        await current.initialize();
        await current.runMigrations();
        expect(await tableExists(current, backend.name)).to.equal(true);
        const store = new TypeOrmDeviceAuthorizationStore(current);
        expect(await store.add(request)).to.equal(true);
        expect(await store.findByUserCode('BCDFGHJK')).to.deep.include({ clientId: 'tv', decision: 'pending' });
        for (let undo = migrations.length - BEFORE.length; undo > 0; undo--) await current.undoLastMigration();
        expect(await tableExists(current, backend.name)).to.equal(false);
        await current.runMigrations();
        expect(await store.add(request)).to.equal(true);
      } finally {
        if (old.isInitialized) await old.destroy();
        if (current.isInitialized) await current.destroy();
        await database.dispose();
      }
    });
  });
}
