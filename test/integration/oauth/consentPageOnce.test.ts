import { expect } from 'chai';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const CALLBACK = 'https://third.example/cb';
const VERIFIER = 'v'.repeat(43);
// BASE64URL(SHA-256(VERIFIER)), RFC 7636 §4.2.
const CHALLENGE = '7w_YNF9DSfIdPf_pRjSq646_kPr-2-o9NAl16JGghdM';
const ACCOUNTS = ['ann', 'ben', 'cid', 'deb', 'eve', 'fay', 'gus'];

/**
 * The consent page ends with the sign-in it was shown for, on two instances of
 * one store: it is answered once (also when the second answer goes to the
 * other instance, also when both race), and never after `users passwd`, a
 * sign-out, or the client removed and registered again. With sign-in sessions
 * off, it is still answered once and not after a lock-out.
 */
for (const backend of STORE_BACKENDS) {
  for (const sessionSeconds of ['3600', '0']) {
    const sessions = sessionSeconds === '0' ? 'sessions off' : 'sessions on';
    describe(`The consent page is answered once, for its live sign-in (${backend.name}, two instances, ${sessions})`, function () {
      this.timeout(60_000);
      const clock = new FixedClock(new Date());
      let instances: TwoInstancesOnOneStore;

      before(async () => {
        instances = await TwoInstancesOnOneStore.start(backend, clock, {
          env: { AUTH_SIGNIN_SESSION_SECONDS: sessionSeconds },
          register: async (cli) => {
            for (const account of ACCOUNTS) await cli.addUser(account, '--nick', account);
            await cli.addClient('third', '--redirect-uri', CALLBACK, '--public', '--scope', 'openid');
          },
        });
      });

      after(() => instances?.dispose());

      const authorizeUrl = (origin: string) =>
        `${origin}/auth/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: 'third', redirect_uri: CALLBACK, code_challenge: CHALLENGE, code_challenge_method: 'S256', scope: 'openid', prompt: 'consent', state: 's' })}`;

      /** Signs `account` in on the first instance: the browser, the consent page's HTML, and the URL it was fetched from. */
      async function consentPage(account: string): Promise<{ browser: FormBrowser; html: string; url: string }> {
        const browser = new FormBrowser();
        const url = authorizeUrl(instances.firstOrigin);
        const form = await browser.get(url);
        const page = await browser.submitForm(url, await form.text(), { username: account, password: `${account}-pass` });
        expect(page.status).to.equal(200);
        const html = await page.text();
        expect(html).to.include('name="consent_ticket"');
        return { browser, html, url };
      }

      const codeOf = (answer: Response) => new URL(answer.headers.get('location') ?? 'about:blank').searchParams.get('code');
      /** A refusal: the sign-in form again, 403, no redirect, no code. */
      async function expectRefused(answer: Response): Promise<void> {
        expect(answer.status).to.equal(403);
        expect(answer.headers.get('location')).to.equal(null);
        expect(await answer.text()).to.include('name="password"');
      }
      const exchange = (code: string) =>
        fetch(`${instances.secondOrigin}/auth/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'authorization_code', client_id: 'third', code, redirect_uri: CALLBACK, code_verifier: VERIFIER }),
        });

      it('approved once, the code exchanges on the other instance; the same page posted again, to either instance, gets the form and no code', async () => {
        const { browser, html, url } = await consentPage('ann');
        const approved = await browser.submitForm(url, html, { consent: 'approve' });
        expect(approved.status).to.equal(303);
        expect((await exchange(codeOf(approved)!)).status).to.equal(200);
        await expectRefused(await browser.submitForm(url, html, { consent: 'approve' }));
        await expectRefused(await browser.submitForm(authorizeUrl(instances.secondOrigin), html, { consent: 'approve' }));
        await expectRefused(await browser.submitForm(url, html, { consent: 'deny' }));
      });

      it('two answers racing to the two instances: exactly one gets a code', async () => {
        const { browser, html, url } = await consentPage('ben');
        const answers = await Promise.all([browser.submitForm(url, html, { consent: 'approve' }), browser.submitForm(authorizeUrl(instances.secondOrigin), html, { consent: 'approve' })]);
        expect(answers.map((answer) => answer.status).sort()).to.deep.equal([303, 403]);
        expect(answers.filter((answer) => codeOf(answer) !== null)).to.have.length(1);
      });

      it('a page fetched before `users passwd` gets no code after it', async () => {
        const { browser, html, url } = await consentPage('cid');
        const passwd = await instances.cli.users(['passwd', 'cid', '--password-stdin'], 'cid-new-pass\n');
        expect(passwd.code, passwd.err.join('\n')).to.equal(0);
        await expectRefused(await browser.submitForm(url, html, { consent: 'approve' }));
      });

      it('a page fetched before `users disable` gets no code after it, on the other instance either', async () => {
        const { browser, html } = await consentPage('deb');
        expect((await instances.cli.users(['disable', 'deb'])).code).to.equal(0);
        await expectRefused(await browser.submitForm(authorizeUrl(instances.secondOrigin), html, { consent: 'approve' }));
      });

      it('a page of a client removed and registered again under the same id gets no code: it is a new client', async () => {
        const { browser, html, url } = await consentPage('eve');
        expect((await instances.cli.clients(['remove', 'third'])).code).to.equal(0);
        await instances.cli.addClient('third', '--redirect-uri', CALLBACK, '--public', '--scope', 'openid');
        await expectRefused(await browser.submitForm(url, html, { consent: 'approve' }));
        // Its own page, shown once the new client exists, is answered.
        clock.advanceSeconds(1);
        const fresh = await consentPage('eve');
        expect((await fresh.browser.submitForm(fresh.url, fresh.html, { consent: 'approve' })).status).to.equal(303);
      });

      if (sessionSeconds !== '0') {
        it('signed out, the page gets no code, even with the ended session cookie sent again', async () => {
          const { browser, html, url } = await consentPage('fay');
          expect((await browser.post(`${instances.firstOrigin}/auth/oauth/signout`)).status).to.equal(204);
          expect(browser.cookie('auth_session')).to.equal(undefined);
          await expectRefused(await browser.submitForm(url, html, { consent: 'approve' }));

          // Signed out elsewhere (another tab, the other instance): this browser still sends the ended session's cookie.
          const kept = await consentPage('gus');
          const signOut = await fetch(`${instances.secondOrigin}/auth/oauth/signout`, { method: 'POST', headers: { cookie: `auth_session=${kept.browser.cookie('auth_session')}` } });
          expect(signOut.status).to.equal(204);
          expect(kept.browser.cookie('auth_session')).to.be.a('string');
          await expectRefused(await kept.browser.submitForm(kept.url, kept.html, { consent: 'approve' }));
        });
      }
    });
  }
}
