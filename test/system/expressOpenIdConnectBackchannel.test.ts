import { expect } from 'chai';
import { requiresAuth } from 'express-openid-connect';
import { startExpressOpenIdConnectApp } from '../support/expressOpenIdConnectApp';
import { signInOnForm, withChromiumAndOpenIdProvider, type RunningApp } from '../support/openIdProviderForBrowsers';

/** The little of an express-session store express-openid-connect's back-channel logout uses: the logout tokens it was sent, by `iss|sid` and `iss|sub`. */
class MemoryLogoutStore {
  readonly entries = new Map<string, unknown>();
  get(key: string, done: (error: null, value?: unknown) => void): void {
    done(null, this.entries.get(key));
  }
  set(key: string, value: unknown, done: (error: null) => void): void {
    this.entries.set(key, value);
    done(null);
  }
  destroy(key: string, done: (error: null) => void): void {
    this.entries.delete(key);
    done(null);
  }
}

/**
 * Back-Channel Logout with Auth0's express-openid-connect (its `backchannelLogout`
 * option: the `/backchannel-logout` route that verifies the logout token against
 * the JWKS and remembers it, then ends the app's session on its next request).
 * The user signs in to the app through headless Chromium, then signs out at the
 * service itself (`POST /oauth/signout`), not through the app: the app's own
 * session ends only because the service told it.
 */
describe('express-openid-connect back-channel logout: signing out at the service ends the app\'s session', function () {
  this.timeout(30_000);
  const session = withChromiumAndOpenIdProvider();
  let app: RunningApp;
  const store = new MemoryLogoutStore();

  before(async () => {
    app = await startExpressOpenIdConnectApp(
      session.provider,
      (web) => {
        web.get('/profile', requiresAuth(), (req, res) => {
          res.json(req.oidc.idTokenClaims);
        });
      },
      { backchannelLogout: { store: store as never }, authorizationParams: { response_type: 'code', scope: 'openid' } },
      (origin) => ({ scopes: ['openid'], backchannelLogoutUri: `${origin}/backchannel-logout`, backchannelLogoutSessionRequired: true }),
    );
  });

  after(() => app?.close());

  it('the logout token reaches the app within seconds and its next request is signed out', async () => {
    const { issuer } = session.provider;
    const page = await session.browser.newPage({ locale: 'en-US' });
    page.setDefaultTimeout(10_000);
    await page.goto(`${app.origin}/login`);
    await page.waitForURL(`${issuer}/oauth/authorize?**`);
    await signInOnForm(page, 'admin');
    await page.waitForURL(`${app.origin}/`);
    const profile = await page.goto(`${app.origin}/profile`);
    const claims = (await profile?.json()) as { sid?: string; sub: string };
    expect(claims.sid, 'the ID token names the session').to.be.a('string');

    // Signed out at the service, the page's cookies sent: the app is not involved.
    expect((await page.request.post(`${issuer}/oauth/signout`)).status()).to.equal(204);
    const deadline = Date.now() + 5000;
    while (!store.entries.has(`${issuer}|${claims.sid}`)) {
      if (Date.now() > deadline) throw new Error('no logout token reached the app within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(store.entries.has(`${issuer}|${claims.sub}`), 'sub too').to.equal(true);

    // The app's session cookie is still there, yet the app now sends the browser to sign in again.
    await page.goto(`${app.origin}/profile`);
    await page.waitForURL(`${issuer}/oauth/authorize?**`);
    expect(await page.title()).to.equal('Sign in');
    await page.close();
  });
});
