import { expect } from 'chai';
import { DeviceSignIn } from '../../../../src/application/device/DeviceSignIn';
import { Interactions } from '../../../../src/application/interaction/Interactions';
import { Login } from '../../../../src/application/login/Login';
import { AccessTokenIssuer } from '../../../../src/application/tokens/AccessTokenIssuer';
import { InteractionNotFoundError } from '../../../../src/domain/interactionErrors';
import { InvalidCredentialsError, StoreUnavailableError } from '../../../../src/domain/errors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { ACR_MFA, PASSWORD_ONLY, type Authentication } from '../../../../src/domain/model/AuthenticationLevel';
import { DEVICE_CODE_GRANT } from '../../../../src/domain/model/DeviceAuthorization';
import { KeyRing } from '../../../../src/domain/model/KeyRing';
import { UnboundedLoginCapacity } from '../../../../src/infrastructure/auth/InFlightLoginCapacity';
import { buildSecondFactorStep, type SecondFactorFixture } from '../../../support/buildSecondFactorStep';
import { FakeTotpCodes } from '../../../support/FakeTotpCodes';
import { FixedClock } from '../../../support/FixedClock';
import { FixedUserAuthenticator } from '../../../support/FixedUserAuthenticator';
import { InMemoryInteractionStore } from '../../../support/InMemoryInteractionStore';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { InMemorySignInSessionStore } from '../../../support/InMemorySignInSessionStore';
import { PasswordOnlyGate } from '../../../support/PasswordOnlyGate';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';
import { RecordingSignOut } from '../../../support/RecordingSignOut';
import { RecordingTokenSigner } from '../../../support/RecordingTokenSigner';
import { registeredClient } from '../../../support/oauthClients';
import { rejection } from '../../../support/rejection';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';

const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const TV = registeredClient({ id: 'tv', kind: 'public', redirectUris: [], grants: [DEVICE_CODE_GRANT] });
const NOW = 1767225600; // 2026-01-01T00:00:00Z
const STEP = Math.floor(NOW / 30);
const MFA: Authentication = { acr: ACR_MFA, amr: ['pwd', 'otp', 'mfa'] };

describe('DeviceSignIn (the device page\'s sign-in, without an authorization request)', () => {
  let clock: FixedClock;
  let sessions: InMemorySignInSessionStore;
  let interactions: InMemoryInteractionStore;
  let factors: SecondFactorFixture;
  let signOut: RecordingSignOut;
  let authenticator: FixedUserAuthenticator;

  const build = (sessionSeconds = 3600) => {
    const tokens = new AccessTokenIssuer(new RecordingTokenSigner(), new KeyRing(), clock, new SequenceIdGenerator(), { issuer: 'http://localhost/auth', ttlSeconds: 600 });
    const login = new Login(authenticator, tokens, new RecordingAttemptLimiter(), new UnboundedLoginCapacity(), new PasswordOnlyGate(), new RecordingAuditTrail());
    const pages = new Interactions(interactions, sessions, new InMemoryRevocationStore(), new InMemoryOAuthClientStore([{ client: TV }]), new SequenceSecretGenerator('uid'), clock);
    return new DeviceSignIn(sessions, login, pages, signOut, factors.step, new SequenceSecretGenerator('session'), new SequenceIdGenerator(), clock, sessionSeconds);
  };

  beforeEach(() => {
    clock = new FixedClock('2026-01-01T00:00:00Z');
    sessions = new InMemorySignInSessionStore();
    interactions = new InMemoryInteractionStore();
    factors = buildSecondFactorStep(clock);
    signOut = new RecordingSignOut(sessions);
    authenticator = new FixedUserAuthenticator(USER);
  });

  it('signs in on the password, ends the browser\'s previous sessions, and leads to the approval page bound to the new session', async () => {
    const signedIn = await build().signIn(TV, { username: 'alice', password: 'pw' }, ['old-session']);
    expect(signedIn).to.deep.equal({ next: { kind: 'device', uid: 'uid-1', user: USER }, sessionToken: 'session-1' });
    expect(signOut.calls).to.deep.equal([['old-session']]);
    expect(await sessions.find('session-1', NOW)).to.deep.include({ user: USER, authTime: NOW, expiresAt: NOW + 3600, authentication: PASSWORD_ONLY });
    const page = await interactions.consume('uid-1', 'session-1');
    expect(page?.interaction).to.deep.include({ kind: 'device', clientId: 'tv', authTime: NOW, authentication: PASSWORD_ONLY });
    expect(page?.sameSession).to.equal(true);
  });

  it('with sessions off, the page is bound to no session', async () => {
    const signedIn = await build(0).signIn(TV, { username: 'alice', password: 'pw' }, []);
    expect(signedIn.sessionToken).to.equal(null);
    expect((await interactions.consume('uid-1', null))?.sameSession).to.equal(true);
  });

  it('a wrong password is the login\'s refusal; nothing is started', async () => {
    authenticator = new FixedUserAuthenticator(new InvalidCredentialsError('wrong_password'));
    expect(await rejection(build().signIn(TV, { username: 'alice', password: 'pw' }, ['old']))).to.be.instanceOf(InvalidCredentialsError);
    expect(signOut.calls).to.deep.equal([]);
  });

  it('asks an enrolled user for the second factor; the right code raises the session and leads to the approval at mfa', async () => {
    factors.store.enrolTotp(USER.id, 'SECRET', STEP - 5);
    const use = build();
    const { next, sessionToken } = await use.signIn(TV, { username: 'alice', password: 'pw' }, []);
    expect(next).to.deep.equal({ kind: 'second_factor', uid: 'uid-1', user: USER });
    // The live password-level session still needs it.
    expect(await use.resume(TV, sessionToken!)).to.deep.include({ kind: 'second_factor' });
    clock.advanceSeconds(30);
    const proved = await use.proveSecondFactor(TV, { uid: 'uid-1', session: sessionToken, code: FakeTotpCodes.code('SECRET', STEP + 1), address: '203.0.113.7' });
    expect(proved).to.deep.equal({ kind: 'device', uid: 'uid-3', user: USER });
    expect((await sessions.find(sessionToken!, NOW))?.authentication).to.deep.equal(MFA);
    expect((await interactions.consume('uid-3', sessionToken))?.interaction).to.deep.include({ kind: 'device', authTime: NOW + 30, authentication: MFA });
    // Now the session is enough: straight to the approval.
    expect(await use.resume(TV, sessionToken!)).to.deep.include({ kind: 'device' });
  });

  it('a wrong code shows the factor page again (a new one), with why; the used page is refused', async () => {
    factors.store.enrolTotp(USER.id, 'SECRET', STEP - 5);
    const use = build();
    const { sessionToken } = await use.signIn(TV, { username: 'alice', password: 'pw' }, []);
    const wrong = await use.proveSecondFactor(TV, { uid: 'uid-1', session: sessionToken, code: '000000' });
    expect(wrong).to.deep.equal({ kind: 'second_factor', uid: 'uid-2', user: USER, refusal: { error: 'wrong' } });
    expect((await interactions.consume('uid-2', sessionToken))?.interaction).to.deep.include({ kind: 'second_factor', clientId: 'tv', authTime: NOW });
    expect(await rejection(use.proveSecondFactor(TV, { uid: 'uid-1', session: sessionToken, code: '000000' }))).to.be.instanceOf(InteractionNotFoundError);
    expect((await sessions.find(sessionToken!, NOW))?.authentication).to.deep.equal(PASSWORD_ONLY);
  });

  it('a failure that is no refusal of the code propagates', async () => {
    const failing = new DeviceSignIn(sessions, { authenticate: async () => USER }, new Interactions(interactions, sessions, new InMemoryRevocationStore(), new InMemoryOAuthClientStore([{ client: TV }]), new SequenceSecretGenerator('uid'), clock), signOut, {
      needed: async () => 'second_factor',
      prove: async () => {
        throw new StoreUnavailableError();
      },
    }, new SequenceSecretGenerator('session'), new SequenceIdGenerator(), clock, 3600);
    const { sessionToken } = await failing.signIn(TV, { username: 'alice', password: 'pw' }, []);
    expect(await rejection(failing.proveSecondFactor(TV, { uid: 'uid-1', session: sessionToken, code: '123456' }))).to.be.instanceOf(StoreUnavailableError);
  });

  it('with sessions off, a right code leads to the approval without raising any session', async () => {
    factors.store.enrolTotp(USER.id, 'SECRET', STEP - 5);
    const raised: unknown[] = [];
    sessions.raise = async (...args) => {
      raised.push(args);
    };
    const use = build(0);
    await use.signIn(TV, { username: 'alice', password: 'pw' }, []);
    expect(await use.proveSecondFactor(TV, { uid: 'uid-1', session: null, code: FakeTotpCodes.code('SECRET', STEP) })).to.deep.include({ kind: 'device' });
    expect(raised).to.deep.equal([]);
  });

  it('a client that requires mfa sends a user without a factor to enrol elsewhere', async () => {
    const strict = { ...TV, requireAcr: ACR_MFA } as const;
    const { next } = await build().signIn(strict, { username: 'alice', password: 'pw' }, []);
    expect(next).to.deep.equal({ kind: 'enrol_factor', user: USER });
  });

  it('resumes nothing without a cookie or with a session that ended; a live one leads to the approval as its sign-in', async () => {
    const use = build();
    expect(await use.resume(TV, undefined)).to.equal(null);
    expect(await use.resume(TV, 'unknown')).to.equal(null);
    await sessions.create('live', { user: USER, authTime: NOW - 100, expiresAt: NOW + 100, sid: 's', authentication: MFA });
    expect(await use.resume(TV, 'live')).to.deep.equal({ kind: 'device', uid: 'uid-1', user: USER });
    expect((await interactions.consume('uid-1', 'live'))?.interaction).to.deep.include({ authTime: NOW - 100, authentication: MFA });
    await sessions.create('legacy', { user: USER, authTime: NOW - 100, expiresAt: NOW + 100, sid: 's2' });
    await use.resume(TV, 'legacy');
    expect((await interactions.consume('uid-2', 'legacy'))?.interaction).to.deep.include({ authentication: PASSWORD_ONLY });
  });
});
