import { expect } from 'chai';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { Login } from '../../../../src/application/login/Login';
import { InvalidCredentialsError, KeyUnavailableError, PasswordHashingBusyError, TooManyLoginAttemptsError } from '../../../../src/domain/errors';
import { MEMBER_USER_TYPE, type AuthenticatedUser } from '../../../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import type { UserAuthenticator } from '../../../../src/domain/ports/UserAuthenticator';
import { FixedClock } from '../../../support/FixedClock';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import type { LoginCapacity } from '../../../../src/domain/ports/LoginCapacity';
import { InFlightLoginCapacity, UnboundedLoginCapacity } from '../../../../src/infrastructure/auth/InFlightLoginCapacity';
import { PasswordCheckingAuthenticator } from '../../../support/PasswordCheckingAuthenticator';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';
import { PasswordOnlyGate } from '../../../support/PasswordOnlyGate';

const USER: AuthenticatedUser = {
  id: '1', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null,
};

/** Logs every call into the limiter's event list, so the order of reserve and check is visible. */
class ScriptedAuthenticator implements UserAuthenticator {
  constructor(
    private readonly events: string[],
    private readonly outcome: AuthenticatedUser | Error,
  ) {}

  async authenticate(username: string): Promise<AuthenticatedUser> {
    this.events.push(`authenticate ${username}`);
    if (this.outcome instanceof Error) throw this.outcome;
    return this.outcome;
  }
}

function loginWith(limiter: RecordingAttemptLimiter, outcome: AuthenticatedUser | Error | UserAuthenticator, capacity: LoginCapacity = new UnboundedLoginCapacity()): Login {
  const ring = new KeyRing();
  ring.activate({ kid: 'k1', method: 'rsa', alg: 'RS256', privateKey: 'p', publicKey: 'q', createdAt: new Date(0) });
  const authenticator = 'authenticate' in outcome ? outcome : new ScriptedAuthenticator(limiter.events, outcome);
  return new Login(authenticator, new AccessTokenIssuer(new RecordingTokenSigner(), ring, new FixedClock('2026-01-01T00:00:00Z'), new SequenceIdGenerator(), { issuer: 'https://issuer.test', ttlSeconds: 60 }), limiter, capacity, new PasswordOnlyGate(), new RecordingAuditTrail());
}

describe('Login attempt limit', () => {
  it('counts an attempt for the address, then the account, before checking the password; gives it back on success and remembers the address', async () => {
    const limiter = new RecordingAttemptLimiter(10);

    await loginWith(limiter, USER).execute({ username: ' Alice ', password: 'right', address: '203.0.113.7' });

    expect(limiter.events).to.deep.equal([
      'attempt address:203.0.113.7 account:alice',
      'authenticate  Alice ',
      'give back address:203.0.113.7',
      'give back account:alice',
      'remember account:alice 203.0.113.7',
    ]);
    expect(limiter.count('account:alice')).to.equal(0);
    expect(limiter.count('address:203.0.113.7')).to.equal(0);
  });

  it('refuses the right password like a wrong one once the account is over its limit (no oracle), except from an address it recently logged in from', async () => {
    const limiter = new RecordingAttemptLimiter(2);
    const login = loginWith(limiter, new PasswordCheckingAuthenticator());
    await login.execute({ username: 'alice', password: 'right', address: '192.0.2.1' });
    for (let i = 0; i < 2; i++) await login.execute({ username: 'alice', password: 'wrong', address: `198.51.100.${i}` }).catch(() => undefined);

    const fresh = await login.execute({ username: 'alice', password: 'right', address: '198.51.100.99' }).catch((error: unknown) => error);
    const known = await login.execute({ username: 'alice', password: 'right', address: '192.0.2.1' });

    expect(fresh).to.be.instanceOf(TooManyLoginAttemptsError);
    expect(known.access_token).to.be.a('string');
    expect(limiter.events.slice(-2), 'the known address spends its own allowance').to.deep.equal(['attempt known:account:alice@192.0.2.1', 'give back known:account:alice@192.0.2.1']);
  });

  it('gives a known address an allowance of its own: its wrong guesses are refused at its limit, not the shared one', async () => {
    const limiter = new RecordingAttemptLimiter(1);
    const login = loginWith(limiter, new PasswordCheckingAuthenticator());
    await login.execute({ username: 'alice', password: 'right', address: '192.0.2.1' });
    const answers: unknown[] = [];
    for (let i = 0; i < 2; i++) answers.push(await login.execute({ username: 'alice', password: 'wrong', address: '192.0.2.1' }).catch((error: unknown) => error));

    expect(answers[0]).to.be.instanceOf(InvalidCredentialsError);
    expect(answers[1]).to.be.instanceOf(TooManyLoginAttemptsError);
    expect([limiter.count('account:alice'), limiter.count('address:192.0.2.1')]).to.deep.equal([0, 0]);
  });

  it('keeps a wrong guess counted', async () => {
    const limiter = new RecordingAttemptLimiter(10);

    const error = await loginWith(limiter, new InvalidCredentialsError()).execute({ username: 'alice', password: 'x', address: '203.0.113.7' }).catch((e: unknown) => e);

    expect(error).to.be.instanceOf(InvalidCredentialsError);
    expect(limiter.events, 'nothing given back').to.deep.equal(['attempt address:203.0.113.7 account:alice', 'authenticate alice']);
    expect(limiter.count('address:203.0.113.7')).to.equal(1);
  });

  it('gives the attempt back when the check fails for another reason than a wrong guess', async () => {
    const limiter = new RecordingAttemptLimiter(10);

    await loginWith(limiter, new KeyUnavailableError('store down')).execute({ username: 'alice', password: 'x', address: '203.0.113.7' }).catch(() => undefined);

    expect(limiter.events, 'and its address is not remembered').to.deep.equal([
      'attempt address:203.0.113.7 account:alice',
      'authenticate alice',
      'give back address:203.0.113.7',
      'give back account:alice',
    ]);
  });

  it('refuses over the limit without checking the password, with the seconds to wait', async () => {
    const limiter = new RecordingAttemptLimiter(0, 17);

    const error = await loginWith(limiter, USER).execute({ username: 'alice', password: 'right', address: '203.0.113.7' }).catch((e: unknown) => e);

    expect(error).to.be.instanceOf(TooManyLoginAttemptsError).and.to.have.property('retryAfterSeconds', 17);
    expect(limiter.events).to.deep.equal(['attempt address:203.0.113.7']);
  });

  describe('login capacity (a burst beyond what the process can hash)', () => {
    it('refuses a login at once as busy when the process is full: counted against its address (cheaply, unhashed), not against the account, not checked', async () => {
      const limiter = new RecordingAttemptLimiter(10);
      const capacity = new InFlightLoginCapacity(1);
      const occupied = capacity.enter();
      expect(occupied).to.be.a('function');

      let caught: unknown;
      await loginWith(limiter, USER, capacity).execute({ username: 'alice', password: 'right', address: '203.0.113.7' }).catch((error: unknown) => (caught = error));

      expect(caught).to.be.instanceOf(PasswordHashingBusyError);
      expect(limiter.events).to.deep.equal(['attempt address:203.0.113.7 account:alice', 'give back account:alice']);
      expect(limiter.count('address:203.0.113.7')).to.equal(1);
      expect(limiter.count('account:alice')).to.equal(0);
    });

    it('gives the place back after a success, a wrong guess and a refusal over the limit', async () => {
      const capacity = new InFlightLoginCapacity(1);
      await loginWith(new RecordingAttemptLimiter(10), USER, capacity).execute({ username: 'alice', password: 'right' });
      await loginWith(new RecordingAttemptLimiter(10), new InvalidCredentialsError(), capacity)
        .execute({ username: 'alice', password: 'wrong' })
        .catch(() => undefined);
      const full = new RecordingAttemptLimiter(0);
      await loginWith(full, USER, capacity).execute({ username: 'alice', password: 'right' }).catch(() => undefined);

      const place = capacity.enter();
      expect(place, 'a place is free again').to.be.a('function');
      expect(capacity.enter(), 'and the capacity still holds').to.equal(null);
    });

    it('lets one address hold only its fair share of the capacity, the rest stays open to others', async () => {
      const capacity = new InFlightLoginCapacity(8);
      const flood = Array.from({ length: 8 }, () => capacity.enter('203.0.113.7'));
      const other = capacity.enter('192.0.2.1');

      expect(flood.filter((place) => place !== null)).to.have.length(2);
      expect(other).to.be.a('function');
      flood.forEach((place) => place?.());
      expect(Array.from({ length: 2 }, () => capacity.enter('203.0.113.7')).every((place) => place !== null), 'places are given back').to.equal(true);
    });

    it('holds the place while the password is checked, so parallel logins beyond it are refused', async () => {
      let finish: (user: AuthenticatedUser) => void = () => undefined;
      const slow: UserAuthenticator = { authenticate: () => new Promise<AuthenticatedUser>((resolve) => (finish = resolve)) };
      const capacity = new InFlightLoginCapacity(1);
      const use = loginWith(new RecordingAttemptLimiter(10), slow, capacity);

      const first = use.execute({ username: 'alice', password: 'right' });
      await new Promise((resolve) => setImmediate(resolve));
      const second = await use.execute({ username: 'bob', password: 'x' }).catch((error: unknown) => error);
      finish(USER);
      await first;

      expect(second).to.be.instanceOf(PasswordHashingBusyError);
      expect(capacity.enter()).to.be.a('function');
    });
  });
});
