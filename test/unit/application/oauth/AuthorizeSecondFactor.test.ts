import { expect } from 'chai';
import type { AuthorizationRequest } from '../../../../src/application/oauth/authorization/AuthorizationRequest';
import { AuthorizationRequestError } from '../../../../src/domain/authorizationErrors';
import { InteractionNotFoundError } from '../../../../src/domain/interactionErrors';
import { StoreUnavailableError } from '../../../../src/domain/errors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { ACR_MFA, ACR_PHISHING_RESISTANT, PASSWORD_ONLY } from '../../../../src/domain/model/AuthenticationLevel';
import { NO_PARTICULAR_ACCESS } from '../../../../src/domain/model/GrantedAccess';
import { buildAuthorize, type AuthorizeFixture } from '../../../support/buildAuthorize';
import { FakeTotpCodes } from '../../../support/FakeTotpCodes';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { registeredClient } from '../../../support/oauthClients';

const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const OWN = registeredClient({ id: 'own', kind: 'confidential', redirectUris: ['https://own.example/cb'], firstParty: true });
const REQUEST: AuthorizationRequest = { clientId: 'own', redirectUri: 'https://own.example/cb', codeChallenge: 'c', granted: NO_PARTICULAR_ACCESS, prompts: [] };
const CREDENTIALS = { username: 'alice', password: 'pw' };
const MFA = { acr: ACR_MFA, amr: ['pwd', 'otp', 'mfa'] };
// 2026-01-01T00:00:00Z, buildAuthorize's clock.
const STEP = Math.floor(Date.parse('2026-01-01T00:00:00Z') / 30000);

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('Authorize: the second factor on the sign-in page, levels and step-up', () => {
  let fixture: AuthorizeFixture;

  beforeEach(() => {
    fixture = buildAuthorize(USER, { codeSeconds: 60, sessionSeconds: 3600 }, new InMemoryOAuthClientStore([{ client: OWN }]));
  });

  function enrol(): void {
    fixture.factors.store.enrolTotp(USER.id, 'SECRET', STEP - 5);
  }

  it('signs a user without a factor in on the password, the code carrying the password level', async () => {
    const { next } = await fixture.authorize.signIn(OWN, REQUEST, CREDENTIALS, []);
    expect(next.kind).to.equal('code');
    expect(fixture.codes.codes.get((next as { code: string }).code)?.grant.authentication).to.deep.equal(PASSWORD_ONLY);
  });

  it('asks an enrolled user for the factor after the password; the right code raises the session and issues an mfa code', async () => {
    enrol();
    const { next, sessionToken } = await fixture.authorize.signIn(OWN, REQUEST, CREDENTIALS, []);
    expect(next).to.deep.equal({ kind: 'second_factor', user: USER, uid: 'uid-1' });
    expect((await fixture.sessions.find(sessionToken!, 0))?.authentication).to.deep.equal(PASSWORD_ONLY);
    // The password-level session lets nothing through: the same page again.
    expect((await fixture.authorize.resume(OWN, REQUEST, sessionToken!)).kind).to.equal('second_factor');
    fixture.clock.advanceSeconds(30);
    const proved = await fixture.authorize.proveSecondFactor(OWN, REQUEST, { uid: 'uid-1', session: sessionToken, code: FakeTotpCodes.code('SECRET', STEP + 1) });
    expect(proved.kind).to.equal('code');
    const grant = fixture.codes.codes.get((proved as { code: string }).code)!.grant;
    expect(grant.authentication).to.deep.equal(MFA);
    expect(grant.authTime).to.equal(Date.parse('2026-01-01T00:00:30Z') / 1000);
    expect((await fixture.sessions.find(sessionToken!, 0))?.authentication).to.deep.equal(MFA);
    expect((await fixture.authorize.resume(OWN, REQUEST, sessionToken!)).kind).to.equal('code');
  });

  it('shows the page again (a new one) for a wrong code; the used page is refused', async () => {
    enrol();
    const { sessionToken } = await fixture.authorize.signIn(OWN, REQUEST, CREDENTIALS, []);
    const again = await fixture.authorize.proveSecondFactor(OWN, REQUEST, { uid: 'uid-1', session: sessionToken, code: '000000' });
    expect(again).to.deep.equal({ kind: 'second_factor', user: USER, uid: 'uid-2', refusal: { error: 'wrong' } });
    expect(await refusal(fixture.authorize.proveSecondFactor(OWN, REQUEST, { uid: 'uid-1', session: sessionToken, code: '000000' }))).to.be.instanceOf(InteractionNotFoundError);
  });

  it('under prompt=none a missing factor is interaction_required', async () => {
    enrol();
    const { sessionToken } = await fixture.authorize.signIn(OWN, REQUEST, CREDENTIALS, []);
    expect(await refusal(fixture.authorize.resume(OWN, { ...REQUEST, prompts: ['none'] }, sessionToken!)))
      .to.be.instanceOf(AuthorizationRequestError)
      .and.deep.include({ error: 'interaction_required', description: 'the user must prove a second factor' });
  });

  it('steps up a password session when acr_values asks for mfa: a user without a factor enrols, then the session is mfa', async () => {
    const { sessionToken } = await fixture.authorize.signIn(OWN, REQUEST, CREDENTIALS, []);
    const step = await fixture.authorize.resume(OWN, { ...REQUEST, acr: ACR_MFA }, sessionToken!);
    expect(step).to.deep.include({ kind: 'enrol_factor', uid: 'uid-1' });
    const { enrolment } = step as { enrolment: { secret: string; uri: string } };
    expect(enrolment.uri).to.match(/^otpauth:\/\/totp\//);
    const wrong = await fixture.authorize.confirmEnrolment(OWN, { uid: 'uid-1', session: sessionToken, code: '000000' });
    expect(wrong).to.deep.include({ kind: 'enrol_factor', refusal: { error: 'wrong' } });
    // The same secret again: the app may have scanned it already.
    expect((wrong as { enrolment: { secret: string } }).enrolment.secret).to.equal(enrolment.secret);
    const enrolled = await fixture.authorize.confirmEnrolment(OWN, { uid: 'uid-2', session: sessionToken, code: FakeTotpCodes.code(enrolment.secret, STEP) });
    expect(enrolled).to.deep.include({ kind: 'enrolled' });
    expect((enrolled as { recoveryCodes: readonly string[] | null }).recoveryCodes).to.have.length(10);
    expect((await fixture.sessions.find(sessionToken!, 0))?.authentication).to.deep.equal(MFA);
    expect((await fixture.authorize.resume(OWN, { ...REQUEST, acr: ACR_MFA }, sessionToken!)).kind).to.equal('code');
  });

  it('steps up for a client registered to require mfa, and an mfa session satisfies a password request', async () => {
    enrol();
    const strict = { ...OWN, requireAcr: ACR_MFA } as const;
    const { next } = await fixture.authorize.signIn(strict, REQUEST, CREDENTIALS, []);
    expect(next.kind).to.equal('second_factor');
  });

  it('asks a user with only a code for more when a phishing-resistant sign-in is wanted', async () => {
    enrol();
    const { sessionToken } = await fixture.authorize.signIn(OWN, REQUEST, CREDENTIALS, []);
    await fixture.authorize.proveSecondFactor(OWN, REQUEST, { uid: 'uid-1', session: sessionToken, code: FakeTotpCodes.code('SECRET', STEP) });
    expect((await fixture.authorize.resume(OWN, { ...REQUEST, acr: ACR_PHISHING_RESISTANT }, sessionToken!)).kind).to.equal('second_factor');
  });

  it('with sessions off, the pages are bound to no session and the code (or the consent it leads to) carries the level', async () => {
    const third = registeredClient({ id: 'third', kind: 'confidential', redirectUris: ['https://third.example/cb'] });
    fixture = buildAuthorize(USER, { codeSeconds: 60, sessionSeconds: 0 }, new InMemoryOAuthClientStore([{ client: OWN }, { client: third }]));
    enrol();
    const own = await fixture.authorize.signIn(OWN, REQUEST, CREDENTIALS, []);
    expect(own).to.deep.include({ sessionToken: null });
    const code = await fixture.authorize.proveSecondFactor(OWN, REQUEST, { uid: 'uid-1', session: null, code: FakeTotpCodes.code('SECRET', STEP) });
    const grant = fixture.codes.codes.get((code as { code: string }).code)!.grant;
    expect(grant.authentication).to.deep.equal(MFA);
    expect(grant.authTime).to.equal(Date.parse('2026-01-01T00:00:00Z') / 1000);
    expect(grant).not.to.have.property('sid');
    const request = { ...REQUEST, clientId: 'third', redirectUri: 'https://third.example/cb' };
    await fixture.authorize.signIn(third, request, CREDENTIALS, []);
    const consent = await fixture.authorize.proveSecondFactor(third, request, { uid: 'uid-2', session: null, code: FakeTotpCodes.code('SECRET', STEP + 1) });
    expect(consent.kind).to.equal('consent');
    const approved = await fixture.authorize.approve(third, request, { uid: (consent as { uid: string }).uid, session: null });
    expect(fixture.codes.codes.get(approved)!.grant.authentication).to.deep.equal(MFA);
  });

  it('lets a store outage through from either page, never as a refused code', async () => {
    enrol();
    const { sessionToken } = await fixture.authorize.signIn(OWN, REQUEST, CREDENTIALS, []);
    const down = async (): Promise<never> => {
      throw new StoreUnavailableError('down');
    };
    fixture.factors.store.findTotp = down;
    expect(await refusal(fixture.authorize.proveSecondFactor(OWN, REQUEST, { uid: 'uid-1', session: sessionToken, code: '123456' }))).to.be.instanceOf(StoreUnavailableError);
    const other = buildAuthorize(USER, { codeSeconds: 60, sessionSeconds: 3600 }, new InMemoryOAuthClientStore([{ client: OWN }]));
    const signedIn = await other.authorize.signIn(OWN, { ...REQUEST, acr: ACR_MFA }, CREDENTIALS, []);
    expect(signedIn.next.kind).to.equal('enrol_factor');
    other.factors.store.confirmTotp = down;
    const { secret } = (signedIn.next as { enrolment: { secret: string } }).enrolment;
    const code = FakeTotpCodes.code(secret, STEP);
    expect(await refusal(other.authorize.confirmEnrolment(OWN, { uid: 'uid-1', session: signedIn.sessionToken, code }))).to.be.instanceOf(StoreUnavailableError);
  });
});
