import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import type { RevocationStore } from '../../src/domain/ports/RevocationStore';
import { createDataSource, openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { TypeOrmRevocationStore } from '../../src/infrastructure/persistence/TypeOrmRevocationStore';
import { FixedClock } from '../support/FixedClock';
import { InMemoryRevocationStore } from '../support/InMemoryRevocationStore';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const NOW = 1_767_225_600;

/** RevocationStore.capSubject as every adapter and the fake must keep it: a hard bound, a whole second at a time. */
function capContract(name: string, open: () => Promise<{ store: RevocationStore; close: () => Promise<void> }>): void {
  describe(`RevocationStore.capSubject keeps at most the cap of a subject's tokens, whatever their seconds (${name})`, function () {
    this.timeout(30_000);
    let store: RevocationStore;
    let close: () => Promise<void>;

    beforeEach(async () => {
      ({ store, close } = await open());
    });

    afterEach(() => close());

    const revoke = (jti: string, issuedAt: number, subject = 'u1') => store.revokeToken(jti, NOW + 300, NOW + 330, { subject, issuedAt });
    const listed = async () => (await store.current(NOW)).tokens.map((entry) => entry.jti).sort();

    it('tokens all of one second beyond the cap: the whole second folds into a not-before of iat + 1', async () => {
      for (let i = 0; i < 5; i++) await revoke(`s${i}`, NOW - 50);
      await revoke('other-user', NOW - 50, 'u2');
      expect(await store.capSubject('u1', 3, 660)).to.equal(5);
      expect(await listed()).to.deep.equal(['other-user']);
      expect(await store.subjectNotBefore('u1')).to.equal(NOW - 49);
      expect(await store.subjectNotBefore('u2')).to.equal(null);
    });

    it('a second straddling the cap folds with its peers within it; newer seconds stay listed', async () => {
      for (const [jti, iat] of [['n1', NOW - 10], ['n2', NOW - 10], ['s1', NOW - 20], ['s2', NOW - 20], ['old', NOW - 30]] as const) await revoke(jti, iat);
      expect(await store.capSubject('u1', 3, 660)).to.equal(3);
      expect(await listed()).to.deep.equal(['n1', 'n2']);
      expect(await store.subjectNotBefore('u1')).to.equal(NOW - 19);
    });

    it('at the cap nothing folds', async () => {
      for (let i = 0; i < 3; i++) await revoke(`s${i}`, NOW - 50);
      expect(await store.capSubject('u1', 3, 660)).to.equal(0);
      expect(await listed()).to.have.length(3);
      expect(await store.subjectNotBefore('u1')).to.equal(null);
    });
  });
}

capContract('in-memory fake', async () => ({ store: new InMemoryRevocationStore(), close: async () => undefined }));

for (const backend of STORE_BACKENDS) {
  capContract(backend.name, async () => {
    const database: SharedDatabase = await backend.create();
    const source: DataSource = await openDatabase(createDataSource(database.url));
    return {
      store: new TypeOrmRevocationStore(source, new FixedClock(new Date(NOW * 1000))),
      close: async () => {
        await source.destroy();
        await database.dispose();
      },
    };
  });
}
