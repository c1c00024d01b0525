import { expect } from 'chai';
import { Login } from '../../../src/application/Login';
import { InvalidCredentialsError, KeyUnavailableError, TooManyLoginAttemptsError } from '@auth-service/client/internal/domain/errors';
import { MEMBER_USER_TYPE, type AuthenticatedUser } from '../../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../../src/domain/model/KeyRing';
import type { UserAuthenticator } from '../../../src/domain/ports/UserAuthenticator';
import { FixedClock } from '../../support/FixedClock';
import { RecordingAttemptLimiter } from '../../support/RecordingAttemptLimiter';
import { RecordingTokenSigner } from '../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../support/SequenceIdGenerator';

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

function loginWith(limiter: RecordingAttemptLimiter, outcome: AuthenticatedUser | Error): Login {
  const ring = new KeyRing();
  ring.activate({ kid: 'k1', method: 'rsa', alg: 'RS256', privateKey: 'p', publicKey: 'q', createdAt: new Date(0) });
  return new Login(new ScriptedAuthenticator(limiter.events, outcome), new RecordingTokenSigner(), ring, new FixedClock('2026-01-01T00:00:00Z'), new SequenceIdGenerator(), { issuer: 'https://issuer.test', ttlSeconds: 60 }, limiter);
}

describe('Login attempt limit', () => {
  it('reserves an attempt for the address and the account before checking the password, and gives it back on success', async () => {
    const limiter = new RecordingAttemptLimiter(10);

    await loginWith(limiter, USER).execute({ username: ' Alice ', password: 'right', address: '203.0.113.7' });

    expect(limiter.events).to.deep.equal(['reserve address:203.0.113.7 account:alice', 'authenticate  Alice ', 'succeeded']);
    expect(limiter.count('account:alice')).to.equal(0);
  });

  it('keeps a wrong guess counted', async () => {
    const limiter = new RecordingAttemptLimiter(10);

    const error = await loginWith(limiter, new InvalidCredentialsError()).execute({ username: 'alice', password: 'x', address: '203.0.113.7' }).catch((e: unknown) => e);

    expect(error).to.be.instanceOf(InvalidCredentialsError);
    expect(limiter.events.at(-1)).to.equal('failed');
    expect(limiter.count('address:203.0.113.7')).to.equal(1);
  });

  it('gives the attempt back when the check fails for another reason than a wrong guess', async () => {
    const limiter = new RecordingAttemptLimiter(10);

    await loginWith(limiter, new KeyUnavailableError('store down')).execute({ username: 'alice', password: 'x' }).catch(() => undefined);

    expect(limiter.events).to.deep.equal(['reserve account:alice', 'authenticate alice', 'succeeded']);
  });

  it('refuses over the limit without checking the password, with the seconds to wait', async () => {
    const limiter = new RecordingAttemptLimiter(0, 17);

    const error = await loginWith(limiter, USER).execute({ username: 'alice', password: 'right', address: '203.0.113.7' }).catch((e: unknown) => e);

    expect(error).to.be.instanceOf(TooManyLoginAttemptsError).and.to.have.property('retryAfterSeconds', 17);
    expect(limiter.events).to.deep.equal(['reserve address:203.0.113.7 account:alice']);
  });
});
