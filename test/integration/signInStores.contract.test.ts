import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import { STUB_USER } from '../../src/infrastructure/auth/StubUserAuthenticator';
import { TypeOrmSignInFormKeyStore } from '../../src/infrastructure/persistence/TypeOrmSignInFormKeyStore';
import { TypeOrmSignInSessionStore } from '../../src/infrastructure/persistence/TypeOrmSignInSessionStore';
import { STORE_BACKENDS } from '../support/storeBackends';
import { twoDataSourcesOn } from '../support/twoDataSources';

const NOW = 1_800_000_000;

for (const backend of STORE_BACKENDS) {
  describe(`The sign-in stores on ${backend.name}, two DataSources (two instances)`, function () {
    this.timeout(30_000);
    const opened = twoDataSourcesOn(backend);
    let sources: DataSource[];
    before(() => {
      sources = opened();
    });

    it('records one sign-in form key: racing first starts all get the same one, later ones keep it', async () => {
      const stores = sources.map((source) => new TypeOrmSignInFormKeyStore(source));
      const keys = await Promise.all(Array.from({ length: 6 }, (_, i) => stores[i % 2].recordKeyIfAbsent(`key-${i}`)));
      expect(new Set(keys).size).to.equal(1);
      expect(keys[0]).to.match(/^key-[0-5]$/);
      expect(await stores[1].recordKeyIfAbsent('later')).to.equal(keys[0]);
    });

    it('purges the sessions expired at `now` (the ones find no longer answers), keeps the live ones, says how many', async () => {
      const [one, other] = sources.map((source) => new TypeOrmSignInSessionStore(source));
      await one.create('expired-long-ago', { user: STUB_USER, authTime: NOW - 7200, expiresAt: NOW - 3600 });
      await one.create('expires-now', { user: STUB_USER, authTime: NOW - 7200, expiresAt: NOW });
      await other.create('live', { user: STUB_USER, authTime: NOW - 7200, expiresAt: NOW + 1 });
      expect(await other.find('expires-now', NOW)).to.equal(null);

      expect(await other.purge(NOW)).to.equal(2);

      expect(await sources[0].query('SELECT COUNT(*) AS n FROM signin_sessions').then((rows: Array<{ n: number }>) => Number(rows[0].n))).to.equal(1);
      expect(await one.find('live', NOW)).to.deep.equal({ user: STUB_USER, authTime: NOW - 7200, expiresAt: NOW + 1 });
      expect(await one.purge(NOW)).to.equal(0);
    });

    it('ends one session of a user by its sid, with its clients, on every instance: not another user\'s, not twice', async () => {
      const [one, other] = sources.map((source) => new TypeOrmSignInSessionStore(source));
      const bob = { ...STUB_USER, id: 'bob-id', account: 'bob' };
      await one.create('to-end', { user: STUB_USER, authTime: NOW, expiresAt: NOW + 60, sid: 'sid-to-end' });
      await one.create('to-keep', { user: STUB_USER, authTime: NOW, expiresAt: NOW + 60, sid: 'sid-to-keep' });
      await one.create('bobs', { user: bob, authTime: NOW, expiresAt: NOW + 60, sid: 'sid-bobs' });
      await one.addClient('sid-to-end', STUB_USER.id, 'webapp', NOW + 60);

      expect(await other.endSid(bob.id, 'sid-to-end'), 'not bob\'s').to.equal(false);
      expect(await other.endSid(STUB_USER.id, 'sid-to-end')).to.equal(true);
      expect(await other.endSid(STUB_USER.id, 'sid-to-end'), 'gone already').to.equal(false);

      expect(await one.find('to-end', NOW)).to.equal(null);
      expect(await one.clientsOf('sid-to-end')).to.deep.equal([]);
      expect(await one.find('to-keep', NOW)).to.not.equal(null);
      expect(await one.find('bobs', NOW)).to.not.equal(null);
    });
  });
}
