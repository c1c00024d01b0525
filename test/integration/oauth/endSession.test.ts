import { expect } from 'chai';
import { generateKeyPairSync } from 'node:crypto';
import * as client from 'openid-client';
import request from 'supertest';
import type { KeyRing } from '../../../src/domain/model/KeyRing';
import type { TokenSigner } from '../../../src/domain/ports/TokenSigner';
import { TYPES } from '../../../src/interfaces/composition/types';
import type { AuthServer } from '../../support/buildAuthServer';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { pkceAuthorizationUrl } from '../../support/pkceAuthorizationUrl';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const CALLBACK = 'http://127.0.0.1:9/callback';
const RETURN = 'http://127.0.0.1:9/signed-out';
const SPA_CALLBACK = 'http://localhost:9/spa/callback';
const SPA_RETURN = 'http://localhost:9/spa/bye';

/**
 * OpenID Connect RP-Initiated Logout against the listening service: a browser
 * signs in through the form (code flow with PKCE), then the app sends it to the
 * end_session_endpoint. Two instances share one store: a sign-out at one ends
 * the session at the other.
 */
for (const backend of STORE_BACKENDS) {
  describe(`RP-Initiated Logout: end_session_endpoint against the listening service (${backend.name}, two instances)`, function () {
    this.timeout(30_000);
    const clock = new FixedClock(new Date());
    let instances: TwoInstancesOnOneStore;
    let auth: AuthServer;
    let otherOrigin: string;
    let issuer: string;
    let webappSecret: string;

    before(async () => {
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        issuerIsFirstInstance: true,
        register: async (commands) => {
          for (const account of ['alice', 'bob']) await commands.addUser(account, '--nick', account);
          webappSecret = await commands.addClient('webapp', '--redirect-uri', CALLBACK, '--confidential', '--first-party', '--scope', 'openid', '--post-logout-redirect-uri', RETURN);
          await commands.addClient('spa', '--redirect-uri', SPA_CALLBACK, '--public', '--first-party', '--post-logout-redirect-uri', SPA_RETURN);
        },
      });
      ({ first: auth, secondOrigin: otherOrigin, issuer } = instances);
    });

    after(() => instances?.dispose());

    const discover = () =>
      client.discovery(new URL(issuer), 'webapp', undefined, client.ClientSecretBasic(webappSecret), { algorithm: 'oauth2', execute: [client.allowInsecureRequests] });

    interface SignedIn {
      readonly browser: FormBrowser;
      readonly sub: string;
      readonly refreshToken: string;
      readonly config: client.Configuration;
      /** The code flow's ID token (scope openid), or one signed here where the service issues none yet. */
      readonly idToken: string;
    }

    /** A browser signed in through the form, the code exchanged by the app. */
    async function signIn(account = 'alice'): Promise<SignedIn> {
      const config = await discover();
      const browser = new FormBrowser();
      const { url, verifier, state } = await pkceAuthorizationUrl(config, CALLBACK);
      url.searchParams.set('scope', 'openid');
      const form = await browser.get(url.href);
      expect(form.status).to.equal(200);
      const callback = await browser.submitForm(url.href, await form.text(), { username: account, password: `${account}-pass` });
      expect(callback.status).to.equal(303);
      const tokens = await client.authorizationCodeGrant(config, new URL(callback.headers.get('location')!), { pkceCodeVerifier: verifier, expectedState: state });
      const sub = (JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;
      expect(browser.cookie('auth_session')).to.be.a('string');
      return { browser, sub, refreshToken: tokens.refresh_token!, config, idToken: tokens.id_token ?? (await idToken(sub)) };
    }

    /** Whether the browser's sign-in still lets an authorization through without the form (302 with a code) or shows the form (200). */
    async function stillSignedIn(browser: FormBrowser, at = issuer): Promise<boolean> {
      const { url } = await pkceAuthorizationUrl(await discover(), CALLBACK);
      const answer = await browser.get(url.href.replace(issuer, at));
      expect([200, 302]).to.include(answer.status);
      return answer.status === 302;
    }

    /**
     * An ID token as this service issues it (header typ JWT and the active kid; iss, sub, aud, exp, iat, auth_time),
     * signed with the service's own key from its key ring: for the cases a code flow cannot give (expired, another
     * issuer, another user's), and for all of them while the service issues no ID token of its own.
     */
    async function idToken(sub: string, aud = 'webapp', overrides: Record<string, unknown> = {}): Promise<string> {
      const iat = Math.floor(clock.now().getTime() / 1000);
      const claims = { iss: issuer, sub, aud, iat, exp: iat + 300, auth_time: iat, ...overrides };
      const key = auth.container.get<KeyRing>(TYPES.KeyRing).activeKey();
      return auth.container.get<TokenSigner>(TYPES.TokenSigner).sign(claims as never, key, 'JWT');
    }

    const logout = (parameters: Record<string, string>) => `${issuer}/oauth/logout?${new URLSearchParams(parameters).toString()}`;
    const sessionCookie = (browser: FormBrowser) => `auth_session=${browser.cookie('auth_session')}`;

    it('advertises end_session_endpoint in both discovery documents', async () => {
      for (const path of ['/auth/.well-known/openid-configuration', '/auth/.well-known/oauth-authorization-server', '/.well-known/oauth-authorization-server/auth']) {
        const metadata = (await request(auth.server).get(path).expect(200)).body as { end_session_endpoint: string };
        expect(metadata.end_session_endpoint, path).to.equal(`${issuer}/oauth/logout`);
      }
    });

    it('with a valid id_token_hint: signed out at once, back to the registered URI with state; the session no longer resumes on either instance; refresh tokens live on', async () => {
      const { browser, refreshToken, config, idToken: hint } = await signIn();
      expect(await stillSignedIn(browser)).to.equal(true);
      const answer = await request(auth.server)
        .get('/auth/oauth/logout')
        .query({ id_token_hint: hint, post_logout_redirect_uri: RETURN, state: 'st-1' })
        .set('Cookie', sessionCookie(browser))
        .expect(303);
      expect(answer.headers.location).to.equal(`${RETURN}?state=st-1`);
      expect(answer.headers['cache-control']).to.equal('no-store');
      expect(answer.headers['set-cookie']).to.deep.include('auth_session=; Path=/auth; HttpOnly; SameSite=Lax; Max-Age=0');
      // The browser keeps its cookie here (the test did not pass Set-Cookie on): the row is gone from the shared store.
      expect(await stillSignedIn(browser), 'the form again').to.equal(false);
      expect(await stillSignedIn(browser, otherOrigin + '/auth'), 'the form again on the other instance').to.equal(false);
      // Decision (a), docs/oauth.md: signing out ends the single sign-on, not the app's offline access.
      const refreshed = await client.refreshTokenGrant(config, refreshToken);
      expect(refreshed.access_token).to.be.a('string');
    });

    it('two instances: a sign-in at one, the logout at the other, the session gone at both', async () => {
      const { browser, idToken: hint } = await signIn();
      const cookie = sessionCookie(browser);
      const { url } = await pkceAuthorizationUrl(await discover(), CALLBACK);
      const authorize = () => request(auth.server).get(url.pathname + url.search).set('Cookie', cookie);
      expect((await authorize()).status, 'a code at once before the logout').to.equal(302);
      const answer = await browser.get(logout({ id_token_hint: hint, post_logout_redirect_uri: RETURN }).replace(issuer, `${otherOrigin}/auth`));
      expect(answer.status).to.equal(303);
      expect(answer.headers.get('location')).to.equal(RETURN);
      expect(browser.cookie('auth_session'), 'the cookie cleared').to.equal(undefined);
      // The old cookie value, sent again to the first instance: its row is gone from the shared store.
      expect((await authorize()).status, 'the form').to.equal(200);
    });

    it('an expired ID token is still a good hint (§2)', async () => {
      const { browser, sub } = await signIn();
      // Expired long ago, yet of this very sign-in (its auth_time).
      const expired = await idToken(sub, 'webapp', { iat: 1_600_000_000, exp: 1_600_000_300 });
      const answer = await browser.get(logout({ id_token_hint: expired, post_logout_redirect_uri: RETURN, state: 's' }));
      expect(answer.status).to.equal(303);
      expect(answer.headers.get('location')).to.equal(`${RETURN}?state=s`);
      expect(await stillSignedIn(browser)).to.equal(false);
    });

    it('an unregistered post_logout_redirect_uri (or another client\'s) is never followed: signed out, our signed-out page', async () => {
      for (const uri of ['https://evil.example/', `${RETURN}/`, SPA_RETURN]) {
        const { browser, idToken: hint } = await signIn();
        const answer = await request(auth.server)
          .get('/auth/oauth/logout')
          .query({ id_token_hint: hint, post_logout_redirect_uri: uri, state: 'x' })
          .set('Cookie', sessionCookie(browser))
          .expect(200);
        expect(answer.headers.location, uri).to.equal(undefined);
        expect(answer.headers['content-type']).to.match(/^text\/html/);
        expect(answer.text).to.include('<h1>Signed out</h1>');
        expect(answer.text).not.to.include('evil.example');
        expect(await stillSignedIn(browser), uri).to.equal(false);
      }
    });

    it('without a hint: the confirmation page (no-store, not framable), nothing ended until the user confirms; then back to the URI client_id registered', async () => {
      const { browser } = await signIn();
      const pageUrl = logout({ client_id: 'spa', post_logout_redirect_uri: SPA_RETURN, state: 'st-2' });
      const page = await request(auth.server).get(new URL(pageUrl).pathname + new URL(pageUrl).search).set('Cookie', sessionCookie(browser)).expect(200);
      expect(page.text).to.include(`Sign out of <strong>127.0.0.1:${new URL(issuer).port}</strong>?`);
      expect(page.text).to.include('The application <strong>spa</strong> asks to sign you out.');
      expect(page.headers['cache-control']).to.equal('no-store');
      expect(page.headers['x-frame-options']).to.equal('DENY');
      expect(page.headers['content-security-policy']).to.include("frame-ancestors 'none'").and.include("form-action 'self' http://localhost:9;");
      expect(await stillSignedIn(browser), 'asking ends nothing').to.equal(true);

      const shown = await browser.get(pageUrl);
      expect(shown.status).to.equal(200);
      const confirmed = await browser.submitForm(pageUrl, await shown.text(), {});
      expect(confirmed.status).to.equal(303);
      expect(confirmed.headers.get('location')).to.equal(`${SPA_RETURN}?state=st-2`);
      expect(browser.cookie('auth_session')).to.equal(undefined);
      expect(await stillSignedIn(browser)).to.equal(false);
    });

    it('without a hint or client: the confirmation drops the return URI, and confirming shows the signed-out page', async () => {
      const { browser } = await signIn();
      const pageUrl = logout({ post_logout_redirect_uri: RETURN, state: 'st' });
      const shown = await browser.get(pageUrl);
      const text = await shown.text();
      expect(text).not.to.include(RETURN);
      expect(text).not.to.include('class="client"');
      const confirmed = await browser.submitForm(pageUrl, text, {});
      expect(confirmed.status).to.equal(200);
      expect(await confirmed.text()).to.include('<h1>Signed out</h1>');
      expect(await stillSignedIn(browser)).to.equal(false);
    });

    it("an ID token of an earlier sign-in (older auth_time) or of another session (its sid) cannot end this one silently: the confirmation page", async () => {
      const { browser, sub, idToken: issued } = await signIn();
      const claims = JSON.parse(Buffer.from(issued.split('.')[1], 'base64url').toString()) as { sid?: unknown; auth_time: number };
      expect(claims.sid, 'the code flow ID token names its session').to.be.a('string');
      for (const hint of [await idToken(sub, 'webapp', { auth_time: claims.auth_time - 1 }), await idToken(sub, 'webapp', { sid: 'another-session' })]) {
        const answer = await request(auth.server).get('/auth/oauth/logout').query({ id_token_hint: hint, post_logout_redirect_uri: RETURN }).set('Cookie', sessionCookie(browser)).expect(200);
        expect(answer.text).to.include('<form method="post" action="/auth/oauth/logout/confirm">');
        expect(await stillSignedIn(browser)).to.equal(true);
      }
      // The session's own ID token still signs out at once.
      await request(auth.server).get('/auth/oauth/logout').query({ id_token_hint: issued }).set('Cookie', sessionCookie(browser)).expect(200, /Signed out/);
      expect(await stillSignedIn(browser)).to.equal(false);
    });

    it('a forged or foreign hint is no hint: the confirmation page, the session alive', async () => {
      const { browser, sub } = await signIn();
      const kid = auth.container.get<KeyRing>(TYPES.KeyRing).activeKey().kid;
      const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const { SignJWT } = await import('jose');
      const now = Math.floor(clock.now().getTime() / 1000);
      const hints = [
        await new SignJWT({ iss: issuer, sub, aud: 'webapp', iat: now, exp: now + 300 }).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid }).sign(stranger.privateKey),
        await idToken(sub, 'webapp', { iss: 'http://127.0.0.1:1/auth' }),
        'not.a.token',
      ];
      for (const hint of hints) {
        const answer = await request(auth.server)
          .get('/auth/oauth/logout')
          .query({ id_token_hint: hint, post_logout_redirect_uri: RETURN, state: 'x' })
          .set('Cookie', sessionCookie(browser))
          .expect(200);
        expect(answer.text).to.include('<form method="post" action="/auth/oauth/logout/confirm">');
        // The forged hint's aud does not identify a client: the return URI is not carried on.
        expect(answer.text).not.to.include(RETURN);
        expect(await stillSignedIn(browser)).to.equal(true);
      }
    });

    it('a hint for another user than the one signed in asks first', async () => {
      const alice = await signIn('alice');
      const bob = await signIn('bob');
      const answer = await request(auth.server)
        .get('/auth/oauth/logout')
        .query({ id_token_hint: await idToken(alice.sub), post_logout_redirect_uri: RETURN })
        .set('Cookie', sessionCookie(bob.browser))
        .expect(200);
      expect(answer.text).to.include('<input type="hidden" name="post_logout_redirect_uri" value="http://127.0.0.1:9/signed-out">');
      expect(await stillSignedIn(bob.browser)).to.equal(true);
    });

    it('refuses a client_id other than the hint\'s audience, an unknown client, a repeated parameter: 400 page, nothing ended, no redirect', async () => {
      const { browser, idToken: hint } = await signIn();
      const refusals: Array<[string, string]> = [
        [`id_token_hint=${hint}&client_id=spa&post_logout_redirect_uri=${encodeURIComponent(SPA_RETURN)}`, 'client_id does not match the id_token_hint'],
        [`client_id=nobody&post_logout_redirect_uri=${encodeURIComponent(RETURN)}`, 'unknown client'],
        [`id_token_hint=${hint}&state=a&state=b`, 'state must be given once'],
      ];
      for (const [query, reason] of refusals) {
        const answer = await request(auth.server).get(`/auth/oauth/logout?${query}`).set('Cookie', sessionCookie(browser)).expect(400);
        expect(answer.text).to.include(reason);
        expect(answer.headers.location).to.equal(undefined);
      }
      expect(await stillSignedIn(browser)).to.equal(true);
    });

    it('the confirmation refuses a POST whose CSRF token does not fit (403, the page again), and a forged return URI', async () => {
      const { browser } = await signIn();
      const pageUrl = logout({ client_id: 'webapp', post_logout_redirect_uri: RETURN });
      const text = await (await browser.get(pageUrl)).text();
      expect((await browser.submitForm(pageUrl, text, { csrf_token: 'A'.repeat(43) })).status).to.equal(403);
      const swapped = await browser.submitForm(pageUrl, text, { post_logout_redirect_uri: 'https://evil.example/' });
      expect(swapped.status).to.equal(403);
      expect(await swapped.text()).not.to.include('evil.example');
      const bare = await request(auth.server).post('/auth/oauth/logout/confirm').type('form').set('Cookie', sessionCookie(browser)).send({ client_id: 'webapp' }).expect(403);
      expect(bare.text).to.include('This page expired. Please confirm again.');
      expect(await stillSignedIn(browser)).to.equal(true);
    });

    it('a form POST from the app without the Lax session cookie is sent to the GET form of the same request; with the cookie it signs out', async () => {
      const { browser, idToken: hint } = await signIn();
      const bounced = await request(auth.server).post('/auth/oauth/logout').type('form').send({ id_token_hint: hint, post_logout_redirect_uri: RETURN, state: 's' }).expect(303);
      const target = new URL(bounced.headers.location, issuer);
      expect(target.pathname).to.equal('/auth/oauth/logout');
      expect(Object.fromEntries(target.searchParams)).to.deep.equal({ id_token_hint: hint, post_logout_redirect_uri: RETURN, state: 's' });
      expect(await stillSignedIn(browser)).to.equal(true);
      const posted = await request(auth.server).post('/auth/oauth/logout').type('form').set('Cookie', sessionCookie(browser)).send({ id_token_hint: hint, post_logout_redirect_uri: RETURN, state: 's' }).expect(303);
      expect(posted.headers.location).to.equal(`${RETURN}?state=s`);
      expect(await stillSignedIn(browser)).to.equal(false);
    });

    it('speaks Chinese by ui_locales, else by Accept-Language', async () => {
      const byLocales = await request(auth.server).get('/auth/oauth/logout').query({ ui_locales: 'fr zh-CN' }).expect(200);
      expect(byLocales.text).to.include('<html lang="zh-CN">').and.include('是否退出');
      const byHeader = await request(auth.server).get('/auth/oauth/logout').set('Accept-Language', 'zh-TW,en;q=0.5').expect(200);
      expect(byHeader.text).to.include('<html lang="zh-CN">');
      const signedOut = await request(auth.server).get('/auth/oauth/logout').query({ id_token_hint: await idToken('7'), ui_locales: 'zh' }).expect(200);
      expect(signedOut.text).to.include('<h1>已退出登录</h1>');
    });
  });
}
