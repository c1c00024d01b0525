import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import type { SignMethod } from '@auth-service/client';
import type { SigningKeyPair } from '../../src/domain/model/SigningKeyPair';
import { createDataSource, openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { migrations } from '../../src/infrastructure/persistence/migrations';
import { TypeOrmKeyStore } from '../../src/infrastructure/persistence/TypeOrmKeyStore';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

/** Key material is opaque to the store, so readable strings stand in for real keys. */
function pair(kid: string, method: SignMethod = 'rsa', alg = 'RS256'): SigningKeyPair {
  return { kid, method, alg, privateKey: `private-${kid}`, publicKey: `public-${kid}`, createdAt: new Date('2026-01-02T03:04:05.678Z') };
}

for (const backend of STORE_BACKENDS) {
  describe(`TypeOrmKeyStore on ${backend.name} (key store contract)`, () => {
    let database: SharedDatabase;
    let dataSource: DataSource;
    let store: TypeOrmKeyStore;
    const extra: DataSource[] = [];

    /** Another connection pool on the same database, as a second instance would have. */
    async function anotherInstance(): Promise<TypeOrmKeyStore> {
      const other = await openDatabase(createDataSource(database.url));
      extra.push(other);
      return new TypeOrmKeyStore(other);
    }

    async function activeRows(method: SignMethod): Promise<number> {
      const rows = (await dataSource.query(`SELECT kid FROM signing_keys WHERE method = '${method}' AND state = 'active'`)) as unknown[];
      return rows.length;
    }

    beforeEach(async () => {
      database = await backend.create();
      dataSource = await openDatabase(createDataSource(database.url));
      store = new TypeOrmKeyStore(dataSource);
    });

    afterEach(async () => {
      for (const source of [dataSource, ...extra.splice(0)]) if (source.isInitialized) await source.destroy();
      await database.dispose();
    });

    it('finds no active key in an empty store', async () => {
      expect(await store.findActive('rsa')).to.equal(null);
    });

    it('returns an inserted key with every field as written', async () => {
      await store.insertActiveIfAbsent(pair('k1'), null);

      expect(await store.findActive('rsa')).to.deep.equal({
        kid: 'k1',
        method: 'rsa',
        alg: 'RS256',
        privateKey: 'private-k1',
        publicKey: 'public-k1',
        createdAt: new Date('2026-01-02T03:04:05.678Z'),
      });
    });

    it('keeps the first active key when another is inserted without replacing it', async () => {
      await store.insertActiveIfAbsent(pair('first'), null);
      await store.insertActiveIfAbsent(pair('second'), null);

      expect((await store.findActive('rsa'))?.kid).to.equal('first');
      expect(await activeRows('rsa')).to.equal(1);
    });

    it('holds one active key per sign method', async () => {
      await store.insertActiveIfAbsent(pair('r1'), null);
      await store.insertActiveIfAbsent(pair('h1', 'hmac', 'HS256'), null);

      expect((await store.findActive('rsa'))?.kid).to.equal('r1');
      expect((await store.findActive('hmac'))?.kid).to.equal('h1');
      expect(await store.findActive('ecdsa')).to.equal(null);
    });

    it('lets exactly one of many racing inserts become the active key, across instances', async () => {
      const stores = [store, await anotherInstance(), await anotherInstance()];
      const candidates = Array.from({ length: 12 }, (_, i) => pair(`racer-${i}`));

      await Promise.all(candidates.map((candidate, i) => stores[i % stores.length].insertActiveIfAbsent(candidate, null)));

      expect(await activeRows('rsa')).to.equal(1);
      const winner = await store.findActive('rsa');
      expect(candidates.map((candidate) => candidate.kid)).to.include(winner?.kid);
      for (const other of stores) expect((await other.findActive('rsa'))?.kid).to.equal(winner?.kid);
    });

    it('replaces an incomplete active key and retires it', async () => {
      await dataSource.query(
        `INSERT INTO signing_keys (kid, method, alg, state, private_key, public_key, created_at) VALUES ('broken', 'rsa', 'RS256', 'active', NULL, 'public-broken', 1)`,
      );
      expect((await store.findActive('rsa'))?.privateKey).to.equal(null);

      await store.insertActiveIfAbsent(pair('fresh'), 'broken');

      expect((await store.findActive('rsa'))?.kid).to.equal('fresh');
      const [old] = (await dataSource.query(`SELECT state FROM signing_keys WHERE kid = 'broken'`)) as Array<{ state: string }>;
      expect(old.state).to.equal('retired');
    });

    it('does not replace a key that another instance already replaced', async () => {
      await store.insertActiveIfAbsent(pair('old'), null);
      await store.insertActiveIfAbsent(pair('winner'), 'old');

      // A slower instance still believes "old" is active and tries to replace it too.
      await (await anotherInstance()).insertActiveIfAbsent(pair('late'), 'old');

      expect((await store.findActive('rsa'))?.kid).to.equal('winner');
      expect(await activeRows('rsa')).to.equal(1);
    });

    it('migrates once when several instances open the empty database together', async () => {
      const fresh = await backend.create();
      const sources = Array.from({ length: 4 }, () => createDataSource(fresh.url));
      try {
        await Promise.all(sources.map((source) => openDatabase(source, { connectSeconds: 20 })));
        const executed = (await sources[0].query('SELECT name FROM migrations')) as unknown[];
        expect(executed).to.have.length(migrations.length);
        await new TypeOrmKeyStore(sources[1]).insertActiveIfAbsent(pair('shared'), null);
        expect((await new TypeOrmKeyStore(sources[3]).findActive('rsa'))?.kid).to.equal('shared');
      } finally {
        for (const source of sources) if (source.isInitialized) await source.destroy();
        await fresh.dispose();
      }
    });

    it('answers ping while the database is open and rejects once it is closed', async () => {
      await store.ping();
      await dataSource.destroy();

      let failure: unknown;
      await store.ping().catch((error: unknown) => (failure = error));
      expect(failure).to.be.instanceOf(Error);
    });
  });
}
