import { expect } from 'chai';
import { GrantOwners } from '../../../../src/application/oauth/GrantOwners';
import { InvalidGrantError } from '../../../../src/domain/grantErrors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { SetActiveUsers } from '../../../support/SetActiveUsers';

const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };

describe('GrantOwners (lock-out reaches every grant that mints, RFC 9700 §4.14.2)', () => {
  let revocations: InMemoryRevocationStore;
  let users: SetActiveUsers;
  let owners: GrantOwners;
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  beforeEach(() => {
    revocations = new InMemoryRevocationStore();
    users = new SetActiveUsers();
    owners = new GrantOwners(users, revocations);
  });

  it('lets an active user with no not-before mint, asking the user store about that user', async () => {
    await owners.assertMayMint(USER, 1000);
    expect(users.asked).to.deep.equal(['7']);
    expect(revocations.calls).to.deep.include(['subjectNotBefore', '7']);
  });

  it('refuses a grant made before the not-before, and takes one made at or after it', async () => {
    await revocations.revokeSubject('7', 1000, 5000);
    expect(await refusal(owners.assertMayMint(USER, 999)))
      .to.be.instanceOf(InvalidGrantError)
      .with.property('detail', 'the user was locked out after the grant');
    await owners.assertMayMint(USER, 1000);
    await owners.assertMayMint(USER, 1001);
  });

  it("ignores another user's not-before", async () => {
    await revocations.revokeSubject('8', 1000, 5000);
    await owners.assertMayMint(USER, 10);
  });

  it('refuses a user the store no longer holds active, whatever the grant time', async () => {
    users.inactive.add('7');
    expect(await refusal(owners.assertMayMint(USER, 10_000)))
      .to.be.instanceOf(InvalidGrantError)
      .with.property('detail', 'the user is no longer active in the user store');
  });

  it('fails closed: a store that cannot answer fails the grant with its own error (503), never lets it through', async () => {
    revocations.readError = new Error('store down');
    expect(((await refusal(owners.assertMayMint(USER, 10))) as Error).message).to.equal('store down');
  });
});
