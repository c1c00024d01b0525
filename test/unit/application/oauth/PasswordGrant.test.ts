import { expect } from 'chai';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { Login } from '../../../../src/application/login/Login';
import { PasswordGrant } from '../../../../src/application/oauth/PasswordGrant';
import { RefreshTokenFamilies } from '../../../../src/application/oauth/RefreshTokenFamilies';
import { RevokeIssuedAccessTokens } from '../../../../src/application/revocation/RevokeIssuedAccessTokens';
import { InvalidCredentialsError } from '../../../../src/domain/errors';
import { MEMBER_USER_TYPE, type AuthenticatedUser } from '../../../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import { UnboundedLoginCapacity } from '../../../../src/infrastructure/auth/InFlightLoginCapacity';
import { FixedClock } from '../../../support/FixedClock';
import { FixedUserAuthenticator } from '../../../support/FixedUserAuthenticator';
import { InMemoryRefreshTokenStore } from '../../../support/InMemoryRefreshTokenStore';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';
import { authenticatedClient } from '../../../support/oauthClients';
import { PasswordOnlyGate } from '../../../support/PasswordOnlyGate';

const KEY: SigningKeyPair = { kid: 'k1', method: 'rsa', alg: 'RS256', privateKey: 'private', publicKey: 'public', createdAt: new Date('2025-01-01T00:00:00Z') };
const USER: AuthenticatedUser = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const NOW = 1767225600;

describe('PasswordGrant (RFC 6749 §4.3: the login, then an OAuth access token and a refresh-token family)', () => {
  let signer: RecordingTokenSigner;
  let store: InMemoryRefreshTokenStore;
  let authenticator: FixedUserAuthenticator;
  let loginLimits: RecordingAttemptLimiter;
  let use: PasswordGrant;

  function build(outcome: typeof USER | Error = USER): void {
    const ring = new KeyRing();
    ring.activate(KEY);
    const clock = new FixedClock('2026-01-01T00:00:00Z');
    const ids = new SequenceIdGenerator();
    signer = new RecordingTokenSigner();
    store = new InMemoryRefreshTokenStore();
    authenticator = new FixedUserAuthenticator(outcome);
    loginLimits = new RecordingAttemptLimiter();
    const login = new Login(authenticator, new AccessTokenIssuer(signer, ring, clock, ids, { issuer: 'https://auth.example', ttlSeconds: 7200 }), loginLimits, new UnboundedLoginCapacity(), new PasswordOnlyGate());
    const revokeIssued = new RevokeIssuedAccessTokens(new InMemoryRevocationStore(), clock, { maxTokenLifetimeSeconds: 7200, clockToleranceSeconds: 30 });
    const families = new RefreshTokenFamilies(store, new SequenceSecretGenerator('refresh'), ids, clock, { absoluteSeconds: 86_400, idleSeconds: 3_600 }, revokeIssued);
    const accessTokens = new AccessTokenIssuer(signer, ring, clock, ids, { issuer: 'https://auth.example', ttlSeconds: 300 });
    use = new PasswordGrant(login, accessTokens, families, new PasswordOnlyGate());
  }
  beforeEach(() => build());

  it('with a client: the login, an access token of the OAuth lifetime naming the client, and a refresh token of a family bound to it', async () => {
    const result = await use.execute(authenticatedClient('svc', true), { username: 'alice', password: 'pw', address: '198.51.100.1' }, {});
    expect(authenticator.attempts).to.deep.equal([{ username: 'alice', password: 'pw' }]);
    expect(loginLimits.events[0], 'under the login limits of its address').to.match(/^attempt address:198\.51\.100\.1\b/);
    expect(result).to.deep.equal({ accessToken: 'token-1', expiresInSeconds: 300, scopes: [], refreshToken: 'refresh-1' });
    expect(signer.signed[0].claims).to.include({ sub: '7', client_id: 'svc', exp: NOW + 300 }).and.not.to.have.property('account');
    const lookup = await store.find('refresh-1');
    expect(lookup?.current).to.equal(true);
    expect(lookup?.family).to.include({ subject: '7', clientId: 'svc', revoked: false });
    expect(await store.familyOfAccessToken(signer.signed[0].claims.jti as string)).to.equal(lookup?.family.familyId);
  });

  it("an AUTH_CLIENTS entry's token keeps every user field; a stored client's only what its scopes release", async () => {
    build({ ...USER, telephone: '+86 1' });
    await use.execute(authenticatedClient('svc', true, { configured: true }), { username: 'alice', password: 'pw' }, {});
    await use.execute(authenticatedClient('web', true), { username: 'alice', password: 'pw' }, {});
    expect(signer.signed[0].claims).to.include({ telephone: '+86 1', client_id: 'svc' });
    expect(signer.signed[1].claims).to.include({ client_id: 'web' }).and.not.to.have.property('telephone');
  });

  it('without a client: the family is bound to no client and the token names none', async () => {
    const result = await use.execute(null, { username: 'alice', password: 'pw' }, {});
    expect(result.refreshToken).to.equal('refresh-1');
    expect((await store.find('refresh-1'))?.family.clientId).to.equal(null);
    expect(signer.signed[0].claims).not.to.have.property('client_id');
  });

  it('passes the login failure on unchanged, signing and storing nothing', async () => {
    build(new InvalidCredentialsError());
    const error = await use.execute(null, { username: 'alice', password: 'bad' }, {}).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(InvalidCredentialsError);
    expect(signer.signed).to.deep.equal([]);
    expect(store.families.size).to.equal(0);
  });
  it('the token and the family say the sign-in was a password, now (RFC 9068 auth_time, acr, amr)', async () => {
    await use.execute(authenticatedClient('svc', true), { username: 'alice', password: 'pw' }, {});
    expect(signer.signed[0].claims).to.deep.include({ auth_time: NOW, acr: 'urn:auth-service:acr:password', amr: ['pwd'] });
    expect((await store.find('refresh-1'))?.family).to.deep.include({ authTime: NOW, authentication: { acr: 'urn:auth-service:acr:password', amr: ['pwd'] } });
  });
  it('the access token and the family carry what the gate says the sign-in proved', async () => {
    const mfa = { acr: 'urn:auth-service:acr:mfa' as const, amr: ['pwd', 'otp', 'mfa'] as const };
    const gate = { withCode: async () => mfa };
    const ring = new KeyRing();
    ring.activate(KEY);
    const clock = new FixedClock('2026-01-01T00:00:00Z');
    const ids = new SequenceIdGenerator();
    const tokens = new AccessTokenIssuer(signer, ring, clock, ids, { issuer: 'https://auth.example', ttlSeconds: 300 });
    const families = new RefreshTokenFamilies(store, new SequenceSecretGenerator('other'), ids, clock, { absoluteSeconds: 86_400, idleSeconds: 3_600 }, new RevokeIssuedAccessTokens(new InMemoryRevocationStore(), clock, { maxTokenLifetimeSeconds: 7200, clockToleranceSeconds: 30 }));
    await new PasswordGrant({ authenticate: async () => USER }, tokens, families, gate).execute(authenticatedClient('svc', true), { username: 'alice', password: 'pw' }, {});
    expect(signer.signed.at(-1)!.claims).to.deep.include({ acr: 'urn:auth-service:acr:mfa', amr: ['pwd', 'otp', 'mfa'] });
    expect((await store.find('other-1'))?.family.authentication).to.deep.equal(mfa);
  });
});
