import { expect } from 'chai';
import request from 'supertest';
import type { AuthServer } from '../../support/buildAuthServer';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const OWN_CALLBACK = 'http://127.0.0.1:9/own';
const THIRD_CALLBACK = 'https://third.example/cb';
const ISSUER = 'http://localhost/auth';
const VERIFIER = 'v'.repeat(43);
// BASE64URL(SHA-256(VERIFIER)), RFC 7636 §4.2.
const CHALLENGE = '7w_YNF9DSfIdPf_pRjSq646_kPr-2-o9NAl16JGghdM';

/**
 * Issue 34 point 5, against two listening instances on one SQLite file: a
 * first-party app gets its code at once; a third-party app gets the consent
 * page before its first code for the user and scopes, also when the user is
 * signed in already; approval is remembered in the shared store (the other
 * instance honours it), a new scope asks again, denial is access_denied,
 * prompt=none is consent_required; `users revoke-consent`, `users disable`
 * and `clients remove` end consents.
 */
for (const backend of STORE_BACKENDS) {
  describe(`Consent at the authorization endpoint (two instances on one ${backend.name} store)`, function () {
    this.timeout(60_000);
    const clock = new FixedClock(new Date());
    let instances: TwoInstancesOnOneStore;
    let first: AuthServer;
    let firstOrigin: string;
    let secondOrigin: string;

    const usersCli = (args: string[], stdin = '') => instances.cli.users(args, stdin);
    const clientsCli = async (...args: string[]) => {
      const { code, out, err } = await instances.cli.clients(args);
      expect(code, [...out, ...err].join('\n')).to.equal(0);
    };

    before(async () => {
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        env: { AUTH_ISSUER: ISSUER },
        register: async (commands) => {
          for (const account of ['alice', 'bob', 'carol', 'dave']) await commands.addUser(account, '--nick', account);
          await commands.addClient('own', '--redirect-uri', OWN_CALLBACK, '--public', '--first-party', '--scope', 'openid', '--scope', 'profile');
          await commands.addClient('third', '--redirect-uri', THIRD_CALLBACK, '--public', '--scope', 'openid', '--scope', 'profile', '--scope', 'email', '--scope', 'orders:read');
        },
      });
      ({ first, firstOrigin, secondOrigin } = instances);
    });

    after(() => instances?.dispose());

    const authorizeUrl = (origin: string, clientId: 'own' | 'third', extra: Record<string, string> = {}) => {
      const url = new URL(`${origin}/auth/oauth/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: clientId === 'own' ? OWN_CALLBACK : THIRD_CALLBACK,
        code_challenge: CHALLENGE,
        code_challenge_method: 'S256',
        state: 'st&te',
        ...extra,
      }).toString();
      return url.href;
    };
    const redirected = (response: Response) => new URL(response.headers.get('location')!);

    /** Signs `account` in on the form of `url`: the answer to the form's POST. */
    async function signIn(browser: FormBrowser, url: string, account: string): Promise<Response> {
      const page = await browser.get(url);
      expect(page.status).to.equal(200);
      const html = await page.text();
      expect(html).to.include('name="password"');
      return browser.submitForm(url, html, { username: account, password: `${account}-pass` });
    }

    /** The consent page an answer must be, its HTML. */
    async function consentPageOf(response: Response): Promise<string> {
      expect(response.status).to.equal(200);
      const html = await response.text();
      expect(html).to.include('name="consent_ticket"');
      return html;
    }

    const exchange = (code: string, clientId = 'third', redirectUri = THIRD_CALLBACK) =>
      fetch(`${secondOrigin}/auth/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', client_id: clientId, code, redirect_uri: redirectUri, code_verifier: VERIFIER }),
      });

    it('a first-party client gets its code directly after the sign-in, and silently with the session', async () => {
      const browser = new FormBrowser();
      const signedIn = await signIn(browser, authorizeUrl(firstOrigin, 'own', { scope: 'openid profile' }), 'alice');
      expect(signedIn.status).to.equal(303);
      expect(redirected(signedIn).searchParams.get('code')).to.be.a('string');
      const again = await browser.get(authorizeUrl(secondOrigin, 'own', { scope: 'openid profile', prompt: 'consent' }));
      expect(again.status).to.equal(302);
      expect(redirected(again).searchParams.get('code')).to.be.a('string');
      expect((await exchange(redirected(again).searchParams.get('code')!, 'own', OWN_CALLBACK)).status).to.equal(200);
    });

    it('a third-party client: the consent page after the sign-in (app, scopes in words, no framing, not stored); approving gives the code; the next request is silent', async () => {
      const browser = new FormBrowser();
      const url = authorizeUrl(firstOrigin, 'third', { scope: 'openid profile orders:read' });
      const answer = await signIn(browser, url, 'bob');
      const html = await consentPageOf(answer);
      expect(html).to.include('<strong>third</strong>');
      expect(html).to.include('Knowing who you are').and.to.include('Your name, nickname, picture, account name, user id and user type').and.to.include('<code>orders:read</code>');
      expect(html).not.to.include('Your email address');
      expect(html).to.include('Signed in as <strong>bob</strong>');
      expect(answer.headers.get('cache-control')).to.equal('no-store');
      expect(answer.headers.get('x-frame-options')).to.equal('DENY');
      expect(answer.headers.get('content-security-policy')).to.include("frame-ancestors 'none'").and.to.include("form-action 'self' https://third.example");
      expect(answer.headers.get('set-cookie')).to.match(/auth_csrf=[^;]+; Path=\/auth\/oauth\/authorize; HttpOnly; SameSite=Strict/);
      // No code before the approval.
      expect(answer.headers.get('location')).to.equal(null);

      const approved = await browser.submitForm(url, html, { consent: 'approve' });
      expect(approved.status).to.equal(303);
      const callback = redirected(approved);
      expect(callback.origin + callback.pathname).to.equal(THIRD_CALLBACK);
      expect(callback.searchParams.get('state')).to.equal('st&te');
      expect(callback.searchParams.get('iss')).to.equal(ISSUER);
      const tokens = await exchange(callback.searchParams.get('code')!);
      expect(tokens.status).to.equal(200);
      expect(((await tokens.json()) as { scope: string }).scope).to.equal('openid profile orders:read');

      const silent = await browser.get(url);
      expect(silent.status).to.equal(302);
      expect(redirected(silent).searchParams.get('code')).to.be.a('string');
      // A subset of what was approved is silent too.
      const subset = await browser.get(authorizeUrl(firstOrigin, 'third', { scope: 'openid' }));
      expect(subset.status).to.equal(302);
      expect(redirected(subset).searchParams.get('code')).to.be.a('string');
    });

    it('asks an already signed-in user too, and asks again for a new scope; prompt=consent asks even when remembered', async () => {
      const browser = new FormBrowser();
      expect((await signIn(browser, authorizeUrl(firstOrigin, 'own'), 'carol')).status).to.equal(303);
      const url = authorizeUrl(firstOrigin, 'third', { scope: 'openid' });
      const asked = await browser.get(url);
      const html = await consentPageOf(asked);
      expect((await browser.submitForm(url, html, { consent: 'approve' })).status).to.equal(303);

      const wider = authorizeUrl(firstOrigin, 'third', { scope: 'openid email' });
      const askedAgain = await consentPageOf(await browser.get(wider));
      expect(askedAgain).to.include('Your email address');
      expect((await browser.submitForm(wider, askedAgain, { consent: 'approve' })).status).to.equal(303);
      expect((await browser.get(wider)).status).to.equal(302);

      await consentPageOf(await browser.get(authorizeUrl(firstOrigin, 'third', { scope: 'openid', prompt: 'consent' })));
    });

    it('denial answers access_denied with state and iss, and remembers nothing', async () => {
      const browser = new FormBrowser();
      const url = authorizeUrl(secondOrigin, 'third', { scope: 'openid' });
      const html = await consentPageOf(await signIn(browser, url, 'dave'));
      const denied = await browser.submitForm(url, html, { consent: 'deny' });
      expect(denied.status).to.equal(303);
      const callback = redirected(denied);
      expect(Object.fromEntries(callback.searchParams)).to.deep.equal({
        error: 'access_denied',
        error_description: 'the user denied the request',
        state: 'st&te',
        iss: ISSUER,
      });
      await consentPageOf(await browser.get(url));
    });

    it('prompt=none answers consent_required (state, iss) where the consent page would be shown', async () => {
      const browser = new FormBrowser();
      expect((await signIn(browser, authorizeUrl(firstOrigin, 'own'), 'dave')).status).to.equal(303);
      const none = await browser.get(authorizeUrl(firstOrigin, 'third', { scope: 'openid email', prompt: 'none' }));
      expect(none.status).to.equal(302);
      expect(Object.fromEntries(redirected(none).searchParams)).to.deep.equal({
        error: 'consent_required',
        error_description: 'the user must approve the request',
        state: 'st&te',
        iss: ISSUER,
      });
    });

    it("the consent page's POST needs its own CSRF token and ticket: a forged ticket, or the page's token once its cookie was replaced, gets the form again (403)", async () => {
      const browser = new FormBrowser();
      const url = authorizeUrl(firstOrigin, 'third', { scope: 'openid profile email orders:read' });
      const html = await consentPageOf(await signIn(browser, url, 'alice'));
      const forgedTicket = Buffer.from(JSON.stringify({ user: { id: 'someone-else', account: 'mallory' }, authTime: 1, expiresAt: 4_000_000_000 })).toString('base64url');
      const forged = await browser.submitForm(url, html, { consent: 'approve', consent_ticket: forgedTicket });
      expect(forged.status).to.equal(403);
      expect(await forged.text()).to.include('name="password"');
      // The form above set a new CSRF cookie: the consent page's token no longer fits.
      expect((await browser.submitForm(url, html, { consent: 'approve' })).status).to.equal(403);
    });

    it('the consent page expires: a ticket older than 10 minutes gets the form again', async () => {
      const browser = new FormBrowser();
      const url = authorizeUrl(firstOrigin, 'third', { scope: 'openid profile email orders:read', prompt: 'consent' });
      const html = await consentPageOf(await signIn(browser, url, 'bob'));
      clock.advanceSeconds(601);
      expect((await browser.submitForm(url, html, { consent: 'approve' })).status).to.equal(403);
    });

    it('speaks Chinese on ui_locales=zh-CN, whatever Accept-Language says', async () => {
      const browser = new FormBrowser();
      const url = authorizeUrl(firstOrigin, 'third', { scope: 'openid email', ui_locales: 'zh-CN en', prompt: 'consent' });
      const html = await consentPageOf(await signIn(browser, url, 'bob'));
      expect(html).to.include('<html lang="zh-CN">').and.to.include('<title>授权访问</title>').and.to.include('您的电子邮件地址');
    });

    it('answers as its OpenAPI document says (supertest checks every answer): the consent page after the POST, then the denial', async () => {
      const parameters = new URL(authorizeUrl(firstOrigin, 'third', { scope: 'openid', prompt: 'consent' })).search.slice(1);
      const form = await request(first.server).get(`/auth/oauth/authorize?${parameters}`).expect(200);
      const csrf = () => ((form.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('auth_csrf=')) ?? '').split(';')[0];
      const fields = new URLSearchParams(parameters);
      fields.set('csrf_token', /name="csrf_token" value="([^"]*)"/.exec(form.text)![1]);
      fields.set('username', 'alice');
      fields.set('password', 'alice-pass');
      const page = await request(first.server).post('/auth/oauth/authorize').set('Cookie', csrf()).type('form').send(fields.toString()).expect(200);
      const decision = new URLSearchParams(parameters);
      decision.set('csrf_token', /name="csrf_token" value="([^"]*)"/.exec(page.text)![1]);
      decision.set('consent_ticket', /name="consent_ticket" value="([^"]*)"/.exec(page.text)![1]);
      decision.set('consent', 'deny');
      const cookie = (name: string) => ((page.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith(`${name}=`)) ?? '').split(';')[0];
      // The page's CSRF cookie and the sign-in session it was shown for.
      const denied = await request(first.server).post('/auth/oauth/authorize').set('Cookie', `${cookie('auth_csrf')}; ${cookie('auth_session')}`).type('form').send(decision.toString()).expect(303);
      expect(denied.headers.location).to.include('error=access_denied');
    });

    it('two instances on one store honour one approval: given on the first, the second answers silently', async () => {
      const browser = new FormBrowser();
      const scope = { scope: 'openid orders:read' };
      const url = authorizeUrl(firstOrigin, 'third', scope);
      const html = await consentPageOf(await signIn(browser, url, 'carol'));
      expect((await browser.submitForm(url, html, { consent: 'approve' })).status).to.equal(303);
      const other = await browser.get(authorizeUrl(secondOrigin, 'third', scope));
      expect(other.status).to.equal(302);
      expect(redirected(other).searchParams.get('code')).to.be.a('string');
    });

    it('users consents lists them; users revoke-consent ends one (then the page asks again) and refuses what does not exist', async () => {
      const listed = await usersCli(['consents', 'carol']);
      expect(listed.code).to.equal(0);
      expect(listed.out).to.deep.equal(['third\temail openid orders:read']);
      const json = await usersCli(['consents', 'carol', '--json']);
      expect(JSON.parse(json.out.join('\n'))).to.deep.equal([{ clientId: 'third', scopes: ['email', 'openid', 'orders:read'] }]);

      const browser = new FormBrowser();
      expect((await signIn(browser, authorizeUrl(firstOrigin, 'own'), 'carol')).status).to.equal(303);
      expect((await browser.get(authorizeUrl(secondOrigin, 'third', { scope: 'openid' }))).status).to.equal(302);

      expect((await usersCli(['revoke-consent', 'carol', 'third'])).code).to.equal(0);
      await consentPageOf(await browser.get(authorizeUrl(secondOrigin, 'third', { scope: 'openid' })));
      expect((await usersCli(['consents', 'carol'])).out).to.deep.equal([]);

      const missing = await usersCli(['revoke-consent', 'carol', 'third']);
      expect(missing.code).to.equal(1);
      expect(missing.err).to.deep.equal(['users: user "carol" has no consent for client "third"']);
      const ghost = await usersCli(['revoke-consent', 'ghost', 'third']);
      expect(ghost.code).to.equal(1);
      expect(ghost.err).to.deep.equal(['users: no user with account "ghost"']);
      expect((await usersCli(['consents', 'ghost'])).err).to.deep.equal(['users: no user with account "ghost"']);
    });

    it('users disable ends the consents of the user: enabled again, the user is asked again', async () => {
      expect((await usersCli(['consents', 'bob'])).out).to.deep.equal(['third\topenid orders:read profile']);
      expect((await usersCli(['disable', 'bob'])).code).to.equal(0);
      expect((await usersCli(['consents', 'bob'])).out).to.deep.equal([]);
      expect((await usersCli(['enable', 'bob'])).code).to.equal(0);
      clock.advanceSeconds(1);
      const browser = new FormBrowser();
      await consentPageOf(await signIn(browser, authorizeUrl(secondOrigin, 'third', { scope: 'openid' }), 'bob'));
    });

    it("clients remove ends the client's consents: registered again, it asks every user again", async () => {
      expect((await usersCli(['consents', 'alice'])).out).to.deep.equal([]);
      const browser = new FormBrowser();
      const url = authorizeUrl(firstOrigin, 'third', { scope: 'openid' });
      const html = await consentPageOf(await signIn(browser, url, 'alice'));
      expect((await browser.submitForm(url, html, { consent: 'approve' })).status).to.equal(303);
      expect((await usersCli(['consents', 'alice'])).out).to.deep.equal(['third\topenid']);
      await clientsCli('remove', 'third');
      expect((await usersCli(['consents', 'alice'])).out).to.deep.equal([]);
      await clientsCli('add', '--id', 'third', '--redirect-uri', THIRD_CALLBACK, '--public', '--scope', 'openid');
      await consentPageOf(await browser.get(url));
    });
  });
}
