import { expect } from 'chai';
import { OpenAccountSession } from '../../../../src/application/account/OpenAccountSession';
import { AccountSignInNeededError } from '../../../../src/domain/accountErrors';
import { accountUser } from '../../../support/accountSessionOf';
import { FixedClock } from '../../../support/FixedClock';
import { InMemorySignInSessionStore } from '../../../support/InMemorySignInSessionStore';
import { rejection } from '../../../support/rejection';
import { SetActiveUsers } from '../../../support/SetActiveUsers';

describe('OpenAccountSession', () => {
  const now = Date.parse('2026-01-01T00:00:00Z') / 1000;
  let clock: FixedClock;
  const alice = accountUser('alice');
  let sessions: InMemorySignInSessionStore;
  let users: SetActiveUsers;
  let open: OpenAccountSession;

  beforeEach(async () => {
    clock = new FixedClock('2026-01-01T00:00:00Z');
    sessions = new InMemorySignInSessionStore();
    users = new SetActiveUsers();
    open = new OpenAccountSession(sessions, users, clock);
    await sessions.create('live', { user: alice, authTime: now - 10, expiresAt: now + 60, sid: 'sid-1' });
    await sessions.create('no-sid', { user: alice, authTime: now - 10, expiresAt: now + 60 });
  });

  it('answers the live session of an active user: cookie value, user, sid', async () => {
    expect(await open.execute({ token: 'live' })).to.deep.equal({ token: 'live', user: alice, sid: 'sid-1' });
    expect(users.asked).to.deep.equal([alice.id]);
  });

  it('asks for a sign-in without a cookie, for an unknown or expired session, and for one from before sids', async () => {
    for (const token of [undefined, 'unknown', 'no-sid']) {
      const error = await rejection(open.execute({ token }));
      expect(error, String(token)).to.be.instanceOf(AccountSignInNeededError);
      expect((error as AccountSignInNeededError).code).to.equal('ACCOUNT_SIGN_IN_NEEDED');
    }
    clock.advanceSeconds(60);
    expect(await rejection(open.execute({ token: 'live' }))).to.be.instanceOf(AccountSignInNeededError);
  });

  it('ends the session of a user no longer active and asks for a sign-in', async () => {
    users.inactive.add(alice.id);
    expect(await rejection(open.execute({ token: 'live' }))).to.be.instanceOf(AccountSignInNeededError);
    users.inactive.clear();
    expect(await sessions.find('live', now)).to.equal(null);
  });
});
