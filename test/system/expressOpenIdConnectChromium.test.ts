import { expect } from 'chai';
import { requiresAuth } from 'express-openid-connect';
import { startExpressOpenIdConnectApp } from '../support/expressOpenIdConnectApp';
import { signInOnForm, withChromiumAndOpenIdProvider, type RunningApp } from '../support/openIdProviderForBrowsers';

/**
 * A server-side web app signing its users in with Auth0's express-openid-connect
 * (openid-client 6 underneath: discovery, code flow with PKCE and nonce, the ID
 * token's signature checked against the key set), a confidential first-party
 * client of the listening service, driven by headless Chromium: `/login`, the
 * service's form, back to the app; a protected route; `/logout` through the
 * end_session_endpoint and back.
 */
describe('express-openid-connect web app signing in through headless Chromium (confidential client)', function () {
  this.timeout(30_000);
  const session = withChromiumAndOpenIdProvider();
  let app: RunningApp;

  before(async () => {
    app = await startExpressOpenIdConnectApp(
      session.provider,
      (web) => {
        web.get('/', (req, res) => {
          res.type('html').send(`<!doctype html><title>${req.oidc.isAuthenticated() ? 'home, signed in' : 'home, signed out'}</title>`);
        });
        web.get('/profile', requiresAuth(), (req, res) => {
          res.json(req.oidc.user);
        });
        web.get('/userinfo', requiresAuth(), (req, res, next) => {
          req.oidc.fetchUserInfo().then((claims) => res.json(claims), next);
        });
        web.get('/signed-out', (req, res) => {
          res.type('html').send(`<!doctype html><title>${req.oidc.isAuthenticated() ? 'still signed in' : 'signed out'}</title>`);
        });
      },
      {
        // RP-Initiated Logout at the service (the default ends the app's session only).
        idpLogout: true,
        routes: { postLogoutRedirect: '/signed-out' },
        authorizationParams: { response_type: 'code', scope: 'openid profile' },
      },
      (origin) => ({ postLogoutRedirectUris: [`${origin}/signed-out`], scopes: ['openid', 'profile'] }),
    );
  });

  after(() => app?.close());

  it('signs in at /login through the service, shows the user on a protected route, and signs out through the end_session_endpoint', async () => {
    const { issuer } = session.provider;
    const page = await session.browser.newPage({ locale: 'en-US' });
    page.setDefaultTimeout(10_000);
    const authorizations: URL[] = [];
    const ends: URL[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${issuer}/oauth/authorize?`)) authorizations.push(new URL(request.url()));
      if (request.url().startsWith(`${issuer}/oauth/logout?`)) ends.push(new URL(request.url()));
    });

    await page.goto(`${app.origin}/login`);
    await page.waitForURL(`${issuer}/oauth/authorize?**`);
    expect(await page.title()).to.equal('Sign in');
    const asked = authorizations[0].searchParams;
    expect(asked.get('client_id')).to.equal('webapp');
    expect(asked.get('scope')).to.equal('openid profile');
    expect(asked.get('code_challenge_method')).to.equal('S256');
    expect(asked.get('nonce')).to.be.a('string');
    await signInOnForm(page, 'admin');
    await page.waitForURL(`${app.origin}/`);
    expect(await page.title()).to.equal('home, signed in');

    const profile = await page.goto(`${app.origin}/profile`);
    expect(profile?.status()).to.equal(200);
    // req.oidc.user: the ID token's claims without the protocol ones (iss, aud, nonce, at_hash…).
    // (and the sign-in session's sid, which back-channel logout names), and how the user signed in (acr, amr).
    const user = (await profile?.json()) as { sub: string; sid: string };
    expect(user).to.deep.equal({ sub: '1', sid: user.sid, acr: 'urn:auth-service:acr:password', amr: ['pwd'] });
    expect(user.sid).to.be.a('string');
    // The profile scope's claims, from userinfo with the app's access token.
    const userinfo = await page.goto(`${app.origin}/userinfo`);
    expect(await userinfo?.json()).to.deep.include({ sub: '1', preferred_username: 'admin', name: '管理员', nickname: '管理员' });

    await page.goto(`${app.origin}/logout`);
    await page.waitForURL(`${app.origin}/signed-out`);
    expect(await page.title()).to.equal('signed out');
    expect(ends).to.have.length(1);
    expect(ends[0].searchParams.get('post_logout_redirect_uri')).to.equal(`${app.origin}/signed-out`);
    expect(ends[0].searchParams.get('id_token_hint')).to.be.a('string');

    // Signed out at the service too: the protected route sends the browser to the form again.
    await page.goto(`${app.origin}/profile`);
    await page.waitForURL(`${issuer}/oauth/authorize?**`);
    expect(await page.title()).to.equal('Sign in');
    await page.close();
  });
});
