import { expect } from 'chai';
import { RedeemDeviceCode } from '../../../../src/application/device/RedeemDeviceCode';
import { GrantOwners } from '../../../../src/application/oauth/GrantOwners';
import { RefreshTokenFamilies } from '../../../../src/application/oauth/RefreshTokenFamilies';
import { RevokeIssuedAccessTokens } from '../../../../src/application/revocation/RevokeIssuedAccessTokens';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { IdTokenIssuer } from '../../../../src/application/tokens/IdTokenIssuer';
import { AuthorizationPendingError, DeviceAccessDeniedError, DeviceCodeExpiredError, SlowDownError } from '../../../../src/domain/deviceErrors';
import { ClientUnauthorizedError } from '../../../../src/domain/errors';
import { InvalidGrantError } from '../../../../src/domain/grantErrors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { DEVICE_CODE_GRANT, type DeviceAuthorization } from '../../../../src/domain/model/DeviceAuthorization';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import { FakeAccessTokenHasher } from '../../../support/FakeAccessTokenHasher';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryDeviceAuthorizationStore } from '../../../support/InMemoryDeviceAuthorizationStore';
import { InMemoryRefreshTokenStore } from '../../../support/InMemoryRefreshTokenStore';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { authenticatedClient } from '../../../support/oauthClients';
import { rejection } from '../../../support/rejection';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';
import { SetActiveUsers } from '../../../support/SetActiveUsers';

const KEY: SigningKeyPair = { kid: 'k1', method: 'rsa', alg: 'RS256', privateKey: 'private', publicKey: 'public', createdAt: new Date('2025-01-01T00:00:00Z') };
const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const NOW = 1767225600; // 2026-01-01T00:00:00Z
const TV = authenticatedClient('tv', false, { grants: [DEVICE_CODE_GRANT, 'refresh_token'], scopes: ['openid', 'profile'] });

describe('RedeemDeviceCode (device_code grant, RFC 8628 §3.4-3.5)', () => {
  let clock: FixedClock;
  let store: InMemoryDeviceAuthorizationStore;
  let refreshStore: InMemoryRefreshTokenStore;
  let revocations: InMemoryRevocationStore;
  let activeUsers: SetActiveUsers;
  let signer: RecordingTokenSigner;
  let trail: RecordingAuditTrail;
  let use: RedeemDeviceCode;

  beforeEach(() => {
    clock = new FixedClock('2026-01-01T00:00:00Z');
    store = new InMemoryDeviceAuthorizationStore();
    refreshStore = new InMemoryRefreshTokenStore();
    revocations = new InMemoryRevocationStore();
    activeUsers = new SetActiveUsers();
    signer = new RecordingTokenSigner();
    trail = new RecordingAuditTrail();
    const ring = new KeyRing();
    ring.activate(KEY);
    const ids = new SequenceIdGenerator();
    const revokeIssued = new RevokeIssuedAccessTokens(revocations, clock, { maxTokenLifetimeSeconds: 600, clockToleranceSeconds: 30 });
    const families = new RefreshTokenFamilies(refreshStore, new SequenceSecretGenerator('refresh'), ids, clock, { absoluteSeconds: 86_400, idleSeconds: 3_600 }, revokeIssued);
    use = new RedeemDeviceCode(
      store,
      families,
      new AccessTokenIssuer(signer, ring, clock, ids, { issuer: 'https://auth.example', ttlSeconds: 300 }),
      new GrantOwners(activeUsers, revocations),
      new IdTokenIssuer(signer, ring, clock, new FakeAccessTokenHasher(), { issuer: 'https://auth.example', ttlSeconds: 300 }),
      revocations,
      trail,
    );
  });

  async function given(request: Partial<DeviceAuthorization> = {}): Promise<void> {
    await store.add({
      deviceCode: 'device-1',
      userCode: 'BCDFGHJK',
      clientId: 'tv',
      granted: { scopes: ['openid', 'profile'], resources: [] },
      createdAt: NOW,
      expiresAt: NOW + 600,
      interval: 5,
      lastPolledAt: null,
      decision: 'pending',
      ...request,
    });
  }
  const approved = { decision: 'approved' as const, approval: { user: USER, authTime: NOW + 30 } };
  const poll = (client = TV, dpopJkt?: string) => use.execute({ deviceCode: 'device-1', client, ...(dpopJkt === undefined ? {} : { dpopJkt }) });

  describe('while the user has not decided', () => {
    it('answers authorization_pending and records the poll', async () => {
      await given();
      expect(await rejection(poll())).to.be.instanceOf(AuthorizationPendingError);
      expect(store.requests.get('device-1')).to.deep.include({ lastPolledAt: NOW, interval: 5 });
    });

    it('answers slow_down to a poll sooner than the interval after the previous one; the interval grows by 5 s and is kept', async () => {
      await given();
      await rejection(poll());
      clock.advanceSeconds(4);
      const error = await rejection(poll());
      expect(error).to.be.instanceOf(SlowDownError);
      expect((error as SlowDownError).interval).to.equal(10);
      expect(store.requests.get('device-1')).to.deep.include({ lastPolledAt: NOW + 4, interval: 10 });
      // 9 s later is within the new 10 s: slower again.
      clock.advanceSeconds(9);
      expect(((await rejection(poll())) as SlowDownError).interval).to.equal(15);
      // Waiting the whole interval is merely pending, the interval kept.
      clock.advanceSeconds(15);
      expect(await rejection(poll())).to.be.instanceOf(AuthorizationPendingError);
      expect(store.requests.get('device-1')).to.deep.include({ lastPolledAt: NOW + 28, interval: 15 });
    });

    it('a poll exactly the interval after the previous one is no slow_down', async () => {
      await given({ lastPolledAt: NOW - 5 });
      expect(await rejection(poll())).to.be.instanceOf(AuthorizationPendingError);
    });
  });

  it('answers access_denied once the user denied', async () => {
    await given({ decision: 'denied' });
    expect(await rejection(poll())).to.be.instanceOf(DeviceAccessDeniedError);
  });

  it('answers expired_token from the expiry on, whatever the decision', async () => {
    await given({ ...approved, expiresAt: NOW });
    expect(await rejection(poll())).to.be.instanceOf(DeviceCodeExpiredError);
    expect(store.requests.has('device-1')).to.equal(true);
  });

  it('refuses an unknown code, another client\'s code, and a request without a client', async () => {
    expect(await rejection(poll())).to.deep.include({ detail: 'unknown device code' });
    await given(approved);
    expect(await rejection(poll(authenticatedClient('other', false, { grants: [DEVICE_CODE_GRANT] })))).to.be.instanceOf(InvalidGrantError);
    expect(await rejection(use.execute({ deviceCode: 'device-1', client: null }))).to.be.instanceOf(ClientUnauthorizedError);
    expect(store.requests.has('device-1')).to.equal(true);
  });

  it('an approved code yields the code flow\'s tokens: access, ID token with openid, refresh for a client registered for it', async () => {
    await given(approved);
    const result = await poll();
    expect(result).to.deep.equal({ accessToken: 'token-1', expiresInSeconds: 300, scopes: ['openid', 'profile'], refreshToken: 'refresh-1', idToken: 'token-2' });
    expect(signer.signed[0].claims).to.deep.include({ sub: '7', client_id: 'tv', auth_time: NOW + 30 });
    expect(signer.signed[1].claims).to.deep.include({ sub: '7', aud: 'tv', auth_time: NOW + 30 });
    expect(trail.ofType('token.issued')).to.deep.equal([
      { type: 'token.issued', outcome: 'success', account: 'alice', client: 'tv', details: { grant: 'device_code', subject: '7', scopes: ['openid', 'profile'] } },
    ]);
  });

  it('no refresh token for a client not registered for refresh_token, no ID token without openid', async () => {
    await given({ ...approved, granted: { scopes: ['profile'], resources: [] } });
    const result = await poll(authenticatedClient('tv', true, { grants: [DEVICE_CODE_GRANT], scopes: ['profile'] }));
    expect(result).to.deep.equal({ accessToken: 'token-1', expiresInSeconds: 300, scopes: ['profile'] });
  });

  it('yields one token set: the code is gone after its redemption', async () => {
    await given(approved);
    await poll();
    expect(await rejection(poll())).to.be.instanceOf(InvalidGrantError);
    expect(signer.signed).to.have.length(2);
    // Approved and still held, but removed by another poll between the read and the removal.
    await given(approved);
    const redeem = store.redeem.bind(store);
    store.redeem = async (code) => (await redeem(code)) && (await redeem(code));
    expect(await rejection(poll())).to.deep.include({ detail: 'device code redeemed before' });
  });

  it('of two polls racing, only the one whose redemption removed the code gets tokens', async () => {
    await given(approved);
    const results = await Promise.allSettled([poll(), poll()]);
    expect(results.map((result) => result.status).sort()).to.deep.equal(['fulfilled', 'rejected']);
  });

  it('binds the access token to the DPoP key, and a public client\'s family too', async () => {
    await given(approved);
    await poll(TV, 'thumb');
    expect(signer.signed[0].claims).to.deep.include({ cnf: { jkt: 'thumb' } });
    expect([...refreshStore.families.values()][0].family).to.deep.include({ dpopJkt: 'thumb' });
  });

  it('a confidential client\'s family is not bound to the key (its secret binds it)', async () => {
    await given(approved);
    await poll(authenticatedClient('tv', true, { grants: [DEVICE_CODE_GRANT, 'refresh_token'], scopes: ['openid', 'profile'] }), 'thumb');
    expect([...refreshStore.families.values()][0].family).not.to.have.property('dpopJkt');
  });

  describe('lock-out', () => {
    it('a user locked out after signing in for the code gets nothing, and the code is used up', async () => {
      await given(approved);
      await revocations.revokeSubject('7', NOW + 31, NOW + 9999);
      expect(await rejection(poll())).to.be.instanceOf(InvalidGrantError);
      expect(store.requests.has('device-1')).to.equal(false);
      expect(signer.signed).to.deep.equal([]);
    });

    it('a user no longer active gets nothing', async () => {
      await given(approved);
      activeUsers.inactive.add('7');
      expect(await rejection(poll())).to.be.instanceOf(InvalidGrantError);
    });

    it('a client removed or registered anew after the code was made gets nothing from it', async () => {
      await given(approved);
      await revocations.revokeClient('tv', NOW + 1, NOW + 9999);
      expect(await rejection(poll())).to.deep.include({ detail: 'the client changed after the device code was made' });
      expect(signer.signed).to.deep.equal([]);
    });

    it('a client-wide not-before at the code\'s own second ends nothing', async () => {
      await given(approved);
      await revocations.revokeClient('tv', NOW, NOW + 9999);
      expect((await poll()).accessToken).to.equal('token-1');
    });
  });

  it('mints what the registration still allows', async () => {
    await given(approved);
    const result = await poll(authenticatedClient('tv', false, { grants: [DEVICE_CODE_GRANT], scopes: ['profile'] }));
    expect(result.scopes).to.deep.equal(['profile']);
  });
});
