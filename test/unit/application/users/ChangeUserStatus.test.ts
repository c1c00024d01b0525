import { expect } from 'chai';
import { UserNotFoundError } from '../../../../src/domain/errors';
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
});
