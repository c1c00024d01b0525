import { expect } from 'chai';
import { ChangeOwnPassword } from '../../../../src/application/account/ChangeOwnPassword';
import type { LoginInput } from '../../../../src/application/login/Login';
import { AccountSignInNeededError } from '../../../../src/domain/accountErrors';
import { InvalidCredentialsError, InvalidRequestError } from '../../../../src/domain/errors';
import { accountSessionOf, accountUser } from '../../../support/accountSessionOf';
import { rejection } from '../../../support/rejection';

describe('ChangeOwnPassword', () => {
  const session = accountSessionOf('alice');
  let checked: LoginInput[];
  let changed: { account: string; password: string }[];
  let vouchFor: string;

  const change = () =>
    new ChangeOwnPassword(
      {
        authenticate: async (input) => {
          checked.push(input);
          if (input.password !== 'old-password') throw new InvalidCredentialsError('wrong_password');
          return accountUser(vouchFor);
        },
      },
      { execute: async (input) => void changed.push(input) },
    );

  beforeEach(() => {
    checked = [];
    changed = [];
    vouchFor = 'alice';
  });

  it('checks the current password as a sign-in of the account page (limits by account and address), then changes it as users passwd does', async () => {
    await change().execute({ session, currentPassword: 'old-password', newPassword: 'new-password', address: '10.0.0.1' });
    expect(checked).to.deep.equal([{ username: 'alice', password: 'old-password', client: 'urn:auth-service:account-page', address: '10.0.0.1' }]);
    expect(changed).to.deep.equal([{ account: 'alice', password: 'new-password' }]);
  });

  it('leaves the address out when none is known', async () => {
    await change().execute({ session, currentPassword: 'old-password', newPassword: 'new-password' });
    expect(checked[0]).to.not.have.property('address');
  });

  it('refuses a wrong current password, changing nothing', async () => {
    expect(await rejection(change().execute({ session, currentPassword: 'guess', newPassword: 'new-password' }))).to.be.instanceOf(InvalidCredentialsError);
    expect(changed).to.deep.equal([]);
  });

  it('refuses a new password too short, blank or with control characters before the current one is tried (no attempt spent)', async () => {
    for (const newPassword of ['seven77', '        ', 'new-pass\u0000word', '']) {
      const error = await rejection(change().execute({ session, currentPassword: 'old-password', newPassword }));
      expect(error, JSON.stringify(newPassword)).to.be.instanceOf(InvalidRequestError);
      expect(error).to.include({ field: 'password' });
    }
    expect(checked).to.deep.equal([]);
    expect(changed).to.deep.equal([]);
    expect(await rejection(change().execute({ session, currentPassword: 'old-password', newPassword: 'seven77' }))).to.include({
      message: 'the password must be at least 8 characters long',
    });
  });

  it('accepts exactly eight characters', async () => {
    await change().execute({ session, currentPassword: 'old-password', newPassword: 'eight888' });
    expect(changed).to.have.length(1);
  });

  it('refuses when the account now names another user than the session\'s', async () => {
    vouchFor = 'mallory';
    const error = await rejection(change().execute({ session, currentPassword: 'old-password', newPassword: 'new-password' }));
    expect(error).to.be.instanceOf(AccountSignInNeededError);
    expect(error).to.include({ message: 'the account belongs to another user now' });
    expect(changed).to.deep.equal([]);
  });
});
