import { expect } from 'chai';
import type { AuthorizationRequest } from '../../../../src/application/oauth/authorization/AuthorizationRequest';
import { StartPasskeySignIn } from '../../../../src/application/passkeys/StartPasskeySignIn';
import { InvalidCredentialsError } from '../../../../src/domain/errors';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { ACR_PHISHING_RESISTANT, PASSWORD_ONLY } from '../../../../src/domain/model/AuthenticationLevel';
import { NO_PARTICULAR_ACCESS } from '../../../../src/domain/model/GrantedAccess';
import { buildAuthorize, type AuthorizeFixture } from '../../../support/buildAuthorize';
import { fakeResponse, type FakeCredentialResponse } from '../../../support/FakeWebAuthnCeremonies';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { registeredClient } from '../../../support/oauthClients';
import { rejection } from '../../../support/rejection';

const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const OWN = registeredClient({ id: 'own', kind: 'confidential', redirectUris: ['https://own.example/cb'], firstParty: true });
const REQUEST: AuthorizationRequest = { clientId: 'own', redirectUri: 'https://own.example/cb', codeChallenge: 'c', granted: NO_PARTICULAR_ACCESS, prompts: [] };
const PASSKEY_ALONE = { acr: ACR_PHISHING_RESISTANT, amr: ['hwk', 'mfa'] };

describe('Authorize: a passkey alone from the sign-in page', () => {
  let fixture: AuthorizeFixture;

  beforeEach(async () => {
    fixture = buildAuthorize(USER, { codeSeconds: 60, sessionSeconds: 3600 }, new InMemoryOAuthClientStore([{ client: OWN }]));
    const { passkeys, store } = fixture.factors;
    await passkeys.store.addPasskey(USER.id, 'f1', { credentialId: 'cred-1', publicKey: 'pk-1', counter: 0, synced: false, transports: [] }, 'Laptop', new Date(0));
    store.others.push({ id: 'f1', userId: USER.id, kind: 'passkey', label: 'Laptop', createdAt: new Date(0) });
  });

  /** The sign-in page's challenge (no user named: a discoverable credential) and the authenticator's answer to it. */
  async function assertion(overrides: Partial<FakeCredentialResponse> = {}) {
    const { passkeys } = fixture.factors;
    const options = (await new StartPasskeySignIn(passkeys.parts, passkeys.store, fixture.clock).execute({ interactionId: 'ticket-1' })) as { challenge: string; allow: string[] };
    expect(options.allow).to.deep.equal([]);
    return { interactionId: 'ticket-1', response: fakeResponse(options.challenge, overrides), address: '203.0.113.7' };
  }

  it('starts the session at the passkey\'s level and issues the code with no second-factor page (amr hwk mfa)', async () => {
    const signedIn = await fixture.authorize.signInWithPasskey(OWN, REQUEST, await assertionInput(), []);
    expect(signedIn.next.kind).to.equal('code');
    const grant = fixture.codes.codes.get((signedIn.next as { code: string }).code)!.grant;
    expect(grant.authentication).to.deep.equal(PASSKEY_ALONE);
    expect(grant.user).to.deep.equal(USER);
    const session = await fixture.sessions.find(signedIn.sessionToken!, 0);
    expect(session?.authentication).to.deep.equal(PASSKEY_ALONE);
    expect(session?.user).to.deep.equal(USER);
    expect(fixture.passkeyTrail.events.map((event) => [event.type, event.client, event.address])).to.deep.equal([['login.succeeded', 'own', '203.0.113.7']]);
  });

  it('satisfies a request for the phishing-resistant level (step-up) at once', async () => {
    const signedIn = await fixture.authorize.signInWithPasskey(OWN, { ...REQUEST, acr: ACR_PHISHING_RESISTANT }, await assertionInput(), []);
    expect(signedIn.next.kind).to.equal('code');
  });

  it('ends the browser\'s previous session; a refused passkey ends nothing and starts nothing', async () => {
    const { sessionToken: previous } = await fixture.authorize.signIn(OWN, REQUEST, { username: 'alice', password: 'pw' }, []);
    expect((await fixture.sessions.find(previous!, 0))?.authentication).to.deep.equal(PASSWORD_ONLY);
    const refused = await rejection(fixture.authorize.signInWithPasskey(OWN, REQUEST, await assertionInput({ origin: 'https://evil.example' }), [previous!]));
    expect(refused).to.be.instanceOf(InvalidCredentialsError);
    expect(await fixture.sessions.find(previous!, 0)).to.not.equal(null);
    await fixture.authorize.signInWithPasskey(OWN, REQUEST, await assertionInput(), [previous!]);
    expect(await fixture.sessions.find(previous!, 0)).to.equal(null);
  });

  async function assertionInput(overrides: Partial<FakeCredentialResponse> = {}) {
    const { interactionId, response, address } = await assertion(overrides);
    return { assertion: { interactionId, response }, address };
  }
});
