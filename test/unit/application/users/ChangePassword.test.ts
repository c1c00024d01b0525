import { expect } from 'chai';
import { InvalidRequestError, UserNotFoundError } from '../../../../src/domain/errors';
import { ChangePassword } from '../../../../src/application/users/ChangePassword';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryUserRepository } from '../../../support/InMemoryUserRepository';
import { MarkingPasswordHasher } from '../../../support/MarkingPasswordHasher';
import { RecordingUserTokenRevoker } from '../../../support/RecordingUserTokenRevoker';
import { storedUser } from '../../../support/userAccounts';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

describe('ChangePassword', () => {
  let clock: FixedClock;
  let users: InMemoryUserRepository;
  let hasher: MarkingPasswordHasher;
  let events: string[];
  let revoker: RecordingUserTokenRevoker;
  let changePassword: ChangePassword;

  beforeEach(async () => {
    clock = new FixedClock('2026-04-01T12:00:00Z');
    users = new InMemoryUserRepository();
    await users.add(storedUser('alice', 'u-7'));
    hasher = new MarkingPasswordHasher();
    events = [];
    revoker = new RecordingUserTokenRevoker(events);
    const setPasswordHash = users.setPasswordHash.bind(users);
    users.setPasswordHash = async (account, passwordHash, at) => {
      events.push(`set ${account}`);
      return setPasswordHash(account, passwordHash, at);
    };
    users.lookups = 0;
    changePassword = new ChangePassword(users, hasher, clock, revoker, new RecordingAuditTrail());
  });

  it("stores the new password's hash, then revokes the user's earlier tokens", async () => {
    clock.advanceSeconds(60);

    await changePassword.execute({ account: 'alice', password: 'n3w secret' });

    const stored = users.rows.get('alice');
    expect(stored?.passwordHash).to.equal('hashed:n3w secret');
    expect(stored?.updatedAt).to.deep.equal(clock.now());
    expect(stored?.createdAt).to.deep.equal(new Date(0));
    expect(events).to.deep.equal(['set alice', 'revoke u-7']);
  });

  it('finds the user under a look-alike spelling and updates the stored account', async () => {
    await changePassword.execute({ account: 'ＡＬＩＣＥ', password: 'n3w' });

    expect(users.rows.get('alice')?.passwordHash).to.equal('hashed:n3w');
    expect(events).to.deep.equal(['set alice', 'revoke u-7']);
  });

  it('refuses a password the rule refuses before looking the user up, changing and revoking nothing', async () => {
    for (const password of ['', '   ', 'a\u0000b', 'x'.repeat(1025)]) {
      const error = await changePassword.execute({ account: 'alice', password }).catch((caught: unknown) => caught);
      expect(error, JSON.stringify(password)).to.be.instanceOf(InvalidRequestError).with.property('code', 'INVALID_REQUEST');
    }

    expect(users.lookups).to.equal(0);
    expect(hasher.hashed).to.deep.equal([]);
    expect(users.rows.get('alice')?.passwordHash).to.equal('hashed:old-password');
    expect(events).to.deep.equal([]);
  });

  it('reports an unknown account with UserNotFoundError, hashing and revoking nothing', async () => {
    const error = await changePassword.execute({ account: 'bob', password: 'n3w' }).catch((caught: unknown) => caught);

    expect(error).to.be.instanceOf(UserNotFoundError).with.property('code', 'USER_NOT_FOUND');
    expect((error as Error).message).to.equal('no user with account "bob"');
    expect(hasher.hashed).to.deep.equal([]);
    expect(events).to.deep.equal([]);
  });
});
