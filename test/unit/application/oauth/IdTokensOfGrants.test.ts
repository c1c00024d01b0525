import type { Authentication } from '../../../../src/domain/model/AuthenticationLevel';
import { expect } from 'chai';
import { ExchangeAuthorizationCode } from '../../../../src/application/oauth/ExchangeAuthorizationCode';
import { GrantOwners } from '../../../../src/application/oauth/GrantOwners';
import { RefreshAccessToken } from '../../../../src/application/oauth/RefreshAccessToken';
import { RefreshTokenFamilies } from '../../../../src/application/oauth/RefreshTokenFamilies';
import { RevokeIssuedAccessTokens } from '../../../../src/application/revocation/RevokeIssuedAccessTokens';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { IdTokenIssuer } from '../../../../src/application/tokens/IdTokenIssuer';
import { InvalidScopeError } from '../../../../src/domain/grantErrors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import type { GrantedAccess } from '../../../../src/domain/model/GrantedAccess';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import { FakeAccessTokenHasher } from '../../../support/FakeAccessTokenHasher';
import { FakeCodeChallengeVerifier } from '../../../support/FakeCodeChallengeVerifier';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryAuthorizationCodeStore } from '../../../support/InMemoryAuthorizationCodeStore';
import { InMemoryRefreshTokenStore } from '../../../support/InMemoryRefreshTokenStore';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';
import { SetActiveUsers } from '../../../support/SetActiveUsers';
import { authenticatedClient } from '../../../support/oauthClients';
import { refreshTokenFinder } from '../../../support/refreshTokenFinder';

const RSA_KEY = { kid: 'k1', method: 'rsa' as const, alg: 'RS256', privateKey: 'p', publicKey: 'q', createdAt: new Date(0) };
const HMAC_KEY = { kid: 'h1', method: 'hmac' as const, alg: 'HS256', privateKey: 's', publicKey: 's', createdAt: new Date(0) };
const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const NOW = 1767225600; // 2026-01-01T00:00:00Z
const URI = 'https://web.example/cb';
const VERIFIER = 'a-verifier-of-at-least-43-characters-0123456789';
const WEB = authenticatedClient('web', true, { scopes: ['openid', 'profile'] });
const OPENID: GrantedAccess = { scopes: ['openid', 'profile'], resources: [] };
const MFA: Authentication = { acr: 'urn:auth-service:acr:mfa', amr: ['pwd', 'otp', 'mfa'] };

describe('ID tokens of the code exchange and the refresh (OpenID Connect Core §3.1.3.3, §12.2)', () => {
  let ring: KeyRing;
  let signer: RecordingTokenSigner;
  let codes: InMemoryAuthorizationCodeStore;
  let refreshStore: InMemoryRefreshTokenStore;
  let families: RefreshTokenFamilies;
  let exchange: ExchangeAuthorizationCode;
  let refresh: RefreshAccessToken;

  beforeEach(() => {
    const clock = new FixedClock('2026-01-01T00:00:00Z');
    ring = new KeyRing();
    ring.activate(RSA_KEY);
    signer = new RecordingTokenSigner();
    codes = new InMemoryAuthorizationCodeStore();
    refreshStore = new InMemoryRefreshTokenStore();
    const revocations = new InMemoryRevocationStore();
    const ids = new SequenceIdGenerator();
    const revokeIssued = new RevokeIssuedAccessTokens(revocations, clock, { maxTokenLifetimeSeconds: 600, clockToleranceSeconds: 30 });
    families = new RefreshTokenFamilies(refreshStore, new SequenceSecretGenerator('refresh'), ids, clock, { absoluteSeconds: 86_400, idleSeconds: 3_600 }, revokeIssued);
    const policy = { issuer: 'https://auth.example', ttlSeconds: 300 };
    const accessTokens = new AccessTokenIssuer(signer, ring, clock, ids, policy);
    const idTokens = new IdTokenIssuer(signer, ring, clock, new FakeAccessTokenHasher(), policy);
    const owners = new GrantOwners(new SetActiveUsers(), revocations);
    exchange = new ExchangeAuthorizationCode(codes, new FakeCodeChallengeVerifier(), families, accessTokens, owners, idTokens);
    refresh = new RefreshAccessToken(families, accessTokens, refreshTokenFinder(families, owners), new RecordingAttemptLimiter(), idTokens);
  });

  async function codeFor(granted: GrantedAccess, nonce?: string, sid?: string, authentication?: Authentication): Promise<string> {
    await codes.save('c1', {
      ...(authentication === undefined ? {} : { authentication }),
      clientId: 'web',
      redirectUri: URI,
      codeChallenge: FakeCodeChallengeVerifier.challengeFor(VERIFIER),
      user: USER,
      granted,
      ...(nonce === undefined ? {} : { nonce }),
      familyId: 'f1',
      issuedAt: NOW,
      authTime: NOW - 30,
      expiresAt: NOW + 60,
      ...(sid === undefined ? {} : { sid }),
    });
    return 'c1';
  }

  const exchangeOf = (code: string) => exchange.execute({ code, redirectUri: URI, codeVerifier: VERIFIER, client: WEB, requested: {} });
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  describe('the code exchange', () => {
    it('a grant of openid answers an ID token: the user, the client, the sign-in time and nonce of the code, at_hash of the access token answered', async () => {
      const result = await exchangeOf(await codeFor(OPENID, 'n-0S6'));
      expect(result).to.deep.equal({ accessToken: 'token-1', expiresInSeconds: 300, scopes: ['openid', 'profile'], refreshToken: 'refresh-1', idToken: 'token-2' });
      expect(signer.signed[1].type).to.equal('JWT');
      expect(signer.signed[1].claims).to.deep.equal({
        iss: 'https://auth.example', sub: '7', aud: 'web', exp: NOW + 300, iat: NOW, auth_time: NOW - 30, nonce: 'n-0S6', acr: 'urn:auth-service:acr:password', amr: ['pwd'], at_hash: 'half(RS256:token-1)',
      });
    });

    it("the code's sign-in session: its sid in the ID token and in the family, so refreshed ID tokens carry it too", async () => {
      const result = await exchangeOf(await codeFor(OPENID, undefined, 'sid-1'));
      expect(signer.signed[1].claims).to.include({ sid: 'sid-1' });
      signer.signed.length = 0;
      await refresh.execute({ refreshToken: result.refreshToken!, client: WEB, requested: {} });
      expect(signer.signed[1].claims).to.include({ sid: 'sid-1', aud: 'web' });
    });

    it('a code from no sign-in session: no sid in its ID tokens, first or refreshed', async () => {
      const result = await exchangeOf(await codeFor(OPENID));
      expect(signer.signed[1].claims).not.to.have.property('sid');
      await refresh.execute({ refreshToken: result.refreshToken!, client: WEB, requested: {} });
      expect(signer.signed.at(-1)!.claims).not.to.have.property('sid');
    });

    it('what the sign-in proved goes into the access token (RFC 9068 auth_time, acr, amr), the ID token and the family', async () => {
      await exchangeOf(await codeFor(OPENID, undefined, undefined, MFA));
      expect(signer.signed[0].claims).to.deep.include({ auth_time: NOW - 30, ...MFA });
      expect(signer.signed[1].claims).to.deep.include(MFA);
      expect([...refreshStore.families.values()][0].family.authentication).to.deep.equal(MFA);
    });

    it('without a nonce in the code, none in the ID token', async () => {
      await exchangeOf(await codeFor(OPENID));
      expect(signer.signed[1].claims).to.include({ aud: 'web', auth_time: NOW - 30 });
      expect(signer.signed[1].claims).not.to.have.property('nonce');
    });

    it('a grant of profile without openid is a plain OAuth grant: no ID token', async () => {
      const result = await exchangeOf(await codeFor({ scopes: ['profile'], resources: [] }, 'n'));
      expect(result).not.to.have.property('idToken');
      expect(signer.signed).to.have.length(1);
    });

    it('an ID token that cannot be signed (an HMAC key): invalid_scope with the reason, and no family starts', async () => {
      ring.activate(HMAC_KEY);
      const error = await refusal(exchangeOf(await codeFor(OPENID)));
      expect(error).to.be.instanceOf(InvalidScopeError);
      expect((error as InvalidScopeError).message).to.equal('openid needs an asymmetric signing key: AUTH_SIGN_METHOD rsa or ecdsa');
      expect(refreshStore.families.size).to.equal(0);
    });
  });

  describe('the refresh', () => {
    async function familyOf(granted: GrantedAccess, clientId: string | null = 'web'): Promise<string> {
      return families.start(USER, clientId, granted, { jti: 'first', expiresAt: NOW + 300, subject: USER.id, issuedAt: NOW }, 'f1', NOW - 100);
    }

    it('a family keeps what its sign-in proved: the refreshed access and ID tokens carry it', async () => {
      const token = await families.start(USER, 'web', OPENID, { jti: 'first', expiresAt: NOW + 300, subject: USER.id, issuedAt: NOW }, 'f1', NOW - 100, undefined, MFA);
      await refresh.execute({ refreshToken: token, client: WEB, requested: {} });
      expect(signer.signed[0].claims).to.deep.include({ auth_time: NOW - 100, ...MFA });
      expect(signer.signed[1].claims).to.deep.include(MFA);
    });

    it('a family granted openid answers a new ID token: the same sub, the family\'s auth_time, no nonce, bound to the new access token', async () => {
      const result = await refresh.execute({ refreshToken: await familyOf(OPENID), client: WEB, requested: {} });
      expect(result.idToken).to.equal('token-2');
      expect(signer.signed[1].claims).to.deep.equal({ iss: 'https://auth.example', sub: '7', aud: 'web', exp: NOW + 300, iat: NOW, auth_time: NOW - 100, acr: 'urn:auth-service:acr:password', amr: ['pwd'], at_hash: 'half(RS256:token-1)' });
    });

    it('a refresh narrowed to scopes without openid answers none; a family without openid none', async () => {
      const narrowed = await refresh.execute({ refreshToken: await familyOf(OPENID), client: WEB, requested: { scopes: ['profile'] } });
      expect(narrowed).not.to.have.property('idToken');
      const plain = await refresh.execute({ refreshToken: await familyOf({ scopes: ['profile'], resources: [] }), client: WEB, requested: {} });
      expect(plain).not.to.have.property('idToken');
      expect(signer.signed.map((entry) => entry.type)).to.deep.equal(['at+jwt', 'at+jwt']);
    });

    it('a family of no client has no audience for an ID token: none', async () => {
      const result = await refresh.execute({ refreshToken: await familyOf(OPENID, null), client: null, requested: {} });
      expect(result).not.to.have.property('idToken');
      expect(signer.signed).to.have.length(1);
    });

    it('an ID token that cannot be signed (an HMAC key): invalid_scope, and the refresh token is not spent', async () => {
      const token = await familyOf(OPENID);
      ring.activate(HMAC_KEY);
      expect(await refusal(refresh.execute({ refreshToken: token, client: WEB, requested: {} }))).to.be.instanceOf(InvalidScopeError);
      expect((await refreshStore.find(token))?.current).to.equal(true);
      ring.activate(RSA_KEY);
      expect((await refresh.execute({ refreshToken: token, client: WEB, requested: { scopes: ['profile'] } })).refreshToken).to.be.a('string');
    });
  });
});
