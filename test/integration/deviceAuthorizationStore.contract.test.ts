import { expect } from 'chai';
import type { DataSource } from 'typeorm';
import { MEMBER_USER_TYPE } from '../../src/domain/model/AuthenticatedUser';
import type { DeviceAuthorization } from '../../src/domain/model/DeviceAuthorization';
import { TypeOrmDeviceAuthorizationStore } from '../../src/infrastructure/persistence/TypeOrmDeviceAuthorizationStore';
import { STORE_BACKENDS } from '../support/storeBackends';
import { twoDataSourcesOn } from '../support/twoDataSources';

const NOW = 1_800_000_000;
const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const request = (deviceCode: string, userCode: string, extra: Partial<DeviceAuthorization> = {}): DeviceAuthorization => ({
  deviceCode,
  userCode,
  clientId: 'tv',
  granted: { scopes: ['openid', 'profile'], resources: ['https://api.example'] },
  createdAt: NOW,
  expiresAt: NOW + 600,
  interval: 5,
  lastPolledAt: null,
  decision: 'pending',
  ...extra,
});

for (const backend of STORE_BACKENDS) {
  describe(`The device authorization store on ${backend.name}, two DataSources (two instances)`, function () {
    this.timeout(30_000);
    const opened = twoDataSourcesOn(backend);
    let one: TypeOrmDeviceAuthorizationStore;
    let other: TypeOrmDeviceAuthorizationStore;
    before(() => {
      [one, other] = opened().map((source: DataSource) => new TypeOrmDeviceAuthorizationStore(source));
    });

    it('keeps a request by its device code (a digest only) and by its user code, as added', async () => {
      expect(await one.add(request('device-a', 'BCDFGHJK'))).to.equal(true);
      expect(await other.findByDeviceCode('device-a')).to.deep.equal(request('device-a', 'BCDFGHJK'));
      expect(await other.findByUserCode('BCDFGHJK')).to.deep.equal({ ...request('device-a', 'BCDFGHJK'), deviceCode: '' });
      expect(await other.findByDeviceCode('device-b')).to.equal(null);
      expect(await other.findByUserCode('LMNPQRST')).to.equal(null);
    });

    it('a user code live at one instance is refused at the other; of two racing adds of one user code, one wins', async () => {
      expect(await other.add(request('device-c', 'BCDFGHJK'))).to.equal(false);
      expect(await one.findByDeviceCode('device-c')).to.equal(null);
      const raced = await Promise.all([one.add(request('device-d', 'CDFGHJKL')), other.add(request('device-e', 'CDFGHJKL'))]);
      expect(raced.sort()).to.deep.equal([false, true]);
    });

    it('records polls with the interval', async () => {
      await one.recordPoll('device-a', NOW + 3, 10);
      expect(await other.findByDeviceCode('device-a')).to.deep.include({ lastPolledAt: NOW + 3, interval: 10 });
    });

    it('decides a pending request once across instances; an approval keeps who approved, a denial nothing more', async () => {
      const approval = { user: USER, authTime: NOW - 5, authentication: { acr: 'urn:auth-service:acr:mfa' as const, amr: ['pwd' as const, 'otp' as const, 'mfa' as const] } };
      const raced = await Promise.all([one.decide('BCDFGHJK', { approved: true, approval }), other.decide('BCDFGHJK', { approved: false })]);
      expect(raced.filter(Boolean)).to.have.length(1);
      const decided = await one.findByDeviceCode('device-a');
      if (decided!.decision === 'approved') expect(decided!.approval).to.deep.equal(approval);
      else expect(decided).not.to.have.property('approval');
      expect(await one.decide('BCDFGHJK', { approved: false })).to.equal(false);
      expect(await one.decide('ZZZZZZZZ', { approved: false })).to.equal(false);
    });

    it('redeems an approved request once across instances; a pending or denied one not at all', async () => {
      await one.add(request('device-f', 'FGHJKLMN'));
      expect(await other.redeem('device-f')).to.equal(false);
      await one.decide('FGHJKLMN', { approved: true, approval: { user: USER, authTime: NOW } });
      const raced = await Promise.all([one.redeem('device-f'), other.redeem('device-f')]);
      expect(raced.sort()).to.deep.equal([false, true]);
      expect(await one.findByDeviceCode('device-f')).to.equal(null);
      await one.add(request('device-g', 'GHJKLMNP'));
      await one.decide('GHJKLMNP', { approved: false });
      expect(await other.redeem('device-g')).to.equal(false);
    });

    it('purges the expired requests, freeing their user codes', async () => {
      await one.add(request('device-h', 'HJKLMNPQ', { expiresAt: NOW + 1 }));
      expect(await other.purge(NOW)).to.equal(0);
      expect(await other.purge(NOW + 1)).to.equal(1);
      expect(await one.findByDeviceCode('device-h')).to.equal(null);
      expect(await one.findByDeviceCode('device-a')).not.to.equal(null);
      expect(await one.add(request('device-i', 'HJKLMNPQ', { expiresAt: NOW + 1200 }))).to.equal(true);
    });
  });
}
