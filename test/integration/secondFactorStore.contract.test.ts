import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import { AesGcmKeyCipher } from '../../src/infrastructure/crypto/AesGcmKeyCipher';
import { createDataSource, openDatabase } from '../../src/infrastructure/persistence/createDataSource';
import { TypeOrmSecondFactorStore } from '../../src/infrastructure/persistence/TypeOrmSecondFactorStore';
import { STORE_BACKENDS, type SharedDatabase } from '../support/storeBackends';

const AT = new Date('2026-03-01T10:00:00Z');
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

for (const backend of STORE_BACKENDS) {
  describe(`The second factor store on ${backend.name}, two DataSources (two instances)`, function () {
    this.timeout(30_000);
    let database: SharedDatabase;
    let sources: DataSource[];
    let one: TypeOrmSecondFactorStore;
    let other: TypeOrmSecondFactorStore;

    before(async () => {
      database = await backend.create();
      sources = [];
      for (let i = 0; i < 2; i++) sources.push(await openDatabase(createDataSource(database.url)));
      const cipher = new AesGcmKeyCipher(Buffer.alloc(32, 7));
      [one, other] = sources.map((source) => new TypeOrmSecondFactorStore(source, cipher));
    });

    after(async () => {
      for (const source of sources ?? []) if (source.isInitialized) await source.destroy();
      await database?.dispose();
    });

    it('keeps a pending TOTP enrolment, encrypted at rest, no factor until confirmed; confirms it once', async () => {
      await one.startTotp('u-1', 'f-1', SECRET, AT);
      expect(await other.findTotp('u-1')).to.deep.equal({ factorId: 'f-1', secret: SECRET, confirmed: false, lastStep: null, createdAt: AT });
      const [row] = (await sources[0].query(`SELECT secret FROM second_factors WHERE id = 'f-1'`)) as { secret: string }[];
      expect(row.secret).not.to.include(SECRET);
      expect(await other.listOf('u-1')).to.deep.equal([]);
      const confirmations = await Promise.all([one.confirmTotp('u-1', 'f-1', 100), other.confirmTotp('u-1', 'f-1', 100)]);
      expect(confirmations.filter(Boolean)).to.have.length(1);
      expect(await one.listOf('u-1')).to.deep.equal([{ id: 'f-1', userId: 'u-1', kind: 'totp', label: 'Authenticator app', createdAt: AT }]);
      expect((await other.findTotp('u-1'))?.lastStep).to.equal(100);
    });

    it('accepts each step once across instances, never one at or before the last', async () => {
      const racing = await Promise.all([one.acceptTotpStep('u-1', 101), other.acceptTotpStep('u-1', 101)]);
      expect(racing.filter(Boolean)).to.have.length(1);
      expect(await one.acceptTotpStep('u-1', 100)).to.equal(false);
      expect(await other.acceptTotpStep('u-1', 102)).to.equal(true);
      expect(await other.acceptTotpStep('u-9', 500)).to.equal(false);
    });

    it('leaves a confirmed enrolment alone when one is started again, and replaces a pending one', async () => {
      await other.startTotp('u-1', 'f-2', 'OTHERSECRET', AT);
      expect((await one.findTotp('u-1'))?.factorId).to.equal('f-1');
      await one.startTotp('u-2', 'f-3', SECRET, AT);
      await other.startTotp('u-2', 'f-4', 'NEWSECRETNEWSECRET', AT);
      expect(await one.findTotp('u-2')).to.include({ factorId: 'f-4', secret: 'NEWSECRETNEWSECRET', confirmed: false });
      expect(await one.confirmTotp('u-2', 'f-3', 5)).to.equal(false);
    });

    it('uses a recovery code once across instances, and replaces the set', async () => {
      await one.replaceRecoveryCodes('u-1', ['AAAAABBBBB', 'CCCCCDDDDD'], AT);
      expect(await other.recoveryCodesLeft('u-1')).to.equal(2);
      const racing = await Promise.all([one.useRecoveryCode('u-1', 'AAAAABBBBB'), other.useRecoveryCode('u-1', 'AAAAABBBBB')]);
      expect(racing.filter(Boolean)).to.have.length(1);
      expect(await one.useRecoveryCode('u-2', 'CCCCCDDDDD')).to.equal(false);
      await other.replaceRecoveryCodes('u-1', ['EEEEEFFFFF'], AT);
      expect(await one.useRecoveryCode('u-1', 'CCCCCDDDDD')).to.equal(false);
      expect(await one.recoveryCodesLeft('u-1')).to.equal(1);
      const [row] = (await sources[0].query(`SELECT digest FROM recovery_codes WHERE user_id = 'u-1'`)) as { digest: string }[];
      expect(row.digest).to.match(/^[0-9a-f]{64}$/);
    });

    it('lists factors by user, removes one, and removes everything of a user', async () => {
      expect([...(await one.listOfUsers(['u-1', 'u-2', 'u-3'])).keys()]).to.deep.equal(['u-1']);
      expect(await one.listOfUsers([])).to.deep.equal(new Map());
      expect(await other.remove('u-2', 'f-1')).to.equal(false);
      expect(await one.removeAll('u-1')).to.equal(1);
      expect(await other.findTotp('u-1')).to.equal(null);
      expect(await other.recoveryCodesLeft('u-1')).to.equal(0);
      await one.startTotp('u-5', 'f-5', SECRET, AT);
      await one.confirmTotp('u-5', 'f-5', 1);
      expect(await other.remove('u-5', 'f-5')).to.equal(true);
      expect(await one.listOf('u-5')).to.deep.equal([]);
    });
  });
}
