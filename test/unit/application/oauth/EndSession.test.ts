import { expect } from 'chai';
import { EndSession, LogoutRequestRefusedError, type EndSessionInput } from '../../../../src/application/oauth/EndSession';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { FakeIdTokenHints } from '../../../support/FakeIdTokenHints';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { InMemorySignInSessionStore } from '../../../support/InMemorySignInSessionStore';
import type { SignInSession } from '../../../../src/domain/ports/SignInSessionStore';
import { registeredClient } from '../../../support/oauthClients';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

const NOW = 1767225600; // 2026-01-01T00:00:00Z, the FixedClock's start
const ALICE = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const BOB = { ...ALICE, id: '8', account: 'bob', nickName: 'Bob' };
const RETURN = 'https://app.example/signed-out';
const WEBAPP = registeredClient({ id: 'webapp', kind: 'confidential', redirectUris: ['https://app.example/cb'], postLogoutRedirectUris: [RETURN, 'https://app.example/bye'] });
const OTHER = registeredClient({ id: 'other', kind: 'public', redirectUris: ['https://other.example/cb'], postLogoutRedirectUris: ['https://other.example/bye'] });

describe('EndSession (RP-Initiated Logout: who is signed out, when to ask, where to return)', () => {
  let sessions: InMemorySignInSessionStore;
  let hints: FakeIdTokenHints;
  let endSession: EndSession;
  let ended: SignInSession[];
  let trail: RecordingAuditTrail;

  beforeEach(async () => {
    sessions = new InMemorySignInSessionStore();
    await sessions.create('alice-session', { user: ALICE, authTime: NOW - 60, expiresAt: NOW + 3600 });
    await sessions.create('bob-session', { user: BOB, authTime: NOW - 60, expiresAt: NOW + 3600 });
    await sessions.create('alice-expired', { user: ALICE, authTime: NOW - 7200, expiresAt: NOW });
    hints = new FakeIdTokenHints({
      'alice@webapp': { subject: ALICE.id, clientId: 'webapp', authTime: NOW - 60 },
      'alice@gone': { subject: ALICE.id, clientId: 'gone' },
    });
    ended = [];
    trail = new RecordingAuditTrail();
    endSession = new EndSession(hints, new InMemoryOAuthClientStore([{ client: WEBAPP }, { client: OTHER }]), sessions, new FixedClock(), {
      sessionEnded: async (session) => {
        ended.push(session);
      },
    }, trail);
  });

  const request = (input: Partial<EndSessionInput>): Promise<unknown> =>
    endSession.execute({ browserSessions: ['alice-session'], confirmedByUser: false, ...input });
  const live = async (token: string) => (await sessions.find(token, NOW)) !== null;

  it("names the identified client by its registered name, for the confirmation page", async () => {
    const named = new EndSession(hints, new InMemoryOAuthClientStore([{ client: { ...WEBAPP, name: 'Web App' } }]), sessions, new FixedClock(), { sessionEnded: async () => undefined }, new RecordingAuditTrail());
    expect(await named.execute({ clientId: 'webapp', browserSessions: [], confirmedByUser: false })).to.include({ outcome: 'confirm', clientId: 'webapp', clientName: 'Web App' });
  });

  it("signs the hint's user out at once and returns to a URI the hint's client registered exactly", async () => {
    expect(await request({ idTokenHint: 'alice@webapp', postLogoutRedirectUri: RETURN })).to.deep.equal({ outcome: 'signedOut', clientId: 'webapp', clientName: null, postLogoutRedirectUri: RETURN });
    expect(await live('alice-session')).to.equal(false);
    expect(await live('bob-session')).to.equal(true);
  });

  it('records each live session it ended, with the client signed out from; a page asking to confirm ends and records nothing', async () => {
    await request({});
    expect(trail.events).to.deep.equal([]);
    await request({ idTokenHint: 'alice@webapp' });
    await endSession.signOut(['bob-session', 'alice-expired', 'unknown']);
    expect(trail.events).to.deep.equal([
      { type: 'session.ended', outcome: 'success', account: ALICE.account, client: 'webapp', details: { subject: ALICE.id, sid: null } },
      { type: 'session.ended', outcome: 'success', account: BOB.account, client: null, details: { subject: BOB.id, sid: null } },
    ]);
  });

  it('accepts a client_id equal to the hint\'s audience; another one is refused before anything ends', async () => {
    expect(await request({ idTokenHint: 'alice@webapp', clientId: 'webapp' })).to.deep.equal({ outcome: 'signedOut', clientId: 'webapp', clientName: null, postLogoutRedirectUri: null });
    await sessions.create('alice-again', { user: ALICE, authTime: NOW, expiresAt: NOW + 3600 });
    const refused = await request({ idTokenHint: 'alice@webapp', clientId: 'other', browserSessions: ['alice-again'] }).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(LogoutRequestRefusedError);
    expect((refused as LogoutRequestRefusedError).code).to.equal('LOGOUT_REQUEST_REFUSED');
    expect((refused as Error).message).to.equal('client_id does not match the id_token_hint');
    expect(await live('alice-again')).to.equal(true);
  });

  it('never returns to a URI the client did not register exactly, nor to another client\'s', async () => {
    for (const uri of [`${RETURN}/`, 'https://app.example/signed-out?x=1', 'https://evil.example/', 'https://other.example/bye']) {
      await sessions.create('alice-session', { user: ALICE, authTime: NOW - 60, expiresAt: NOW + 3600 });
      expect(await request({ idTokenHint: 'alice@webapp', postLogoutRedirectUri: uri }), uri).to.deep.equal({ outcome: 'signedOut', clientId: 'webapp', clientName: null, postLogoutRedirectUri: null });
    }
  });

  it('asks first when the browser is signed in as someone else than the hint names, and ends nothing', async () => {
    expect(await request({ idTokenHint: 'alice@webapp', postLogoutRedirectUri: RETURN, browserSessions: ['bob-session'] })).to.deep.equal({
      outcome: 'confirm',
      clientId: 'webapp',
      clientName: null,
      postLogoutRedirectUri: RETURN,
    });
    expect(await live('bob-session')).to.equal(true);
    // One of two sessions (a duplicate cookie) being someone else's is enough to ask.
    expect(await request({ idTokenHint: 'alice@webapp', browserSessions: ['alice-session', 'bob-session'] })).to.include({ outcome: 'confirm' });
    expect(await live('alice-session')).to.equal(true);
  });

  it('with a valid hint and no live session (none, or only an expired one) the RP still gets its redirect', async () => {
    expect(await request({ idTokenHint: 'alice@webapp', postLogoutRedirectUri: RETURN, browserSessions: [] })).to.deep.equal({ outcome: 'signedOut', clientId: 'webapp', clientName: null, postLogoutRedirectUri: RETURN });
    expect(await request({ idTokenHint: 'alice@webapp', browserSessions: ['alice-expired'] })).to.include({ outcome: 'signedOut' });
  });

  it('without a hint, or with one that does not read, asks the user; client_id alone identifies the client for the return', async () => {
    expect(await request({})).to.deep.equal({ outcome: 'confirm', clientId: null, clientName: null, postLogoutRedirectUri: null });
    expect(await request({ postLogoutRedirectUri: RETURN })).to.deep.equal({ outcome: 'confirm', clientId: null, clientName: null, postLogoutRedirectUri: null });
    expect(await request({ idTokenHint: 'forged', postLogoutRedirectUri: RETURN })).to.deep.equal({ outcome: 'confirm', clientId: null, clientName: null, postLogoutRedirectUri: null });
    expect(hints.readHints).to.deep.equal(['forged']);
    expect(await request({ idTokenHint: 'forged', clientId: 'webapp', postLogoutRedirectUri: RETURN })).to.deep.equal({ outcome: 'confirm', clientId: 'webapp', clientName: null, postLogoutRedirectUri: RETURN });
    expect(await request({ clientId: 'other', postLogoutRedirectUri: RETURN })).to.deep.equal({ outcome: 'confirm', clientId: 'other', clientName: null, postLogoutRedirectUri: null });
    expect(await live('alice-session')).to.equal(true);
  });

  it('the user\'s confirmation ends every session the browser sent, whoever\'s, and keeps the checked return', async () => {
    expect(await request({ confirmedByUser: true, clientId: 'webapp', postLogoutRedirectUri: RETURN, browserSessions: ['alice-session', 'bob-session'] })).to.deep.equal({
      outcome: 'signedOut',
      clientId: 'webapp',
      clientName: null,
      postLogoutRedirectUri: RETURN,
    });
    expect(await live('alice-session')).to.equal(false);
    expect(await live('bob-session')).to.equal(false);
    expect(await request({ confirmedByUser: true, postLogoutRedirectUri: RETURN, browserSessions: [] })).to.deep.equal({ outcome: 'signedOut', clientId: null, clientName: null, postLogoutRedirectUri: null });
  });

  it('refuses an unknown client, named by client_id or by the hint\'s audience', async () => {
    for (const input of [{ clientId: 'nobody' }, { idTokenHint: 'alice@gone' }, { confirmedByUser: true, clientId: 'nobody' }]) {
      const refused = await request(input).catch((error: unknown) => error);
      expect(refused, JSON.stringify(input)).to.be.instanceOf(LogoutRequestRefusedError);
      expect((refused as Error).message).to.equal('unknown client');
    }
    expect(await live('alice-session')).to.equal(true);
  });

  describe('a hint of an earlier sign-in or of another session asks first (no silent sign-out by an old ID token)', () => {
    beforeEach(async () => {
      await sessions.create('alice-sid', { user: ALICE, authTime: NOW - 60, expiresAt: NOW + 3600, sid: 'sid-now' });
      hints = new FakeIdTokenHints({
        'same-sid': { subject: ALICE.id, clientId: 'webapp', authTime: NOW - 60, sid: 'sid-now' },
        'later-auth': { subject: ALICE.id, clientId: 'webapp', authTime: NOW - 59 },
        'older-auth': { subject: ALICE.id, clientId: 'webapp', authTime: NOW - 61, sid: 'sid-now' },
        'no-auth': { subject: ALICE.id, clientId: 'webapp', sid: 'sid-now' },
        'other-sid': { subject: ALICE.id, clientId: 'webapp', authTime: NOW - 60, sid: 'sid-before' },
      });
      endSession = new EndSession(hints, new InMemoryOAuthClientStore([{ client: WEBAPP }]), sessions, new FixedClock(), {
        sessionEnded: async (session) => {
          ended.push(session);
        },
      }, new RecordingAuditTrail());
    });

    for (const hint of ['older-auth', 'no-auth', 'other-sid']) {
      it(`${hint}: confirm, nothing ended, nobody told`, async () => {
        expect(await request({ idTokenHint: hint, postLogoutRedirectUri: RETURN, browserSessions: ['alice-sid'] })).to.deep.equal({ outcome: 'confirm', clientId: 'webapp', clientName: null, postLogoutRedirectUri: RETURN });
        expect(await live('alice-sid')).to.equal(true);
        expect(ended).to.deep.equal([]);
      });
    }

    it("the same session's hint (its sid, its sign-in or later) signs out at once; the session's clients are told", async () => {
      expect(await request({ idTokenHint: 'same-sid', browserSessions: ['alice-sid'] })).to.include({ outcome: 'signedOut' });
      expect(await live('alice-sid')).to.equal(false);
      expect(ended.map((session) => session.sid)).to.deep.equal(['sid-now']);
    });

    it('a hint naming no sid but issued at or after the sign-in still signs out', async () => {
      expect(await request({ idTokenHint: 'later-auth', browserSessions: ['alice-sid'] })).to.include({ outcome: 'signedOut' });
      expect(ended).to.have.length(1);
    });

    it('a hint with a sid is refused by a session that has none (one from before sids)', async () => {
      expect(await request({ idTokenHint: 'same-sid', browserSessions: ['alice-session'] })).to.include({ outcome: 'confirm' });
    });

    it('the confirmed sign-out and the service sign-out tell the live sessions\' clients, not the expired ones', async () => {
      await request({ confirmedByUser: true, browserSessions: ['alice-sid', 'alice-expired'] });
      expect(ended.map((session) => session.sid)).to.deep.equal(['sid-now']);
      await sessions.create('again', { user: ALICE, authTime: NOW, expiresAt: NOW + 3600, sid: 'sid-again' });
      await endSession.signOut(['again', 'alice-expired']);
      expect(ended.map((session) => session.sid)).to.deep.equal(['sid-now', 'sid-again']);
      expect(await live('again')).to.equal(false);
    });
  });
});
