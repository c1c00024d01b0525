import { expect } from 'chai';
import { NO_PARTICULAR_ACCESS } from '../../../../src/domain/model/GrantedAccess';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { Authorize, type AuthorizationRequest, type AuthorizePolicy } from '../../../../src/application/oauth/Authorize';
import { Login } from '../../../../src/application/login/Login';
import { InvalidCredentialsError } from '../../../../src/domain/errors';
import { UnauthorizedClientError, UntrustedRedirectError } from '../../../../src/domain/grantErrors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import { UnboundedLoginCapacity } from '../../../../src/infrastructure/auth/InFlightLoginCapacity';
import { FixedClock } from '../../../support/FixedClock';
import { FixedUserAuthenticator } from '../../../support/FixedUserAuthenticator';
import { InMemoryAuthorizationCodeStore } from '../../../support/InMemoryAuthorizationCodeStore';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { InMemorySignInSessionStore } from '../../../support/InMemorySignInSessionStore';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';
import { registeredClient } from '../../../support/oauthClients';

const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const NOW = 1767225600; // 2026-01-01T00:00:00Z
const SPA = registeredClient({ id: 'spa', kind: 'public', redirectUris: ['https://app.example/callback'] });
const NATIVE = registeredClient({ id: 'native', kind: 'public', redirectUris: ['http://127.0.0.1:8400/cb', 'com.example.app:/oauth'] });
const REQUEST: AuthorizationRequest = { clientId: 'spa', redirectUri: 'https://app.example/callback', codeChallenge: 'challenge-1', granted: NO_PARTICULAR_ACCESS };
const CREDENTIALS = { username: 'alice', password: 'pw' };

describe('Authorize (the authorization endpoint: trusted redirects, remembered sign-ins, codes)', () => {
  let clock: FixedClock;
  let codes: InMemoryAuthorizationCodeStore;
  let sessions: InMemorySignInSessionStore;
  let authenticator: FixedUserAuthenticator;

  function build(policy: AuthorizePolicy = { codeSeconds: 60, sessionSeconds: 3600 }, outcome: typeof USER | Error = USER): Authorize {
    clock = new FixedClock('2026-01-01T00:00:00Z');
    codes = new InMemoryAuthorizationCodeStore();
    sessions = new InMemorySignInSessionStore();
    authenticator = new FixedUserAuthenticator(outcome);
    const ring = new KeyRing();
    const login = new Login(authenticator, new AccessTokenIssuer(new RecordingTokenSigner(), ring, clock, new SequenceIdGenerator(), { issuer: 'http://localhost/auth', ttlSeconds: 600 }), new RecordingAttemptLimiter(), new UnboundedLoginCapacity());
    const clients = new InMemoryOAuthClientStore([{ client: SPA }, { client: NATIVE }]);
    return new Authorize(clients, codes, sessions, login, new SequenceSecretGenerator('code'), new SequenceIdGenerator(), clock, policy);
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

  describe('signIn', () => {
    it('authenticates through the login use case and issues a single-use code bound to client, redirect URI, challenge and user', async () => {
      const authorize = build();
      const { code } = await authorize.signIn(REQUEST, CREDENTIALS, []);
      expect(authenticator.attempts).to.deep.equal([{ username: 'alice', password: 'pw' }]);
      expect(code).to.equal('code-2');
      expect(codes.codes.get(code)?.grant).to.deep.equal({ ...REQUEST, user: USER, familyId: 'id-1', issuedAt: NOW, authTime: NOW, expiresAt: NOW + 60 });
      const first = await codes.consume(code, NOW);
      expect(first?.firstUse).to.equal(true);
    });

    it('remembers the sign-in for sessionSeconds and answers its cookie value', async () => {
      const authorize = build({ codeSeconds: 60, sessionSeconds: 3600 });
      const { sessionToken } = await authorize.signIn(REQUEST, CREDENTIALS, []);
      expect(sessionToken).to.equal('code-1');
      expect(await sessions.find('code-1', NOW)).to.deep.equal({ user: USER, authTime: NOW, expiresAt: NOW + 3600 });
    });

    it('with sessionSeconds 0 remembers nothing: no session, no cookie value', async () => {
      const authorize = build({ codeSeconds: 60, sessionSeconds: 0 });
      const result = await authorize.signIn(REQUEST, CREDENTIALS, []);
      expect(result).to.deep.equal({ code: 'code-1', sessionToken: null });
      expect(sessions.sessions.size).to.equal(0);
    });

    it('passes wrong credentials on as InvalidCredentialsError and issues neither code nor session', async () => {
      const authorize = build(undefined, new InvalidCredentialsError());
      const error = await refusal(authorize.signIn(REQUEST, { username: 'alice', password: 'bad' }, []));
      expect(error).to.be.instanceOf(InvalidCredentialsError);
      expect(codes.codes.size).to.equal(0);
      expect(sessions.sessions.size).to.equal(0);
    });

    it("ends the browser's previous sessions on the server: a new sign-in leaves no older one alive behind the new cookie", async () => {
      const authorize = build();
      const first = await authorize.signIn(REQUEST, CREDENTIALS, []);
      const second = await authorize.signIn(REQUEST, CREDENTIALS, []);
      const third = await authorize.signIn(REQUEST, CREDENTIALS, [first.sessionToken!, second.sessionToken!, 'unknown']);
      expect(await authorize.resume(REQUEST, first.sessionToken!)).to.equal(null);
      expect(await authorize.resume(REQUEST, second.sessionToken!)).to.equal(null);
      expect(await authorize.resume(REQUEST, third.sessionToken!)).to.be.a('string');
    });

    it('ends no previous session when the credentials are wrong', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(REQUEST, CREDENTIALS, []);
      authenticator = new FixedUserAuthenticator(new InvalidCredentialsError());
      const failing = new Authorize(
        new InMemoryOAuthClientStore([{ client: SPA }]),
        codes,
        sessions,
        new Login(authenticator, new AccessTokenIssuer(new RecordingTokenSigner(), new KeyRing(), clock, new SequenceIdGenerator(), { issuer: 'x', ttlSeconds: 1 }), new RecordingAttemptLimiter(), new UnboundedLoginCapacity()),
        new SequenceSecretGenerator('other'),
        new SequenceIdGenerator(),
        clock,
        { codeSeconds: 60, sessionSeconds: 3600 },
      );
      expect(await refusal(failing.signIn(REQUEST, CREDENTIALS, [sessionToken!]))).to.be.instanceOf(InvalidCredentialsError);
      expect(await authorize.resume(REQUEST, sessionToken!)).to.be.a('string');
    });

    it('clears out expired sessions when it remembers a new sign-in', async () => {
      const authorize = build({ codeSeconds: 60, sessionSeconds: 100 });
      const { sessionToken: old } = await authorize.signIn(REQUEST, CREDENTIALS, []);
      clock.advanceSeconds(99);
      const { sessionToken: live } = await authorize.signIn(REQUEST, CREDENTIALS, []);
      expect([...sessions.sessions.keys()]).to.deep.equal([old, live]);
      clock.advanceSeconds(1);
      const { sessionToken: fresh } = await authorize.signIn(REQUEST, CREDENTIALS, []);
      expect([...sessions.sessions.keys()]).to.deep.equal([live, fresh]);
    });

    it('clears out codes that have expired when it issues one', async () => {
      const authorize = build();
      const { code: old } = await authorize.signIn(REQUEST, CREDENTIALS, []);
      clock.advanceSeconds(61);
      const { code: fresh } = await authorize.signIn(REQUEST, CREDENTIALS, []);
      expect([...codes.codes.keys()]).to.deep.equal([fresh]);
      expect(codes.calls).to.deep.include(['purge', NOW + 61]);
      expect(old).not.to.equal(fresh);
    });
  });

  describe('resume (a remembered sign-in skips the form)', () => {
    it('max_age: a sign-in older than asked does not count (the form asks again); one within it, or no max_age, does', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(REQUEST, CREDENTIALS, []);
      clock.advanceSeconds(300);
      expect(await authorize.resume({ ...REQUEST, maxAge: 299 }, sessionToken!)).to.equal(null);
      const code = await authorize.resume({ ...REQUEST, maxAge: 300 }, sessionToken!);
      expect(codes.codes.get(code!)?.grant).to.deep.include({ authTime: NOW, issuedAt: NOW + 300 });
      expect(await authorize.resume(REQUEST, sessionToken!)).to.be.a('string');
    });

    it('carries the nonce into the code (for its ID token), and none when the request had none', async () => {
      const authorize = build();
      const { code } = await authorize.signIn({ ...REQUEST, nonce: 'n-1' }, CREDENTIALS, []);
      expect(codes.codes.get(code)?.grant.nonce).to.equal('n-1');
      const { code: other } = await authorize.signIn(REQUEST, CREDENTIALS, []);
      expect(codes.codes.get(other)?.grant).not.to.have.property('nonce');
    });

    it('issues a code for the remembered user while the session lives', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(REQUEST, CREDENTIALS, []);
      clock.advanceSeconds(3599);
      const code = await authorize.resume({ ...REQUEST, codeChallenge: 'challenge-2' }, sessionToken!);
      expect(code).to.be.a('string');
      expect(codes.codes.get(code!)?.grant).to.deep.equal({ ...REQUEST, codeChallenge: 'challenge-2', user: USER, familyId: 'id-2', issuedAt: NOW + 3599, authTime: NOW, expiresAt: NOW + 3599 + 60 });
      expect(authenticator.attempts).to.have.length(1);
    });

    it('answers null, and issues nothing, without a cookie, for an unknown one, an expired session or an ended one', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(REQUEST, CREDENTIALS, []);
      const issued = codes.codes.size;
      expect(await authorize.resume(REQUEST, undefined)).to.equal(null);
      expect(await authorize.resume(REQUEST, '')).to.equal(null);
      expect(await authorize.resume(REQUEST, 'forged')).to.equal(null);
      clock.advanceSeconds(3600);
      expect(await authorize.resume(REQUEST, sessionToken!)).to.equal(null);
      expect(codes.codes.size).to.equal(issued);
    });
  });

  describe('signOut', () => {
    it('ends the remembered sign-in: the next authorization shows the form again', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(REQUEST, CREDENTIALS, []);
      await authorize.signOut(sessionToken!);
      expect(await authorize.resume(REQUEST, sessionToken!)).to.equal(null);
    });

    it('without a cookie ends nothing', async () => {
      const authorize = build();
      const { sessionToken } = await authorize.signIn(REQUEST, CREDENTIALS, []);
      await authorize.signOut(undefined);
      await authorize.signOut('');
      expect(await authorize.resume(REQUEST, sessionToken!)).to.be.a('string');
    });
  });
});
