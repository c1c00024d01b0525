import { expect } from 'chai';
import { ResetSecondFactor } from '../../../../src/application/secondFactor/ResetSecondFactor';
import { UserNotFoundError } from '../../../../src/domain/errors';
import { InMemorySecondFactorStore } from '../../../support/InMemorySecondFactorStore';
import { InMemoryUserRepository } from '../../../support/InMemoryUserRepository';
import { RecordingUserTokenRevoker } from '../../../support/RecordingUserTokenRevoker';
import { rejection } from '../../../support/rejection';
import { storedUser } from '../../../support/userAccounts';

describe('ResetSecondFactor', () => {
  it('removes every factor and recovery code of the user and ends their sessions and tokens', async () => {
    const users = new InMemoryUserRepository();
    await users.add(storedUser('alice', 'u1'));
    const store = new InMemorySecondFactorStore();
    store.enrolTotp('u1', 'S');
    store.enrolTotp('u2', 'S');
    await store.replaceRecoveryCodes('u1', ['ZZZZZZZZZZ']);
    const revoker = new RecordingUserTokenRevoker();
    expect(await new ResetSecondFactor(users, store, revoker).execute({ account: 'ALICE' })).to.equal(1);
    expect(await store.listOf('u1')).to.deep.equal([]);
    expect(await store.recoveryCodesLeft('u1')).to.equal(0);
    expect(await store.listOf('u2')).to.have.length(1);
    expect(revoker.subjects).to.deep.equal(['u1']);
  });

  it('refuses an unknown account and ends nothing', async () => {
    const revoker = new RecordingUserTokenRevoker();
    const refusal = await rejection(new ResetSecondFactor(new InMemoryUserRepository(), new InMemorySecondFactorStore(), revoker).execute({ account: 'nobody' }));
    expect(refusal).to.be.instanceOf(UserNotFoundError);
    expect(revoker.subjects).to.deep.equal([]);
  });
});
