import { expect } from 'chai';
import { DataSource } from 'typeorm';
import { PgNotifyChangeFeed } from '../../src/infrastructure/persistence/cache/PgNotifyChangeFeed';
import { PolledChangeFeed } from '../../src/infrastructure/persistence/cache/PolledChangeFeed';
import type { StoreChangeFeed } from '../../src/infrastructure/persistence/cache/StoreChange';
import { dataSourceOptions } from '../../src/infrastructure/persistence/createDataSource';
import { TypeOrmOAuthClientStore } from '../../src/infrastructure/persistence/TypeOrmOAuthClientStore';
import { UserEntity } from '../../src/infrastructure/persistence/UserEntity';
import { SecondFactorEntity } from '../../src/infrastructure/persistence/SecondFactorEntity';
import { registeredClient } from '../support/oauthClients';
import { RecordingStoreChangeListener } from '../support/RecordingStoreChangeListener';
import { STORE_BACKENDS } from '../support/storeBackends';
import { takesEffectWithin } from '../support/takesEffectWithin';

/**
 * The triggers of AddStoreChangeFeed on each store: every write of a client,
 * a user (by id and by account key, before and after) and a user's factors
 * (not a TOTP step) is announced, through the feed the service uses there;
 * the migration comes down and up again.
 */
for (const backend of STORE_BACKENDS) {
  describe(`store change feed: what the triggers announce (${backend.name})`, function () {
    this.timeout(30_000);

    it('announces client, user and factor writes, not a TOTP step; down removes the triggers, up brings them back', async () => {
      const database = await backend.create();
      const data = new DataSource(dataSourceOptions(database.url));
      const listener = new RecordingStoreChangeListener();
      let feed: StoreChangeFeed | undefined;
      try {
        await data.initialize();
        await data.runMigrations();
        const polled = backend.name === 'SQLite' ? new PolledChangeFeed((sql, parameters) => data.query(sql, parameters), listener, { intervalMs: 50 }) : null;
        feed = polled ?? new PgNotifyChangeFeed(database.url, listener, { retryMs: 100 });
        await feed.start();
        const seen = (expected: string[]) => takesEffectWithin(expected.join(', '), async () => expected.every((call) => listener.calls.includes(call)));

        const clients = new TypeOrmOAuthClientStore(data);
        await clients.add(registeredClient({ id: 'app', kind: 'public', redirectUris: [] }), null);
        await clients.remove('app');
        const users = data.getRepository(UserEntity);
        await users.insert({ id: 'u1', account: 'Bob', accountKey: 'bob', passwordHash: 'h', nickName: 'b', userType: '1', tenantId: 't', telephone: '', avatar: '', email: null, grade: '', status: 'active', createdAt: '0', updatedAt: '0' });
        await users.update({ id: 'u1' }, { account: 'Rob', accountKey: 'rob' });
        const factors = data.getRepository(SecondFactorEntity);
        await factors.insert({ id: 'f1', userId: 'u1', kind: 'totp', label: 'app', confirmed: false, secret: 's', lastStep: null, createdAt: '0' });
        await factors.update({ id: 'f1' }, { lastStep: '7' });
        await users.delete({ id: 'u1' });
        await seen(['change client:app', 'change user:u1', 'change account:bob', 'change account:rob']);
        expect(listener.calls.filter((call) => call === 'change factors:u1'), 'the insert, not the TOTP step').to.have.length(1);

        await feed.close();
        const undone = data.migrations.length;
        await data.undoLastMigration();
        expect(await data.showMigrations()).to.equal(true);
        await clients.add(registeredClient({ id: 'quiet', kind: 'public', redirectUris: [] }), null);
        await data.runMigrations();
        expect(data.migrations.length).to.equal(undone);
        listener.calls.length = 0;
        feed = polled === null ? new PgNotifyChangeFeed(database.url, listener, { retryMs: 100 }) : new PolledChangeFeed((sql, parameters) => data.query(sql, parameters), listener, { intervalMs: 50 });
        await feed.start();
        await clients.remove('quiet');
        await seen(['change client:quiet']);
        expect(listener.calls.filter((call) => call === 'change client:quiet')).to.have.length(1);
      } finally {
        await feed?.close();
        if (data.isInitialized) await data.destroy();
        await database.dispose();
      }
    });
  });
}
