import { expect } from 'chai';
import { refreshTokenFinder } from '../../../support/refreshTokenFinder';
import { IdTokenIssuer } from '../../../../src/application/tokens/IdTokenIssuer';
import { FakeAccessTokenHasher } from '../../../support/FakeAccessTokenHasher';
import { NO_PARTICULAR_ACCESS } from '../../../../src/domain/model/GrantedAccess';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { ClientUnauthorizedError, TooManyRefreshesError } from '../../../../src/domain/errors';
import { RefreshAccessToken } from '../../../../src/application/oauth/RefreshAccessToken';
import { RefreshTokenFamilies } from '../../../../src/application/oauth/RefreshTokenFamilies';
import { RevokeIssuedAccessTokens } from '../../../../src/application/revocation/RevokeIssuedAccessTokens';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { InvalidGrantError } from '../../../../src/domain/grantErrors';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryRefreshTokenStore } from '../../../support/InMemoryRefreshTokenStore';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { SetActiveUsers } from '../../../support/SetActiveUsers';
import { GrantOwners } from '../../../../src/application/oauth/GrantOwners';
import { authenticatedClient } from '../../../support/oauthClients';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

const KEY: SigningKeyPair = { kid: 'k1', method: 'rsa', alg: 'RS256', privateKey: 'private', publicKey: 'public', createdAt: new Date('2025-01-01T00:00:00Z') };
const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
/** The client as the token endpoint authenticated it (AuthenticateClient). */
const SVC = authenticatedClient('svc', true);

describe('RefreshAccessToken (rotation and reuse detection, RFC 9700 §4.14.2)', () => {
  let clock: FixedClock;
  let store: InMemoryRefreshTokenStore;
  let revocations: InMemoryRevocationStore;
  let families: RefreshTokenFamilies;
  let accessTokens: AccessTokenIssuer;
  let use: RefreshAccessToken;
  let owners: GrantOwners;
  let activeUsers: SetActiveUsers;
  let trail: RecordingAuditTrail;

  beforeEach(() => {
    clock = new FixedClock('2026-01-01T00:00:00Z');
    store = new InMemoryRefreshTokenStore(20, 60);
    revocations = new InMemoryRevocationStore();
    const ring = new KeyRing();
    ring.activate(KEY);
    const ids = new SequenceIdGenerator();
    let secret = 0;
    const secrets = { next: () => `refresh-${++secret}` };
    const revokeIssued = new RevokeIssuedAccessTokens(revocations, clock, { maxTokenLifetimeSeconds: 600, clockToleranceSeconds: 30 });
    families = new RefreshTokenFamilies(store, secrets, ids, clock, { absoluteSeconds: 10_000, idleSeconds: 1_000 }, revokeIssued);
    accessTokens = new AccessTokenIssuer(new RecordingTokenSigner(), ring, clock, ids, { issuer: 'http://localhost/auth', ttlSeconds: 300 });
    owners = new GrantOwners(activeUsers = new SetActiveUsers(), revocations);
    trail = new RecordingAuditTrail();
    use = new RefreshAccessToken(families, accessTokens, refreshTokenFinder(families, owners), new IdTokenIssuer(new RecordingTokenSigner(), ring, clock, new FakeAccessTokenHasher(), { issuer: 'http://localhost/auth', ttlSeconds: 300 }), trail);
  });

  async function signIn(clientId: string | null = 'svc'): Promise<{ refresh: string; jti: string }> {
    const access = await accessTokens.forUser(USER, clientId === null ? null : { clientId, access: NO_PARTICULAR_ACCESS });
    return { refresh: await families.start(USER, clientId, NO_PARTICULAR_ACCESS, access), jti: access.jti };
  }

  const refused = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  it('answers a new access token and a new refresh token, and the presented one is used up', async () => {
    const { refresh } = await signIn();
    const result = await use.execute({ refreshToken: refresh, client: SVC, requested: {} });
    expect(result.refreshToken).not.to.equal(refresh);
    expect(result.expiresInSeconds).to.equal(300);
    expect((await store.find(refresh))?.current).to.equal(false);
    expect((await store.find(result.refreshToken))?.current).to.equal(true);
  });

  it('a family bound to a DPoP key refreshes only with a proof of that key, spending nothing otherwise (RFC 9449 §5)', async () => {
    const access = await accessTokens.forUser(USER, { clientId: 'spa', access: NO_PARTICULAR_ACCESS });
    const refresh = await families.start(USER, 'spa', NO_PARTICULAR_ACCESS, access, undefined, undefined, undefined, undefined, 'key-1');
    const spa = authenticatedClient('spa', false);
    for (const dpopJkt of [undefined, 'key-2']) {
      const error = await refused(use.execute({ refreshToken: refresh, client: spa, requested: {}, ...(dpopJkt === undefined ? {} : { dpopJkt }) }));
      expect(error, dpopJkt).to.be.instanceOf(InvalidGrantError);
      expect((error as InvalidGrantError).detail).to.equal('refresh token bound to another DPoP key, or sent without a proof');
    }
    expect((await store.find(refresh))?.current).to.equal(true);
    const result = await use.execute({ refreshToken: refresh, client: spa, requested: {}, dpopJkt: 'key-1' });
    // The rotated token keeps the family's binding.
    expect((await store.find(result.refreshToken))?.family.dpopJkt).to.equal('key-1');
  });

  it('a proof binds the refreshed access token to its key; without one the token is a bearer token', async () => {
    const signer = new RecordingTokenSigner();
    const ring = new KeyRing();
    ring.activate(KEY);
    const recording = new AccessTokenIssuer(signer, ring, clock, new SequenceIdGenerator(), { issuer: 'http://localhost/auth', ttlSeconds: 300 });
    const recorded = new RefreshAccessToken(families, recording, refreshTokenFinder(families, owners), new IdTokenIssuer(signer, ring, clock, new FakeAccessTokenHasher(), { issuer: 'http://localhost/auth', ttlSeconds: 300 }), trail);
    const { refresh } = await signIn();
    const next = await recorded.execute({ refreshToken: refresh, client: SVC, requested: {}, dpopJkt: 'key-9' });
    expect(signer.signed[0].claims).to.deep.include({ cnf: { jkt: 'key-9' } });
    await recorded.execute({ refreshToken: next.refreshToken, client: SVC, requested: {} });
    expect(signer.signed[1].claims).to.not.have.property('cnf');
  });

  it('a used token presented again ends the family: its current token dies and its access tokens are revoked', async () => {
    const first = await signIn();
    const second = await use.execute({ refreshToken: first.refresh, client: SVC, requested: {} });
    expect(await refused(use.execute({ refreshToken: first.refresh, client: SVC, requested: {} }))).to.be.instanceOf(InvalidGrantError);
    expect(await refused(use.execute({ refreshToken: second.refreshToken, client: SVC, requested: {} }))).to.be.instanceOf(InvalidGrantError);
    expect([...revocations.tokens.keys()].sort()).to.deep.equal([first.jti, 'id-3'].sort());
  });

  it('records each refresh as a token issued, and a reuse as detected with its family ended, never a token', async () => {
    const first = await signIn();
    const familyId = [...store.families.keys()][0];
    const second = await use.execute({ refreshToken: first.refresh, client: SVC, requested: {} });
    await refused(use.execute({ refreshToken: first.refresh, client: SVC, requested: {} }));
    expect(trail.events).to.deep.equal([
      { type: 'token.issued', outcome: 'success', account: 'alice', client: 'svc', details: { grant: 'refresh_token', subject: '7', scopes: [] } },
      { type: 'refresh.reuse_detected', outcome: 'failure', account: 'alice', client: 'svc', details: { subject: '7', family: familyId, how: 'used_before', familyEnded: true } },
    ]);
    expect(JSON.stringify(trail.events)).not.to.include(first.refresh).and.not.to.include(second.refreshToken);
    await refused(use.execute({ refreshToken: 'unknown', client: SVC, requested: {} }));
    expect(trail.events, 'an unknown token is no reuse').to.have.length(2);
  });

  it('losing the swap to another instance is a replay too: the family ends', async () => {
    const { refresh } = await signIn();
    store.beforeSwap = async () => void (await store.rotate([...store.families.keys()][0], refresh, 'elsewhere', { jti: 'x', expiresAt: 0, subject: USER.id, issuedAt: 0 }, 0, []));
    expect(await refused(use.execute({ refreshToken: refresh, client: SVC, requested: {} }))).to.be.instanceOf(InvalidGrantError);
    expect(await refused(use.execute({ refreshToken: 'elsewhere', client: SVC, requested: {} }))).to.be.instanceOf(InvalidGrantError);
    expect(trail.ofType('refresh.reuse_detected').map((event) => event.details?.how)).to.deep.equal(['rotated_concurrently']);
    expect(trail.ofType('token.issued')).to.deep.equal([]);
  });

  it('is bound to its client: none is invalid_client, another is invalid_grant, and neither spends the token', async () => {
    const { refresh } = await signIn();
    expect(await refused(use.execute({ refreshToken: refresh, client: null, requested: {} }))).to.be.instanceOf(ClientUnauthorizedError);
    expect(await refused(use.execute({ refreshToken: refresh, client: authenticatedClient('b', true), requested: {} }))).to.be.instanceOf(InvalidGrantError);
    await use.execute({ refreshToken: refresh, client: SVC, requested: {} });
  });

  it('mints nothing for a user disabled or removed in the user store since the family began', async () => {
    const { refresh } = await signIn();
    activeUsers.inactive.add(USER.id);
    expect(await refused(use.execute({ refreshToken: refresh, client: SVC, requested: {} }))).to.be.instanceOf(InvalidGrantError);
    activeUsers.inactive.delete(USER.id);
    expect((await use.execute({ refreshToken: refresh, client: SVC, requested: {} })).refreshToken).to.be.a('string');
  });

  it("mints nothing for a family begun before the user's not-before (a lock-out it missed), and does for one begun at it", async () => {
    const { refresh } = await signIn();
    const now = Math.floor(clock.now().getTime() / 1000);
    await revocations.revokeSubject(USER.id, now + 1, now + 1000);
    expect(await refused(use.execute({ refreshToken: refresh, client: SVC, requested: {} }))).to.be.instanceOf(InvalidGrantError);
    clock.advanceSeconds(1);
    const later = await signIn();
    expect((await use.execute({ refreshToken: later.refresh, client: SVC, requested: {} })).refreshToken).to.be.a('string');
  });

  it('counts every refresh per family and per user; over either limit: TooManyRefreshesError with Retry-After, and the token is not spent', async () => {
    let { refresh } = await signIn();
    const familyId = [...store.families.keys()][0];
    for (let i = 0; i < 20; i++) refresh = (await use.execute({ refreshToken: refresh, client: SVC, requested: {} })).refreshToken;
    expect(Object.fromEntries(store.counts)).to.deep.equal({ [`family:${familyId}`]: 20, 'user:7': 20 });
    const refusal = await refused(use.execute({ refreshToken: refresh, client: SVC, requested: {} }));
    expect(refusal).to.be.instanceOf(TooManyRefreshesError);
    expect((refusal as TooManyRefreshesError).retryAfterSeconds).to.equal(60);
    expect((await store.find(refresh))?.current, 'still the current token').to.equal(true);
    expect(store.counts.get(`family:${familyId}`), 'the refused refresh stays counted').to.equal(21);
  });

  it('a refusal before the family is checked (unknown token, wrong client, dead family, locked-out user) counts nothing', async () => {
    const { refresh } = await signIn();
    activeUsers.inactive.add(USER.id);
    await refused(use.execute({ refreshToken: refresh, client: SVC, requested: {} }));
    await refused(use.execute({ refreshToken: 'unknown', client: SVC, requested: {} }));
    expect(store.counts.size).to.equal(0);
  });

  it('says why for the log (InvalidGrantError.detail): unknown, reused, another client, ended, rotated concurrently', async () => {
    const detail = async (promise: Promise<unknown>) => ((await refused(promise)) as InvalidGrantError).detail;
    expect(await detail(use.execute({ refreshToken: 'unknown', client: SVC, requested: {} }))).to.equal('unknown refresh token');
    const reused = await signIn();
    await use.execute({ refreshToken: reused.refresh, client: SVC, requested: {} });
    expect(await detail(use.execute({ refreshToken: reused.refresh, client: SVC, requested: {} }))).to.equal('refresh token used before: its family ended');
    const noClient = await signIn(null);
    expect(await detail(use.execute({ refreshToken: noClient.refresh, client: SVC, requested: {} }))).to.equal('refresh token of another client');
    const idle = await signIn();
    clock.advanceSeconds(1_000);
    expect(await detail(use.execute({ refreshToken: idle.refresh, client: SVC, requested: {} }))).to.equal('refresh-token family ended, expired or idle');
    const raced = await signIn();
    const familyId = [...store.families.keys()].pop()!;
    store.beforeSwap = async () => void (await store.rotate(familyId, raced.refresh, 'elsewhere', { jti: 'x', expiresAt: 0, subject: USER.id, issuedAt: 0 }, 0, []));
    expect(await detail(use.execute({ refreshToken: raced.refresh, client: SVC, requested: {} }))).to.equal('refresh token rotated concurrently: its family ended');
  });

  it('dies after the idle timeout and after the absolute lifetime', async () => {
    const { refresh } = await signIn();
    clock.advanceSeconds(1_000);
    expect(await refused(use.execute({ refreshToken: refresh, client: SVC, requested: {} }))).to.be.instanceOf(InvalidGrantError);
    let token = (await signIn()).refresh;
    for (let i = 0; i < 10; i++) {
      clock.advanceSeconds(999);
      token = (await use.execute({ refreshToken: token, client: SVC, requested: {} })).refreshToken;
    }
    clock.advanceSeconds(999);
    expect(await refused(use.execute({ refreshToken: token, client: SVC, requested: {} }))).to.be.instanceOf(InvalidGrantError);
  });

  it('refuses an unknown token without touching any family', async () => {
    await signIn();
    expect(await refused(use.execute({ refreshToken: 'never-issued', client: SVC, requested: {} }))).to.be.instanceOf(InvalidGrantError);
    expect(revocations.tokens.size).to.equal(0);
  });
});
