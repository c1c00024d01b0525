import { expect } from 'chai';
import { EndUserSessions } from '../../../../src/application/users/EndUserSessions';
import { GetUser } from '../../../../src/application/users/GetUser';
import { ListUserSessions } from '../../../../src/application/users/ListUserSessions';
import { UserNotFoundError } from '../../../../src/domain/errors';
import type { SignInSession } from '../../../../src/domain/ports/SignInSessionStore';
import { FixedClock } from '../../../support/FixedClock';
import { InMemorySecondFactorStore } from '../../../support/InMemorySecondFactorStore';
import { InMemorySignInSessionStore } from '../../../support/InMemorySignInSessionStore';
import { InMemoryUserRepository } from '../../../support/InMemoryUserRepository';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';
import { storedUser } from '../../../support/userAccounts';

const NOW = Date.parse('2026-04-01T12:00:00Z') / 1000;

describe('the admin use cases on one user: GetUser, ListUserSessions, EndUserSessions', () => {
  let clock: FixedClock;
  let users: InMemoryUserRepository;
  let sessions: InMemorySignInSessionStore;
  let told: string[];

  const session = (id: string, fields: Partial<SignInSession> = {}): SignInSession => ({
    user: { id, account: id, nickName: id, userType: '4', tenantId: null, telephone: null, avatar: null, grade: null },
    authTime: NOW - 100,
    expiresAt: NOW + 100,
    ...fields,
  });

  beforeEach(async () => {
    clock = new FixedClock('2026-04-01T12:00:00Z');
    users = new InMemoryUserRepository();
    await users.add(storedUser('alice', 'u-1', { passwordHash: 'hashed:secret' }));
    await users.add(storedUser('bob', 'u-2'));
    sessions = new InMemorySignInSessionStore();
    await sessions.create('cookie-late', session('u-1', { sid: 'sid-late', authTime: NOW - 10 }));
    await sessions.create('cookie-early', session('u-1', { sid: 'sid-early', authTime: NOW - 50 }));
    await sessions.create('cookie-old', session('u-1', { authTime: 0, expiresAt: NOW + 5 }));
    await sessions.create('cookie-expired', session('u-1', { sid: 'sid-gone', expiresAt: NOW }));
    await sessions.create('cookie-bob', session('u-2', { sid: 'sid-bob' }));
    await sessions.addClient('sid-early', 'u-1', 'webapp', NOW + 100);
    await sessions.addClient('sid-early', 'u-1', 'spa', NOW + 100);
    await sessions.addClient('sid-bob', 'u-2', 'webapp', NOW + 100);
    told = [];
  });

  it('GetUser answers the summary and the kinds of second factor held, never the hash nor a secret', async () => {
    const factors = new InMemorySecondFactorStore();
    factors.totp.set('u-1', { factorId: 'f-totp', secret: 'TOTPSECRETBASE32', confirmed: true, lastStep: 7, createdAt: new Date(0) });
    factors.others.push({ id: 'f-key', userId: 'u-1', kind: 'passkey', label: 'laptop', createdAt: new Date(0) });
    const user = await new GetUser(users, factors).execute({ account: 'alice' });
    expect(user).to.include({ id: 'u-1', account: 'alice', status: 'active' });
    expect(user.secondFactors).to.deep.equal(['totp', 'passkey']);
    expect(user).to.not.have.property('passwordHash');
    expect(JSON.stringify(user)).to.not.include('hashed:').and.not.include('TOTPSECRET');
    expect((await new GetUser(users, factors).execute({ account: 'bob' })).secondFactors).to.deep.equal([]);
    await new GetUser(users, factors).execute({ account: 'carol' }).then(
      () => expect.fail('carol does not exist'),
      (error: unknown) => expect(error).to.be.instanceOf(UserNotFoundError),
    );
  });

  it("ListUserSessions lists the user's live sessions, oldest sign-in first, each with the clients it issued codes to", async () => {
    const list = await new ListUserSessions(users, sessions, clock).execute({ account: 'alice' });
    expect(list).to.deep.equal([
      { sid: null, authTime: null, expiresAt: new Date((NOW + 5) * 1000), clients: [] },
      { sid: 'sid-early', authTime: new Date((NOW - 50) * 1000), expiresAt: new Date((NOW + 100) * 1000), clients: ['webapp', 'spa'] },
      { sid: 'sid-late', authTime: new Date((NOW - 10) * 1000), expiresAt: new Date((NOW + 100) * 1000), clients: [] },
    ]);
    clock.advanceSeconds(5);
    expect(await new ListUserSessions(users, sessions, clock).execute({ account: 'alice' })).to.have.length(2);
    await new ListUserSessions(users, sessions, clock).execute({ account: 'carol' }).then(
      () => expect.fail('carol does not exist'),
      (error: unknown) => expect(error).to.be.instanceOf(UserNotFoundError),
    );
  });

  it("EndUserSessions tells each live session's clients first, then ends every session of the user and no one else's", async () => {
    const logouts = {
      sessionEnded: async (ended: SignInSession) => {
        // Told while the session is still there: its clients are still named.
        told.push(`${ended.sid ?? '-'}:${(await sessions.find(`cookie-${ended.sid === 'sid-early' ? 'early' : ended.sid === 'sid-late' ? 'late' : 'old'}`, NOW)) ? 'live' : 'gone'}`);
      },
    };
    const trail = new RecordingAuditTrail();
    const result = await new EndUserSessions(users, sessions, logouts, clock, trail).execute({ account: 'ALICE' });
    expect(result).to.deep.equal({ ended: 3 });
    expect(trail.events).to.deep.equal([{ type: 'session.ended', outcome: 'success', account: 'alice', client: null, details: { subject: 'u-1', sessions: 3 } }]);
    expect(told).to.deep.equal(['-:live', 'sid-early:live', 'sid-late:live']);
    expect(await sessions.sessionsOfSubject('u-1', NOW)).to.deep.equal([]);
    expect(await sessions.sessionsOfSubject('u-2', NOW)).to.have.length(1);
  });

  it('EndUserSessions refuses an unknown account and ends nothing', async () => {
    const trail = new RecordingAuditTrail();
    await new EndUserSessions(users, sessions, { sessionEnded: async () => undefined }, clock, trail).execute({ account: 'carol' }).then(
      () => expect.fail('carol does not exist'),
      (error: unknown) => expect(error).to.be.instanceOf(UserNotFoundError),
    );
    expect(trail.events).to.deep.equal([]);
    expect(await sessions.sessionsOfSubject('u-1', NOW)).to.have.length(3);
  });
});
