import { expect } from 'chai';
import { IssueOAuthToken } from '../../../../src/application/oauth/IssueOAuthToken';
import { Login } from '../../../../src/application/login/Login';
import { RefreshTokenFamilies } from '../../../../src/application/oauth/RefreshTokenFamilies';
import { RevokeIssuedAccessTokens } from '../../../../src/application/revocation/RevokeIssuedAccessTokens';
import { UserAccessTokens } from '../../../../src/application/oauth/UserAccessTokens';
import { ClientUnauthorizedError } from '../../../../src/domain/errors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';
import { UnboundedLoginCapacity } from '../../../../src/infrastructure/auth/InFlightLoginCapacity';
import { FixedClock } from '../../../support/FixedClock';
import { FixedUserAuthenticator } from '../../../support/FixedUserAuthenticator';
import { InMemoryRefreshTokenStore } from '../../../support/InMemoryRefreshTokenStore';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';

const KEY: SigningKeyPair = { kid: 'k1', method: 'rsa', alg: 'RS256', privateKey: 'private', publicKey: 'public', createdAt: new Date('2025-01-01T00:00:00Z') };
const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const SVC = { clientId: 'svc', clientSecret: 's3cret' };
const NOW = 1767225600;

describe('IssueOAuthToken with refresh tokens wired (password grant starts a family; limits per address)', () => {
  let signer: RecordingTokenSigner;
  let store: InMemoryRefreshTokenStore;
  let attempts: RecordingAttemptLimiter;
  let use: IssueOAuthToken;

  beforeEach(() => {
    const ring = new KeyRing();
    ring.activate(KEY);
    const clock = new FixedClock('2026-01-01T00:00:00Z');
    const ids = new SequenceIdGenerator();
    signer = new RecordingTokenSigner();
    store = new InMemoryRefreshTokenStore();
    attempts = new RecordingAttemptLimiter();
    const login = new Login(new FixedUserAuthenticator(USER), signer, ring, clock, ids, { issuer: 'https://auth.example', ttlSeconds: 7200 }, new RecordingAttemptLimiter(), new UnboundedLoginCapacity());
    const revokeIssued = new RevokeIssuedAccessTokens(new InMemoryRevocationStore(), clock, { maxTokenLifetimeSeconds: 7200, clockToleranceSeconds: 30 });
    const families = new RefreshTokenFamilies(store, new SequenceSecretGenerator('refresh'), ids, clock, { absoluteSeconds: 86_400, idleSeconds: 3_600 }, revokeIssued);
    const accessTokens = new UserAccessTokens(signer, ring, clock, ids, { issuer: 'https://auth.example', ttlSeconds: 300 });
    use = new IssueOAuthToken(login, new StaticClientRegistry([{ appId: 'svc', appSecret: 's3cret' }]), signer, ring, clock, ids, { issuer: 'https://auth.example', ttlSeconds: 7200 }, attempts, {
      accessTokens,
      families,
    });
  });

  it('password grant with a client: an access token of the OAuth lifetime naming the client, and a refresh token of a family bound to it', async () => {
    const result = await use.execute({ grantType: 'password', client: SVC, login: { username: 'alice', password: 'pw' } });
    expect(result).to.deep.equal({ accessToken: 'token-1', expiresInSeconds: 300, refreshToken: 'refresh-1' });
    expect(signer.signed[0].claims).to.include({ sub: '7', client_id: 'svc', exp: NOW + 300 });
    const lookup = await store.find('refresh-1');
    expect(lookup?.current).to.equal(true);
    expect(lookup?.family).to.include({ subject: '7', clientId: 'svc', revoked: false });
    expect(await store.familyOfAccessToken(signer.signed[0].claims.jti as string)).to.equal(lookup?.family.familyId);
  });

  it('password grant without a client: the family is bound to no client and the token names none', async () => {
    const result = await use.execute({ grantType: 'password', client: null, login: { username: 'alice', password: 'pw' } });
    expect(result.refreshToken).to.equal('refresh-1');
    expect((await store.find('refresh-1'))?.family.clientId).to.equal(null);
    expect(signer.signed[0].claims).not.to.have.property('client_id');
  });

  it("counts a client secret check against the caller's address: the login's for the password grant, the request's for client_credentials", async () => {
    await use.execute({ grantType: 'password', client: SVC, login: { username: 'alice', password: 'pw', address: '198.51.100.1' } });
    await use.execute({ grantType: 'client_credentials', client: SVC, address: '198.51.100.2' });
    expect(attempts.events.filter((event) => event.startsWith('reserve'))).to.deep.equal(['reserve address:198.51.100.1 app:svc', 'reserve address:198.51.100.2 app:svc']);
  });

  it('client_credentials never gets a refresh token (RFC 6749 §4.4.3), and still needs its client', async () => {
    const result = await use.execute({ grantType: 'client_credentials', client: SVC });
    expect(result).to.deep.equal({ accessToken: 'token-1', expiresInSeconds: 7200 });
    expect(store.families.size).to.equal(0);
    const error = await use.execute({ grantType: 'client_credentials', client: null }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(ClientUnauthorizedError);
  });
});
