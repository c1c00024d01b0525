import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import { createDataSource, openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { TypeOrmCeremonyChallengeStore } from '../../src/infrastructure/persistence/TypeOrmCeremonyChallengeStore';
import { TypeOrmPasskeyStore } from '../../src/infrastructure/persistence/TypeOrmPasskeyStore';
import { TypeOrmSecondFactorStore } from '../../src/infrastructure/persistence/TypeOrmSecondFactorStore';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const AT = new Date('2026-03-01T10:00:00Z');
const CREDENTIAL = { credentialId: 'Y3JlZC0x', publicKey: 'cGstMQ', counter: 3, synced: false, transports: ['internal', 'hybrid'] };

for (const backend of STORE_BACKENDS) {
  describe(`The passkey and WebAuthn challenge stores on ${backend.name}, two DataSources (two instances)`, function () {
    this.timeout(30_000);
    let database: SharedDatabase;
    let sources: DataSource[];
    let one: TypeOrmPasskeyStore;
    let other: TypeOrmPasskeyStore;

    before(async () => {
      database = await backend.create();
      sources = [];
      for (let i = 0; i < 2; i++) sources.push(await openDatabase(createDataSource(database.url)));
      [one, other] = sources.map((source) => new TypeOrmPasskeyStore(source));
    });

    after(async () => {
      for (const source of sources ?? []) if (source.isInitialized) await source.destroy();
      await database?.dispose();
    });

    it('keeps a passkey as a factor of its user, found by credential id, listed with the other factors', async () => {
      expect(await one.addPasskey('u-1', 'f-1', CREDENTIAL, 'Laptop', AT)).to.equal(true);
      const stored = { ...CREDENTIAL, factorId: 'f-1', userId: 'u-1', label: 'Laptop', createdAt: AT };
      expect(await other.findPasskey(CREDENTIAL.credentialId)).to.deep.equal(stored);
      expect(await other.passkeysOf('u-1')).to.deep.equal([stored]);
      expect(await other.passkeysOf('u-2')).to.deep.equal([]);
      expect(await new TypeOrmSecondFactorStore(sources[1]).listOf('u-1')).to.deep.equal([{ id: 'f-1', userId: 'u-1', kind: 'passkey', label: 'Laptop', createdAt: AT }]);
    });

    it('refuses a credential id held already, by anyone', async () => {
      expect(await other.addPasskey('u-2', 'f-2', CREDENTIAL, 'Theirs', AT)).to.equal(false);
      expect(await one.passkeysOf('u-2')).to.deep.equal([]);
    });

    it('moves the counter once across instances, only from the value read', async () => {
      const racing = await Promise.all([one.advanceCounter(CREDENTIAL.credentialId, 3, 4), other.advanceCounter(CREDENTIAL.credentialId, 3, 4)]);
      expect(racing.filter(Boolean)).to.have.length(1);
      expect(await one.advanceCounter(CREDENTIAL.credentialId, 3, 5)).to.equal(false);
      expect((await other.findPasskey(CREDENTIAL.credentialId))?.counter).to.equal(4);
    });

    it('renames only the user\'s own passkey', async () => {
      expect(await one.renamePasskey('u-2', 'f-1', 'Stolen')).to.equal(false);
      expect(await one.renamePasskey('u-1', 'f-1', 'Work laptop')).to.equal(true);
      expect((await other.findPasskey(CREDENTIAL.credentialId))?.label).to.equal('Work laptop');
    });

    it('forgets a passkey whose factor was removed, and lets its credential be registered again', async () => {
      expect(await new TypeOrmSecondFactorStore(sources[0]).remove('u-1', 'f-1')).to.equal(true);
      expect(await other.findPasskey(CREDENTIAL.credentialId)).to.equal(null);
      expect(await other.addPasskey('u-1', 'f-3', CREDENTIAL, 'Again', AT)).to.equal(true);
      expect((await one.findPasskey(CREDENTIAL.credentialId))?.factorId).to.equal('f-3');
    });

    it('removes a passkey\'s credential row with its factor: one removed, and all of a user\'s (reset, user removal)', async () => {
      const credentialRows = async (): Promise<number> => Number((await sources[1].query('SELECT COUNT(*) AS n FROM passkey_credentials'))[0].n);
      const factors = new TypeOrmSecondFactorStore(sources[0]);
      await factors.removeAll('u-1');
      expect(await credentialRows()).to.equal(0);
      await one.addPasskey('u-4', 'f-4', { ...CREDENTIAL, credentialId: 'Y3JlZC00' }, 'One', AT);
      await one.addPasskey('u-4', 'f-5', { ...CREDENTIAL, credentialId: 'Y3JlZC01' }, 'Two', AT);
      await one.addPasskey('u-5', 'f-6', { ...CREDENTIAL, credentialId: 'Y3JlZC02' }, 'Theirs', AT);
      expect(await factors.remove('u-5', 'f-4')).to.equal(false);
      expect(await credentialRows()).to.equal(3);
      expect(await factors.remove('u-4', 'f-4')).to.equal(true);
      expect(await credentialRows()).to.equal(2);
      expect(await factors.removeAll('u-4')).to.equal(1);
      expect(await credentialRows()).to.equal(1);
      expect((await other.findPasskey('Y3JlZC02'))?.userId).to.equal('u-5');
    });

    it('gives a challenge once across instances, never after it expired, the last one kept per binding', async () => {
      const [first, second] = sources.map((source) => new TypeOrmCeremonyChallengeStore(source));
      await first.putChallenge('assert:i-1', 'old', new Date(AT.getTime() + 300_000));
      await second.putChallenge('assert:i-1', 'c-1', new Date(AT.getTime() + 300_000));
      const racing = await Promise.all([first.takeChallenge('assert:i-1', AT), second.takeChallenge('assert:i-1', AT)]);
      expect(racing.filter((value) => value !== null)).to.deep.equal(['c-1']);
      await first.putChallenge('assert:i-2', 'c-2', new Date(AT.getTime() + 300_000));
      expect(await second.takeChallenge('assert:i-2', new Date(AT.getTime() + 300_000))).to.equal(null);
      expect(await second.takeChallenge('assert:i-9', AT)).to.equal(null);
    });

    it('purges the challenges expired by then, never one still live', async () => {
      const [first, second] = sources.map((source) => new TypeOrmCeremonyChallengeStore(source));
      await first.putChallenge('assert:left-1', 'c-left', new Date(AT.getTime() + 1_000));
      await first.putChallenge('assert:live-1', 'c-live', new Date(AT.getTime() + 300_000));
      await second.purgeChallenges(new Date(AT.getTime() + 1_000));
      const rows = (await sources[0].query('SELECT binding FROM webauthn_challenges')) as Array<{ binding: string }>;
      expect(rows.map((row) => row.binding)).to.deep.equal(['assert:live-1']);
    });
  });
}
