import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as client from 'openid-client';
import type { AuthServer } from '../../support/buildAuthServer';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { pkceAuthorizationUrl } from '../../support/pkceAuthorizationUrl';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';
import { enrolTotpOn } from '../../support/totpDevice';

const CALLBACK = 'http://127.0.0.1:9/callback';
const AVATAR = 'https://img.example/alice.png';

/** OIDC Core §3.1.3.6: the left half of SHA-256 of the access token (RS256), base64url. */
const atHashOf = (accessToken: string) => createHash('sha256').update(accessToken, 'ascii').digest().subarray(0, 16).toString('base64url');

/**
 * The service as an OpenID Provider (issue 34 points 1-3), against the
 * listening service with openid-client 6 in OpenID discovery mode: a sign-in
 * with `openid profile phone` and a nonce on one instance, the code exchanged,
 * userinfo read and the tokens refreshed on another instance on the same
 * database; the ID token checked by openid-client and by jose over the JWKS.
 */
for (const backend of STORE_BACKENDS) {
  describe(`OpenID Connect sign-in with openid-client 6 (${backend.name}, two instances)`, function () {
    this.timeout(30_000);
    const clock = new FixedClock(new Date());
    let instances: TwoInstancesOnOneStore;
    let auth: AuthServer;
    let origin: string;
    let otherOrigin: string;
    let issuer: string;
    const secrets: Record<string, string> = {};

    before(async () => {
      instances = await TwoInstancesOnOneStore.start(backend, clock, {
        issuerIsFirstInstance: true,
        register: async (commands) => {
          await commands.addUser('alice', '--nick', 'Alice A.', '--avatar', AVATAR, '--telephone', '+86 10 1234', '--email', 'alice@example.com');
          const register = async (id: string, ...flags: string[]) => {
            secrets[id] = await commands.addClient(id, '--redirect-uri', CALLBACK, '--confidential', '--first-party', ...flags);
          };
          await register('webapp', '--scope', 'openid', '--scope', 'profile', '--scope', 'email', '--scope', 'phone', '--grant', 'authorization_code', '--grant', 'refresh_token', '--grant', 'password');
          await register('plain', '--scope', 'profile');
        },
      });
      ({ first: auth, firstOrigin: origin, secondOrigin: otherOrigin, issuer } = instances);
    });

    after(() => instances?.dispose());

    /** openid-client in OpenID discovery mode (`/.well-known/openid-configuration`), the client authenticated by HTTP Basic. */
    const discover = (clientId: string) =>
      client.discovery(new URL(issuer), clientId, undefined, client.ClientSecretBasic(secrets[clientId]), { algorithm: 'oidc', execute: [client.allowInsecureRequests] });

    /** The same relying party, its back-channel requests sent to the other instance (same issuer, same database). */
    const onTheOtherInstance = (config: client.Configuration) => {
      config[client.customFetch] = (url, options) => fetch(url.replace(origin, otherOrigin), options as RequestInit);
      return config;
    };

    /** Signs alice in through the form on the first instance; the callback URL with the code. */
    async function signIn(config: client.Configuration, parameters: Record<string, string>): Promise<{ callback: URL; verifier: string; state: string }> {
      const { url, verifier, state } = await pkceAuthorizationUrl(config, CALLBACK);
      for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
      const browser = new FormBrowser();
      const page = await browser.get(url.href);
      expect(page.status).to.equal(200);
      const answer = await browser.submitForm(url.href, await page.text(), { username: 'alice', password: 'alice-pass' });
      expect(answer.status).to.equal(303);
      return { callback: new URL(answer.headers.get('location')!), verifier, state };
    }

    /** Where the authorization endpoint sends the browser at once (an error redirect, before any sign-in). */
    async function authorizationRedirect(config: client.Configuration, scope: string): Promise<URL> {
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: CALLBACK,
        code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
        scope,
      });
      const answer = await fetch(url, { redirect: 'manual' });
      expect(answer.status).to.equal(302);
      return new URL(answer.headers.get('location')!);
    }

    it('discovers an OpenID Provider: openid and the scopes with claims, public subjects, RS256 ID tokens, the claims it serves', async () => {
      const metadata = (await discover('webapp')).serverMetadata();
      expect(metadata.issuer).to.equal(issuer);
      expect(metadata.scopes_supported).to.deep.equal(['openid', 'profile', 'email', 'phone']);
      expect(metadata.response_types_supported).to.deep.equal(['code']);
      expect(metadata.response_modes_supported).to.deep.equal(['query']);
      expect(metadata.subject_types_supported).to.deep.equal(['public']);
      expect(metadata.id_token_signing_alg_values_supported).to.deep.equal(['RS256']);
      expect(metadata.code_challenge_methods_supported).to.deep.equal(['S256']);
      expect(metadata.claims_supported).to.include.members(['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'at_hash', 'sid', 'name', 'nickname', 'preferred_username', 'picture', 'phone_number']);
      expect(metadata.claims_supported).to.include.members(['email', 'email_verified']);
      expect(metadata.claims_supported).not.to.include('azp');
      const rfc8414 = await (await fetch(`${issuer}/.well-known/oauth-authorization-server`)).json();
      expect(rfc8414).to.deep.equal(await (await fetch(`${issuer}/.well-known/openid-configuration`)).json());
    });

    it('signs in with openid profile phone and a nonce: openid-client checks the ID token; userinfo and a refresh on the other instance', async () => {
      const config = onTheOtherInstance(await discover('webapp'));
      const nonce = client.randomNonce();
      const before = Math.floor(clock.now().getTime() / 1000);
      const { callback, verifier, state } = await signIn(config, { scope: 'openid profile phone', nonce });
      const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
      expect(tokens.scope).to.equal('openid profile phone');
      const claims = tokens.claims()!;
      const sub = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString()).sub as string;
      expect(claims).to.include({ iss: issuer, sub, aud: 'webapp', nonce, at_hash: atHashOf(tokens.access_token) });
      expect(claims.auth_time).to.be.within(before, before + 1);
      expect(claims.exp - claims.iat).to.equal(auth.config.oauthAccessTokenTtlSeconds);
      expect(Object.keys(claims)).to.deep.equal(['iss', 'sub', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'sid', 'acr', 'amr', 'at_hash']);
      expect(claims).to.deep.include({ acr: 'urn:auth-service:acr:password', amr: ['pwd'] });

      // jose over the JWKS: the service's key by kid, typ JWT.
      const { payload, protectedHeader } = await jwtVerify(tokens.id_token!, createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`)), {
        issuer,
        audience: 'webapp',
        typ: 'JWT',
        algorithms: ['RS256'],
      });
      expect(payload.sub).to.equal(sub);
      const jwks = (await (await fetch(`${issuer}/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string }> };
      expect(jwks.keys.map((key) => key.kid)).to.include(protectedHeader.kid);

      const info = await client.fetchUserInfo(config, tokens.access_token, sub);
      expect(Object.entries(info)).to.deep.equal([
        ['sub', sub],
        ['account', 'alice'],
        ['nickName', 'Alice A.'],
        ['userId', sub],
        ['userType', '4'],
        ['avatar', AVATAR],
        ['telephone', '+86 10 1234'],
        ['name', 'Alice A.'],
        ['nickname', 'Alice A.'],
        ['preferred_username', 'alice'],
        ['picture', AVATAR],
        ['phone_number', '+86 10 1234'],
      ]);

      // email: asked of the user store at userinfo (tokens carry none), never verified here.
      const emailNonce = client.randomNonce();
      const withEmail = await signIn(config, { scope: 'openid email', nonce: emailNonce });
      const emailTokens = await client.authorizationCodeGrant(config, withEmail.callback, { pkceCodeVerifier: withEmail.verifier, expectedState: withEmail.state, expectedNonce: emailNonce });
      expect(JSON.parse(Buffer.from(emailTokens.access_token.split('.')[1], 'base64url').toString())).not.to.have.property('email');
      expect(await client.fetchUserInfo(config, emailTokens.access_token, sub)).to.deep.include({ email: 'alice@example.com', email_verified: false });

      clock.advanceSeconds(5);
      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
      expect(refreshed.id_token).to.be.a('string').and.not.equal(tokens.id_token);
      const again = refreshed.claims()!;
      expect(again).to.include({ iss: issuer, sub, aud: 'webapp', auth_time: claims.auth_time, at_hash: atHashOf(refreshed.access_token) });
      expect(again).not.to.have.property('nonce');
      expect(again.iat).to.equal(claims.iat + 5);

      // A refresh narrowed to a scope without openid answers no ID token.
      const narrowed = await client.refreshTokenGrant(config, refreshed.refresh_token!, { scope: 'profile' });
      expect(narrowed.id_token).to.equal(undefined);
      expect(narrowed.scope).to.equal('profile');
    });

    it('the ID token is no access token: userinfo refuses it as a bearer (401 invalid_token)', async () => {
      const config = await discover('webapp');
      const nonce = client.randomNonce();
      const { callback, verifier, state } = await signIn(config, { scope: 'openid', nonce });
      const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
      expect(decodeProtectedHeader(tokens.id_token!).typ).to.equal('JWT');
      const res = await fetch(`${issuer}/oauth/userinfo`, { headers: { authorization: `Bearer ${tokens.id_token}` } });
      expect(res.status).to.equal(401);
      expect(res.headers.get('www-authenticate')).to.match(/^Bearer error="invalid_token"/);
      const info = await client.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
      expect(info, 'openid alone asks for no standard claim').not.to.have.property('name');
    });

    it('a code flow without openid (a client not registered for it) answers no ID token, and userinfo the fields profile releases (no telephone without phone)', async () => {
      const config = await client.discovery(new URL(issuer), 'plain', undefined, client.ClientSecretBasic(secrets.plain), {
        algorithm: 'oauth2',
        execute: [client.allowInsecureRequests],
      });
      const { callback, verifier, state } = await signIn(config, {});
      const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state });
      expect(tokens.id_token).to.equal(undefined);
      expect(tokens.scope).to.equal('profile');
      const sub = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString()).sub as string;
      expect(await client.fetchUserInfo(config, tokens.access_token, sub)).to.deep.equal({
        sub, account: 'alice', nickName: 'Alice A.', userId: sub, userType: '4', avatar: AVATAR,
      });
      const refused = await authorizationRedirect(config, 'openid');
      expect(refused.searchParams.get('error')).to.equal('invalid_scope');
      expect(refused.searchParams.get('error_description')).to.equal("the scope 'openid' may not be granted to this client");
    });

    it('the password grant with openid grants the scope (userinfo answers the standard claims) but issues no ID token', async () => {
      const config = await discover('webapp');
      const tokens = await client.genericGrantRequest(config, 'password', { username: 'alice', password: 'alice-pass', scope: 'openid profile' });
      expect(tokens.scope).to.equal('openid profile');
      expect(tokens.id_token).to.equal(undefined);
      const sub = JSON.parse(Buffer.from(tokens.access_token.split('.')[1], 'base64url').toString()).sub as string;
      expect(await client.fetchUserInfo(config, tokens.access_token, sub)).to.include({ sub, name: 'Alice A.', preferred_username: 'alice' });
    });

    // Last: alice holds a second factor from here on.
    it('signs a user with TOTP in through the second-factor page: openid-client receives amr pwd otp mfa and acr mfa, kept by a refresh on the other instance', async () => {
      const { device } = await enrolTotpOn(auth, 'alice', clock);
      const config = onTheOtherInstance(await discover('webapp'));
      const nonce = client.randomNonce();
      const { url, verifier, state } = await pkceAuthorizationUrl(config, CALLBACK);
      url.searchParams.set('scope', 'openid');
      url.searchParams.set('nonce', nonce);
      url.searchParams.set('acr_values', 'urn:auth-service:acr:mfa');
      const browser = new FormBrowser();
      const factorPage = await browser.submitForm(url.href, await (await browser.get(url.href)).text(), { username: 'alice', password: 'alice-pass' });
      expect(factorPage.status).to.equal(200);
      const answer = await browser.submitForm(url.href, await factorPage.text(), { otp: device.code(clock.now()) });
      expect(answer.status).to.equal(303);
      const tokens = await client.authorizationCodeGrant(config, new URL(answer.headers.get('location')!), { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
      expect(tokens.claims()).to.deep.include({ acr: 'urn:auth-service:acr:mfa', amr: ['pwd', 'otp', 'mfa'] });
      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
      expect(refreshed.claims()).to.deep.include({ acr: 'urn:auth-service:acr:mfa', amr: ['pwd', 'otp', 'mfa'] });
      const access = JSON.parse(Buffer.from(refreshed.access_token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
      expect(access).to.deep.include({ acr: 'urn:auth-service:acr:mfa', amr: ['pwd', 'otp', 'mfa'] });
    });
  });
}
