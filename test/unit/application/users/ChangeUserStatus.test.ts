import { expect } from 'chai';
import { ResourceChangedError, UserNotFoundError } from '../../../../src/domain/errors';
import { ChangeUserStatus } from '../../../../src/application/users/ChangeUserStatus';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryUserRepository } from '../../../support/InMemoryUserRepository';
import { RecordingUserTokenRevoker } from '../../../support/RecordingUserTokenRevoker';
import { storedUser } from '../../../support/userAccounts';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

describe('ChangeUserStatus', () => {
  const clock = new FixedClock('2026-04-01T12:00:00Z');
  let users: InMemoryUserRepository;
  let revoker: RecordingUserTokenRevoker;
  let change: ChangeUserStatus;

  beforeEach(async () => {
    users = new InMemoryUserRepository();
    await users.add(storedUser('alice', 'u-7'));
    revoker = new RecordingUserTokenRevoker();
    change = new ChangeUserStatus(users, clock, revoker, new RecordingAuditTrail());
  });

  it("disabling a user revokes the tokens it holds, by the user's id", async () => {
    await change.execute({ account: 'alice', status: 'disabled' });

    expect(users.rows.get('alice')).to.include({ status: 'disabled' });
    expect(users.rows.get('alice')?.updatedAt).to.deep.equal(clock.now());
    expect(revoker.subjects).to.deep.equal(['u-7']);
  });

  it('disabling under a look-alike spelling revokes the stored user', async () => {
    await change.execute({ account: 'ALICE', status: 'disabled' });

    expect(users.rows.get('alice')?.status).to.equal('disabled');
    expect(revoker.subjects).to.deep.equal(['u-7']);
  });

  it('re-enabling a user revokes nothing', async () => {
    await users.setStatus('alice', 'disabled', new Date(0));

    await change.execute({ account: 'alice', status: 'active' });

    expect(users.rows.get('alice')?.status).to.equal('active');
    expect(revoker.subjects).to.deep.equal([]);
  });

  it('reports an unknown account with UserNotFoundError and revokes nothing', async () => {
    const error = await change.execute({ account: 'bob', status: 'disabled' }).catch((caught: unknown) => caught);

    expect(error).to.be.instanceOf(UserNotFoundError).with.property('code', 'USER_NOT_FOUND');
    expect((error as Error).message).to.equal('no user with account "bob"');
    expect(revoker.subjects).to.deep.equal([]);
  });

  it('revokes nothing, and does not fail, when the user was removed between the status change and its lookup', async () => {
    users.findByAccount = async () => null;

    await change.execute({ account: 'alice', status: 'disabled' });

    expect(users.rows.get('alice')?.status).to.equal('disabled');
    expect(revoker.subjects).to.deep.equal([]);
  });
  describe('with the user as the caller read it (expected)', () => {
    it('changes it when its status and last change are still those, in one conditional write', async () => {
      const read = users.rows.get('alice')!;
      await change.execute({ account: 'alice', status: 'disabled', expected: { status: read.status, updatedAt: read.updatedAt } });
      expect(users.rows.get('alice')?.status).to.equal('disabled');
      expect(revoker.subjects).to.deep.equal(['u-7']);
    });

    for (const [what, between] of [
      ['its status', (repo: InMemoryUserRepository) => repo.setStatus('alice', 'disabled', repo.rows.get('alice')!.updatedAt)],
      ['only its last change', (repo: InMemoryUserRepository) => repo.setPasswordHash('alice', 'hashed:other', new Date('2026-04-01T11:00:00Z'))],
    ] as const) {
      it(`refuses with ResourceChangedError, changing, recording and revoking nothing, when another write changed ${what} since the read`, async () => {
        const trail = new RecordingAuditTrail();
        change = new ChangeUserStatus(users, clock, revoker, trail);
        const read = users.rows.get('alice')!;
        await between(users);
        const before = users.rows.get('alice');
        const error = await change.execute({ account: 'alice', status: 'disabled', expected: { status: read.status, updatedAt: read.updatedAt } }).then(
          () => expect.fail('the write landed between the read and this change'),
          (caught: unknown) => caught,
        );
        expect(error).to.be.instanceOf(ResourceChangedError).and.include({ code: 'RESOURCE_CHANGED' });
        expect((error as Error).message).to.equal('user "alice" changed since it was read');
        expect(users.rows.get('alice')).to.equal(before);
        expect(trail.events).to.deep.equal([]);
        expect(revoker.subjects).to.deep.equal([]);
      });
    }

    it('an unknown account is still UserNotFoundError', async () => {
      await change.execute({ account: 'bob', status: 'disabled', expected: { status: 'active', updatedAt: new Date(0) } }).then(
        () => expect.fail('bob does not exist'),
        (error: unknown) => expect(error).to.be.instanceOf(UserNotFoundError),
      );
    });
  });
});
