import { expect } from 'chai';
import { OpenAccountSession } from '../../../../src/application/account/OpenAccountSession';
import { AccountSignInNeededError } from '../../../../src/domain/accountErrors';
import type { FactorPageKind } from '../../../../src/application/secondFactor/SecondFactorStep';
import type { AuthenticatedUser } from '../../../../src/domain/model/AuthenticatedUser';
import { ACR_PASSWORD, authenticationOf, PASSWORD_ONLY, type Acr, type Authentication } from '../../../../src/domain/model/AuthenticationLevel';

const MFA = authenticationOf(['pwd', 'otp']);
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
  /** What the sign-in still needs, as SecondFactorStep answers it; the calls it got. */
  let needed: FactorPageKind | null;
  let asked: Array<[string, Authentication, string]>;

  beforeEach(async () => {
    clock = new FixedClock('2026-01-01T00:00:00Z');
    sessions = new InMemorySignInSessionStore();
    users = new SetActiveUsers();
    needed = null;
    asked = [];
    const factors = {
      needed: async (user: AuthenticatedUser, have: Authentication, wanted: Acr) => {
        asked.push([user.id, have, wanted]);
        return needed;
      },
    };
    open = new OpenAccountSession(sessions, users, factors, clock);
    await sessions.create('live', { user: alice, authTime: now - 10, expiresAt: now + 60, sid: 'sid-1' });
    await sessions.create('no-sid', { user: alice, authTime: now - 10, expiresAt: now + 60 });
    await sessions.create('mfa', { user: alice, authTime: now - 10, expiresAt: now + 60, sid: 'sid-2', authentication: MFA });
  });

  it('answers the live session of an active user: cookie value, user, sid', async () => {
    expect(await open.execute({ token: 'live' })).to.deep.equal({ token: 'live', user: alice, sid: 'sid-1' });
    expect(users.asked).to.deep.equal([alice.id]);
    expect(asked).to.deep.equal([[alice.id, PASSWORD_ONLY, ACR_PASSWORD]]);
    expect(await open.execute({ token: 'mfa' })).to.deep.equal({ token: 'mfa', user: alice, sid: 'sid-2', authentication: MFA });
    expect(asked[1]).to.deep.equal([alice.id, MFA, ACR_PASSWORD]);
  });

  it('asks for the rest of the sign-in when the session has not proved what the user needs (a second factor, an enrolment)', async () => {
    for (const kind of ['second_factor', 'enrol_factor'] as const) {
      needed = kind;
      const error = await rejection(open.execute({ token: 'live' }));
      expect(error, kind).to.be.instanceOf(AccountSignInNeededError);
      expect(error).to.include({ message: 'the sign-in has not proved the second factor yet' });
    }
    // The session stays: the sign-in page raises it once the factor is proved.
    needed = null;
    expect((await open.execute({ token: 'live' })).sid).to.equal('sid-1');
  });

  it('asks for a sign-in without a cookie, for an unknown or expired session, and for one from before sids', async () => {
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'no sign-in session'],
      ['unknown', 'the sign-in session has ended'],
      ['no-sid', 'the sign-in session predates session ids'],
    ];
    for (const [token, message] of cases) {
      const error = await rejection(open.execute({ token }));
      expect(error, String(token)).to.be.instanceOf(AccountSignInNeededError);
      expect(error).to.include({ code: 'ACCOUNT_SIGN_IN_NEEDED', message });
    }
    clock.advanceSeconds(60);
    expect(await rejection(open.execute({ token: 'live' }))).to.include({ message: 'the sign-in session has ended' });
  });

  it('ends the session of a user no longer active and asks for a sign-in', async () => {
    users.inactive.add(alice.id);
    const error = await rejection(open.execute({ token: 'live' }));
    expect(error).to.be.instanceOf(AccountSignInNeededError);
    expect(error).to.include({ message: 'the user is no longer active' });
    users.inactive.clear();
    expect(await sessions.find('live', now)).to.equal(null);
  });
});
