import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { startApp, signInOnForm, withChromiumAndOpenIdProvider, type RunningApp } from '../support/openIdProviderForBrowsers';

/** oidc-client-ts's browser bundle (defines the global `oidc`), served by the app as a page would load it. */
const BUNDLE = readFileSync(join(dirname(require.resolve('oidc-client-ts')), '..', 'browser', 'oidc-client-ts.min.js'));

/** What the app's pages left in `window.outcome`: the settled promise of the oidc-client-ts call each page makes. */
type Outcome = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/**
 * The app: one script on every page. It builds the UserManager; the callback page
 * completes the sign-in, the post-logout page the sign-out, each leaving its result in
 * `window.outcome`. `window.settle` lets the test do the same with any call.
 */
function appPage(settings: Record<string, unknown>): string {
  return `<!doctype html><title>spa</title>
<script src="/oidc-client-ts.min.js"></script>
<script>
  window.userManager = new oidc.UserManager(${JSON.stringify(settings)});
  const userOf = (user) => user && { profile: user.profile, access_token: user.access_token, refresh_token: user.refresh_token, id_token: user.id_token, scope: user.scope };
  window.settle = (promise, shape) =>
    promise.then((value) => (window.outcome = { ok: true, value: shape(value) }), (error) => (window.outcome = { ok: false, error: String((error && error.message) || error) }));
  window.userOf = userOf;
  if (location.pathname === '/callback') settle(userManager.signinRedirectCallback(), userOf);
  if (location.pathname === '/signed-out') settle(userManager.signoutRedirectCallback(), (response) => ({ userState: response.userState ?? null, error: response.error ?? null }));
</script>`;
}

/** The outcome the page's script settles on (waited for, never guessed by time). */
async function outcomeOf(page: Page): Promise<Outcome> {
  await page.waitForFunction('window.outcome !== undefined');
  return (await page.evaluate('window.outcome')) as Outcome;
}

/**
 * Calls a UserManager method that leaves the page by redirect. A rejection (no discovery, a refused
 * request) is thrown with its message; the evaluation ending because the page navigated away is the
 * expected way out, and the caller then waits for where it went.
 */
async function redirectBy(page: Page, call: string): Promise<void> {
  const failure = await page.evaluate(`${call}.then(() => null, (error) => String((error && error.message) || error))`).catch(() => null);
  if (failure !== null) throw new Error(`${call} failed in the page: ${String(failure)}`);
}

function payloadOf(jwt: unknown): Record<string, unknown> {
  expect(jwt).to.be.a('string');
  return JSON.parse(Buffer.from((jwt as string).split('.')[1], 'base64url').toString()) as Record<string, unknown>;
}

/**
 * oidc-client-ts's UserManager (the OpenID Connect library of browser apps) against
 * the listening service in headless Chromium, as a public client (PKCE, no secret):
 * discovery from the page, sign-in redirect, the callback's code exchange and ID-token
 * checks, claims from userinfo, silent renew with the refresh token, sign-out redirect
 * through the end_session_endpoint and back.
 */
describe('oidc-client-ts UserManager in headless Chromium (public client)', function () {
  this.timeout(30_000);
  const session = withChromiumAndOpenIdProvider();
  let app: RunningApp;
  /** The UserManager's settings for the next page the app serves (each test sets them before its first page). */
  let settings: Record<string, unknown> = {};

  /** What every test gives the UserManager: a public client with PKCE, scope openid profile, no timers. */
  const baseSettings = () => ({
    authority: session.provider.issuer,
    client_id: 'spa',
    redirect_uri: `${app.origin}/callback`,
    post_logout_redirect_uri: `${app.origin}/signed-out`,
    response_type: 'code',
    scope: 'openid profile',
    automaticSilentRenew: false,
  });

  before(async () => {
    app = await startApp((req, res) => {
      const path = new URL(req.url ?? '/', 'http://app').pathname;
      if (path === '/oidc-client-ts.min.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(BUNDLE);
      if (['/', '/callback', '/signed-out'].includes(path)) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(appPage(settings));
      return res.writeHead(404).end();
    });
    await session.provider.register({
      id: 'spa',
      kind: 'public',
      redirectUris: [`${app.origin}/callback`],
      postLogoutRedirectUris: [`${app.origin}/signed-out`],
      scopes: ['openid', 'profile'],
      firstParty: true,
    });
  });

  after(() => app?.close());

  /** A page of its own (new context: no cookies, no storage), with the grant type of every token request it makes. */
  async function newAppPage(): Promise<{ page: Page; grants: string[] }> {
    const page = await session.browser.newPage({ locale: 'en-US' });
    page.setDefaultTimeout(10_000);
    const grants: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url() === `${session.provider.issuer}/oauth/token`) grants.push(new URLSearchParams(request.postData() ?? '').get('grant_type') ?? '');
    });
    return { page, grants };
  }

  /** signinRedirect from the app's home page, the service's form, and the callback page's signinRedirectCallback. */
  async function signIn(page: Page, nonce: string): Promise<Record<string, unknown>> {
    await page.goto(`${app.origin}/`);
    await redirectBy(page, `userManager.signinRedirect({ nonce: ${JSON.stringify(nonce)} })`);
    await page.waitForURL(`${session.provider.issuer}/oauth/authorize?**`);
    expect(await page.title()).to.equal('Sign in');
    await signInOnForm(page, 'admin');
    await page.waitForURL(`${app.origin}/callback?**`);
    const signedIn = await outcomeOf(page);
    expect(signedIn).to.include({ ok: true });
    return (signedIn as { value: Record<string, unknown> }).value;
  }

  it('signs in by redirect, renews with the refresh token, and signs out by redirect, ending the sign-in session', async () => {
    const { issuer } = session.provider;
    // authority alone: the page reads the discovery document itself (CORS: any origin may read it).
    settings = baseSettings();
    const { page, grants } = await newAppPage();

    const user = await signIn(page, 'n-0S6_WzA2Mj');
    // oidc-client-ts checked the state, exchanged the code with the PKCE verifier, and compared the nonce.
    expect(user.profile).to.deep.include({ sub: '1' });
    expect(payloadOf(user.id_token)).to.include({ iss: issuer, aud: 'spa', sub: '1', nonce: 'n-0S6_WzA2Mj' });
    expect(payloadOf(user.access_token)).to.include({ client_id: 'spa', sub: '1' });
    expect(user.scope).to.equal('openid profile');
    expect(user.refresh_token).to.be.a('string');
    expect(grants).to.deep.equal(['authorization_code']);

    // Silent renew: with a refresh token, oidc-client-ts calls the token endpoint (no iframe: none is configured).
    // It checks that the new ID token names the same sub and auth_time as the first.
    const renewed = (await page.evaluate('userManager.signinSilent().then(userOf)')) as Record<string, unknown>;
    expect(grants).to.deep.equal(['authorization_code', 'refresh_token']);
    expect(renewed.access_token).to.be.a('string').and.not.equal(user.access_token);
    expect(renewed.refresh_token).to.be.a('string').and.not.equal(user.refresh_token);
    expect(payloadOf(renewed.id_token)).to.include({ iss: issuer, aud: 'spa', sub: '1', auth_time: payloadOf(user.id_token).auth_time });
    expect(renewed.profile).to.deep.include({ sub: '1' });

    // Sign-out: to the end_session_endpoint with the ID token as hint, back to the registered URI with the state.
    const ends: URL[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${issuer}/oauth/logout?`)) ends.push(new URL(request.url()));
    });
    await redirectBy(page, "userManager.signoutRedirect({ state: 'bye' })");
    await page.waitForURL(`${app.origin}/signed-out?**`);
    expect(ends).to.have.length(1);
    expect(ends[0].searchParams.get('id_token_hint')).to.equal(renewed.id_token);
    expect(ends[0].searchParams.get('post_logout_redirect_uri')).to.equal(`${app.origin}/signed-out`);
    const signedOut = await outcomeOf(page);
    expect(signedOut, 'the state came back and matched the stored one').to.deep.equal({ ok: true, value: { userState: 'bye', error: null } });
    expect(await page.evaluate('userManager.getUser()')).to.equal(null);

    // The service's sign-in session ended: the next sign-in shows the form again.
    await redirectBy(page, 'userManager.signinRedirect()');
    await page.waitForURL(`${issuer}/oauth/authorize?**`);
    expect(await page.title()).to.equal('Sign in');
    await page.close();
  });

  // The ID token carries no profile claims (OIDC Core §5.4: userinfo answers them); a registered browser
  // app's origin may call userinfo (a GET with an Authorization header: a preflight first).
  it('loads the profile claims from userinfo into the user profile (loadUserInfo)', async () => {
    settings = { ...baseSettings(), loadUserInfo: true };
    const { page } = await newAppPage();
    const user = await signIn(page, 'n-userinfo');
    expect(user.profile).to.deep.include({ sub: '1', preferred_username: 'admin', name: '管理员', nickname: '管理员' });
    await page.close();
  });
});
