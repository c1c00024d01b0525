import { expect } from 'chai';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { Login } from '../../../../src/application/login/Login';
import { MEMBER_USER_TYPE, type AuthenticatedUser } from '../../../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import { UnboundedLoginCapacity } from '../../../../src/infrastructure/auth/InFlightLoginCapacity';
import { FixedClock } from '../../../support/FixedClock';
import { FixedUserAuthenticator } from '../../../support/FixedUserAuthenticator';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';
import { PasswordOnlyGate } from '../../../support/PasswordOnlyGate';

const USER: AuthenticatedUser = { id: '1', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };

describe('Login: what an attempt counts against', () => {
  let limiter: RecordingAttemptLimiter;
  let login: Login;

  beforeEach(() => {
    limiter = new RecordingAttemptLimiter();
    const ring = new KeyRing();
    ring.activate({ kid: 'k1', method: 'rsa', alg: 'RS256', privateKey: 'p', publicKey: 'q', createdAt: new Date(0) });
    login = new Login(new FixedUserAuthenticator(USER), new AccessTokenIssuer(new RecordingTokenSigner(), ring, new FixedClock(), new SequenceIdGenerator(), { issuer: 'i', ttlSeconds: 60 }), limiter, new UnboundedLoginCapacity(), new PasswordOnlyGate(), new RecordingAuditTrail());
  });

  it('spends the same account allowance whatever the surrounding spaces, case or width of the name', async () => {
    for (const [index, username] of ['alice', '  Alice ', 'ＡＬＩＣＥ'].entries()) await login.authenticate({ username, password: 'pw', address: `198.51.100.${index}` });
    expect(limiter.events.filter((event) => event.startsWith('attempt'))).to.deep.equal([
      'attempt address:198.51.100.0 account:alice',
      'attempt address:198.51.100.1 account:alice',
      'attempt address:198.51.100.2 account:alice',
    ]);
    expect(limiter.events.filter((event) => event.startsWith('remember'))).to.deep.equal([
      'remember account:alice 198.51.100.0',
      'remember account:alice 198.51.100.1',
      'remember account:alice 198.51.100.2',
    ]);
  });

  it('counts a name by its first 256 characters: a longer one cannot make limiter keys of any size', async () => {
    const long = 'a'.repeat(256);
    await login.authenticate({ username: `${long}x`, password: 'pw' });
    await login.authenticate({ username: `${long}yz`, password: 'pw' });
    expect(limiter.events.filter((event) => event.startsWith('attempt'))).to.deep.equal([`attempt account:${long}`, `attempt account:${long}`]);
  });

  it('remembers no address when the address is unknown', async () => {
    await login.authenticate({ username: 'alice', password: 'pw' });
    expect(limiter.events.filter((event) => event.startsWith('remember'))).to.deep.equal([]);
    expect(limiter.events).to.include('attempt account:alice');
  });
});
