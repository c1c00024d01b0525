import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { expect } from 'chai';
import { IssueOAuthToken } from '../../../../src/application/oauth/IssueOAuthToken';
import { Login } from '../../../../src/application/login/Login';
import { ClientUnauthorizedError, InvalidCredentialsError } from '../../../../src/domain/errors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { SigningKeyPair } from '../../../../src/domain/model/SigningKeyPair';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';
import { FixedClock } from '../../../support/FixedClock';
import { FixedUserAuthenticator } from '../../../support/FixedUserAuthenticator';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { UnboundedLoginCapacity } from '../../../../src/infrastructure/auth/InFlightLoginCapacity';

const KEY: SigningKeyPair = { kid: 'k1', method: 'rsa', alg: 'RS256', privateKey: 'private', publicKey: 'public', createdAt: new Date('2025-01-01T00:00:00Z') };
const POLICY = { issuer: 'http://localhost:8001/auth', ttlSeconds: 600 };
const NOW_SECONDS = 1767225600;
const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };

describe('IssueOAuthToken', () => {
  let signer: RecordingTokenSigner;
  let authenticator: FixedUserAuthenticator;
  let use: IssueOAuthToken;

  function build(outcome: typeof USER | Error = USER): void {
    const ring = new KeyRing();
    ring.activate(KEY);
    const clock = new FixedClock('2026-01-01T00:00:00Z');
    const ids = new SequenceIdGenerator();
    signer = new RecordingTokenSigner();
    authenticator = new FixedUserAuthenticator(outcome);
    const login = new Login(authenticator, signer, ring, clock, ids, POLICY, new RecordingAttemptLimiter(), new UnboundedLoginCapacity());
    use = new IssueOAuthToken(login, new StaticClientRegistry([{ appId: 'svc', appSecret: 's3cret' }]), signer, ring, clock, ids, POLICY, new RecordingAttemptLimiter());
  }
  beforeEach(() => build());

  it('client_credentials: signs a client token whose sub and client_id are the client id, with no user claims', async () => {
    const result = await use.execute({ grantType: 'client_credentials', client: { clientId: 'svc', clientSecret: 's3cret' } });
    expect(result).to.deep.equal({ accessToken: 'token-1', expiresInSeconds: 600 });
    expect(signer.signed[0].key).to.equal(KEY);
    expect(signer.signed[0].claims).to.deep.equal({ sub: 'svc', client_id: 'svc', iss: POLICY.issuer, iat: NOW_SECONDS, exp: NOW_SECONDS + 600, jti: 'id-1' });
  });

  it('client_credentials: refuses a wrong secret, an unknown client and a request without client authentication', async () => {
    for (const client of [{ clientId: 'svc', clientSecret: 'wrong' }, { clientId: 'other', clientSecret: 's3cret' }, null]) {
      const error = await use.execute({ grantType: 'client_credentials', client }).catch((caught: unknown) => caught);
      expect(error).to.be.instanceOf(ClientUnauthorizedError);
    }
    expect(signer.signed).to.deep.equal([]);
  });

  it('password: is the login use case (same authenticator, same token), with expires_in from the token policy', async () => {
    const result = await use.execute({ grantType: 'password', client: null, login: { username: 'alice', password: 'pw' } });
    expect(authenticator.attempts).to.deep.equal([{ username: 'alice', password: 'pw' }]);
    expect(result).to.deep.equal({ accessToken: 'token-1', expiresInSeconds: 600 });
    expect(signer.signed[0].claims).to.include({ sub: '7', account: 'alice', exp: NOW_SECONDS + 600 });
  });

  it('password: names the authenticated client in client_id (RFC 7009 §2.1 binding); without a client the token names none', async () => {
    await use.execute({ grantType: 'password', client: { clientId: 'svc', clientSecret: 's3cret' }, login: { username: 'alice', password: 'pw' } });
    expect(signer.signed[0].claims).to.include({ sub: '7', account: 'alice', client_id: 'svc' });
    await use.execute({ grantType: 'password', client: null, login: { username: 'alice', password: 'pw' } });
    expect(signer.signed[1].claims).not.to.have.property('client_id');
  });

  it('password: checks presented client credentials before trying the password', async () => {
    const error = await use.execute({ grantType: 'password', client: { clientId: 'svc', clientSecret: 'wrong' }, login: { username: 'alice', password: 'pw' } }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(ClientUnauthorizedError);
    expect(authenticator.attempts).to.deep.equal([]);
  });

  it('password: passes the login failure on unchanged', async () => {
    build(new InvalidCredentialsError());
    const error = await use.execute({ grantType: 'password', client: null, login: { username: 'alice', password: 'bad' } }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(InvalidCredentialsError);
  });
});
