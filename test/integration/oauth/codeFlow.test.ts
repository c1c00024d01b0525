import { expect } from 'chai';
import * as client from 'openid-client';
import type { CachedRevocationView } from '../../../src/application/revocation/CachedRevocationView';
import { runUsersCommand } from '../../../src/interfaces/cli/usersCommand';
import type { usersCommandDeps } from '../../../src/interfaces/composition/usersCli';
import { TYPES } from '../../../src/interfaces/composition/types';
import type { AuthServer } from '../../support/buildAuthServer';
import { pkceAuthorizationUrl } from '../../support/pkceAuthorizationUrl';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const CALLBACK = 'http://127.0.0.1:9/callback';
const SPA_CALLBACK = 'http://localhost:9/spa/callback';

/**
 * The authorization code flow with PKCE, end to end: openid-client 6 (RFC 8414
 * discovery) against the listening service, the sign-in form submitted over
 * HTTP like a browser without scripts, then refreshes and reuse detection.
 */
for (const backend of STORE_BACKENDS) {
  describe(`Authorization code flow with PKCE, openid-client 6 against the listening service (${backend.name}, two instances)`, function () {
    this.timeout(30_000);
    const clock = new FixedClock(new Date());
    let instances: TwoInstancesOnOneStore;
    let auth: AuthServer;
    /** The second instance on the same store, with the same issuer. */
    let otherOrigin: string;
    let issuer: string;
    let webappSecret: string;
    /** Alice's password as it stands (one test changes it). */
    let alicePassword = 'alice-pass';
    let users: ReturnType<typeof usersCommandDeps>;

    async function cli(run: (out: (line: string) => void) => Promise<number>): Promise<string[]> {
      const out: string[] = [];
      expect(await run((line) => out.push(line))).to.equal(0);
      return out;
    }

    before(async () => {
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        issuerIsFirstInstance: true,
        register: async (commands) => {
          await commands.addUser('alice', '--nick', 'Alice');
          webappSecret = await commands.addClient('webapp', '--redirect-uri', CALLBACK, '--confidential', '--first-party');
          await commands.addClient('spa', '--redirect-uri', SPA_CALLBACK, '--public', '--first-party');
        },
      });
      ({ first: auth, secondOrigin: otherOrigin, issuer } = instances);
      users = instances.cli.usersDeps;
    });

    after(() => instances?.dispose());

    const discover = (clientId: string, authentication: client.ClientAuth) =>
      client.discovery(new URL(issuer), clientId, undefined, authentication, { algorithm: 'oauth2', execute: [client.allowInsecureRequests] });

    /** GET the authorization URL, sign in on the form, return the callback URL the browser is sent to. */
    async function signInThroughForm(browser: FormBrowser, url: URL, password = alicePassword): Promise<Response> {
      const page = await browser.get(url.href);
      expect(page.status).to.equal(200);
      expect(page.headers.get('content-type')).to.match(/^text\/html/);
      return browser.submitForm(url.href, await page.text(), { username: 'alice', password });
    }

    const authorizationUrl = (config: client.Configuration, redirectUri = CALLBACK) => pkceAuthorizationUrl(config, redirectUri);

    it('discovery (RFC 8414 mode) names the authorization endpoint, code, S256 and the grants', async () => {
      const metadata = (await discover('webapp', client.ClientSecretBasic(webappSecret))).serverMetadata();
      expect(metadata.authorization_endpoint).to.equal(`${issuer}/oauth/authorize`);
      expect(metadata.response_types_supported).to.deep.equal(['code']);
      expect(metadata.code_challenge_methods_supported).to.deep.equal(['S256']);
      expect(metadata.grant_types_supported).to.include.members(['authorization_code', 'refresh_token']);
      expect(metadata.token_endpoint_auth_methods_supported).to.include('none');
    });

    it('confidential client: form sign-in, code, tokens; two refreshes; the reused refresh token is refused and its family is dead', async () => {
      const config = await discover('webapp', client.ClientSecretBasic(webappSecret));
      const { url, verifier, state } = await authorizationUrl(config);
      const browser = new FormBrowser();
      const callback = await signInThroughForm(browser, url);
      expect(callback.status).to.equal(303);
      const location = new URL(callback.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).to.equal(CALLBACK);
      expect(location.searchParams.get('state')).to.equal(state);
      expect(location.searchParams.get('iss')).to.equal(issuer);

      const tokens = await client.authorizationCodeGrant(config, location, { pkceCodeVerifier: verifier, expectedState: state });
      expect(tokens.token_type).to.equal('bearer');
      const first = tokens.refresh_token!;
      const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString());
      expect(claims).to.include({ client_id: 'webapp' }).and.not.to.have.property('account');
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      // Registered for no scope: userinfo releases none of the user's fields (they follow the scopes).
      expect(info).to.deep.equal({ sub: claims.sub });

      const second = await client.refreshTokenGrant(config, first);
      const third = await client.refreshTokenGrant(config, second.refresh_token!);
      expect(new Set([first, second.refresh_token, third.refresh_token]).size).to.equal(3);
      await client.fetchUserInfo(config, third.access_token, claims.sub);

      const reuse = await client.refreshTokenGrant(config, first).then(
        () => null,
        (error: unknown) => error,
      );
      expect(reuse).to.be.instanceOf(client.ResponseBodyError);
      expect((reuse as client.ResponseBodyError).error).to.equal('invalid_grant');
      for (const access of [tokens.access_token, second.access_token, third.access_token]) {
        const refused = await client.fetchUserInfo(config, access, claims.sub).then(
          () => null,
          (error: unknown) => error,
        );
        expect(refused, 'a family access token after reuse').to.be.instanceOf(client.WWWAuthenticateChallengeError);
      }
      const dead = await client.refreshTokenGrant(config, third.refresh_token!).catch((error: unknown) => error);
      expect((dead as client.ResponseBodyError).error).to.equal('invalid_grant');
    });

    it('public client (no secret, PKCE): the session cookie lets a second authorization skip the form until sign-out', async () => {
      const config = await discover('spa', client.None());
      const browser = new FormBrowser();
      const firstRequest = await authorizationUrl(config, SPA_CALLBACK);
      const firstCallback = await signInThroughForm(browser, firstRequest.url);
      const tokens = await client.authorizationCodeGrant(config, new URL(firstCallback.headers.get('location')!), {
        pkceCodeVerifier: firstRequest.verifier,
        expectedState: firstRequest.state,
      });
      expect(tokens.refresh_token).to.be.a('string');
      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
      expect(refreshed.access_token).to.be.a('string');

      const again = await authorizationUrl(config, SPA_CALLBACK);
      const skipped = await browser.get(again.url.href);
      expect(skipped.status, 'no form the second time').to.equal(302);
      const next = await client.authorizationCodeGrant(config, new URL(skipped.headers.get('location')!), {
        pkceCodeVerifier: again.verifier,
        expectedState: again.state,
      });
      expect(next.access_token).to.be.a('string');

      expect((await browser.post(`${issuer}/oauth/signout`)).status).to.equal(204);
      const afterSignOut = await browser.get((await authorizationUrl(config, SPA_CALLBACK)).url.href);
      expect(afterSignOut.status, 'the form again after sign-out').to.equal(200);
    });

    it('users passwd ends the sign-in sessions of that user: the form again', async () => {
      const config = await discover('spa', client.None());
      const browser = new FormBrowser();
      await signInThroughForm(browser, (await authorizationUrl(config, SPA_CALLBACK)).url);
      expect((await browser.get((await authorizationUrl(config, SPA_CALLBACK)).url.href)).status).to.equal(302);
      alicePassword = 'alice-new-pass';
      await cli((out) => runUsersCommand(['passwd', 'alice', '--password-stdin'], { ...users, readStdin: async () => `${alicePassword}\n`, out, err: out }));
      expect((await browser.get((await authorizationUrl(config, SPA_CALLBACK)).url.href)).status).to.equal(200);
      // The lock-out covers the second it was written in (iat has second precision): a new sign-in counts from the next.
      clock.advanceSeconds(1);
    });

    it('two instances on one store: the code from one is exchanged at the other, refreshes alternate, reuse is caught by either', async () => {
      const atFirst = await discover('webapp', client.ClientSecretBasic(webappSecret));
      const atOther = await discover('webapp', client.ClientSecretBasic(webappSecret));
      // Same issuer and metadata, but every request goes to the second instance.
      const firstOrigin = new URL(issuer).origin;
      atOther[client.customFetch] = (url, options) => fetch(url.replace(firstOrigin, otherOrigin), options as RequestInit);
      const { url, verifier, state } = await authorizationUrl(atFirst);
      const callback = await signInThroughForm(new FormBrowser(), url);
      const tokens = await client.authorizationCodeGrant(atOther, new URL(callback.headers.get('location')!), { pkceCodeVerifier: verifier, expectedState: state });
      const second = await client.refreshTokenGrant(atFirst, tokens.refresh_token!);
      const third = await client.refreshTokenGrant(atOther, second.refresh_token!);
      const reuse = await client.refreshTokenGrant(atOther, second.refresh_token!).catch((error: unknown) => error);
      expect((reuse as client.ResponseBodyError).error).to.equal('invalid_grant');
      const dead = await client.refreshTokenGrant(atFirst, third.refresh_token!).catch((error: unknown) => error);
      expect((dead as client.ResponseBodyError).error).to.equal('invalid_grant');
      // The first instance learns of the revocations at its next sync (AUTH_REVOCATION_SYNC_SECONDS).
      await auth.container.get<CachedRevocationView>(TYPES.RevocationView).refresh();
      const refused = await client.fetchUserInfo(atFirst, third.access_token, client.skipSubjectCheck).catch((error: unknown) => error);
      expect(refused).to.be.instanceOf(client.WWWAuthenticateChallengeError);
    });
  });
}
