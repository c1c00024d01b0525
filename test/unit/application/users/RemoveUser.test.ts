import { expect } from 'chai';
import { UserNotFoundError } from '../../../../src/domain/errors';
import { RemoveUser } from '../../../../src/application/users/RemoveUser';
import { InMemorySecondFactorStore } from '../../../support/InMemorySecondFactorStore';
import { InMemoryUserRepository } from '../../../support/InMemoryUserRepository';
import { RecordingUserTokenRevoker } from '../../../support/RecordingUserTokenRevoker';
import { storedUser } from '../../../support/userAccounts';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

describe('RemoveUser', () => {
  let users: InMemoryUserRepository;
  let events: string[];
  let revoker: RecordingUserTokenRevoker;
  let removeUser: RemoveUser;
  let factors: InMemorySecondFactorStore;

  beforeEach(async () => {
    users = new InMemoryUserRepository();
    await users.add(storedUser('alice', 'u-7'));
    await users.add(storedUser('bob', 'u-8'));
    events = [];
    revoker = new RecordingUserTokenRevoker(events);
    const remove = users.remove.bind(users);
    users.remove = async (account) => {
      events.push(`remove ${account}`);
      return remove(account);
    };
    factors = new InMemorySecondFactorStore();
    factors.enrolTotp('u-7', 'S');
    factors.enrolTotp('u-8', 'S');
    const removeAll = factors.removeAll.bind(factors);
    factors.removeAll = async (userId) => {
      events.push(`remove factors ${userId}`);
      return removeAll(userId);
    };
    removeUser = new RemoveUser(users, revoker, factors, new RecordingAuditTrail());
  });

  it("revokes the user's tokens first, then deletes the user, leaving the others", async () => {
    await removeUser.execute({ account: 'alice' });

    expect(events).to.deep.equal(['revoke u-7', 'remove alice', 'remove factors u-7']);
    expect([...users.rows.keys()]).to.deep.equal(['bob']);
    expect(await factors.listOf('u-7')).to.deep.equal([]);
    expect(await factors.listOf('u-8')).to.have.length(1);
  });

  it('removes the stored account when asked under a look-alike spelling', async () => {
    await removeUser.execute({ account: 'ＢＯＢ' });

    expect(events).to.deep.equal(['revoke u-8', 'remove bob', 'remove factors u-8']);
    expect([...users.rows.keys()]).to.deep.equal(['alice']);
  });

  it('reports an unknown account with UserNotFoundError, revoking and deleting nothing', async () => {
    const error = await removeUser.execute({ account: 'carol' }).catch((caught: unknown) => caught);

    expect(error).to.be.instanceOf(UserNotFoundError).with.property('code', 'USER_NOT_FOUND');
    expect((error as Error).message).to.equal('no user with account "carol"');
    expect(events).to.deep.equal([]);
    expect(users.rows.size).to.equal(2);
  });

  it('reports UserNotFoundError when the delete finds nothing (removed meanwhile), the tokens revoked all the same', async () => {
    users.remove = async (account) => {
      events.push(`remove ${account}`);
      return false;
    };

    const error = await removeUser.execute({ account: 'alice' }).catch((caught: unknown) => caught);

    expect(error).to.be.instanceOf(UserNotFoundError);
    expect((error as Error).message).to.equal('no user with account "alice"');
    expect(events).to.deep.equal(['revoke u-7', 'remove alice']);
  });
});
