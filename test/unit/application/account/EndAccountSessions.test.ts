import { expect } from 'chai';
import { EndAccountSessions } from '../../../../src/application/account/EndAccountSessions';
import { AccountSessionNotFoundError } from '../../../../src/domain/accountErrors';
import type { SignInSession } from '../../../../src/domain/ports/SignInSessionStore';
import { accountSessionOf, accountUser } from '../../../support/accountSessionOf';
import { FixedClock } from '../../../support/FixedClock';
import { InMemorySignInSessionStore } from '../../../support/InMemorySignInSessionStore';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';
import { rejection } from '../../../support/rejection';

describe('EndAccountSessions', () => {
  const now = Date.parse('2026-01-01T00:00:00Z') / 1000;
  const alice = accountUser('alice');
  const here = accountSessionOf('alice', 'sid-here');
  let sessions: InMemorySignInSessionStore;
  let told: SignInSession[];
  let trail: RecordingAuditTrail;
  let end: EndAccountSessions;

  beforeEach(async () => {
    sessions = new InMemorySignInSessionStore();
    told = [];
    trail = new RecordingAuditTrail();
    end = new EndAccountSessions(sessions, { sessionEnded: async (session) => void told.push(session) }, new FixedClock('2026-01-01T00:00:00Z'), trail);
    for (const sid of ['sid-here', 'sid-laptop', 'sid-phone']) await sessions.create(`token-${sid}`, { user: alice, authTime: now - 5, expiresAt: now + 60, sid });
    await sessions.create('token-old', { user: alice, authTime: now - 5, expiresAt: now + 60 });
    await sessions.create('token-bob', { user: accountUser('bob'), authTime: now - 5, expiresAt: now + 60, sid: 'sid-bob' });
    await sessions.addClient('sid-laptop', alice.id, 'webapp', now + 60);
  });

  const live = async (token: string) => (await sessions.find(token, now)) !== null;

  it('ends one other session by its sid: its apps are told, the rest stay, the trail says so', async () => {
    expect(await end.execute({ session: here, end: { sid: 'sid-laptop' } })).to.equal(1);
    expect(told.map((session) => session.sid)).to.deep.equal(['sid-laptop']);
    expect(await live('token-sid-laptop')).to.equal(false);
    expect(await live('token-sid-here')).to.equal(true);
    expect(await live('token-sid-phone')).to.equal(true);
    expect(await sessions.clientsOf('sid-laptop')).to.deep.equal([]);
    expect(trail.events).to.deep.equal([
      { type: 'session.ended', outcome: 'success', account: 'alice', client: null, details: { subject: alice.id, sid: 'sid-laptop', by: 'account_page' } },
    ]);
  });

  it('ends every other session with a sid, never the asking one nor another user\'s', async () => {
    expect(await end.execute({ session: here, end: 'others' })).to.equal(2);
    expect(told.map((session) => session.sid)).to.deep.equal(['sid-laptop', 'sid-phone']);
    expect(await live('token-sid-here')).to.equal(true);
    expect(await live('token-bob')).to.equal(true);
  });

  it('refuses the asking session, another user\'s and an unknown sid, ending nothing', async () => {
    for (const sid of ['sid-here', 'sid-bob', 'nope']) {
      const error = await rejection(end.execute({ session: here, end: { sid } }));
      expect(error, sid).to.be.instanceOf(AccountSessionNotFoundError);
      expect(error).to.include({ code: 'ACCOUNT_SESSION_NOT_FOUND', message: 'no such session of the user' });
    }
    expect(told).to.deep.equal([]);
    expect(trail.events).to.deep.equal([]);
    expect(await live('token-bob')).to.equal(true);
  });

  it('ends no one, and refuses nothing, when the user has no other session', async () => {
    const alone = accountSessionOf('bob', 'sid-bob');
    expect(await end.execute({ session: alone, end: 'others' })).to.equal(0);
    expect(told).to.deep.equal([]);
  });

  it('counts only the sessions the store still ended (one gone meanwhile is not counted)', async () => {
    const racing = new EndAccountSessions(
      { sessionsOfSubject: (subject, at) => sessions.sessionsOfSubject(subject, at), endSid: async () => false },
      { sessionEnded: async () => undefined },
      new FixedClock('2026-01-01T00:00:00Z'),
      trail,
    );
    expect(await racing.execute({ session: here, end: 'others' })).to.equal(0);
  });
});
