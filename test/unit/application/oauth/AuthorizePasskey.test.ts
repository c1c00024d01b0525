import { expect } from 'chai';
import type { AuthorizationRequest } from '../../../../src/application/oauth/authorization/AuthorizationRequest';
import { StartPasskeySignIn } from '../../../../src/application/passkeys/StartPasskeySignIn';
import { MEMBER_USER_TYPE } from '../../../../src/domain/model/AuthenticatedUser';
import { ACR_PHISHING_RESISTANT } from '../../../../src/domain/model/AuthenticationLevel';
import { NO_PARTICULAR_ACCESS } from '../../../../src/domain/model/GrantedAccess';
import { buildAuthorize, type AuthorizeFixture } from '../../../support/buildAuthorize';
import { fakeResponse } from '../../../support/FakeWebAuthnCeremonies';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { registeredClient } from '../../../support/oauthClients';

const USER = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: null, telephone: null, avatar: null, grade: null };
const OWN = registeredClient({ id: 'own', kind: 'confidential', redirectUris: ['https://own.example/cb'], firstParty: true });
const REQUEST: AuthorizationRequest = { clientId: 'own', redirectUri: 'https://own.example/cb', codeChallenge: 'c', granted: NO_PARTICULAR_ACCESS, prompts: [] };
const CREDENTIALS = { username: 'alice', password: 'pw' };

describe('Authorize: a passkey as the second factor on the sign-in page', () => {
  let fixture: AuthorizeFixture;

  beforeEach(async () => {
    fixture = buildAuthorize(USER, { codeSeconds: 60, sessionSeconds: 3600 }, new InMemoryOAuthClientStore([{ client: OWN }]));
    const { passkeys, store } = fixture.factors;
    await passkeys.store.addPasskey(USER.id, 'f1', { credentialId: 'cred-1', publicKey: 'pk-1', counter: 0, synced: false, transports: [] }, 'Laptop', new Date(0));
    store.others.push({ id: 'f1', userId: USER.id, kind: 'passkey', label: 'Laptop', createdAt: new Date(0) });
  });

  async function pageWithChallenge(): Promise<{ sessionToken: string; challenge: string }> {
    const { next, sessionToken } = await fixture.authorize.signIn(OWN, REQUEST, CREDENTIALS, []);
    expect(next).to.deep.equal({ kind: 'second_factor', user: USER, uid: 'uid-1' });
    const { passkeys } = fixture.factors;
    const options = (await new StartPasskeySignIn(passkeys.parts, passkeys.store, fixture.clock).execute({ interactionId: 'uid-1', userId: USER.id })) as { challenge: string };
    return { sessionToken: sessionToken!, challenge: options.challenge };
  }

  it('raises the session to phishing-resistant (pwd hwk mfa) with the page\'s assertion and issues the code', async () => {
    const { sessionToken, challenge } = await pageWithChallenge();
    const proved = await fixture.authorize.proveSecondFactor(OWN, REQUEST, { uid: 'uid-1', session: sessionToken, code: '', passkey: fakeResponse(challenge), address: '203.0.113.7' });
    expect(proved.kind).to.equal('code');
    const expected = { acr: ACR_PHISHING_RESISTANT, amr: ['pwd', 'hwk', 'mfa'] };
    expect(fixture.codes.codes.get((proved as { code: string }).code)!.grant.authentication).to.deep.equal(expected);
    expect((await fixture.sessions.find(sessionToken, 0))?.authentication).to.deep.equal(expected);
    expect(fixture.factors.limiter.plans.at(-1)?.otherwise).to.deep.equal(['address:203.0.113.7', 'account:alice']);
  });

  it('shows the page again for an assertion of another page\'s challenge or origin', async () => {
    const { sessionToken, challenge } = await pageWithChallenge();
    const again = await fixture.authorize.proveSecondFactor(OWN, REQUEST, { uid: 'uid-1', session: sessionToken, code: '', passkey: fakeResponse(challenge, { origin: 'https://evil.example' }) });
    expect(again).to.deep.include({ kind: 'second_factor', refusal: { error: 'wrong' } });
  });
});
