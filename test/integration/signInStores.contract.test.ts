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
  });
}
