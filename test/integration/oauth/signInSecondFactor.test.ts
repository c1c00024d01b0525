import { expect } from 'chai';
import type { OAuthClientStore } from '../../../src/domain/ports/OAuthClientStore';
import { TYPES } from '../../../src/interfaces/composition/types';
import { addUserOn } from '../../support/addTestUser';
import { startAuthServer, type RunningAuthServer } from '../../support/authTestServer';
import { clockAndFastHashing } from '../../support/clockAndFastHashing';
import { decodeJws } from '../../support/compactJws';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { registeredClient } from '../../support/oauthClients';
import { PKCE_CHALLENGE, PKCE_VERIFIER, tokenRequest } from '../../support/signInForCode';
import { enrolTotpOn, TotpDevice, type EnrolledTotp } from '../../support/totpDevice';

const CALLBACK = 'https://app.example.com/callback';
const MFA = 'urn:auth-service:acr:mfa';

describe('the sign-in page asks for the second factor (TOTP, recovery codes, enrolment, step-up)', () => {
  const clock = new FixedClock('2026-03-01T10:00:05Z');
  let server: RunningAuthServer;
  let alice: EnrolledTotp;

  before(async () => {
    server = await startAuthServer({ AUTH_USER_STORE: 'database' }, (container) => {
      const configure = clockAndFastHashing(container.get(TYPES.Config), clock);
      configure(container);
    });
    for (const account of ['alice', 'bob', 'carol']) await addUserOn(server.auth).execute({ account, password: `${account}-pass`, nickName: account });
    await server.auth.container
      .get<OAuthClientStore>(TYPES.OAuthClientStore)
      .add(registeredClient({ id: 'webapp', kind: 'public', redirectUris: [CALLBACK], firstParty: true, scopes: ['openid'] }), null);
    alice = await enrolTotpOn(server.auth, 'alice', clock);
  });

  after(() => server?.auth.close());

  function authorizeUrl(extra: Record<string, string> = {}): string {
    const url = new URL(`${server.origin}/auth/oauth/authorize`);
    url.search = new URLSearchParams({ response_type: 'code', client_id: 'webapp', redirect_uri: CALLBACK, scope: 'openid', code_challenge: PKCE_CHALLENGE, code_challenge_method: 'S256', state: 's', nonce: 'n', ...extra }).toString();
    return url.href;
  }

  async function passwordStep(browser: FormBrowser, account: string, extra: Record<string, string> = {}): Promise<Response> {
    const url = authorizeUrl(extra);
    const form = await browser.get(url);
    return browser.submitForm(url, await form.text(), { username: account, password: `${account}-pass` });
  }

  async function claimsOf(callback: Response): Promise<{ id: Record<string, unknown>; access: Record<string, unknown> }> {
    expect(callback.status).to.be.oneOf([302, 303]);
    const code = new URL(callback.headers.get('location')!).searchParams.get('code')!;
    const { status, body } = await tokenRequest(server.origin, { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, client_id: 'webapp', code_verifier: PKCE_VERIFIER });
    expect(status, JSON.stringify(body)).to.equal(200);
    return { id: decodeJws(body.id_token as string).payload, access: decodeJws(body.access_token as string).payload };
  }

  it('asks an enrolled user for the code on a second page without script; a wrong code shows it again, the right one signs in at mfa', async () => {
    const browser = new FormBrowser();
    const page = await passwordStep(browser, 'alice');
    expect(page.status).to.equal(200);
    const html = await page.text();
    expect(html).to.include('name="otp"').and.include('name="factor_ticket"').and.not.include('<script');
    expect(page.headers.get('content-security-policy')).to.include("default-src 'none'").and.include("frame-ancestors 'none'");
    const pageUrl = authorizeUrl();
    const wrong = await browser.submitForm(pageUrl, html, { otp: '000000' });
    expect(wrong.status).to.equal(400);
    const again = await wrong.text();
    expect(again).to.include('class="error"');
    clock.advanceSeconds(30);
    const callback = await browser.submitForm(pageUrl, again, { otp: alice.device.code(clock.now()) });
    expect(callback.status).to.equal(303);
    const { id, access } = await claimsOf(callback);
    expect(id).to.deep.include({ acr: MFA, amr: ['pwd', 'otp', 'mfa'] });
    expect(access).to.deep.include({ acr: MFA, amr: ['pwd', 'otp', 'mfa'], auth_time: id.auth_time });
    // The session now holds the level: the next authorization goes straight back with a code.
    expect((await browser.get(authorizeUrl())).status).to.equal(302);
  });

  it('takes a recovery code on the page, once', async () => {
    const browser = new FormBrowser();
    const page = await passwordStep(browser, 'alice');
    const callback = await browser.submitForm(authorizeUrl(), await page.text(), { otp: alice.recoveryCodes[1] });
    expect((await claimsOf(callback)).id).to.deep.include({ acr: MFA });
    const other = new FormBrowser();
    const refused = await other.submitForm(authorizeUrl(), await (await passwordStep(other, 'alice')).text(), { otp: alice.recoveryCodes[1] });
    expect(refused.status).to.equal(400);
  });

  it('signs a user without a factor in on the password, at the password level', async () => {
    const browser = new FormBrowser();
    const callback = await passwordStep(browser, 'bob');
    expect(callback.status).to.equal(303);
    expect((await claimsOf(callback)).id).to.deep.include({ acr: 'urn:auth-service:acr:password', amr: ['pwd'] });
  });

  it('steps a password session up for acr_values=mfa: without a factor the user enrols (QR, URI), sees ten recovery codes once, then goes on', async () => {
    const browser = new FormBrowser();
    expect((await passwordStep(browser, 'carol')).status).to.equal(303);
    // prompt=none cannot show the enrolment: interaction_required at the redirect URI.
    const none = await browser.get(authorizeUrl({ acr_values: MFA, prompt: 'none' }));
    expect(new URL(none.headers.get('location')!).searchParams.get('error')).to.equal('interaction_required');
    const enrolPage = await browser.get(authorizeUrl({ acr_values: MFA }));
    expect(enrolPage.status).to.equal(200);
    const html = await enrolPage.text();
    expect(html).to.include('<svg').and.not.include('<script');
    const uri = /otpauth:\/\/totp\/[^<"]+/.exec(html)![0].replace(/&#38;/g, '&');
    const device = new TotpDevice(uri);
    const recovery = await browser.submitForm(authorizeUrl({ acr_values: MFA }), html, { otp: device.code(clock.now()) });
    expect(recovery.status).to.equal(200);
    const codes = [...(await recovery.text()).matchAll(/<li><code>([A-Z2-7]{5}-[A-Z2-7]{5})<\/code><\/li>/g)].map((match) => match[1]);
    expect(codes).to.have.length(10);
    const callback = await browser.get(authorizeUrl({ acr_values: MFA }));
    expect((await claimsOf(callback)).id).to.deep.include({ acr: MFA, amr: ['pwd', 'otp', 'mfa'] });
  });

  it('lists the levels in discovery, lowest first', async () => {
    const metadata = (await (await fetch(`${server.origin}/auth/.well-known/openid-configuration`)).json()) as { acr_values_supported: string[] };
    expect(metadata.acr_values_supported).to.deep.equal(['urn:auth-service:acr:password', MFA, 'urn:auth-service:acr:phishing-resistant']);
  });
});
