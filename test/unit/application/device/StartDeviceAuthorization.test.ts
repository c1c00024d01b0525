import { expect } from 'chai';
import { StartDeviceAuthorization, USER_CODE_TRIES } from '../../../../src/application/device/StartDeviceAuthorization';
import { UserCodeUnavailableError } from '../../../../src/domain/deviceErrors';
import { ClientUnauthorizedError } from '../../../../src/domain/errors';
import { InvalidScopeError, UnauthorizedClientError } from '../../../../src/domain/grantErrors';
import { DEVICE_CODE_GRANT } from '../../../../src/domain/model/DeviceAuthorization';
import type { UserCodeGenerator } from '../../../../src/domain/ports/UserCodeGenerator';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryDeviceAuthorizationStore } from '../../../support/InMemoryDeviceAuthorizationStore';
import { authenticatedClient } from '../../../support/oauthClients';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';
import { rejection } from '../../../support/rejection';

const NOW = 1767225600; // 2026-01-01T00:00:00Z

/** Hands out the given codes in turn. */
class ListedUserCodes implements UserCodeGenerator {
  constructor(private readonly codes: string[]) {}
  next(): string {
    return this.codes.shift()!;
  }
}

describe('StartDeviceAuthorization (RFC 8628 §3.1-3.2)', () => {
  let store: InMemoryDeviceAuthorizationStore;
  let clock: FixedClock;
  let secrets: SequenceSecretGenerator;

  beforeEach(() => {
    secrets = new SequenceSecretGenerator('device');
    store = new InMemoryDeviceAuthorizationStore();
    clock = new FixedClock('2026-01-01T00:00:00Z');
  });

  const start = (codes: string[]) => new StartDeviceAuthorization(store, secrets, new ListedUserCodes(codes), clock);
  const tv = authenticatedClient('tv', false, { grants: [DEVICE_CODE_GRANT, 'refresh_token'], scopes: ['openid', 'profile', 'admin:users'] });

  it('keeps a pending request with a device code, a user code, 600 s and a 5 s interval, and answers the code as XXXX-XXXX', async () => {
    const result = await start(['BCDFGHJK']).execute({ client: tv, requested: { scopes: ['openid'], resources: [] } });
    expect(result).to.deep.equal({ deviceCode: 'device-1', userCode: 'BCDF-GHJK', expiresIn: 600, interval: 5 });
    expect(store.requests.get('device-1')).to.deep.equal({
      deviceCode: 'device-1',
      userCode: 'BCDFGHJK',
      clientId: 'tv',
      granted: { scopes: ['openid'], resources: [] },
      createdAt: NOW,
      expiresAt: NOW + 600,
      interval: 5,
      lastPolledAt: null,
      decision: 'pending',
    });
  });

  it('grants all registered scopes when none is named, admin scopes withheld as in the code flow', async () => {
    await start(['BCDFGHJK']).execute({ client: tv, requested: { resources: [] } });
    expect(store.requests.get('device-1')!.granted.scopes).to.deep.equal(['openid', 'profile']);
  });

  it('refuses a scope beyond the registration (invalid_scope) and stores nothing', async () => {
    const error = await rejection(start(['BCDFGHJK']).execute({ client: tv, requested: { scopes: ['calendar'], resources: [] } }));
    expect(error).to.be.instanceOf(InvalidScopeError);
    expect(store.requests.size).to.equal(0);
  });

  it('refuses a client not registered for the device grant (unauthorized_client) and one not named at all', async () => {
    const web = authenticatedClient('web', true, { grants: ['authorization_code'] });
    expect(await rejection(start(['BCDFGHJK']).execute({ client: web, requested: { resources: [] } }))).to.be.instanceOf(UnauthorizedClientError);
    expect(await rejection(start(['BCDFGHJK']).execute({ client: null, requested: { resources: [] } }))).to.be.instanceOf(ClientUnauthorizedError);
    expect(store.calls).to.deep.equal([]);
  });

  it('purges expired requests first, so an expired code frees its user code', async () => {
    await start(['BCDFGHJK']).execute({ client: tv, requested: { resources: [] } });
    clock.advanceSeconds(600);
    const again = await start(['BCDFGHJK']).execute({ client: tv, requested: { resources: [] } });
    expect(again).to.deep.include({ deviceCode: 'device-2', userCode: 'BCDF-GHJK' });
    expect(store.purgedAt).to.deep.equal([NOW, NOW + 600]);
    expect(store.calls.slice(0, 2)).to.deep.equal(['purge', 'add']);
  });

  it('draws another user code when the first is live, then 503 (UserCodeUnavailableError) after a few tries', async () => {
    await start(['BCDFGHJK']).execute({ client: tv, requested: { resources: [] } });
    const second = await start(['BCDFGHJK', 'LMNPQRST']).execute({ client: tv, requested: { resources: [] } });
    expect(second.userCode).to.equal('LMNP-QRST');
    expect(USER_CODE_TRIES).to.equal(3);
    const error = await rejection(start(['BCDFGHJK', 'LMNPQRST', 'BCDFGHJK', 'VWXZVWXZ']).execute({ client: tv, requested: { resources: [] } }));
    expect(error).to.be.instanceOf(UserCodeUnavailableError);
    expect(store.requests.size).to.equal(2);
  });
});
