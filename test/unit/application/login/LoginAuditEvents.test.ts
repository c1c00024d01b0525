import { expect } from 'chai';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { Login } from '../../../../src/application/login/Login';
import { InvalidCredentialsError, PasswordHashingBusyError, StoreUnavailableError } from '../../../../src/domain/errors';
import { MEMBER_USER_TYPE, type AuthenticatedUser } from '../../../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { LoginCapacity } from '../../../../src/domain/ports/LoginCapacity';
import { UnboundedLoginCapacity } from '../../../../src/infrastructure/auth/InFlightLoginCapacity';
import { FixedClock } from '../../../support/FixedClock';
import { FixedUserAuthenticator } from '../../../support/FixedUserAuthenticator';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { PasswordOnlyGate } from '../../../support/PasswordOnlyGate';

const USER: AuthenticatedUser = { id: 'u-1', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };

const NO_CAPACITY: LoginCapacity = { enter: () => null };

describe('Login: the audit trail', () => {
  let trail: RecordingAuditTrail;

  function login(outcome: AuthenticatedUser | Error, limiter = new RecordingAttemptLimiter(), capacity: LoginCapacity = new UnboundedLoginCapacity()): Login {
    const ring = new KeyRing();
    ring.activate({ kid: 'k1', method: 'rsa', alg: 'RS256', privateKey: 'p', publicKey: 'q', createdAt: new Date(0) });
    const tokens = new AccessTokenIssuer(new RecordingTokenSigner(), ring, new FixedClock(), new SequenceIdGenerator(), { issuer: 'https://issuer.test', ttlSeconds: 60 });
    return new Login(new FixedUserAuthenticator(outcome), tokens, limiter, capacity, new PasswordOnlyGate(), trail);
  }

  beforeEach(() => {
    trail = new RecordingAuditTrail();
  });

  it('records a success with the account as typed and the client, then the token issued at the login route (never the token)', async () => {
    const answer = await login(USER).execute({ username: ' Alice ', password: 'right' });
    expect(trail.events).to.deep.equal([
      { type: 'login.succeeded', outcome: 'success', account: ' Alice ', client: null, details: { subject: 'u-1' } },
      { type: 'token.issued', outcome: 'success', account: 'alice', details: { grant: 'login', subject: 'u-1', scopes: [] } },
    ]);
    expect(JSON.stringify(trail.events)).not.to.include(answer.access_token);
  });

  it('names the client a sign-in was for', async () => {
    await login(USER).authenticate({ username: 'alice', password: 'right', client: 'web' });
    expect(trail.events).to.deep.equal([{ type: 'login.succeeded', outcome: 'success', account: 'alice', client: 'web', details: { subject: 'u-1' } }]);
  });

  for (const reason of ['wrong_password', 'unknown_account', 'disabled'] as const) {
    it(`records a refusal for ${reason} with that reason, and the refusal the caller gets is the same as ever`, async () => {
      const refused = await login(new InvalidCredentialsError(reason))
        .authenticate({ username: 'bob', password: 'guess', client: 'app' })
        .catch((error: unknown) => error);
      expect(refused).to.be.instanceOf(InvalidCredentialsError);
      expect((refused as Error).message).to.equal('invalid username or password');
      expect(trail.events).to.deep.equal([{ type: 'login.failed', outcome: 'failure', account: 'bob', client: 'app', details: { reason } }]);
    });
  }

  it('says invalid_credentials when the user store does not tell why', async () => {
    await login(new InvalidCredentialsError()).execute({ username: 'bob', password: 'guess' }).catch(() => undefined);
    expect(trail.events).to.deep.equal([{ type: 'login.failed', outcome: 'failure', account: 'bob', client: null, details: { reason: 'invalid_credentials' } }]);
  });

  it('records a login refused by the limits as limited, without asking the user store', async () => {
    const limiter = new RecordingAttemptLimiter(0);
    const refused = await login(USER, limiter).execute({ username: 'alice', password: 'right', address: '203.0.113.7' }).catch((error: unknown) => error);
    expect(refused).to.have.property('code', 'TOO_MANY_LOGIN_ATTEMPTS');
    expect(trail.events).to.deep.equal([{ type: 'login.failed', outcome: 'failure', account: 'alice', client: null, details: { reason: 'limited' }, address: '203.0.113.7' }]);
  });

  it('records nothing when no verdict was reached: hashing busy, user store away', async () => {
    await login(USER, new RecordingAttemptLimiter(), NO_CAPACITY).execute({ username: 'alice', password: 'right' }).catch((error: unknown) => {
      expect(error).to.be.instanceOf(PasswordHashingBusyError);
    });
    await login(new StoreUnavailableError()).execute({ username: 'alice', password: 'right' }).catch((error: unknown) => {
      expect(error).to.be.instanceOf(StoreUnavailableError);
    });
    expect(trail.events).to.deep.equal([]);
  });

  it('gives the trail the address and request id it was given (the login route has no audit context)', async () => {
    const use = login(USER);
    await use.execute({ username: 'alice', password: 'right', address: '198.51.100.9', requestId: 'req-7' });
    await use.execute({ username: 'alice', password: 'right' });
    expect(trail.events.map((event) => [event.type, event.address, event.requestId])).to.deep.equal([
      ['login.succeeded', '198.51.100.9', 'req-7'],
      ['token.issued', '198.51.100.9', 'req-7'],
      ['login.succeeded', undefined, undefined],
      ['token.issued', undefined, undefined],
    ]);
  });

  it('keeps at most 256 characters of the account as typed', async () => {
    await login(new InvalidCredentialsError('unknown_account')).execute({ username: 'x'.repeat(300), password: 'p' }).catch(() => undefined);
    expect(trail.events[0].account).to.equal('x'.repeat(256));
  });
});
