import { expect } from 'chai';
import { InvalidCredentialsError } from '../../../../src/domain/errors';
import type { UserAccount } from '../../../../src/domain/model/UserAccount';
import type { PasswordHasher } from '../../../../src/domain/ports/PasswordHasher';
import { DatabaseUserAuthenticator } from '../../../../src/infrastructure/auth/DatabaseUserAuthenticator';
import { ScryptPasswordHasher } from '../../../../src/infrastructure/auth/ScryptPasswordHasher';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryUserRepository } from '../../../support/InMemoryUserRepository';

/** Real scrypt with cheap parameters, recording which hashes were checked. */
class RecordingHasher implements PasswordHasher {
  readonly verified: string[] = [];
  constructor(readonly inner = new ScryptPasswordHasher({ N: 1024, r: 8, p: 1, keyLength: 32, saltLength: 16 })) {}
  hash(password: string): Promise<string> {
    return this.inner.hash(password);
  }
  verify(password: string, passwordHash: string): Promise<boolean> {
    this.verified.push(passwordHash);
    return this.inner.verify(password, passwordHash);
  }
  needsRehash(passwordHash: string): boolean {
    return this.inner.needsRehash(passwordHash);
  }
}

describe('DatabaseUserAuthenticator', () => {
  const clock = new FixedClock('2026-02-01T00:00:00Z');
  let users: InMemoryUserRepository;
  let hasher: RecordingHasher;
  let authenticator: DatabaseUserAuthenticator;

  async function addUser(account: string, password: string, changes: Partial<UserAccount> = {}): Promise<UserAccount> {
    const user: UserAccount = {
      id: `id-${account}`,
      account,
      nickName: `Nick ${account}`,
      userType: '3',
      tenantId: 'tenant-1',
      telephone: null,
      avatar: 'https://example.com/a.png',
      grade: null,
      email: 'x@example.com',
      passwordHash: await hasher.hash(password),
      status: 'active',
      createdAt: clock.now(),
      updatedAt: clock.now(),
      ...changes,
    };
    await users.add(user);
    return user;
  }

  beforeEach(() => {
    users = new InMemoryUserRepository();
    hasher = new RecordingHasher();
    authenticator = new DatabaseUserAuthenticator(users, hasher, clock);
  });

  it('returns the stored profile for the right password', async () => {
    await addUser('alice', 'wonderland');

    const user = await authenticator.authenticate('alice', 'wonderland');

    expect(user).to.deep.equal({
      id: 'id-alice',
      account: 'alice',
      nickName: 'Nick alice',
      userType: '3',
      tenantId: 'tenant-1',
      telephone: null,
      avatar: 'https://example.com/a.png',
      grade: null,
    });
  });

  it('refuses a wrong password, an unknown account and a disabled user with the same error', async () => {
    await addUser('alice', 'wonderland');
    await addUser('bob', 'builder', { status: 'disabled' });

    const errors = await Promise.all([
      authenticator.authenticate('alice', 'Wonderland').catch((error: unknown) => error),
      authenticator.authenticate('carol', 'wonderland').catch((error: unknown) => error),
      authenticator.authenticate('bob', 'builder').catch((error: unknown) => error),
    ]);

    for (const error of errors) {
      expect(error).to.be.instanceOf(InvalidCredentialsError);
      expect((error as InvalidCredentialsError).message).to.equal('invalid username or password');
    }
    // Told apart for the audit trail only.
    expect(errors.map((error) => (error as InvalidCredentialsError).reason)).to.deep.equal(['wrong_password', 'unknown_account', 'disabled']);
    const wrongForDisabled = await authenticator.authenticate('bob', 'nope').catch((error: unknown) => error);
    expect((wrongForDisabled as InvalidCredentialsError).reason).to.equal('wrong_password');
  });

  it('checks an unknown account against one dummy hash made with the current parameters', async () => {
    await authenticator.authenticate('nobody', 'guess').catch(() => undefined);
    await authenticator.authenticate('nobody-else', 'guess').catch(() => undefined);

    expect(hasher.verified).to.have.length(2);
    expect(hasher.verified[0]).to.equal(hasher.verified[1]);
    expect(hasher.needsRehash(hasher.verified[0])).to.equal(false);
  });

  it('checks a disabled user\'s password before refusing, like any other', async () => {
    const bob = await addUser('bob', 'builder', { status: 'disabled' });

    await authenticator.authenticate('bob', 'builder').catch(() => undefined);

    expect(hasher.verified).to.deep.equal([bob.passwordHash]);
  });

  it('upgrades a hash made with older parameters on a successful login', async () => {
    const weak = await new ScryptPasswordHasher({ N: 256, r: 8, p: 1, keyLength: 32, saltLength: 16 }).hash('wonderland');
    await addUser('alice', 'wonderland', { passwordHash: weak });
    clock.advanceSeconds(60);

    await authenticator.authenticate('alice', 'wonderland');

    const stored = users.rows.get('alice')!;
    expect(stored.passwordHash).not.to.equal(weak);
    expect(hasher.needsRehash(stored.passwordHash)).to.equal(false);
    expect(stored.updatedAt).to.deep.equal(clock.now());
    expect(await authenticator.authenticate('alice', 'wonderland')).to.include({ account: 'alice' });
  });
});
