import { expect } from 'chai';
import { ALL_USER_CODE_GUESSES, FindDeviceRequest } from '../../../../src/application/device/FindDeviceRequest';
import { TooManyUserCodeAttemptsError, UnknownUserCodeError } from '../../../../src/domain/deviceErrors';
import { DEVICE_CODE_GRANT, type DeviceAuthorization } from '../../../../src/domain/model/DeviceAuthorization';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryDeviceAuthorizationStore } from '../../../support/InMemoryDeviceAuthorizationStore';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { registeredClient } from '../../../support/oauthClients';
import { rejection } from '../../../support/rejection';

const NOW = 1767225600; // 2026-01-01T00:00:00Z
const TV = registeredClient({ id: 'tv', kind: 'public', redirectUris: [], grants: [DEVICE_CODE_GRANT], name: 'Living-room TV' });

describe('FindDeviceRequest (the device page\'s user code, under the guessing limits)', () => {
  let store: InMemoryDeviceAuthorizationStore;
  let clients: InMemoryOAuthClientStore;
  let perAddress: RecordingAttemptLimiter;
  let overall: RecordingAttemptLimiter;
  let clock: FixedClock;
  let use: FindDeviceRequest;

  beforeEach(async () => {
    store = new InMemoryDeviceAuthorizationStore();
    clients = new InMemoryOAuthClientStore([{ client: TV }]);
    perAddress = new RecordingAttemptLimiter(3, 60);
    overall = new RecordingAttemptLimiter(5, 90);
    clock = new FixedClock('2026-01-01T00:00:00Z');
    use = new FindDeviceRequest(store, clients, perAddress, overall, clock);
    await given();
  });

  async function given(request: Partial<DeviceAuthorization> = {}): Promise<void> {
    await store.add({
      deviceCode: `device-${store.requests.size + 1}`,
      userCode: 'BCDFGHJK',
      clientId: 'tv',
      granted: { scopes: ['profile'], resources: [] },
      createdAt: NOW,
      expiresAt: NOW + 600,
      interval: 5,
      lastPolledAt: null,
      decision: 'pending',
      ...request,
    });
  }

  it('finds a live pending request however the code is typed, with its client and scopes, and gives the attempt back', async () => {
    const found = await use.execute({ userCode: 'bcdf ghjk', address: '203.0.113.7' });
    expect(found).to.deep.equal({ userCode: 'BCDFGHJK', client: TV, granted: { scopes: ['profile'], resources: [] } });
    expect(perAddress.events).to.deep.equal(['reserve address:203.0.113.7', 'succeeded']);
    expect(overall.events).to.deep.equal([`reserve ${ALL_USER_CODE_GUESSES}`, 'succeeded']);
  });

  it('counts a wrong code against the address and against all addresses', async () => {
    for (const typed of ['LMNP-QRST', 'not a code']) expect(await rejection(use.execute({ userCode: typed, address: '203.0.113.7' }))).to.be.instanceOf(UnknownUserCodeError);
    expect(perAddress.count('address:203.0.113.7')).to.equal(2);
    expect(overall.count(ALL_USER_CODE_GUESSES)).to.equal(2);
    expect(ALL_USER_CODE_GUESSES).to.equal('device-user-code:all');
    // What cannot be a code is not looked up.
    expect(store.calls.filter((call) => call.startsWith('find'))).to.deep.equal(['find LMNPQRST']);
    expect(perAddress.events.slice(0, 2)).to.deep.equal(['reserve address:203.0.113.7', 'failed']);
  });

  it('refuses past the address\'s limit without looking the code up (even the right one), with the window to wait', async () => {
    for (let i = 0; i < 3; i++) await rejection(use.execute({ userCode: 'LMNP-QRST', address: '203.0.113.7' }));
    const error = await rejection(use.execute({ userCode: 'BCDF-GHJK', address: '203.0.113.7' }));
    expect(error).to.be.instanceOf(TooManyUserCodeAttemptsError);
    expect((error as TooManyUserCodeAttemptsError).retryAfterSeconds).to.equal(60);
    // Another address is not held back by this one.
    expect((await use.execute({ userCode: 'BCDF-GHJK', address: '198.51.100.1' })).userCode).to.equal('BCDFGHJK');
  });

  it('refuses past the limit over all addresses, giving the address its attempt back', async () => {
    for (let i = 0; i < 5; i++) await rejection(use.execute({ userCode: 'LMNP-QRST', address: `198.51.100.${i}` }));
    const error = await rejection(use.execute({ userCode: 'BCDF-GHJK', address: '203.0.113.7' }));
    expect(error).to.be.instanceOf(TooManyUserCodeAttemptsError);
    expect((error as TooManyUserCodeAttemptsError).retryAfterSeconds).to.equal(90);
    expect(perAddress.count('address:203.0.113.7')).to.equal(0);
  });

  it('counts an unknown address under one key', async () => {
    await rejection(use.execute({ userCode: 'LMNP-QRST' }));
    expect(perAddress.count('address:unknown')).to.equal(1);
  });

  it('an expired, decided or removed client\'s code is unknown', async () => {
    clock.advanceSeconds(600);
    expect(await rejection(use.execute({ userCode: 'BCDF-GHJK' }))).to.be.instanceOf(UnknownUserCodeError);
    clock.advanceSeconds(-1);
    expect((await use.execute({ userCode: 'BCDF-GHJK' })).userCode).to.equal('BCDFGHJK');
    await store.decide('BCDFGHJK', { approved: false });
    expect(await rejection(use.execute({ userCode: 'BCDF-GHJK' }))).to.be.instanceOf(UnknownUserCodeError);
    await given({ userCode: 'LMNPQRST' });
    await clients.remove('tv');
    expect(await rejection(use.execute({ userCode: 'LMNP-QRST' }))).to.be.instanceOf(UnknownUserCodeError);
  });
});
