import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import * as client from 'openid-client';
import request from 'supertest';
import type { CachedRevocationView } from '../../../src/application/revocation/CachedRevocationView';
import type { KeyRing } from '../../../src/domain/model/KeyRing';
import { privateKeyFromText } from '../../../src/infrastructure/crypto/keyText';
import { TYPES } from '../../../src/interfaces/composition/types';
import type { AuthServer } from '../../support/buildAuthServer';
import { FixedClock } from '../../support/FixedClock';
import { FormBrowser } from '../../support/formBrowser';
import { basic, expectOAuthError } from '../../support/oauthTestHttp';
import { pkceAuthorizationUrl } from '../../support/pkceAuthorizationUrl';
import { STORE_BACKENDS } from '../../support/storeBackends';
import { signingKey } from '../../support/testKeys';
import { TwoInstancesOnOneStore } from '../../support/TwoInstancesOnOneStore';

const INTROSPECT = '/auth/oauth/introspect';
const TOKEN = '/auth/oauth/token';
const CALLBACK = 'http://127.0.0.1:9/callback';
/** A resource service (AUTH_CLIENTS) that introspects, and an app that gets tokens; the secret needs RFC 6749 §2.3.1 form-encoding. */
const GATEWAY = { id: 'gateway', secret: 'gateway s3cret & more' };
const SVC = { id: 'svc', secret: 'svc-secret' };
/** Every member an answer may have (RFC 7662 §2.2 as the service answers it). */
const MEMBERS = ['active', 'scope', 'client_id', 'sub', 'aud', 'exp', 'iat', 'iss', 'token_type', 'jti', 'username'];

type Claims = Record<string, unknown>;
const claimsOf = (token: string): Claims => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Claims;

/**
 * RFC 7662 introspection against the listening service: two instances on one
 * SQLite store, tokens from every grant (password, authorization code with
 * openid-client, client_credentials, the login endpoint), revocation and
 * expiry, refresh tokens bound to their client, client authentication.
 */
describe('RFC 7662 token introspection (two instances on one store)', function () {
  this.timeout(60_000);
  const clock = new FixedClock(new Date());
  let instances: TwoInstancesOnOneStore;
  let auth: AuthServer;
  let other: AuthServer;
  let issuer: string;
  let webappSecret: string;

  before(async () => {
    instances = await TwoInstancesOnOneStore.start(STORE_BACKENDS[0], clock, {
      issuerIsFirstInstance: true,
      env: {
        // The tests sign in as admin with any password (the stub user store), not as users of the store.
        AUTH_USER_STORE: 'stub',
        AUTH_CLIENTS: [GATEWAY, SVC].map(({ id, secret }) => `${id}:${secret}`).join(','),
        // This file sends failing requests from one address on purpose; introspectionLimits.test.ts tests the limits.
        AUTH_LOGIN_MAX_ATTEMPTS: '1000',
      },
      // The registered apps of the code flow, added as `npm run clients` would.
      register: async (commands) => {
        webappSecret = await commands.addClient('webapp', '--redirect-uri', CALLBACK, '--confidential', '--first-party');
        await commands.addClient('spa', '--redirect-uri', CALLBACK, '--public', '--first-party');
      },
    });
    ({ first: auth, second: other, issuer } = instances);
  });

  after(() => instances?.dispose());

  /** Introspects as `by` with HTTP Basic (client_secret_basic), at `at`. */
  const introspect = (body: Record<string, string>, by = GATEWAY, at = auth) =>
    request(at.server).post(INTROSPECT).set('Authorization', basic(by.id, by.secret)).type('form').send(body);
  /** The same with the credentials in the body (client_secret_post). */
  const introspectPost = (body: Record<string, string>, by = GATEWAY) =>
    request(auth.server)
      .post(INTROSPECT)
      .type('form')
      .send({ ...body, client_id: by.id, client_secret: by.secret });
  const passwordGrant = async (by = SVC) =>
    (await request(auth.server).post(TOKEN).set('Authorization', basic(by.id, by.secret)).type('form').send({ grant_type: 'password', username: 'admin', password: 'x' }).expect(200))
      .body as { access_token: string; refresh_token: string };
  const clientToken = async () =>
    (await request(auth.server).post(TOKEN).set('Authorization', basic(SVC.id, SVC.secret)).type('form').send({ grant_type: 'client_credentials' }).expect(200)).body
      .access_token as string;

  /** An active answer: 200, not cached, only RFC 7662 members, each the token's own claim. */
  function expectActive(res: request.Response, token: string): Record<string, unknown> {
    expect(res.status, res.text).to.equal(200);
    expect(res.headers['cache-control']).to.equal('no-store');
    const claims = claimsOf(token);
    const body = res.body as Record<string, unknown>;
    expect(body.active).to.equal(true);
    expect(Object.keys(body).every((name) => MEMBERS.includes(name)), Object.keys(body).join()).to.equal(true);
    expect(body).to.include({ sub: claims.sub, exp: claims.exp, iat: claims.iat, iss: issuer, jti: claims.jti, token_type: 'Bearer' });
    for (const name of ['scope', 'client_id', 'aud']) expect(body[name], name).to.deep.equal(claims[name]);
    expect(body.username).to.equal(claims.account);
    return body;
  }

  function expectInactive(res: request.Response): void {
    expect(res.status, res.text).to.equal(200);
    expect(res.headers['cache-control']).to.equal('no-store');
    expect(res.body).to.deep.equal({ active: false });
  }

  it('is advertised in both discovery documents, with the two secret methods', async () => {
    for (const path of ['/auth/.well-known/openid-configuration', '/auth/.well-known/oauth-authorization-server']) {
      const metadata = (await request(auth.server).get(path).expect(200)).body as Record<string, unknown>;
      expect(metadata.introspection_endpoint, path).to.equal(`${issuer}/oauth/introspect`);
      expect(metadata.introspection_endpoint_auth_methods_supported, path).to.deep.equal(['client_secret_basic', 'client_secret_post', 'private_key_jwt']);
    }
  });

  it("answers a password-grant user token (another client's) with its claims and username, by Basic and by post alike", async () => {
    const { access_token: token } = await passwordGrant();
    const body = expectActive(await introspect({ token }), token);
    expect(body).to.include({ client_id: SVC.id, username: 'admin' });
    expect(body).not.to.have.any.keys('nickName', 'userId', 'userType', 'account');
    expect((await introspectPost({ token })).body).to.deep.equal(body);
    // The key order of RFC 7662 as the issue lists it.
    const order = Object.keys(body);
    expect(order).to.deep.equal(MEMBERS.filter((name) => order.includes(name)));
  });

  it("answers a client_credentials token: the client's sub and client_id, no username", async () => {
    const token = await clientToken();
    const body = expectActive(await introspect({ token }), token);
    expect(body).to.include({ sub: SVC.id, client_id: SVC.id });
    expect(body).not.to.have.property('username');
  });

  it("answers the login endpoint's token (issued to no client) without client_id", async () => {
    const token = (await request(auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200)).body.data.access_token as string;
    const body = expectActive(await introspect({ token }), token);
    expect(body).not.to.have.property('client_id');
  });

  it('answers tokens of the authorization code flow (openid-client): the access token to any client, the refresh token to its own only', async () => {
    const config = await client.discovery(new URL(issuer), 'webapp', undefined, client.ClientSecretBasic(webappSecret), {
      algorithm: 'oauth2',
      execute: [client.allowInsecureRequests],
    });
    const { url, verifier, state } = await pkceAuthorizationUrl(config, CALLBACK);
    const browser = new FormBrowser();
    const page = await browser.get(url.href);
    const callback = await browser.submitForm(url.href, await page.text(), { username: 'admin', password: 'x' });
    const tokens = await client.authorizationCodeGrant(config, new URL(callback.headers.get('location')!), { pkceCodeVerifier: verifier, expectedState: state });
    expect(expectActive(await introspect({ token: tokens.access_token }), tokens.access_token)).to.include({ client_id: 'webapp' }).and.not.to.have.property('username');
    const webapp = { id: 'webapp', secret: webappSecret };
    expect((await introspect({ token: tokens.refresh_token! }, webapp)).body).to.include({ active: true, client_id: 'webapp', token_type: 'refresh_token' });
    expectInactive(await introspect({ token: tokens.refresh_token! }));
  });

  it('answers a refresh token to its own client only, without spending it: it still refreshes, and the used one is inactive', async () => {
    const start = Math.floor(clock.now().getTime() / 1000);
    const { refresh_token: token } = await passwordGrant();
    for (const hint of [{}, { token_type_hint: 'refresh_token' }, { token_type_hint: 'access_token' }] as Array<Record<string, string>>) {
      const res = await introspect({ token, ...hint }, SVC);
      expect(res.status).to.equal(200);
      expect(res.headers['cache-control']).to.equal('no-store');
      expect(Object.keys(res.body)).to.deep.equal(['active', 'client_id', 'sub', 'exp', 'iat', 'token_type']);
      expect(res.body).to.include({ active: true, client_id: SVC.id, sub: '1', iat: start, token_type: 'refresh_token' });
      expect(res.body.exp).to.be.above(start);
    }
    expectInactive(await introspect({ token }, GATEWAY));
    expectInactive(await introspect({ token }, GATEWAY, other));
    const next = (await request(auth.server).post(TOKEN).set('Authorization', basic(SVC.id, SVC.secret)).type('form').send({ grant_type: 'refresh_token', refresh_token: token }).expect(200))
      .body.refresh_token as string;
    expectInactive(await introspect({ token }, SVC));
    expect((await introspect({ token: next }, SVC, other)).body).to.include({ active: true });
  });

  it('answers a revoked access token (RFC 7009) as inactive at once on the revoking instance, and on the other after its sync', async () => {
    for (const token of [(await passwordGrant()).access_token, await clientToken()]) {
      expect((await introspect({ token }, GATEWAY, other)).body).to.include({ active: true });
      await request(auth.server).post('/auth/oauth/revoke').set('Authorization', basic(SVC.id, SVC.secret)).type('form').send({ token }).expect(200);
      expectInactive(await introspect({ token }));
      // What the other instance's AUTH_REVOCATION_SYNC_SECONDS timer does.
      await other.container.get<CachedRevocationView>(TYPES.RevocationView).refresh();
      expectInactive(await introspect({ token }, GATEWAY, other));
    }
  });

  it('answers a revoked refresh token as inactive, with the access tokens of its family', async () => {
    const { access_token: access, refresh_token: refresh } = await passwordGrant();
    await request(auth.server).post('/auth/oauth/revoke').set('Authorization', basic(SVC.id, SVC.secret)).type('form').send({ token: refresh }).expect(200);
    expectInactive(await introspect({ token: refresh }, SVC));
    expectInactive(await introspect({ token: access }));
  });

  it('answers garbage, foreign and over-long tokens as inactive (200), whatever the hint', async () => {
    const genuine = (await passwordGrant()).access_token;
    const ring = auth.container.get<KeyRing>(TYPES.KeyRing);
    const key = ring.activeKey();
    const claims = claimsOf(genuine);
    const foreign = signingKey('rsa');
    const tokens = [
      'x',
      'a.b.c',
      'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXhx',
      `${genuine}x`,
      jwt.sign({ ...claims }, privateKeyFromText(foreign.privateKey), { algorithm: 'RS256', keyid: key.kid, noTimestamp: true }),
      jwt.sign({ ...claims, iss: 'https://another-issuer.example' }, privateKeyFromText(key.privateKey), { algorithm: 'RS256', keyid: key.kid, noTimestamp: true }),
      'y'.repeat(10_000),
    ];
    for (const token of tokens) {
      for (const hint of [{}, { token_type_hint: 'refresh_token' }, { token_type_hint: 'no_such_type' }] as Array<Record<string, string>>) expectInactive(await introspect({ token, ...hint }));
    }
  });

  it('answers an expired access token as inactive', async () => {
    const token = await clientToken();
    expect((await introspect({ token })).body).to.include({ active: true });
    clock.advanceSeconds((claimsOf(token).exp as number) - Math.floor(clock.now().getTime() / 1000) + auth.config.clockToleranceSeconds + 1);
    expectInactive(await introspect({ token }));
  });

  it('refuses a request without a token with 400 invalid_request, and a body that is not a form', async () => {
    expectOAuthError(await introspect({}), 400, 'invalid_request');
    expectOAuthError(await introspect({ token_type_hint: 'access_token' }), 400, 'invalid_request');
    expectOAuthError(await request(auth.server).post(INTROSPECT).set('Authorization', basic(GATEWAY.id, GATEWAY.secret)).send({ token: 'x' }), 400, 'invalid_request');
  });

  it('refuses a caller without valid client credentials with 401 invalid_client and a Basic challenge, whichever method it used', async () => {
    const token = await clientToken();
    const refusals = [
      request(auth.server).post(INTROSPECT).type('form').send({ token }),
      introspect({ token }, { id: GATEWAY.id, secret: 'wrong' }),
      introspect({ token }, { id: 'nobody', secret: GATEWAY.secret }),
      introspectPost({ token }, { id: GATEWAY.id, secret: 'wrong' }),
      // A public client names itself with its id alone: that proves nothing.
      request(auth.server).post(INTROSPECT).type('form').send({ token, client_id: 'spa' }),
      introspect({ token }, { id: 'spa', secret: 'anything' }),
    ];
    for (const res of await Promise.all(refusals)) {
      expectOAuthError(res, 401, 'invalid_client');
      expect(res.headers['www-authenticate']).to.match(/^Basic realm="/);
    }
  });
});
