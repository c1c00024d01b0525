import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import { createDataSource, openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { TypeOrmConsentStore } from '../../src/infrastructure/persistence/TypeOrmConsentStore';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const NOW = 1_800_000_000;

for (const backend of STORE_BACKENDS) {
  describe(`The consent store on ${backend.name}, two DataSources (two instances)`, function () {
    this.timeout(30_000);
    let database: SharedDatabase;
    let sources: DataSource[];
    let one: TypeOrmConsentStore;
    let other: TypeOrmConsentStore;

    before(async () => {
      database = await backend.create();
      sources = [];
      for (let i = 0; i < 2; i++) sources.push(await openDatabase(createDataSource(database.url)));
      [one, other] = sources.map((source) => new TypeOrmConsentStore(source));
    });

    after(async () => {
      for (const source of sources ?? []) if (source.isInitialized) await source.destroy();
      await database?.dispose();
    });

    it('answers on one instance the approval given on the other; none before; a consent for no scope exists too', async () => {
      expect(await other.find('u-1', 'web')).to.equal(null);
      await one.approve('u-1', 'web', ['profile', 'openid'], NOW);
      await one.approve('u-1', 'cli', [], NOW);
      expect(await other.find('u-1', 'web')).to.deep.equal(['openid', 'profile']);
      expect(await other.find('u-1', 'cli')).to.deep.equal([]);
      expect(await other.find('u-2', 'web')).to.equal(null);
      expect(await other.find('u-1', 'other')).to.equal(null);
    });

    it('keeps the union of approvals, racing ones from both instances included, a scope given twice once', async () => {
      await Promise.all([
        one.approve('u-3', 'web', ['openid', 'email'], NOW),
        other.approve('u-3', 'web', ['openid', 'phone'], NOW),
        one.approve('u-3', 'web', ['profile', 'profile'], NOW + 1),
      ]);
      expect(await one.find('u-3', 'web')).to.deep.equal(['email', 'openid', 'phone', 'profile']);
    });

    it('lists the consents of a user by client id, revokes one (false when there is none), and ends all of a user', async () => {
      await one.approve('u-4', 'web', ['openid'], NOW);
      await one.approve('u-4', 'app', ['orders:read', 'openid'], NOW);
      await one.approve('u-5', 'web', ['openid'], NOW);
      expect(await other.listOfSubject('u-4')).to.deep.equal([
        { clientId: 'app', scopes: ['openid', 'orders:read'] },
        { clientId: 'web', scopes: ['openid'] },
      ]);
      expect(await other.listOfSubject('nobody')).to.deep.equal([]);

      expect(await other.revoke('u-4', 'app')).to.equal(true);
      expect(await other.revoke('u-4', 'app')).to.equal(false);
      expect(await one.find('u-4', 'app')).to.equal(null);

      await other.revokeSubject('u-4');
      expect(await one.listOfSubject('u-4')).to.deep.equal([]);
      expect(await one.find('u-5', 'web')).to.deep.equal(['openid']);
    });

    it("ends every consent given to a client, counting the users, and leaves other clients' consents", async () => {
      await one.approve('u-6', 'gone', ['openid'], NOW);
      await one.approve('u-7', 'gone', [], NOW);
      await one.approve('u-6', 'kept', ['openid'], NOW);
      expect(await other.deleteOfClient('gone')).to.equal(2);
      expect(await one.find('u-6', 'gone')).to.equal(null);
      expect(await one.find('u-7', 'gone')).to.equal(null);
      expect(await one.find('u-6', 'kept')).to.deep.equal(['openid']);
      expect(await other.deleteOfClient('gone')).to.equal(0);
    });
  });
}
