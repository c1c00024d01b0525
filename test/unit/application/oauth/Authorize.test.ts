import { expect } from 'chai';
import { NO_PARTICULAR_ACCESS } from '../../../../src/domain/model/GrantedAccess';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { Authorize, type AuthorizationRequest, type AuthorizePolicy, type Interaction } from '../../../../src/application/oauth/Authorize';
import { ConsentGate } from '../../../../src/application/consent/ConsentGate';
import { Login } from '../../../../src/application/login/Login';
import { InvalidCredentialsError } from '../../../../src/domain/errors';
import { InvalidScopeError, UnauthorizedClientError, UntrustedRedirectError } from '../../../../src/domain/grantErrors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import { UnboundedLoginCapacity } from '../../../../src/infrastructure/auth/InFlightLoginCapacity';
import { FixedClock } from '../../../support/FixedClock';
import { FixedUserAuthenticator } from '../../../support/FixedUserAuthenticator';
import { InMemoryAuthorizationCodeStore } from '../../../support/InMemoryAuthorizationCodeStore';
import { InMemoryConsentStore } from '../../../support/InMemoryConsentStore';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { InMemorySignInSessionStore } from '../../../support/InMemorySignInSessionStore';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';
import { registeredClient } from '../../../support/oauthClients';

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

describe('Authorize (the authorization endpoint: trusted redirects, remembered sign-ins, codes)', () => {
  let clock: FixedClock;
  let codes: InMemoryAuthorizationCodeStore;
  let sessions: InMemorySignInSessionStore;
  let authenticator: FixedUserAuthenticator;
  let consents: InMemoryConsentStore;

  function build(policy: AuthorizePolicy = { codeSeconds: 60, sessionSeconds: 3600 }, outcome: typeof USER | Error = USER): Authorize {
    clock = new FixedClock('2026-01-01T00:00:00Z');
    codes = new InMemoryAuthorizationCodeStore();
    sessions = new InMemorySignInSessionStore();
    authenticator = new FixedUserAuthenticator(outcome);
    const ring = new KeyRing();
    const login = new Login(authenticator, new AccessTokenIssuer(new RecordingTokenSigner(), ring, clock, new SequenceIdGenerator(), { issuer: 'http://localhost/auth', ttlSeconds: 600 }), new RecordingAttemptLimiter(), new UnboundedLoginCapacity());
    const clients = new InMemoryOAuthClientStore([{ client: SPA }, { client: NATIVE }, { client: THIRD }]);
    consents = new InMemoryConsentStore();
    return new Authorize(clients, codes, sessions, login, new ConsentGate(consents, clock), new SequenceSecretGenerator('code'), new SequenceIdGenerator(), clock, policy);
  }

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  describe('trustedRedirect (RFC 6749 §4.1.2.1: where an answer may go at all)', () => {
    it('answers the registered client and the redirect URI when it matches a registered one exactly', async () => {
      const authorize = build();
      expect(await authorize.trustedRedirect('spa', 'https://app.example/callback')).to.deep.equal({ client: SPA, redirectUri: 'https://app.example/callback' });
      expect(await authorize.trustedRedirect('native', 'com.example.app:/oauth')).to.deep.equal({ client: NATIVE, redirectUri: 'com.example.app:/oauth' });
    });

    it('refuses an unknown or missing client: nothing may be sent anywhere', async () => {
      const authorize = build();
      for (const clientId of ['nobody', undefined]) {
        const error = await refusal(authorize.trustedRedirect(clientId, 'https://app.example/callback'));
        expect(error).to.be.instanceOf(UntrustedRedirectError);
        expect(error).to.include({ code: 'UNTRUSTED_REDIRECT', message: 'unknown client' });
      }
    });

    it('refuses every URI that is not exactly a registered one (no prefix, case, slash, query, port or fragment leeway)', async () => {
      const authorize = build();
      const near = [
        'https://app.example/callback/',
        'https://app.example/callback?next=https://attacker.example',
        'https://app.example/callback#x',
        'https://APP.example/callback',
        'https://app.example/Callback',
        'https://app.example/callbackx',
        'https://app.example/',
        'https://app.example.attacker.example/callback',
        'http://app.example/callback',
        'https://app.example:443/callback',
        '',
      ];
      for (const uri of near) {
        const error = await refusal(authorize.trustedRedirect('spa', uri));
        expect(error, uri).to.be.instanceOf(UntrustedRedirectError);
        expect(error, uri).to.include({ message: 'redirect_uri is not registered for this client' });
      }
    });

    it('matches a loopback redirect URI with its port exactly, and never lends one client the URIs of another', async () => {
      const authorize = build();
      for (const [clientId, uri] of [['native', 'http://127.0.0.1:8401/cb'], ['native', 'http://localhost:8400/cb'], ['native', 'http://127.0.0.1/cb'], ['spa', 'com.example.app:/oauth']]) {
        expect(await refusal(authorize.trustedRedirect(clientId, uri)), `${clientId} ${uri}`).to.be.instanceOf(UntrustedRedirectError);
      }
    });

    it('without a redirect_uri, answers the only registered one, and refuses a client that has several', async () => {
      const authorize = build();
      expect(await authorize.trustedRedirect('spa', undefined)).to.deep.equal({ client: SPA, redirectUri: 'https://app.example/callback' });
      const error = await refusal(authorize.trustedRedirect('native', undefined));
      expect(error).to.be.instanceOf(UntrustedRedirectError);
      expect(error).to.include({ message: 'redirect_uri is required' });
    });
  });

  describe('assertMayRequestCodes (RFC 6749 §4.1.2.1 unauthorized_client)', () => {
    it('lets a client registered for authorization_code through', () => {
      expect(() => build().assertMayRequestCodes(SPA)).not.to.throw();
      expect(() => build().assertMayRequestCodes({ ...SPA, grants: ['authorization_code'] })).not.to.throw();
    });

    it('refuses a client registered for other grants only, naming the grant', () => {
      for (const grants of [['refresh_token'], ['client_credentials', 'password'], []] as const) {
        expect(() => build().assertMayRequestCodes({ ...SPA, kind: 'confidential', grants }), grants.join())
          .to.throw(UnauthorizedClientError, 'the client is not registered for the authorization_code grant')
          .with.property('grant', 'authorization_code');
      }
    });
  });

  describe('grantedAccess', () => {
    it("grants what the request names within the client's registration, all of it when it names nothing", () => {
      const authorize = build();
      expect(authorize.grantedAccess(THIRD, { scopes: ['email', 'openid'] })).to.deep.equal({ scopes: ['email', 'openid'], resources: [] });
      expect(authorize.grantedAccess(THIRD, {})).to.deep.equal({ scopes: ['openid', 'profile', 'email'], resources: [] });
      expect(() => authorize.grantedAccess(THIRD, { scopes: ['phone'] })).to.throw(InvalidScopeError);
    });
  });

  describe('signIn', () => {
    it('authenticates through the login use case and issues a single-use code bound to client, redirect URI, challenge and user', async () => {
      const authorize = build();
      const code = codeOf((await authorize.signIn(SPA, REQUEST, CREDENTIALS, [])).next);
      expect(authenticator.attempts).to.deep.equal([{ username: 'alice', password: 'pw' }]);
      expect(code).to.equal('code-2');
      // The session's sid is drawn first, then the code's family: the code carries the sid, the session notes the client.
      expect(codes.codes.get(code)?.grant).to.deep.equal({ ...REQUEST, user: USER, familyId: 'id-2', issuedAt: NOW, authTime: NOW, expiresAt: NOW + 60, sid: 'id-1' });
      expect(await sessions.clientsOf('id-1')).to.deep.equal([SPA.id]);
      expect(sessions.clients.get(`id-1|${SPA.id}`)?.expiresAt, 'kept as long as the session').to.equal(NOW + 3600);
      expect(await sessions.clientsOfSubject(USER.id)).to.deep.equal([{ sid: 'id-1', clientId: SPA.id }]);
      const first = await codes.consume(code, NOW);
      expect(first?.firstUse).to.equal(true);
    });

    it('remembers the sign-in for sessionSeconds and answers its cookie value', async () => {
      const authorize = build({ codeSeconds: 60, sessionSeconds: 3600 });
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      expect(sessionToken).to.equal('code-1');
      expect(await sessions.find('code-1', NOW)).to.deep.equal({ user: USER, authTime: NOW, expiresAt: NOW + 3600, sid: 'id-1' });
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
    });

    it('ends no previous session when the credentials are wrong', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      authenticator = new FixedUserAuthenticator(new InvalidCredentialsError());
      const failing = new Authorize(
        new InMemoryOAuthClientStore([{ client: SPA }]),
        codes,
        sessions,
        new Login(authenticator, new AccessTokenIssuer(new RecordingTokenSigner(), new KeyRing(), clock, new SequenceIdGenerator(), { issuer: 'x', ttlSeconds: 1 }), new RecordingAttemptLimiter(), new UnboundedLoginCapacity()),
        new ConsentGate(consents, clock),
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
      expect(codes.codes.get(code!)?.grant).to.deep.equal({ ...REQUEST, codeChallenge: 'challenge-2', user: USER, familyId: 'id-3', issuedAt: NOW + 3599, authTime: NOW, expiresAt: NOW + 3599 + 60, sid: 'id-1' });
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
    it('after the sign-in, a third-party client needs the consent first: who and since when, no code yet', async () => {
      const authorize = build();
      const { next, sessionToken } = await authorize.signIn(THIRD, THIRD_REQUEST, CREDENTIALS, []);
      expect(next).to.deep.equal({ kind: 'consent', reason: 'not_approved', user: USER, authTime: NOW });
      expect(sessionToken).to.equal('code-1');
      expect(codes.codes.size).to.equal(0);
    });

    it('with a live session, a third-party client needs the consent, with the time of the original sign-in', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      clock.advanceSeconds(30);
      expect(await authorize.resume(THIRD, THIRD_REQUEST, sessionToken!)).to.deep.equal({ kind: 'consent', reason: 'not_approved', user: USER, authTime: NOW });
    });

    it('approve remembers the scopes for the user and client, then issues the code; the next request is silent', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      clock.advanceSeconds(5);
      const code = await authorize.approve(THIRD, THIRD_REQUEST, USER, NOW);
      expect(codes.codes.get(code)?.grant).to.deep.include({ clientId: 'third', user: USER, authTime: NOW, issuedAt: NOW + 5 });
      expect(consents.calls).to.deep.include(['approve', '7', 'third', ['openid', 'profile'], NOW + 5]);
      expect(await authorize.resume(THIRD, THIRD_REQUEST, sessionToken!)).to.include({ kind: 'code' });
      expect(await authorize.resume(THIRD, { ...THIRD_REQUEST, granted: { scopes: ['openid'], resources: [] } }, sessionToken!)).to.include({ kind: 'code' });
    });

    it("approve names the browser's session as the code's sid only when it is the approving user's and live", async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      const sid = (await sessions.find(sessionToken!, NOW))?.sid;
      expect(sid).to.be.a('string');
      const code = await authorize.approve(THIRD, THIRD_REQUEST, USER, NOW, sessionToken!);
      expect(codes.codes.get(code)?.grant.sid).to.equal(sid);
      expect(await sessions.clientsOf(sid!)).to.deep.equal([SPA.id, THIRD.id]);
      const someoneElse = await authorize.approve(THIRD, THIRD_REQUEST, { ...USER, id: '8' }, NOW, sessionToken!);
      expect(codes.codes.get(someoneElse)?.grant).not.to.have.property('sid');
      for (const token of [undefined, '', 'unknown']) {
        expect(codes.codes.get(await authorize.approve(THIRD, THIRD_REQUEST, USER, NOW, token))?.grant, String(token)).not.to.have.property('sid');
      }
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
      await authorize.approve(THIRD, THIRD_REQUEST, USER, NOW);
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

  describe('signOut', () => {
    it('ends the remembered sign-in: the next authorization shows the form again', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      await authorize.signOut(sessionToken!);
      expect(await authorize.resume(SPA, REQUEST, sessionToken!)).to.deep.include({ kind: 'login' });
    });

    it('without a cookie ends nothing', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(SPA, REQUEST, CREDENTIALS, []);
      await authorize.signOut(undefined);
      await authorize.signOut('');
      expect(await authorize.resume(SPA, REQUEST, sessionToken!)).to.include({ kind: 'code' });
    });
  });
});
