import { expect } from 'chai';
import type { ChangeUserStatus } from '../../../src/application/users/ChangeUserStatus';
import { TYPES } from '../../../src/interfaces/composition/types';
import { AccountBrowser } from '../../support/accountBrowser';
import { addUserOn } from '../../support/addTestUser';
import { startAuthServer, type RunningAuthServer } from '../../support/authTestServer';
import { clockAndFastHashing } from '../../support/clockAndFastHashing';
import { FixedClock } from '../../support/FixedClock';

describe('the account page: password change and lock-out', () => {
  const clock = new FixedClock('2026-03-01T10:00:05Z');
  let server: RunningAuthServer;

  before(async () => {
    server = await startAuthServer({ AUTH_USER_STORE: 'database', AUTH_LOGIN_MAX_ATTEMPTS: '3' }, (container) => {
      clockAndFastHashing(container.get(TYPES.Config), clock)(container);
    });
    for (const account of ['alice', 'bob', 'carol']) await addUserOn(server.auth).execute({ account, password: `${account}-pass`, nickName: account });
  });

  after(() => server?.auth.close());

  it('changes the password with the current one: every session ends (this one too), the old password no longer signs in', async () => {
    const here = new AccountBrowser(server.origin);
    await here.signedIn('alice', 'alice-pass');
    const elsewhere = new AccountBrowser(server.origin);
    await elsewhere.signedIn('alice', 'alice-pass');
    const wrong = await here.post('password_change', { current_password: 'not-it', new_password: 'a-new-password' });
    expect(wrong.status).to.equal(400);
    expect(await wrong.text()).to.include('The current password is wrong.');
    const short = await here.post('password_change', { current_password: 'alice-pass', new_password: 'short' });
    expect(short.status).to.equal(400);
    expect(await short.text()).to.include('at least 8 characters');
    clock.advanceSeconds(2);
    const changed = await here.post('password_change', { current_password: 'alice-pass', new_password: 'a-new-password' });
    expect(changed.status).to.equal(200);
    expect(await changed.text()).to.include('Password changed');
    expect(changed.headers.getSetCookie().join()).to.include('auth_session=; Path=/auth').and.include('Max-Age=0');
    expect((await elsewhere.open()).status, 'the other session ended').to.equal(302);
    expect((await here.open()).status, 'this session ended').to.equal(302);
    clock.advanceSeconds(2);
    const again = new AccountBrowser(server.origin);
    expect((await again.signIn('alice', 'alice-pass')).status, 'the old password refused').to.equal(400);
    await again.signedIn('alice', 'a-new-password');
  });

  it('counts wrong current passwords under the login limits: past them 429, the right one refused too', async () => {
    const here = new AccountBrowser(server.origin);
    await here.signedIn('bob', 'bob-pass');
    let last: Response | undefined;
    for (let attempt = 0; attempt < 4; attempt++) last = await here.post('password_change', { current_password: 'wrong', new_password: 'a-new-password' });
    expect(last!.status).to.equal(429);
    expect(last!.headers.get('retry-after')).to.match(/^\d+$/);
    const right = await here.post('password_change', { current_password: 'bob-pass', new_password: 'a-new-password' });
    expect(right.status).to.equal(429);
  });

  it('ends the page\'s session when the user is disabled', async () => {
    clock.advanceSeconds(3600);
    const here = new AccountBrowser(server.origin);
    await here.signedIn('carol', 'carol-pass');
    await server.auth.container.get<ChangeUserStatus>(TYPES.ChangeUserStatus).execute({ account: 'carol', status: 'disabled' });
    expect((await here.open()).status).to.equal(302);
    expect((await here.post('sessions_end_others', {})).status).to.equal(303);
  });
});
