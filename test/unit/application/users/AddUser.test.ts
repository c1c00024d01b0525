import { expect } from 'chai';
import { RecordingUserTokenRevoker } from '../../../support/RecordingUserTokenRevoker';
import { AddUser } from '../../../../src/application/users/AddUser';
import { ChangeUserStatus } from '../../../../src/application/users/ChangeUserStatus';
import { InMemorySecondFactorStore } from '../../../support/InMemorySecondFactorStore';
import { ListUsers } from '../../../../src/application/users/ListUsers';
import { AccountTakenError, InvalidRequestError, UserNotFoundError } from '../../../../src/domain/errors';
import type { PasswordHasher } from '../../../../src/domain/ports/PasswordHasher';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryUserRepository } from '../../../support/InMemoryUserRepository';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

/** Marks the hash so tests can see it was hashed; the real hasher has its own tests. */
class MarkingHasher implements PasswordHasher {
  async hash(password: string): Promise<string> {
    return `hashed:${password}`;
  }
  async verify(password: string, passwordHash: string): Promise<boolean> {
    return passwordHash === `hashed:${password}`;
  }
  needsRehash(): boolean {
    return false;
  }
}

describe('user management use cases', () => {
  const clock = new FixedClock('2026-04-01T12:00:00Z');
  let users: InMemoryUserRepository;
  let addUser: AddUser;
  let ids: number;

  beforeEach(() => {
    users = new InMemoryUserRepository();
    ids = 0;
    addUser = new AddUser(users, new MarkingHasher(), clock, { next: () => `id-${++ids}` }, new RecordingAuditTrail());
  });

  it('adds an active member user with a hashed password and returns it without the hash', async () => {
    const added = await addUser.execute({ account: 'alice', password: 'pw', nickName: 'Alice' });

    expect(added).to.deep.equal({
      id: 'id-1',
      account: 'alice',
      nickName: 'Alice',
      userType: '4',
      tenantId: null,
      telephone: null,
      avatar: null,
      grade: null,
      email: null,
      status: 'active',
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    expect(users.rows.get('alice')?.passwordHash).to.equal('hashed:pw');
  });

  it('refuses blank, oversized or padded values and blank passwords', async () => {
    const bad = [
      { account: '', password: 'pw', nickName: 'A' },
      { account: ' alice', password: 'pw', nickName: 'A' },
      { account: 'a\u0000b', password: 'pw', nickName: 'A' },
      { account: 'a'.repeat(257), password: 'pw', nickName: 'A' },
      { account: 'alice', password: '   ', nickName: 'A' },
      { account: 'alice', password: 'pw', nickName: '' },
      { account: 'alice', password: 'pw', nickName: 'A', telephone: '1'.repeat(33) },
    ];

    for (const input of bad) {
      const error = await addUser.execute(input).catch((caught: unknown) => caught);
      expect(error, JSON.stringify(input)).to.be.instanceOf(InvalidRequestError);
    }
    expect(users.rows.size).to.equal(0);
  });

  it('refuses an account that exists', async () => {
    await addUser.execute({ account: 'alice', password: 'pw', nickName: 'Alice' });

    const error = await addUser.execute({ account: 'alice', password: 'other', nickName: 'Other' }).catch((caught: unknown) => caught);

    expect(error).to.be.instanceOf(AccountTakenError);
    expect(users.rows.get('alice')?.nickName).to.equal('Alice');
  });

  it('disables and enables a user, and reports an unknown account', async () => {
    await addUser.execute({ account: 'alice', password: 'pw', nickName: 'Alice' });
    const change = new ChangeUserStatus(users, clock, new RecordingUserTokenRevoker(), new RecordingAuditTrail());
    clock.advanceSeconds(30);

    await change.execute({ account: 'alice', status: 'disabled' });

    expect(users.rows.get('alice')).to.include({ status: 'disabled' });
    expect(users.rows.get('alice')?.updatedAt).to.deep.equal(clock.now());
    const error = await change.execute({ account: 'bob', status: 'disabled' }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(UserNotFoundError);
  });

  it('lists users by account without hashes', async () => {
    await addUser.execute({ account: 'zed', password: 'pw', nickName: 'Z' });
    await addUser.execute({ account: 'amy', password: 'pw', nickName: 'A' });

    const factors = new InMemorySecondFactorStore();
    factors.enrolTotp([...users.rows.values()].find((user) => user.account === 'zed')!.id, 'secret');
    const listed = await new ListUsers(users, factors).execute();

    expect(listed.map((user) => user.account)).to.deep.equal(['amy', 'zed']);
    expect(listed.map((user) => user.secondFactors)).to.deep.equal([[], ['totp']]);
    for (const user of listed) expect(user).not.to.have.property('passwordHash');
    expect(JSON.stringify(listed)).not.to.include('secret');
  });
});
