import { expect } from 'chai';
import { RevokeConsent } from '../../../../src/application/consent/RevokeConsent';
import { AddUser } from '../../../../src/application/users/AddUser';
import { ChangePassword } from '../../../../src/application/users/ChangePassword';
import { ChangeUserStatus } from '../../../../src/application/users/ChangeUserStatus';
import { RemoveUser } from '../../../../src/application/users/RemoveUser';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryConsentStore } from '../../../support/InMemoryConsentStore';
import { InMemoryUserRepository } from '../../../support/InMemoryUserRepository';
import { MarkingPasswordHasher } from '../../../support/MarkingPasswordHasher';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';
import { RecordingUserTokenRevoker } from '../../../support/RecordingUserTokenRevoker';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { storedUser } from '../../../support/userAccounts';
import { InMemorySecondFactorStore } from '../../../support/InMemorySecondFactorStore';

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('The user use cases record what they changed', () => {
  const clock = new FixedClock('2026-04-01T12:00:00Z');
  let users: InMemoryUserRepository;
  let hasher: MarkingPasswordHasher;
  let revoker: RecordingUserTokenRevoker;
  let trail: RecordingAuditTrail;

  beforeEach(async () => {
    users = new InMemoryUserRepository();
    await users.add(storedUser('alice', 'u-7'));
    hasher = new MarkingPasswordHasher();
    revoker = new RecordingUserTokenRevoker();
    trail = new RecordingAuditTrail();
  });

  it('adding a user: user.created with the new fields, never the password or its hash', async () => {
    await new AddUser(users, hasher, clock, new SequenceIdGenerator(), trail).execute({ account: 'bob', password: 'a-long-password-1', nickName: 'Bob', email: 'bob@example.test' });
    expect(trail.events).to.deep.equal([
      {
        type: 'user.created',
        outcome: 'success',
        account: 'bob',
        details: { subject: 'id-1', after: { nickName: 'Bob', userType: '4', tenantId: null, telephone: null, avatar: null, email: 'bob@example.test', grade: null, status: 'active' } },
      },
    ]);
    expect(JSON.stringify(trail.events)).not.to.include('a-long-password-1').and.not.to.include('hashed:');
  });

  it('an add refused records nothing', async () => {
    await refusal(new AddUser(users, hasher, clock, new SequenceIdGenerator(), trail).execute({ account: 'ALICE', password: 'a-long-password-1', nickName: 'A' }));
    expect(trail.events).to.deep.equal([]);
  });

  it('disabling is user.locked, enabling user.unlocked, under the account as given; an unknown account records nothing', async () => {
    const change = new ChangeUserStatus(users, clock, revoker, trail);
    await change.execute({ account: 'Alice', status: 'disabled' });
    await change.execute({ account: 'alice', status: 'active' });
    await refusal(change.execute({ account: 'ghost', status: 'disabled' }));
    expect(trail.events).to.deep.equal([
      { type: 'user.locked', outcome: 'success', account: 'Alice', details: { status: 'disabled' } },
      { type: 'user.unlocked', outcome: 'success', account: 'alice', details: { status: 'active' } },
    ]);
  });

  it('a password change is user.changed saying only that the password changed', async () => {
    const change = new ChangePassword(users, hasher, clock, revoker, trail);
    await change.execute({ account: 'ALICE', password: 'another-long-password' });
    await refusal(change.execute({ account: 'ghost', password: 'another-long-password' }));
    expect(trail.events).to.deep.equal([{ type: 'user.changed', outcome: 'success', account: 'alice', details: { subject: 'u-7', password: 'changed' } }]);
  });

  it('removing a user is user.removed; an unknown one records nothing', async () => {
    const remove = new RemoveUser(users, revoker, new InMemorySecondFactorStore(), trail);
    await remove.execute({ account: 'alice' });
    await refusal(remove.execute({ account: 'alice' }));
    expect(trail.events).to.deep.equal([{ type: 'user.removed', outcome: 'success', account: 'alice', details: { subject: 'u-7' } }]);
  });

  it('revoking a consent is consent.revoked for the user and client; one that does not exist records nothing', async () => {
    const consents = new InMemoryConsentStore();
    await consents.approve('u-7', 'web', ['openid'], 1);
    const revoke = new RevokeConsent(users, consents, trail);
    await revoke.execute({ account: 'Alice', clientId: 'web' });
    await refusal(revoke.execute({ account: 'alice', clientId: 'web' }));
    expect(trail.events).to.deep.equal([{ type: 'consent.revoked', outcome: 'success', account: 'alice', client: 'web', details: { subject: 'u-7' } }]);
  });
});
