import { expect } from 'chai';
import { ClientSecretGuard } from '../../../../src/application/clients/ClientSecretGuard';
import { NO_PARTICULAR_ACCESS } from '../../../../src/domain/model/GrantedAccess';
import type { AccessTokenClaims, AccessTokenVerifier } from '@auth-service/client';
import { RefreshTokenFamilies } from '../../../../src/application/oauth/RefreshTokenFamilies';
import { RevokeToken, TokenOfAnotherClientError } from '../../../../src/application/revocation/RevokeToken';
import { RevokeIssuedAccessTokens } from '../../../../src/application/revocation/RevokeIssuedAccessTokens';
import { ClientUnauthorizedError, TokenInvalidError } from '../../../../src/domain/errors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import type { RevocationPolicy } from '../../../../src/domain/model/RevocationPolicy';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { InMemoryRefreshTokenStore } from '../../../support/InMemoryRefreshTokenStore';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';
import { registeredClient } from '../../../support/oauthClients';

const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const NOW = 1767225600;
/** The client the HTTP layer authenticated. */
const WEB = { id: 'web' };

/** Access tokens are the JWTs it was given claims for; anything else (a refresh token) does not verify. */
class MapVerifier implements AccessTokenVerifier {
  readonly tokens = new Map<string, AccessTokenClaims>();

  verifyAccessToken(token: string): AccessTokenClaims {
    const claims = this.tokens.get(token);
    if (!claims) throw new TokenInvalidError('not a token this service signed');
    return claims;
  }
}

describe('RevokeToken: refresh tokens (RFC 7009 §2.1) and the per-user cap', () => {
  let clock: FixedClock;
  let refreshStore: InMemoryRefreshTokenStore;
  let revocations: InMemoryRevocationStore;
  let families: RefreshTokenFamilies;
  let verifier: MapVerifier;
  let limiter: RecordingAttemptLimiter;

  function build(policy: RevocationPolicy = { maxTokenLifetimeSeconds: 600, clockToleranceSeconds: 30 }): RevokeToken {
    limiter = new RecordingAttemptLimiter();
    const registered = new InMemoryOAuthClientStore([
      { client: registeredClient({ id: 'spa', kind: 'public', redirectUris: ['https://spa.example/cb'] }) },
      { client: registeredClient({ id: 'web', kind: 'confidential', redirectUris: ['https://web.example/cb'] }), secret: 'web-secret' },
    ]);
    return new RevokeToken(
      verifier,
      new ClientSecretGuard(new StaticClientRegistry([{ appId: 'web', appSecret: 'web-secret' }, { appId: 'svc', appSecret: 'svc-secret' }]), limiter),
      revocations,
      clock,
      policy,
      () => undefined,
      families,
      registered,
    );
  }

  beforeEach(() => {
    clock = new FixedClock('2026-01-01T00:00:00Z');
    refreshStore = new InMemoryRefreshTokenStore();
    revocations = new InMemoryRevocationStore();
    verifier = new MapVerifier();
    const revokeIssued = new RevokeIssuedAccessTokens(revocations, clock, { maxTokenLifetimeSeconds: 600, clockToleranceSeconds: 30 });
    families = new RefreshTokenFamilies(refreshStore, new SequenceSecretGenerator('refresh'), new SequenceIdGenerator(), clock, { absoluteSeconds: 86_400, idleSeconds: 3_600 }, revokeIssued);
  });

  /** A family of `clientId` whose first access token is `jti`; answers its refresh token. */
  function signIn(clientId: string | null, jti: string): Promise<string> {
    return families.start(USER, clientId, NO_PARTICULAR_ACCESS, { jti, expiresAt: NOW + 300, subject: USER.id, issuedAt: NOW });
  }

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);
  const isRevoked = async (refresh: string) => (await refreshStore.find(refresh))?.family.revoked;

  describe('with client credentials', () => {
    it("ends its own family with the access tokens it issued, and answers revoked: false the second time", async () => {
      const revoke = build();
      const refresh = await signIn('web', 'a1');
      expect(await revoke.execute({ token: refresh, client: WEB })).to.deep.equal({ revoked: true });
      expect(await isRevoked(refresh)).to.equal(true);
      expect([...revocations.tokens.keys()]).to.deep.equal(['a1']);
      expect(await revoke.execute({ token: refresh, client: WEB })).to.deep.equal({ revoked: false });
    });

    it('ends a family issued to no client', async () => {
      const refresh = await signIn(null, 'a1');
      expect(await build().execute({ token: refresh, client: WEB })).to.deep.equal({ revoked: true });
      expect(await isRevoked(refresh)).to.equal(true);
    });

    it("refuses another client's refresh token, telling it so, and the family lives on", async () => {
      const refresh = await signIn('svc', 'a1');
      const error = await refusal(build().execute({ token: refresh, client: WEB }));
      expect(error).to.be.instanceOf(TokenOfAnotherClientError);
      expect(error).to.include({ code: 'TOKEN_OF_ANOTHER_CLIENT', message: 'the token was issued to another client' });
      expect(await isRevoked(refresh)).to.equal(false);
    });

    it('answers revoked: false for a token that is neither', async () => {
      const refresh = await signIn('web', 'a1');
      expect(await build().execute({ token: 'nothing-issued', client: WEB })).to.deep.equal({ revoked: false });
      expect(await isRevoked(refresh)).to.equal(false);
    });
  });

  describe('without client credentials', () => {
    it('a refresh token issued to no client is its own credential: presenting it ends its family, counting nothing', async () => {
      const refresh = await signIn(null, 'a1');
      expect(await build().execute({ token: refresh, address: '198.51.100.1' })).to.deep.equal({ revoked: true });
      expect(await isRevoked(refresh)).to.equal(true);
      expect(limiter.events.filter((event) => event.startsWith('reserve'))).to.deep.equal([]);
    });

    it("a public client's refresh token is revoked with that client's client_id", async () => {
      const refresh = await signIn('spa', 'a1');
      expect(await build().execute({ token: refresh, publicClientId: 'spa' })).to.deep.equal({ revoked: true });
      expect(await isRevoked(refresh)).to.equal(true);
    });

    it("refuses (invalid_client, counted against the address) a public client's token without its client_id, and any token by a confidential client's id alone", async () => {
      const spa = await signIn('spa', 'a1');
      const web = await signIn('web', 'b1');
      const cases = [{ token: spa }, { token: spa, publicClientId: 'web' }, { token: web, publicClientId: 'web' }, { token: 'nothing-issued' }];
      for (const input of cases) {
        const error = await refusal(build().execute({ ...input, address: '198.51.100.1' }));
        expect(error, JSON.stringify(input)).to.be.instanceOf(ClientUnauthorizedError);
        expect(limiter.events, JSON.stringify(input)).to.deep.equal(['reserve address:198.51.100.1', 'failed']);
      }
      expect(await isRevoked(spa)).to.equal(false);
      expect(await isRevoked(web)).to.equal(false);
    });

    it("refuses a public client another client's refresh token (it is told so), and the family lives on", async () => {
      const web = await signIn('web', 'b1');
      expect(await refusal(build().execute({ token: web, publicClientId: 'spa' }))).to.be.instanceOf(TokenOfAnotherClientError);
      expect(await isRevoked(web)).to.equal(false);
    });

    it('a public client revokes its own access token by its client_id, but not one issued to no client or to another client', async () => {
      const claims = (jti: string, clientId?: string) => ({ jti, iat: NOW, exp: NOW + 300, sub: USER.id, iss: 'i', ...(clientId ? { client_id: clientId } : {}) }) as AccessTokenClaims;
      verifier.tokens.set('own', claims('j-own', 'spa'));
      verifier.tokens.set('unbound', claims('j-unbound'));
      verifier.tokens.set('foreign', claims('j-foreign', 'web'));
      const revoke = build();
      expect(await revoke.execute({ token: 'own', publicClientId: 'spa' })).to.deep.equal({ revoked: true });
      for (const token of ['unbound', 'foreign']) expect(await refusal(revoke.execute({ token, publicClientId: 'spa' })), token).to.be.instanceOf(TokenOfAnotherClientError);
      expect(await revoke.execute({ token: 'nothing-issued', publicClientId: 'spa' })).to.deep.equal({ revoked: false });
      expect([...revocations.tokens.keys()]).to.deep.equal(['j-own']);
    });

    it('refuses revoking by the client_id of a client that is no longer registered', async () => {
      const refresh = await signIn('removed-spa', 'a1');
      expect(await refusal(build().execute({ token: refresh, publicClientId: 'removed-spa' }))).to.be.instanceOf(ClientUnauthorizedError);
      expect(await isRevoked(refresh)).to.equal(false);
    });
  });

  describe('access tokens: owner, cap, family', () => {
    const claims = (jti: string, iat: number, extra: Partial<AccessTokenClaims> = {}) =>
      ({ jti, iat, exp: iat + 300, sub: USER.id, iss: 'i', client_id: 'web', ...extra }) as AccessTokenClaims;

    it("records the token's owner (sub, iat), so it counts in the user's cap", async () => {
      verifier.tokens.set('t1', claims('j1', NOW - 5));
      await build().execute({ token: 't1', client: WEB });
      expect(revocations.calls).to.deep.include(['revokeToken', 'j1', NOW + 295, NOW + 325, { subject: USER.id, issuedAt: NOW - 5 }]);
    });

    it('records no owner for a token without a string sub or a numeric iat, and caps nothing for it', async () => {
      verifier.tokens.set('no-sub', claims('j1', NOW, { sub: undefined }));
      verifier.tokens.set('no-iat', claims('j2', NOW, { iat: undefined }));
      const revoke = build({ maxTokenLifetimeSeconds: 600, clockToleranceSeconds: 30, tokensPerSubject: 1 });
      await revoke.execute({ token: 'no-sub', client: WEB });
      await revoke.execute({ token: 'no-iat', client: WEB });
      expect(revocations.calls.filter(([op]) => op === 'revokeToken')).to.deep.equal([
        ['revokeToken', 'j1', NOW + 300, NOW + 330],
        ['revokeToken', 'j2', NOW + 300, NOW + 330],
      ]);
      expect(revocations.calls.filter(([op]) => op === 'capSubject')).to.deep.equal([]);
    });

    it("keeps at most tokensPerSubject of one user's revoked tokens: older ones fold into the user's not-before", async () => {
      const revoke = build({ maxTokenLifetimeSeconds: 600, clockToleranceSeconds: 30, tokensPerSubject: 2 });
      for (const [index, iat] of [NOW - 30, NOW - 20, NOW - 10].entries()) {
        verifier.tokens.set(`t${index}`, claims(`j${index}`, iat));
        await revoke.execute({ token: `t${index}`, client: WEB });
      }
      expect([...revocations.tokens.keys()]).to.deep.equal(['j1', 'j2']);
      expect(revocations.subjects.get(USER.id)).to.include({ notBefore: NOW - 29, keepUntil: NOW - 29 + 600 });
    });

    it('without a cap, keeps every revoked token', async () => {
      const revoke = build();
      for (const index of [0, 1, 2]) {
        verifier.tokens.set(`t${index}`, claims(`j${index}`, NOW - index));
        await revoke.execute({ token: `t${index}`, client: WEB });
      }
      expect(revocations.tokens.size).to.equal(3);
      expect(revocations.subjects.size).to.equal(0);
    });

    it('signing out with an access token ends the refresh-token family that issued it', async () => {
      const refresh = await signIn('web', 'a1');
      verifier.tokens.set('t1', claims('a1', NOW));
      expect(await build().execute({ token: 't1', bearer: 't1' })).to.deep.equal({ revoked: true });
      expect(await isRevoked(refresh)).to.equal(true);
    });
  });
});
