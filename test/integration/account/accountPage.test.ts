import { expect } from 'chai';
import type { ConsentStore } from '../../../src/domain/ports/ConsentStore';
import type { OAuthClientStore } from '../../../src/domain/ports/OAuthClientStore';
import { TYPES } from '../../../src/interfaces/composition/types';
import { AccountBrowser } from '../../support/accountBrowser';
import { addUserOn } from '../../support/addTestUser';
import { startAuthServer, type RunningAuthServer } from '../../support/authTestServer';
import { clockAndFastHashing } from '../../support/clockAndFastHashing';
import { FixedClock } from '../../support/FixedClock';
import { registeredClient } from '../../support/oauthClients';
import { enrolTotpOn, TotpDevice, type EnrolledTotp } from '../../support/totpDevice';

describe('the account page /auth/account (signed in through the sign-in page; CSRF, framing, languages)', () => {
  const clock = new FixedClock('2026-03-01T10:00:05Z');
  let server: RunningAuthServer;
  let frank: EnrolledTotp;

  before(async () => {
    server = await startAuthServer({ AUTH_USER_STORE: 'database', AUTH_LOGIN_MAX_ATTEMPTS: '3' }, (container) => {
      clockAndFastHashing(container.get(TYPES.Config), clock)(container);
    });
    for (const account of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank']) await addUserOn(server.auth).execute({ account, password: `${account}-pass`, nickName: account });
    frank = await enrolTotpOn(server.auth, 'frank', clock);
    await server.auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore).add(registeredClient({ id: 'thirdapp', kind: 'public', name: 'Third App', redirectUris: ['https://third.example/cb'], firstParty: false, scopes: ['openid'] }), null);
  });

  after(() => server?.auth.close());

  it('sends a browser without a session to the usual sign-in page and back, then shows the page framed by nobody', async () => {
    const account = new AccountBrowser(server.origin);
    const first = await account.open();
    expect(first.status).to.equal(302);
    const location = new URL(first.headers.get('location')!, account.url);
    expect(location.pathname).to.equal('/auth/oauth/authorize');
    expect(location.searchParams.get('client_id')).to.equal('urn:auth-service:account-page');
    const html = await account.signedIn('alice', 'alice-pass');
    expect(html).to.include('Your account').and.include('<strong>alice</strong>').and.not.match(/<script>/);
    const page = await account.open();
    expect(page.headers.get('content-security-policy')).to.include("frame-ancestors 'none'").and.include("script-src 'self'").and.not.include('unsafe-inline');
    expect(page.headers.get('x-frame-options')).to.equal('DENY');
    expect(page.headers.get('cache-control')).to.equal('no-store');
  });

  it('speaks Chinese to a browser that asks for it', async () => {
    const account = new AccountBrowser(server.origin);
    await account.signedIn('alice', 'alice-pass');
    const zh = await account.browser.get(`${account.url}?ui_locales=zh-CN`);
    expect(await zh.text()).to.include('您的账号').and.include('lang="zh-CN"');
  });

  it('refuses a POST without the page\'s CSRF token (403), and one with another session\'s token', async () => {
    const account = new AccountBrowser(server.origin);
    await account.signedIn('bob', 'bob-pass');
    const other = new AccountBrowser(server.origin);
    await other.signedIn('bob', 'bob-pass');
    expect((await account.post('sessions_end_others', {}, 'x'.repeat(43))).status).to.equal(403);
    expect((await account.post('sessions_end_others', {}, '')).status).to.equal(403);
    expect((await account.post('sessions_end_others', {}, accountCsrfOfOther(other))).status).to.equal(403);
    // Nothing ended: the other browser is still signed in.
    expect((await other.open()).status).to.equal(200);
  });

  it('sets up an authenticator app: QR code and otpauth URI, a wrong code refused, the right one confirms and shows recovery codes once', async () => {
    const account = new AccountBrowser(server.origin);
    await account.signedIn('carol', 'carol-pass');
    const setup = await account.post('totp_start');
    expect(setup.status).to.equal(200);
    const html = await setup.text();
    expect(html).to.include('<svg');
    const uri = /otpauth:\/\/totp\/[^<"]+/.exec(html)![0].replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))).replace(/&amp;/g, '&');
    const device = new TotpDevice(uri);
    account.html = html;
    const wrong = await account.post('totp_confirm', { otp: '000000' });
    expect(wrong.status).to.equal(400);
    account.html = await wrong.text();
    expect(account.html).to.include('The code is wrong').and.include(uri.split('?')[0].replace(/:/g, ':'));
    const right = await account.post('totp_confirm', { otp: device.code(clock.now()) });
    expect(right.status).to.equal(200);
    const codes = (await right.text()).match(/[A-Z2-7]{5}-[A-Z2-7]{5}/g);
    expect(codes).to.have.length(10);
    const page = await account.open();
    expect(page.status).to.equal(200);
    expect(account.html).to.include('Authenticator app').and.include('Recovery codes left: 10');
    // Regenerated: ten new ones, the page says so.
    const regenerated = await account.post('recovery_regenerate');
    expect((await regenerated.text()).match(/[A-Z2-7]{5}-[A-Z2-7]{5}/g)).to.have.length(10).and.not.deep.equal(codes);
    // Removed: the page offers the set-up again.
    await account.open();
    const factorId = /name="factor_id" value="([^"]+)"/.exec(account.html)![1];
    const removed = await account.post('factor_remove', { factor_id: factorId });
    expect(removed.status).to.equal(303);
    await account.open('?done=factor_removed');
    expect(account.html).to.include('The second factor has been removed.').and.include('Set up an authenticator app').and.not.include('Recovery codes left');
  });

  it('ends one other session, then all others; the current one stays', async () => {
    const here = new AccountBrowser(server.origin);
    await here.signedIn('erin', 'erin-pass');
    const laptop = new AccountBrowser(server.origin);
    await laptop.signedIn('erin', 'erin-pass');
    const phone = new AccountBrowser(server.origin);
    await phone.signedIn('erin', 'erin-pass');
    await here.open();
    const sids = [...here.html.matchAll(/name="sid" value="([^"]+)"/g)].map((match) => match[1]);
    expect(sids).to.have.length(2);
    expect((await here.post('session_end', { sid: sids[0] })).status).to.equal(303);
    await here.open();
    expect([...here.html.matchAll(/name="sid" value="([^"]+)"/g)]).to.have.length(1);
    expect((await here.post('session_end', { sid: sids[0] })).status).to.equal(404);
    await here.open();
    expect((await here.post('sessions_end_others')).status).to.equal(303);
    expect((await laptop.open()).status).to.equal(302);
    expect((await phone.open()).status).to.equal(302);
    expect((await here.open()).status).to.equal(200);
  });

  it('lists the apps the user allowed and revokes one', async () => {
    const bob = (await server.auth.container.get(TYPES.UserRepository) as { findByAccount(a: string): Promise<{ id: string } | null> }).findByAccount('bob');
    await server.auth.container.get<ConsentStore>(TYPES.ConsentStore).approve((await bob)!.id, 'thirdapp', ['openid'], 1);
    const account = new AccountBrowser(server.origin);
    await account.signedIn('bob', 'bob-pass');
    expect(account.html).to.include('Third App');
    expect((await account.post('consent_revoke', { client_id: 'thirdapp' })).status).to.equal(303);
    await account.open();
    expect(account.html).to.include('You have not allowed any app.');
    expect((await account.post('consent_revoke', { client_id: 'thirdapp' })).status).to.equal(404);
  });
  it('answers a refused passkey, an unknown action and a POST without a session with a page or a redirect, never a 5xx', async () => {
    const account = new AccountBrowser(server.origin);
    await account.signedIn('alice', 'alice-pass');
    expect(account.html).to.include('id="passkey-form"').and.include('data-options="');
    const garbage = await account.post('passkey_add', { passkey_name: 'Laptop', credential: '{"id":"x","response":{}}' });
    expect(garbage.status).to.equal(400);
    expect(await garbage.text()).to.include('The passkey could not be added.');
    const notJson = await account.post('passkey_add', { passkey_name: 'Laptop', credential: 'not json' });
    expect(notJson.status).to.equal(400);
    const unknown = await account.post('format_disk');
    expect(unknown.status).to.equal(400);
    expect(await unknown.text()).to.include('The page has expired.');
    const stranger = new AccountBrowser(server.origin);
    const noSession = await stranger.post('sessions_end_others', {}, 'x'.repeat(43));
    expect(noSession.status).to.equal(303);
    expect(noSession.headers.get('location')).to.equal('account');
  });

  it('lets a user holding a second factor in only after it: a password alone (the second-factor page left unanswered) is sent back to that page', async () => {
    const account = new AccountBrowser(server.origin);
    const secondStep = await account.signIn('frank', 'frank-pass');
    expect(secondStep.status).to.equal(200);
    const stepPage = await secondStep.text();
    expect(stepPage).to.include('name="otp"');
    // The session exists, at the password's level: the account page is no way around the factor.
    const refused = await account.open();
    expect(refused.status).to.equal(302);
    const again = await account.browser.get(new URL(refused.headers.get('location')!, account.url).href);
    expect(again.status).to.equal(200);
    const againPage = await again.text();
    expect(againPage).to.include('name="otp"');
    clock.advanceSeconds(30);
    const back = await account.browser.submitForm(new URL(refused.headers.get('location')!, account.url).href, againPage, { otp: frank.device.code(clock.now()) });
    expect(back.status).to.equal(303);
    expect((await account.land(back)).status).to.equal(200);
    expect(account.html).to.include('<strong>frank</strong>').and.include('Authenticator app');
  });

  // Last: past the limits this address is slowed down for every account of the file.
  it('counts wrong codes under the account\'s login limits: past them 429 with Retry-After, the right code refused too', async () => {
    const account = new AccountBrowser(server.origin);
    await account.signedIn('dave', 'dave-pass');
    account.html = await (await account.post('totp_start')).text();
    const uri = /otpauth:\/\/totp\/[^<"]+/.exec(account.html)![0].replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))).replace(/&amp;/g, '&');
    const device = new TotpDevice(uri);
    let last: Response | undefined;
    for (let attempt = 0; attempt < 4; attempt++) {
      last = await account.post('totp_confirm', { otp: '000000' });
      account.html = await last.text();
    }
    expect(last!.status).to.equal(429);
    expect(last!.headers.get('retry-after')).to.match(/^\d+$/);
    const right = await account.post('totp_confirm', { otp: device.code(clock.now()) });
    expect(right.status).to.equal(429);
  });
});

function accountCsrfOfOther(other: AccountBrowser): string {
  return /name="csrf_token" value="([^"]+)"/.exec(other.html)![1];
}
