import { expect } from 'chai';
import type { AccessTokenClaims } from '@auth-service/client';
import { FindActiveToken } from '../../../../src/application/oauth/FindActiveToken';
import { GetUserInfo } from '../../../../src/application/oauth/GetUserInfo';
import { GrantOwners } from '../../../../src/application/oauth/GrantOwners';
import { IntrospectToken } from '../../../../src/application/oauth/IntrospectToken';
import type { ServiceAccessTokenVerifier } from '../../../../src/application/keys/KeyReloadingAccessTokenVerifier';
import { StoreUnavailableError, TokenExpiredError, TokenRevokedError } from '../../../../src/domain/errors';
import { InvalidGrantError } from '../../../../src/domain/grantErrors';
import { NO_PARTICULAR_ACCESS } from '../../../../src/domain/model/GrantedAccess';
import { authenticatedClient } from '../../../support/oauthClients';
import { RIG_NOW, RIG_USER, UserGrantRig } from '../../../support/userGrantRig';

const BASE = { iss: 'https://auth.example', iat: RIG_NOW, exp: RIG_NOW + 300, jti: 'j' };
const ALICE = { ...BASE, sub: RIG_USER.id, account: 'alice', nickName: 'Alice', userId: RIG_USER.id, userType: RIG_USER.userType };
const CLIENT_TOKEN = { ...BASE, sub: 'svc', client_id: 'svc' } as unknown as AccessTokenClaims;
const WEB = authenticatedClient('web', true);

/** Answers the claims set for the token it is asked about, at once or (`later`) as a promise; throws an Error set instead. */
class MapVerifier implements ServiceAccessTokenVerifier {
  readonly answers = new Map<string, AccessTokenClaims | Error>();
  later = false;
  verifyAccessToken(token: string): AccessTokenClaims | Promise<AccessTokenClaims> {
    const answer = this.answers.get(token) ?? new TokenExpiredError('unknown');
    if (this.later) return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    if (answer instanceof Error) throw answer;
    return answer;
  }
}

const refusal = (run: () => unknown) =>
  Promise.resolve()
    .then(run)
    .then(
      () => null,
      (error: unknown) => error,
    );

describe('FindActiveToken: one answer to "is this token active" for introspection, userinfo and the refresh', () => {
  let rig: UserGrantRig;
  let verifier: MapVerifier;
  let finder: FindActiveToken;

  beforeEach(() => {
    rig = new UserGrantRig();
    verifier = new MapVerifier();
    finder = new FindActiveToken(verifier, rig.activeUsers, rig.families, new GrantOwners(rig.activeUsers, rig.revocations));
    verifier.answers.set('alice', ALICE as AccessTokenClaims);
    verifier.answers.set('svc', CLIENT_TOKEN);
  });

  const familyToken = (clientId: string | null = 'web') =>
    rig.families.start(RIG_USER, clientId, NO_PARTICULAR_ACCESS, { jti: 'first', expiresAt: RIG_NOW + 300, subject: RIG_USER.id, issuedAt: RIG_NOW });

  describe('access tokens', () => {
    it("answers a user token's claims while its user is active, asking the user store about that user by id and account", async () => {
      const claims = { ...ALICE, tenantId: 't-9', avatar: 'a.png', telephone: '+1', grade: 'gold' } as AccessTokenClaims;
      verifier.answers.set('full', claims);
      expect(await finder.verifyAccessToken('full')).to.equal(claims);
      expect(await finder.verifyAccessToken('alice')).to.deep.equal(ALICE);
      expect(rig.activeUsers.asked).to.deep.equal([RIG_USER.id, RIG_USER.id]);
      const asked: unknown[] = [];
      finder = new FindActiveToken(verifier, { isActive: async (user) => (asked.push(user), true) }, rig.families, { refusal: async () => null });
      await finder.verifyAccessToken('full');
      await finder.verifyAccessToken('alice');
      expect(asked).to.deep.equal([{ id: '7', account: 'alice' }, { id: '7', account: 'alice' }]);
    });

    it('checks a token without account (a stored client granted no profile) by id, and refuses it once its user is gone', async () => {
      const scoped = { sub: '7', client_id: 'web', iss: 'i', iat: 1, exp: 2, jti: 'j' } as AccessTokenClaims;
      verifier.answers.set('scoped', scoped);
      const asked: unknown[] = [];
      let active = true;
      finder = new FindActiveToken(verifier, { isActive: async (user) => (asked.push(user), active) }, rig.families, { refusal: async () => null });
      expect(await finder.verifyAccessToken('scoped')).to.equal(scoped);
      active = false;
      expect(await refusal(() => finder.verifyAccessToken('scoped'))).to.be.instanceOf(TokenRevokedError);
      expect(asked).to.deep.equal([{ id: '7', account: null }, { id: '7', account: null }]);
    });

    it('refuses a user token as revoked once its user is no longer active in the user store (disabled there, or findById null)', async () => {
      rig.activeUsers.inactive.add(RIG_USER.id);
      expect(await refusal(() => finder.verifyAccessToken('alice'))).to.be.instanceOf(TokenRevokedError);
      verifier.later = true;
      expect(await refusal(() => finder.verifyAccessToken('alice'))).to.be.instanceOf(TokenRevokedError);
    });

    it('answers a client token at once, without asking the user store', () => {
      expect(finder.verifyAccessToken('svc')).to.equal(CLIENT_TOKEN);
      expect(rig.activeUsers.asked).to.deep.equal([]);
    });

    it("lets the verifier's refusal and the user store's outage through", async () => {
      expect(await refusal(() => finder.verifyAccessToken('unknown'))).to.be.instanceOf(TokenExpiredError);
      const outage = new StoreUnavailableError();
      finder = new FindActiveToken(verifier, { isActive: () => Promise.reject(outage) }, rig.families, { refusal: async () => null });
      expect(await refusal(() => finder.verifyAccessToken('alice'))).to.equal(outage);
    });
  });

  describe('refresh tokens', () => {
    it('finds an active token for its own client, and says how any other is not', async () => {
      const token = await familyToken();
      expect(await finder.refreshToken(token, 'web')).to.deep.include({ state: 'active' });
      expect(await finder.refreshToken(token, 'other')).to.deep.include({ state: 'other-client' });
      expect(await finder.refreshToken(token, null)).to.deep.include({ state: 'other-client' });
      expect(await finder.refreshToken(await familyToken(null), null)).to.deep.include({ state: 'active' });
      expect(await finder.refreshToken('never-issued', 'web')).to.equal(null);
    });

    it('a used token is `used`, whoever asks; an ended family `ended`', async () => {
      const token = await familyToken();
      await rig.refresh.execute({ refreshToken: token, client: WEB, requested: {} });
      expect(await finder.refreshToken(token, 'other')).to.deep.include({ state: 'used' });
      const ended = await familyToken();
      rig.clock.advanceSeconds(3_600);
      expect(await finder.refreshToken(ended, 'web')).to.deep.include({ state: 'ended' });
    });

    it('a user no longer active, or locked out after the family began, is `locked-out` with the reason; its client is checked first', async () => {
      const token = await familyToken();
      rig.activeUsers.inactive.add(RIG_USER.id);
      expect(await finder.refreshToken(token, 'web')).to.deep.include({ state: 'locked-out', reason: 'the user is no longer active in the user store' });
      rig.activeUsers.asked.length = 0;
      expect(await finder.refreshToken(token, 'other')).to.deep.include({ state: 'other-client' });
      expect(rig.activeUsers.asked).to.deep.equal([]);
      rig.activeUsers.inactive.clear();
      await rig.revocations.revokeSubject(RIG_USER.id, RIG_NOW + 1, RIG_NOW + 600);
      expect(await finder.refreshToken(token, 'web')).to.deep.include({ state: 'locked-out', reason: 'the user was locked out after the grant' });
    });
  });

  it('userinfo answers the profile of an active user found through it (the user store asked first)', async () => {
    const info = await new GetUserInfo(finder, rig.activeUsers, new Set<string>()).execute({ authorization: 'Bearer alice' });
    expect(info).to.deep.equal({ sub: '7', account: 'alice', nickName: 'Alice', userId: '7', userType: RIG_USER.userType });
    expect(rig.activeUsers.asked).to.deep.equal([RIG_USER.id]);
  });

  it('a user disabled in the store only: inactive at introspection, refused at userinfo and at the refresh, all through FindActiveToken', async () => {
    const refreshToken = await familyToken();
    rig.activeUsers.inactive.add(RIG_USER.id);
    const families = rig.families;
    const introspect = new IntrospectToken(finder, families);
    for (const token of ['alice', refreshToken]) expect(await introspect.execute({ token, client: { id: 'web', confidential: true } })).to.deep.equal({ active: false });
    expect(await refusal(() => new GetUserInfo(finder, rig.activeUsers, new Set<string>()).execute({ authorization: 'Bearer alice' }))).to.be.instanceOf(TokenRevokedError);
    const refresh = await refusal(() => rig.refresh.execute({ refreshToken, client: WEB, requested: {} }));
    expect(refresh).to.be.instanceOf(InvalidGrantError);
    expect(refresh).to.include({ detail: 'the user is no longer active in the user store' });
  });
});
