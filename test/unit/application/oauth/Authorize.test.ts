import { PASSWORD_ONLY } from '../../../../src/domain/model/AuthenticationLevel';
import { buildSecondFactorStep } from '../../../support/buildSecondFactorStep';
import { expect } from 'chai';
import { NO_PARTICULAR_ACCESS } from '../../../../src/domain/model/GrantedAccess';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { Authorize, type AuthorizePolicy } from '../../../../src/application/oauth/Authorize';
import type { AuthorizationRequest, Interaction } from '../../../../src/application/oauth/authorization/AuthorizationRequest';
import { ConsentGate } from '../../../../src/application/consent/ConsentGate';
import { Interactions } from '../../../../src/application/interaction/Interactions';
import { Login } from '../../../../src/application/login/Login';
import { InvalidCredentialsError } from '../../../../src/domain/errors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import { UnboundedLoginCapacity } from '../../../../src/infrastructure/auth/InFlightLoginCapacity';
import { FixedClock } from '../../../support/FixedClock';
import { FixedUserAuthenticator } from '../../../support/FixedUserAuthenticator';
import { InMemoryAuthorizationCodeStore } from '../../../support/InMemoryAuthorizationCodeStore';
import { InMemoryConsentStore } from '../../../support/InMemoryConsentStore';
import { InMemoryInteractionStore } from '../../../support/InMemoryInteractionStore';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { InMemorySignInSessionStore } from '../../../support/InMemorySignInSessionStore';
import { RecordingSignOut } from '../../../support/RecordingSignOut';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';
import { registeredClient } from '../../../support/oauthClients';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';
import { PasswordOnlyGate } from '../../../support/PasswordOnlyGate';

const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const NOW = 1767225600; // 2026-01-01T00:00:00Z
/** The service's own app: no consent page. */
const SPA = registeredClient({ id: 'spa', kind: 'public', redirectUris: ['https://app.example/callback'], firstParty: true });
/** A third-party app: the user approves it first. */
const THIRD = registeredClient({ id: 'third', kind: 'public', redirectUris: ['https://third.example/cb'], scopes: ['openid', 'profile', 'email'] });
const THIRD_REQUEST: AuthorizationRequest = { clientId: 'third', redirectUri: 'https://third.example/cb', codeChallenge: 'challenge-3', granted: { scopes: ['openid', 'profile'], resources: [] } };
const NATIVE = registeredClient({ id: 'native', kind: 'public', redirectUris: ['http://127.0.0.1:8400/cb', 'com.example.app:/oauth'] });
const REQUEST: AuthorizationRequest = { clientId: 'spa', redirectUri: 'https://app.example/callback', codeChallenge: 'challenge-1', granted: NO_PARTICULAR_ACCESS };
const CREDENTIALS = { username: 'alice', password: 'pw' };

/** The code of an interaction that must be one. */
function codeOf(interaction: Interaction): string {
  if (interaction.kind !== 'code') throw new Error(`expected a code, got ${JSON.stringify(interaction)}`);
  return interaction.code;
}

/** These tests sign in with a password only (AuthorizePasskeyAlone.test.ts covers a passkey alone). */
const unusedPasskeys = {
  execute: async (): Promise<never> => {
    throw new Error('no passkey sign-in in these tests');
  },
};

describe('Authorize (the authorization endpoint: trusted redirects, remembered sign-ins, codes)', () => {
  let clock: FixedClock;
  let codes: InMemoryAuthorizationCodeStore;
  let sessions: InMemorySignInSessionStore;
  let authenticator: FixedUserAuthenticator;
  let consents: InMemoryConsentStore;
  let interactionStore: InMemoryInteractionStore;
  let interactions: Interactions;
  let revocations: InMemoryRevocationStore;
  let signOut: RecordingSignOut;
  let trail: RecordingAuditTrail;

  function build(policy: AuthorizePolicy = { codeSeconds: 60, sessionSeconds: 3600 }, outcome: typeof USER | Error = USER): Authorize {
    clock = new FixedClock('2026-01-01T00:00:00Z');
    codes = new InMemoryAuthorizationCodeStore();
    sessions = new InMemorySignInSessionStore();
    authenticator = new FixedUserAuthenticator(outcome);
    const ring = new KeyRing();
    trail = new RecordingAuditTrail();
    const login = new Login(authenticator, new AccessTokenIssuer(new RecordingTokenSigner(), ring, clock, new SequenceIdGenerator(), { issuer: 'http://localhost/auth', ttlSeconds: 600 }), new RecordingAttemptLimiter(), new UnboundedLoginCapacity(), new PasswordOnlyGate(), trail);
    const clients = new InMemoryOAuthClientStore([{ client: SPA }, { client: NATIVE }, { client: THIRD }]);
    consents = new InMemoryConsentStore();
    interactionStore = new InMemoryInteractionStore();
    revocations = new InMemoryRevocationStore();
    interactions = new Interactions(interactionStore, sessions, revocations, clients, new SequenceSecretGenerator('uid'), clock);
    signOut = new RecordingSignOut(sessions);
    return new Authorize(codes, sessions, login, unusedPasskeys, new ConsentGate(consents, clock, trail), interactions, signOut, buildSecondFactorStep(clock).step, new SequenceSecretGenerator('code'), new SequenceIdGenerator(), clock, policy);
  }

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  describe('signIn', () => {
    it('authenticates through the login use case and issues a single-use code bound to client, redirect URI, challenge and user', async () => {
      const authorize = build();
      const code = codeOf((await authorize.signIn(SPA, REQUEST, CREDENTIALS, [])).next);
      expect(authenticator.attempts).to.deep.equal([{ username: 'alice', password: 'pw' }]);
      expect(code).to.equal('code-2');
      // The session's sid is drawn first, then the code's family: the code carries the sid, the session notes the client.
      expect(codes.codes.get(code)?.grant).to.deep.equal({ ...REQUEST, user: USER, familyId: 'id-2', issuedAt: NOW, authTime: NOW, expiresAt: NOW + 60, sid: 'id-1', authentication: PASSWORD_ONLY });
      expect(await sessions.clientsOf('id-1')).to.deep.equal([SPA.id]);
      expect(sessions.clients.get(`id-1|${SPA.id}`)?.expiresAt, 'kept as long as the session').to.equal(NOW + 3600);
      expect(await sessions.clientsOfSubject(USER.id)).to.deep.equal([{ sid: 'id-1', clientId: SPA.id }]);
      const first = await codes.consume(code, NOW);
      expect(first?.firstUse).to.equal(true);
    });

    it('records the sign-in with the client it was for', async () => {
      const authorize = build();
      await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      expect(trail.ofType('login.succeeded')).to.deep.equal([{ type: 'login.succeeded', outcome: 'success', account: 'alice', client: SPA.id, details: { subject: USER.id } }]);
    });

    it('remembers the sign-in for sessionSeconds and answers its cookie value', async () => {
      const authorize = build({ codeSeconds: 60, sessionSeconds: 3600 });
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      expect(sessionToken).to.equal('code-1');
      expect(await sessions.find('code-1', NOW)).to.deep.equal({ user: USER, authTime: NOW, expiresAt: NOW + 3600, sid: 'id-1', authentication: PASSWORD_ONLY });
    });

    it('with sessionSeconds 0 remembers nothing: no session, no cookie value', async () => {
      const authorize = build({ codeSeconds: 60, sessionSeconds: 0 });
      const result = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      expect(result).to.deep.equal({ next: { kind: 'code', code: 'code-1' }, sessionToken: null });
      expect(sessions.sessions.size).to.equal(0);
    });

    it('passes wrong credentials on as InvalidCredentialsError and issues neither code nor session', async () => {
      const authorize = build(undefined, new InvalidCredentialsError());
      const error = await refusal(authorize.signIn(SPA, REQUEST, { username: 'alice', password: 'bad' }, []));
      expect(error).to.be.instanceOf(InvalidCredentialsError);
      expect(codes.codes.size).to.equal(0);
      expect(sessions.sessions.size).to.equal(0);
    });

    it("ends the browser's previous sessions on the server: a new sign-in leaves no older one alive behind the new cookie", async () => {
      const authorize = build();
      const first = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      const second = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      const third = await authorize.signIn(SPA, REQUEST, CREDENTIALS, [first.sessionToken!, second.sessionToken!, 'unknown']);
      expect(await authorize.resume(SPA, REQUEST, first.sessionToken!)).to.deep.include({ kind: 'login' });
      expect(await authorize.resume(SPA, REQUEST, second.sessionToken!)).to.deep.include({ kind: 'login' });
      expect(await authorize.resume(SPA, REQUEST, third.sessionToken!)).to.include({ kind: 'code' });
      // Ended as signing out ends them, so their apps are told (Back-Channel Logout).
      expect(signOut.calls).to.deep.equal([[], [], [first.sessionToken!, second.sessionToken!, 'unknown']]);
    });

    it('ends no previous session when the credentials are wrong', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      authenticator = new FixedUserAuthenticator(new InvalidCredentialsError());
      const failing = new Authorize(
        codes,
        sessions,
        new Login(authenticator, new AccessTokenIssuer(new RecordingTokenSigner(), new KeyRing(), clock, new SequenceIdGenerator(), { issuer: 'x', ttlSeconds: 1 }), new RecordingAttemptLimiter(), new UnboundedLoginCapacity(), new PasswordOnlyGate(), new RecordingAuditTrail()),
        unusedPasskeys,
        new ConsentGate(consents, clock, trail),
        interactions,
        signOut,
        buildSecondFactorStep(clock).step,
        new SequenceSecretGenerator('other'),
        new SequenceIdGenerator(),
        clock,
        { codeSeconds: 60, sessionSeconds: 3600 },
      );
      expect(await refusal(failing.signIn(SPA, REQUEST, CREDENTIALS, [sessionToken!]))).to.be.instanceOf(InvalidCredentialsError);
      expect(await authorize.resume(SPA, REQUEST, sessionToken!)).to.include({ kind: 'code' });
    });

    it('clears out expired sessions when it remembers a new sign-in', async () => {
      const authorize = build({ codeSeconds: 60, sessionSeconds: 100 });
      const { sessionToken: old } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      clock.advanceSeconds(99);
      const { sessionToken: live } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      expect([...sessions.sessions.keys()]).to.deep.equal([old, live]);
      clock.advanceSeconds(1);
      const { sessionToken: fresh } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      expect([...sessions.sessions.keys()]).to.deep.equal([live, fresh]);
    });

    it('clears out codes that have expired when it issues one', async () => {
      const authorize = build();
      const old = codeOf((await authorize.signIn(SPA, REQUEST, CREDENTIALS, [])).next);
      clock.advanceSeconds(61);
      const fresh = codeOf((await authorize.signIn(SPA, REQUEST, CREDENTIALS, [])).next);
      expect([...codes.codes.keys()]).to.deep.equal([fresh]);
      expect(codes.calls).to.deep.include(['purge', NOW + 61]);
      expect(old).not.to.equal(fresh);
    });
  });

  describe('resume (a remembered sign-in skips the form)', () => {
    it('max_age: a sign-in older than asked does not count (the form asks again); one within it, or no max_age, does', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      clock.advanceSeconds(300);
      expect(await authorize.resume(SPA, { ...REQUEST, maxAge: 299 }, sessionToken!)).to.deep.include({ kind: 'login' });
      const code = codeOf(await authorize.resume(SPA, { ...REQUEST, maxAge: 300 }, sessionToken!));
      expect(codes.codes.get(code!)?.grant).to.deep.include({ authTime: NOW, issuedAt: NOW + 300 });
      expect(await authorize.resume(SPA, REQUEST, sessionToken!)).to.include({ kind: 'code' });
    });

    it('carries the nonce into the code (for its ID token), and none when the request had none', async () => {
      const authorize = build();
      const code = codeOf((await authorize.signIn(SPA, { ...REQUEST, nonce: 'n-1' }, CREDENTIALS, [])).next);
      expect(codes.codes.get(code)?.grant.nonce).to.equal('n-1');
      const other = codeOf((await authorize.signIn(SPA, REQUEST, CREDENTIALS, [])).next);
      expect(codes.codes.get(other)?.grant).not.to.have.property('nonce');
    });

    it('issues a code for the remembered user while the session lives', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      clock.advanceSeconds(3599);
      const code = codeOf(await authorize.resume(SPA, { ...REQUEST, codeChallenge: 'challenge-2' }, sessionToken!));
      expect(code).to.be.a('string');
      expect(codes.codes.get(code!)?.grant).to.deep.equal({ ...REQUEST, codeChallenge: 'challenge-2', user: USER, familyId: 'id-3', issuedAt: NOW + 3599, authTime: NOW, expiresAt: NOW + 3599 + 60, sid: 'id-1', authentication: PASSWORD_ONLY });
      expect(authenticator.attempts).to.have.length(1);
    });

    it('asks for the form (no_session), and issues nothing, without a cookie, for an unknown one, an expired session or an ended one', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      const issued = codes.codes.size;
      expect(await authorize.resume(SPA, REQUEST, undefined)).to.deep.include({ kind: 'login' });
      expect(await authorize.resume(SPA, REQUEST, '')).to.deep.include({ kind: 'login' });
      expect(await authorize.resume(SPA, REQUEST, 'forged')).to.deep.include({ kind: 'login' });
      clock.advanceSeconds(3600);
      expect(await authorize.resume(SPA, REQUEST, sessionToken!)).to.deep.include({ kind: 'login' });
      expect(codes.codes.size).to.equal(issued);
    });
  });

  describe('prompt and max_age (OpenID Connect Core §3.1.2.1)', () => {
    it('prompt=login and select_account ask for the form despite a live session; consent and none alone do not', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      for (const prompts of [['login'], ['select_account'], ['consent', 'login']] as const) {
        expect(await authorize.resume(SPA, { ...REQUEST, prompts }, sessionToken!), prompts.join()).to.deep.equal({ kind: 'login', reason: 'login_prompted' });
      }
      for (const prompts of [[], ['none'], ['consent']] as const) {
        expect(await authorize.resume(SPA, { ...REQUEST, prompts }, sessionToken!), prompts.join()).to.include({ kind: 'code' });
      }
    });

    it('max_age=0 never lets a remembered sign-in count, not even one from this very second', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      expect(await authorize.resume(SPA, { ...REQUEST, maxAge: 0 }, sessionToken!)).to.deep.equal({ kind: 'login', reason: 'max_age' });
      expect(await authorize.resume(SPA, { ...REQUEST, maxAge: 1 }, sessionToken!)).to.include({ kind: 'code' });
    });

    it('a session of unknown age (auth_time 0) satisfies no max_age', async () => {
      const authorize = build();
      await sessions.create('old', { user: USER, authTime: 0, expiresAt: NOW + 60 });
      expect(await authorize.resume(SPA, { ...REQUEST, maxAge: 999_999_999 }, 'old')).to.deep.equal({ kind: 'login', reason: 'max_age' });
      expect(await authorize.resume(SPA, REQUEST, 'old')).to.include({ kind: 'code' });
    });
  });

  describe('consent (third-party clients)', () => {
    it('after the sign-in, a third-party client needs the consent first: who, since when, the page recorded for the new session; no code yet', async () => {
      const authorize = build();
      const { next, sessionToken } = await authorize.signIn(THIRD, THIRD_REQUEST, CREDENTIALS, []);
      expect(next).to.deep.equal({ kind: 'consent', reason: 'not_approved', user: USER, authTime: NOW, uid: 'uid-1' });
      expect(sessionToken).to.equal('code-1');
      expect(interactionStore.interactions.get('uid-1')).to.include({ kind: 'consent', session: 'code-1', clientId: 'third', authTime: NOW });
      expect(codes.codes.size).to.equal(0);
    });

    it('with sessions off, the consent page is recorded for no session, bound to the sign-in moment', async () => {
      const authorize = build({ codeSeconds: 60, sessionSeconds: 0 });
      const { next } = await authorize.signIn(THIRD, THIRD_REQUEST, CREDENTIALS, []);
      expect(interactionStore.interactions.get('uid-1')).to.include({ session: null, authTime: NOW });
      clock.advanceSeconds(5);
      const code = await authorize.approve(THIRD, THIRD_REQUEST, { uid: (next as { uid: string }).uid, session: null });
      expect(codes.codes.get(code)?.grant).to.deep.include({ authTime: NOW });
    });

    it('with a live session, a third-party client needs the consent, with the time of the original sign-in, recorded for that session', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      clock.advanceSeconds(30);
      expect(await authorize.resume(THIRD, THIRD_REQUEST, sessionToken!)).to.deep.equal({ kind: 'consent', reason: 'not_approved', user: USER, authTime: NOW, uid: 'uid-1' });
      expect(interactionStore.interactions.get('uid-1')).to.include({ session: sessionToken, createdAt: NOW + 30 });
    });

    it("approve uses the page up and issues the code for the page's sign-in; a second answer to the same page, or one after a lock-out, gets nothing", async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      const page = (await authorize.resume(THIRD, THIRD_REQUEST, sessionToken!)) as { uid: string };
      clock.advanceSeconds(5);
      const code = await authorize.approve(THIRD, THIRD_REQUEST, { uid: page.uid, session: sessionToken! });
      expect(codes.codes.get(code)?.grant).to.deep.include({ clientId: 'third', user: USER, authTime: NOW, issuedAt: NOW, expiresAt: NOW + 5 + 60 });
      expect((await refusal(authorize.approve(THIRD, THIRD_REQUEST, { uid: page.uid, session: sessionToken! })) as { code: string }).code).to.equal('INTERACTION_NOT_FOUND');
      expect((await refusal(authorize.deny(THIRD, { uid: page.uid, session: sessionToken! })) as { code: string }).code).to.equal('INTERACTION_NOT_FOUND');
      const later = (await authorize.resume(THIRD, { ...THIRD_REQUEST, prompts: ['consent'] }, sessionToken!)) as { uid: string };
      await revocations.revokeSubject(USER.id, NOW + 6, NOW + 86_400);
      expect((await refusal(authorize.approve(THIRD, THIRD_REQUEST, { uid: later.uid, session: sessionToken! })) as { code: string }).code).to.equal('INTERACTION_USER_LOCKED_OUT');
      // The sign-in's code for the first-party app and the approved page's one: none for the refused answers.
      expect(codes.codes.size).to.equal(2);
    });

    it('deny uses the page up (for this client only) and remembers nothing', async () => {
      const authorize = build();
      const { next, sessionToken } = await authorize.signIn(THIRD, THIRD_REQUEST, CREDENTIALS, []);
      const uid = (next as { uid: string }).uid;
      expect((await refusal(authorize.deny(SPA, { uid, session: sessionToken })) as { code: string }).code).to.equal('INTERACTION_NOT_FOUND');
      const again = await authorize.signIn(THIRD, THIRD_REQUEST, CREDENTIALS, []);
      await authorize.deny(THIRD, { uid: (again.next as { uid: string }).uid, session: again.sessionToken });
      expect(interactionStore.interactions.size).to.equal(0);
      expect(consents.calls.filter(([call]) => call === 'approve')).to.deep.equal([]);
    });

    it('approve remembers the scopes for the user and client, then issues the code; the next request is silent', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      const page = (await authorize.resume(THIRD, THIRD_REQUEST, sessionToken!)) as { uid: string };
      clock.advanceSeconds(5);
      const code = await authorize.approve(THIRD, THIRD_REQUEST, { uid: page.uid, session: sessionToken! });
      // Issued as of the sign-in: a lock-out since refuses the exchange (GrantOwners) as it refuses the page.
      expect(codes.codes.get(code)?.grant).to.deep.include({ clientId: 'third', user: USER, authTime: NOW, issuedAt: NOW });
      expect(consents.calls).to.deep.include(['approve', '7', 'third', ['openid', 'profile'], NOW + 5]);
      expect(await authorize.resume(THIRD, THIRD_REQUEST, sessionToken!)).to.include({ kind: 'code' });
      expect(await authorize.resume(THIRD, { ...THIRD_REQUEST, granted: { scopes: ['openid'], resources: [] } }, sessionToken!)).to.include({ kind: 'code' });
    });

    it("approve names the consent page's sign-in session as the code's sid, and notes the client for that session", async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      const sid = (await sessions.find(sessionToken!, NOW))?.sid;
      expect(sid).to.be.a('string');
      const page = (await authorize.resume(THIRD, THIRD_REQUEST, sessionToken!)) as { uid: string };
      const code = await authorize.approve(THIRD, THIRD_REQUEST, { uid: page.uid, session: sessionToken! });
      expect(codes.codes.get(code)?.grant.sid).to.equal(sid);
      expect(await sessions.clientsOf(sid!)).to.deep.equal([SPA.id, THIRD.id]);
    });

    it('with sessionSeconds 0 no sid is drawn and no client noted', async () => {
      const authorize = build({ codeSeconds: 60, sessionSeconds: 0 });
      const code = codeOf((await authorize.signIn(SPA, REQUEST, CREDENTIALS, [])).next);
      expect(codes.codes.get(code)?.grant).not.to.have.property('sid');
      expect(sessions.clients.size).to.equal(0);
    });

    it('a scope not yet approved asks again; prompt=consent asks even when all are approved', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      const page = (await authorize.resume(THIRD, THIRD_REQUEST, sessionToken!)) as { uid: string };
      await authorize.approve(THIRD, THIRD_REQUEST, { uid: page.uid, session: sessionToken! });
      expect(await authorize.resume(THIRD, { ...THIRD_REQUEST, granted: { scopes: ['openid', 'email'], resources: [] } }, sessionToken!)).to.include({ kind: 'consent', reason: 'scopes_missing' });
      expect(await authorize.resume(THIRD, { ...THIRD_REQUEST, prompts: ['consent'] }, sessionToken!)).to.include({ kind: 'consent', reason: 'consent_prompted' });
    });

    it('the sign-in form comes before the consent: no session, or prompt=login, asks for the form first', async () => {
      const authorize = build();
      expect(await authorize.resume(THIRD, THIRD_REQUEST, undefined)).to.deep.equal({ kind: 'login', reason: 'no_session' });
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      expect(await authorize.resume(THIRD, { ...THIRD_REQUEST, prompts: ['login', 'consent'] }, sessionToken!)).to.deep.equal({ kind: 'login', reason: 'login_prompted' });
    });

    it('a first-party client gets its code directly, even with prompt=consent, and its consents are never looked up', async () => {
      const authorize = build();
      const { next } = await authorize.signIn(SPA, { ...REQUEST, prompts: ['consent'] }, CREDENTIALS, []);
      expect(next).to.include({ kind: 'code' });
      expect(consents.calls).to.deep.equal([]);
    });
  });
});
