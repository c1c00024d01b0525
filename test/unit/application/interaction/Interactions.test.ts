import { expect } from 'chai';
import { INTERACTION_SECONDS, Interactions, type StartInteractionInput } from '../../../../src/application/interaction/Interactions';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import type { InteractionKind } from '../../../../src/domain/model/Interaction';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryInteractionStore } from '../../../support/InMemoryInteractionStore';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { InMemorySignInSessionStore } from '../../../support/InMemorySignInSessionStore';
import { registeredClient } from '../../../support/oauthClients';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';

const USER = { id: 'u-7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const OTHER_USER = { ...USER, id: 'u-8', account: 'bob' };
const THIRD = registeredClient({ id: 'third', kind: 'public', redirectUris: ['https://third.example/cb'] });
// 2026-01-01T00:00:00Z, the clock's start; the user signed in a minute before.
const NOW = 1_767_225_600;
const SIGNED_IN = NOW - 60;

describe('Interactions (a page after the sign-in answers once, for its live sign-in)', () => {
  let clock: FixedClock;
  let store: InMemoryInteractionStore;
  let sessions: InMemorySignInSessionStore;
  let revocations: InMemoryRevocationStore;
  let clients: InMemoryOAuthClientStore;
  let interactions: Interactions;
  const consentFor = (session: string | null, user = USER): StartInteractionInput => ({ kind: 'consent', session, user, clientId: 'third', authTime: SIGNED_IN });
  const answer = (uid: string, session: string | null, kind: InteractionKind = 'consent', clientId = 'third') => interactions.consume({ uid, kind, clientId, session });
  const refusal = async (promise: Promise<unknown>): Promise<string> => {
    const error: unknown = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error, 'refused').to.be.an('error');
    return (error as { code: string }).code;
  };

  beforeEach(async () => {
    clock = new FixedClock('2026-01-01T00:00:00.900Z');
    store = new InMemoryInteractionStore();
    sessions = new InMemorySignInSessionStore();
    revocations = new InMemoryRevocationStore();
    clients = new InMemoryOAuthClientStore([{ client: THIRD }]);
    interactions = new Interactions(store, sessions, revocations, clients, new SequenceSecretGenerator('uid'), clock);
    await sessions.create('session-a', { user: USER, authTime: SIGNED_IN, expiresAt: NOW + 3600 });
    await sessions.create('session-b', { user: OTHER_USER, authTime: SIGNED_IN, expiresAt: NOW + 3600 });
  });

  it('records the page for the session, user, client and sign-in, for ten minutes from now, under a fresh uid', async () => {
    expect(INTERACTION_SECONDS).to.equal(600);
    expect(await interactions.start(consentFor('session-a'))).to.equal('uid-1');
    expect(await interactions.start(consentFor('session-a'))).to.equal('uid-2');
    expect(store.interactions.get('uid-1')).to.deep.equal({ uid: 'uid-1', kind: 'consent', session: 'session-a', user: USER, clientId: 'third', authTime: SIGNED_IN, createdAt: NOW, expiresAt: NOW + 600 });
  });

  it('clears out the expired pages where it makes one', async () => {
    await interactions.start(consentFor('session-a'));
    clock.advanceSeconds(600);
    await interactions.start(consentFor('session-a'));
    expect([...store.interactions.keys()]).to.deep.equal(['uid-2']);
  });

  it('answers the page once, in its session: what it vouches for (the sign-in time, not the answer time)', async () => {
    const uid = await interactions.start(consentFor('session-a'));
    clock.advanceSeconds(30);
    expect(await answer(uid, 'session-a')).to.deep.equal({ uid, kind: 'consent', user: USER, clientId: 'third', authTime: SIGNED_IN, createdAt: NOW, expiresAt: NOW + 600 });
    expect(await refusal(answer(uid, 'session-a'))).to.equal('INTERACTION_NOT_FOUND');
  });

  it('refuses an unknown uid', async () => {
    expect(await refusal(answer('never-shown', 'session-a'))).to.equal('INTERACTION_NOT_FOUND');
  });

  it('refuses a page of another kind or for another client, and spends it', async () => {
    const uid = await interactions.start(consentFor('session-a'));
    expect(await refusal(answer(uid, 'session-a', 'device' as InteractionKind))).to.equal('INTERACTION_NOT_FOUND');
    const other = await interactions.start(consentFor('session-a'));
    expect(await refusal(answer(other, 'session-a', 'consent', 'another'))).to.equal('INTERACTION_NOT_FOUND');
    expect(await refusal(answer(other, 'session-a'))).to.equal('INTERACTION_NOT_FOUND');
  });

  it('refuses the page from its expiry on, not a second before', async () => {
    const late = await interactions.start(consentFor('session-a'));
    const inTime = await interactions.start(consentFor('session-a'));
    clock.advanceSeconds(599);
    expect((await answer(inTime, 'session-a')).uid).to.equal(inTime);
    clock.advanceSeconds(1);
    expect(await refusal(answer(late, 'session-a'))).to.equal('INTERACTION_EXPIRED');
  });

  it("refuses an answer from another browser's session (another user's), and from a browser with none", async () => {
    const uid = await interactions.start(consentFor('session-a'));
    expect(await refusal(answer(uid, 'session-b'))).to.equal('INTERACTION_SESSION_MISMATCH');
    const again = await interactions.start(consentFor('session-a'));
    expect(await refusal(answer(again, null))).to.equal('INTERACTION_SESSION_MISMATCH');
  });

  it('refuses the page once its session has ended (signed out) or expired', async () => {
    const ended = await interactions.start(consentFor('session-a'));
    await sessions.end('session-a');
    expect(await refusal(answer(ended, 'session-a'))).to.equal('INTERACTION_SESSION_ENDED');
    await sessions.create('short', { user: USER, authTime: SIGNED_IN, expiresAt: NOW + 10 });
    const expired = await interactions.start(consentFor('short'));
    clock.advanceSeconds(10);
    expect(await refusal(answer(expired, 'short'))).to.equal('INTERACTION_SESSION_ENDED');
  });

  it('refuses the page when the user was locked out after signing in (not-before later than the sign-in), not at it', async () => {
    const uid = await interactions.start(consentFor('session-a'));
    await revocations.revokeSubject(USER.id, SIGNED_IN + 1, NOW + 86_400);
    expect(await refusal(answer(uid, 'session-a'))).to.equal('INTERACTION_USER_LOCKED_OUT');
    expect(revocations.calls).to.deep.include(['subjectNotBefore', 'u-7']);

    await revocations.revokeSubject(OTHER_USER.id, SIGNED_IN, NOW + 86_400);
    const atSignIn = await interactions.start(consentFor('session-b', OTHER_USER));
    expect((await answer(atSignIn, 'session-b')).user).to.deep.equal(OTHER_USER);
  });

  it('with sessions off: single-use, refused to a browser presenting a session, and refused after a lock-out', async () => {
    const uid = await interactions.start(consentFor(null));
    expect((await answer(uid, null)).authTime).to.equal(SIGNED_IN);
    expect(await refusal(answer(uid, null))).to.equal('INTERACTION_NOT_FOUND');
    const withCookie = await interactions.start(consentFor(null));
    expect(await refusal(answer(withCookie, 'session-a'))).to.equal('INTERACTION_SESSION_MISMATCH');
    const locked = await interactions.start(consentFor(null));
    await revocations.revokeSubject(USER.id, NOW + 1, NOW + 86_400);
    expect(await refusal(answer(locked, null))).to.equal('INTERACTION_USER_LOCKED_OUT');
  });

  it('refuses the page when the client was removed after it was shown, re-registered or not', async () => {
    const removedAndAdded = await interactions.start(consentFor('session-a'));
    await revocations.revokeClient('third', NOW + 1, NOW + 86_400);
    expect(await refusal(answer(removedAndAdded, 'session-a'))).to.equal('INTERACTION_CLIENT_CHANGED');
    expect(revocations.calls).to.deep.include(['clientNotBefore', 'third']);

    // A page shown to the client registered anew, at its not-before, is its own.
    clock.advanceSeconds(1);
    const shownToTheNewOne = await interactions.start(consentFor('session-a'));
    expect((await answer(shownToTheNewOne, 'session-a')).createdAt).to.equal(NOW + 1);

    const gone = await interactions.start(consentFor('session-a'));
    await clients.remove('third');
    expect(await refusal(answer(gone, 'session-a'))).to.equal('INTERACTION_CLIENT_CHANGED');
  });
});
