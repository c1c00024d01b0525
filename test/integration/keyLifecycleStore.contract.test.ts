import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import type { SigningKeyPair } from '../../src/domain/model/SigningKeyPair';
import { AesGcmKeyCipher } from '../../src/infrastructure/crypto/AesGcmKeyCipher';
import { createDataSource, openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { TypeOrmKeyStore } from '../../src/infrastructure/persistence/TypeOrmKeyStore';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const T0 = new Date('2026-05-01T00:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function pair(kid: string): SigningKeyPair {
  return { kid, method: 'rsa', alg: 'RS256', privateKey: `private-${kid}`, publicKey: `public-${kid}`, createdAt: T0 };
}

for (const backend of STORE_BACKENDS) {
  describe(`TypeOrmKeyStore on ${backend.name} (key lifecycle contract)`, () => {
    let database: SharedDatabase;
    let sources: DataSource[];
    let first: TypeOrmKeyStore;
    let second: TypeOrmKeyStore;

    async function states(): Promise<Record<string, string>> {
      const summary = await first.describeKeys();
      return Object.fromEntries(summary.map((key) => [key.kid, key.state]));
    }

    beforeEach(async () => {
      database = await backend.create();
      sources = [await openDatabase(createDataSource(database.url)), await openDatabase(createDataSource(database.url))];
      [first, second] = sources.map((source) => new TypeOrmKeyStore(source));
      await first.insertActiveIfAbsent(pair('a'), null);
    });

    afterEach(async () => {
      for (const source of sources) if (source.isInitialized) await source.destroy();
      await database.dispose();
    });

    it('keeps one next key when two instances add one at the same moment', async () => {
      const added = await Promise.all([
        first.insertNextIfAbsent(pair('n1'), at(120)),
        second.insertNextIfAbsent(pair('n2'), at(120)),
        first.insertNextIfAbsent(pair('n3'), at(120)),
        second.insertNextIfAbsent(pair('n4'), at(120)),
      ]);
      expect(added.filter(Boolean)).to.have.length(1);
      expect(Object.values(await states()).filter((state) => state === 'next')).to.have.length(1);
    });

    it('promotes a next key only when due, once, with the old key retiring until the given time', async () => {
      await first.insertNextIfAbsent(pair('n'), at(120));
      expect(await first.promoteDueNextKey('rsa', at(119), at(1000))).to.equal(false);
      const promoted = await Promise.all([first.promoteDueNextKey('rsa', at(120), at(1000)), second.promoteDueNextKey('rsa', at(120), at(1000))]);
      expect(promoted.filter(Boolean)).to.have.length(1);
      expect(await states()).to.deep.equal({ a: 'retiring', n: 'active' });
      const retiring = (await first.listKeys('rsa')).find((key) => key.kid === 'a');
      expect(retiring?.retireAt?.toISOString()).to.equal(at(1000).toISOString());
      expect((await first.findActive('rsa'))?.kid).to.equal('n');

      expect(await first.retireExpiredKeys('rsa', at(999))).to.equal(0);
      expect(await first.retireExpiredKeys('rsa', at(1000))).to.equal(1);
      expect(await states()).to.deep.equal({ a: 'retired', n: 'active' });
    });

    it('never leaves the method without an active key when promotions race (20 rounds)', async () => {
      for (let round = 1; round <= 20; round++) {
        await first.insertNextIfAbsent(pair(`r${round}`), at(round));
        // Staggered starts make one instance read "next" before the other commits.
        await Promise.all([
          first.promoteDueNextKey('rsa', at(round), at(10_000)),
          new Promise((resolve) => setTimeout(resolve, round % 3)).then(() => second.promoteDueNextKey('rsa', at(round), at(10_000))),
        ]);
        const active = Object.entries(await states()).filter(([, state]) => state === 'active');
        expect(active, `round ${round}`).to.deep.equal([[`r${round}`, 'active']]);
      }
    });

    it('revoking the active key hands signing to the next key, or to the emergency key when there is none', async () => {
      await first.insertNextIfAbsent(pair('n'), at(120));
      const revoked = await first.revoke('a', at(5), pair('e1'));
      expect(revoked?.state).to.equal('revoked');
      expect(await states()).to.deep.equal({ a: 'revoked', n: 'active' });

      await second.revoke('n', at(6), pair('e2'));
      expect(await states()).to.deep.equal({ a: 'revoked', n: 'revoked', e2: 'active' });
      expect(await first.revoke('n', at(7), null), 'an unpublished key cannot be revoked again').to.equal(null);
      expect(await first.revoke('missing', at(7), null)).to.equal(null);
    });

    it('stores ciphertext through an AES-GCM cipher and reads it back', async () => {
      const cipher = new AesGcmKeyCipher(randomBytes(32));
      const encrypted = new TypeOrmKeyStore(sources[0], cipher);
      await encrypted.insertNextIfAbsent(pair('secret-next'), at(60));
      const raw = (await sources[0].query(`SELECT private_key FROM signing_keys WHERE kid = 'secret-next'`)) as Array<{ private_key: string }>;
      expect(raw[0].private_key.startsWith('enc:v1:')).to.equal(true);
      expect(raw[0].private_key).not.to.contain('private-secret-next');
      const listed = (await encrypted.listKeys('rsa')).find((key) => key.kid === 'secret-next');
      expect(listed?.privateKey).to.equal('private-secret-next');
      let failure: unknown;
      await first.listKeys('rsa').catch((error: unknown) => (failure = error));
      expect(failure, 'a plaintext store refuses encrypted rows').to.have.property('code', 'KEY_DECRYPTION_FAILED');
    });
  });
}
