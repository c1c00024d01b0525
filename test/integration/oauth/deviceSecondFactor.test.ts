import { expect } from 'chai';
import type { OAuthClientStore } from '../../../src/domain/ports/OAuthClientStore';
import { TYPES } from '../../../src/interfaces/composition/types';
import { addUserOn } from '../../support/addTestUser';
import { startAuthServer, type RunningAuthServer } from '../../support/authTestServer';
import { clockAndFastHashing } from '../../support/clockAndFastHashing';
import { decodeJws } from '../../support/compactJws';
import { deviceAuthorization, DEVICE_GRANT, pollDeviceCode } from '../../support/deviceFlow';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { registeredClient } from '../../support/oauthClients';
import { signInForCode } from '../../support/signInForCode';
import { enrolTotpOn, type EnrolledTotp } from '../../support/totpDevice';

const MFA = 'urn:auth-service:acr:mfa';
const CALLBACK = 'https://app.example.com/callback';

/** The device page signs in as the sign-in page does: the second factor where one is wanted, a live session reused. */
describe('the device page: second factor, required levels and a live sign-in session', () => {
  const clock = new FixedClock('2026-03-01T10:00:05Z');
  let server: RunningAuthServer;
  let alice: EnrolledTotp;

  before(async () => {
    server = await startAuthServer({ AUTH_USER_STORE: 'database' }, (container) => clockAndFastHashing(container.get(TYPES.Config), clock)(container));
    for (const account of ['alice', 'bob']) await addUserOn(server.auth).execute({ account, password: `${account}-pass`, nickName: account });
    const clients = server.auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore);
    await clients.add(registeredClient({ id: 'tv', kind: 'public', redirectUris: [], grants: [DEVICE_GRANT], scopes: ['openid'] }), null);
    await clients.add(registeredClient({ id: 'vault', kind: 'public', redirectUris: [], grants: [DEVICE_GRANT], scopes: ['openid'], requireAcr: MFA }), null);
    await clients.add(registeredClient({ id: 'webapp', kind: 'public', redirectUris: [CALLBACK], firstParty: true, scopes: ['openid'] }), null);
    alice = await enrolTotpOn(server.auth, 'alice', clock);
  });
  after(() => server?.auth.close());

  const pageUrl = () => `${server.origin}/auth/oauth/device`;

  async function codeStep(browser: FormBrowser, clientId: string): Promise<{ deviceCode: string; page: Response }> {
    const started = await deviceAuthorization(server.origin, { client_id: clientId });
    const form = await browser.get(pageUrl());
    const page = await browser.submitForm(pageUrl(), await form.text(), { user_code: String(started.body.user_code) });
    return { deviceCode: String(started.body.device_code), page };
  }

  it('asks an enrolled user for the code after the password; a wrong one shows it again; the tokens carry mfa', async () => {
    const browser = new FormBrowser();
    const { deviceCode, page } = await codeStep(browser, 'tv');
    const factor = await browser.submitForm(pageUrl(), await page.text(), { username: 'alice', password: 'alice-pass' });
    const factorHtml = await factor.text();
    expect(factor.status).to.equal(200);
    expect(factorHtml).to.include('name="otp"').and.not.include('name="decision"');
    const wrong = await browser.submitForm(pageUrl(), factorHtml, { otp: '000000' });
    expect(wrong.status).to.equal(400);
    clock.advanceSeconds(30);
    const approve = await browser.submitForm(pageUrl(), await wrong.text(), { otp: alice.device.code(clock.now()) });
    expect(approve.status).to.equal(200);
    const done = await browser.submitForm(pageUrl(), await approve.text(), { decision: 'approve' });
    expect(done.status).to.equal(200);
    const tokens = await pollDeviceCode(server.origin, deviceCode, 'tv');
    expect(tokens.status, JSON.stringify(tokens.body)).to.equal(200);
    expect(decodeJws(String(tokens.body.id_token)).payload).to.deep.include({ acr: MFA, amr: ['pwd', 'otp', 'mfa'] });
  });

  it('a client requiring mfa sends a user without a factor to enrol first: nothing approved', async () => {
    const browser = new FormBrowser();
    const { deviceCode, page } = await codeStep(browser, 'vault');
    const enrol = await browser.submitForm(pageUrl(), await page.text(), { username: 'bob', password: 'bob-pass' });
    expect(enrol.status).to.equal(403);
    expect(await enrol.text()).to.include('Set up a second factor first');
    expect((await pollDeviceCode(server.origin, deviceCode, 'vault')).body.error).to.equal('authorization_pending');
  });

  it('a live sign-in session from the authorization endpoint goes straight to the approval', async () => {
    const browser = new FormBrowser();
    await signInForCode(server.origin, 'webapp', CALLBACK, 'bob', { scope: 'openid' }, browser);
    const { page } = await codeStep(browser, 'tv');
    const html = await page.text();
    expect(html).to.include('name="decision"').and.include('bob');
  });

  it('a page answered with another browser\'s session, or twice, is refused', async () => {
    const browser = new FormBrowser();
    const { page } = await codeStep(browser, 'tv');
    const approve = await browser.submitForm(pageUrl(), await page.text(), { username: 'bob', password: 'bob-pass' });
    const approveHtml = await approve.text();
    const stranger = new FormBrowser();
    // The stranger has the page's fields but neither the session nor the CSRF cookie.
    expect((await stranger.submitForm(pageUrl(), approveHtml, { decision: 'approve' })).status).to.equal(403);
    expect((await browser.submitForm(pageUrl(), approveHtml, { decision: 'deny' })).status).to.equal(200);
    expect((await browser.submitForm(pageUrl(), approveHtml, { decision: 'approve' })).status).to.be.oneOf([400, 403]);
  });
});
