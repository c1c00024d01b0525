import { createHash, createPublicKey, randomBytes, type JsonWebKey } from 'node:crypto';
import { expect } from 'chai';
import express from 'express';
import { expressjwt } from 'express-jwt';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import request from 'supertest';
import type { OAuthClientStore } from '../../../src/domain/ports/OAuthClientStore';
import { TYPES } from '../../../src/interfaces/composition/types';
import { authTestConfig } from '../../support/authTestServer';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { freePort } from '../../support/freePort';
import { FormBrowser } from '../../support/formBrowser';
import { registeredClient } from '../../support/oauthClients';

const ORDERS = 'https://orders.example';
const BILLING = 'https://billing.example/api';
const APP = { id: 'orders-app', secret: 'orders-app-secret' };
const WEB = { id: 'web-app', secret: 'web-app-secret' };
const PORTAL = { id: 'portal', secret: 'portal-secret', callback: 'https://portal.example/cb' };
const INSECURE = { [oauth.allowInsecureRequests]: true } as const;

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Issue 33 points 2–4 against the listening service: scopes, audiences (RFC 8707) and RFC 9068 access tokens, checked by jose, oauth4webapi and express-jwt. */
describe('tokens for one purpose: scopes, audiences, RFC 9068 access tokens', () => {
  let auth: AuthServer;
  let issuer: string;
  const token = (form: Record<string, string | string[]>, client = APP) =>
    request(auth.server).post('/auth/oauth/token').auth(client.id, client.secret).type('form').send(new URLSearchParams(Object.entries(form).flatMap(([k, v]): [string, string][] => (Array.isArray(v) ? v.map((one): [string, string] => [k, one]) : [[k, v]]))).toString());

  before(async () => {
    const port = await freePort();
    issuer = `http://127.0.0.1:${port}/auth`;
    auth = await buildAuthServer(authTestConfig({ AUTH_ISSUER: issuer, AUTH_LOGIN_MAX_ATTEMPTS: '1000' }));
    await auth.listen(port);
    const clients = auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore);
    await clients.add(
      registeredClient({ id: APP.id, kind: 'confidential', redirectUris: [], grants: ['client_credentials', 'password', 'refresh_token'], scopes: ['orders:read', 'orders:write'], resources: [ORDERS, BILLING] }),
      APP.secret,
    );
    await clients.add(registeredClient({ id: WEB.id, kind: 'confidential', redirectUris: ['https://web.example/cb'], grants: ['password', 'refresh_token'] }), WEB.secret);
    await clients.add(
      registeredClient({ id: PORTAL.id, kind: 'confidential', redirectUris: [PORTAL.callback], scopes: ['orders:read', 'profile'], resources: [ORDERS, BILLING], firstParty: true }),
      PORTAL.secret,
    );
  });
  after(() => auth?.close());

  it('client_credentials without scope or resource: every registered scope in the answer and the token, aud the registered resources, at+jwt', async () => {
    const res = await token({ grant_type: 'client_credentials' }).expect(200);
    expect(Object.keys(res.body as object)).to.deep.equal(['access_token', 'token_type', 'expires_in', 'scope']);
    expect(res.body.scope).to.equal('orders:read orders:write');
    expect(decodeProtectedHeader(res.body.access_token as string).typ).to.equal('at+jwt');
    expect(claimsOf(res.body.access_token as string)).to.deep.include({ sub: APP.id, client_id: APP.id, aud: [ORDERS, BILLING], scope: 'orders:read orders:write', iss: issuer });
  });

  it('a subset of scopes and one resource: exactly those, aud kept as registered (no trailing slash added)', async () => {
    const res = await token({ grant_type: 'client_credentials', scope: 'orders:read', resource: ORDERS }).expect(200);
    expect(res.body.scope).to.equal('orders:read');
    expect(claimsOf(res.body.access_token as string)).to.deep.include({ aud: ORDERS, scope: 'orders:read' });
  });

  it('refuses a scope or a resource not registered for the client: 400 invalid_scope / invalid_target', async () => {
    expect((await token({ grant_type: 'client_credentials', scope: 'orders:read admin' }).expect(400)).body.error).to.equal('invalid_scope');
    expect((await token({ grant_type: 'client_credentials', scope: 'openid' }).expect(400)).body.error).to.equal('invalid_scope');
    expect((await token({ grant_type: 'client_credentials', resource: `${ORDERS}/` }).expect(400)).body.error).to.equal('invalid_target');
    expect((await token({ grant_type: 'password', username: 'admin', password: 'any', scope: 'x' }, WEB).expect(400)).body.error).to.equal('invalid_scope');
  });

  it('a refresh narrows the scope and never widens it (RFC 6749 §6)', async () => {
    const first = await token({ grant_type: 'password', username: 'admin', password: 'any', scope: 'orders:read orders:write', resource: ORDERS }).expect(200);
    expect(first.body.scope).to.equal('orders:read orders:write');
    const narrowed = await token({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token as string, scope: 'orders:read' }).expect(200);
    expect(narrowed.body.scope).to.equal('orders:read');
    expect(claimsOf(narrowed.body.access_token as string)).to.deep.include({ scope: 'orders:read', aud: ORDERS, client_id: APP.id }).and.not.to.have.property('account');
    // The family keeps the whole grant: the next refresh may ask for all of it again, but not for more.
    const whole = await token({ grant_type: 'refresh_token', refresh_token: narrowed.body.refresh_token as string }).expect(200);
    expect(whole.body.scope).to.equal('orders:read orders:write');
    const wider = await token({ grant_type: 'refresh_token', refresh_token: whole.body.refresh_token as string, resource: BILLING }).expect(400);
    expect(wider.body.error).to.equal('invalid_target');
  });

  it('a client registered without resources gets its own id as the audience; the seed login keeps typ JWT, no aud, no scope', async () => {
    const web = await token({ grant_type: 'password', username: 'admin', password: 'any' }, WEB).expect(200);
    expect(web.body).not.to.have.property('scope');
    expect(claimsOf(web.body.access_token as string)).to.deep.include({ aud: WEB.id, client_id: WEB.id });
    const seed = await request(auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'any' }).expect(200);
    const seedToken = (seed.body as { data: { access_token: string } }).data.access_token;
    expect(decodeProtectedHeader(seedToken).typ).to.equal('JWT');
    expect(claimsOf(seedToken)).not.to.have.any.keys('aud', 'scope', 'client_id');
  });

  it('jose jwtVerify with typ at+jwt and the audience, and oauth4webapi validateJwtAccessToken, accept the tokens', async () => {
    const issued = (await token({ grant_type: 'client_credentials', resource: ORDERS }).expect(200)).body.access_token as string;
    const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(issued, jwks, { issuer, audience: ORDERS, typ: 'at+jwt' });
    expect(protectedHeader.typ).to.equal('at+jwt');
    expect(payload.client_id).to.equal(APP.id);
    let refused: unknown;
    await jwtVerify(issued, jwks, { issuer, audience: BILLING, typ: 'at+jwt' }).catch((error: unknown) => (refused = error));
    expect((refused as { code?: string }).code).to.equal('ERR_JWT_CLAIM_VALIDATION_FAILED');

    const as = await oauth.processDiscoveryResponse(new URL(issuer), await oauth.discoveryRequest(new URL(issuer), { algorithm: 'oauth2', ...INSECURE }));
    const userToken = (await token({ grant_type: 'password', username: 'admin', password: 'any', resource: ORDERS }).expect(200)).body.access_token as string;
    for (const bearer of [issued, userToken]) {
      const claims = await oauth.validateJwtAccessToken(as, new Request(`${ORDERS}/orders`, { headers: { authorization: `Bearer ${bearer}` } }), ORDERS, INSECURE);
      expect(claims.client_id).to.equal(APP.id);
    }
  });

  it('express-jwt with the audience accepts the token meant for it and refuses one meant for another service', async () => {
    const keys = (await request(auth.server).get('/auth/.well-known/jwks.json').expect(200)).body as { keys: JsonWebKey[] };
    const publicKey = createPublicKey({ key: keys.keys[keys.keys.length - 1], format: 'jwk' }).export({ format: 'pem', type: 'spki' }).toString();
    const orders = express()
      .use(expressjwt({ secret: publicKey, algorithms: ['RS256'], audience: ORDERS, issuer }))
      .get('/orders', (req, res) => res.json({ client: (req as unknown as { auth: { client_id: string } }).auth.client_id }))
      .use((error: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => res.status(error.status ?? 500).end());
    const forOrders = (await token({ grant_type: 'client_credentials', resource: ORDERS }).expect(200)).body.access_token as string;
    const forBilling = (await token({ grant_type: 'client_credentials', resource: BILLING }).expect(200)).body.access_token as string;
    expect((await request(orders).get('/orders').set('Authorization', `Bearer ${forOrders}`).expect(200)).body).to.deep.equal({ client: APP.id });
    await request(orders).get('/orders').set('Authorization', `Bearer ${forBilling}`).expect(401);
  });

  describe('the authorization endpoint (code flow with PKCE)', () => {
    const verifier = randomBytes(32).toString('base64url');
    const authorizeUrl = (extra: Record<string, string | string[]>) => {
      const url = new URL(`${issuer}/oauth/authorize`);
      const base = { response_type: 'code', client_id: PORTAL.id, redirect_uri: PORTAL.callback, state: 'st-1', code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' };
      for (const [name, value] of Object.entries({ ...base, ...extra })) for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(name, one);
      return url.href;
    };

    it('sends a scope or a resource not registered for the client back as an error redirect with state and iss', async () => {
      for (const [extra, error] of [[{ scope: 'orders:read admin' }, 'invalid_scope'], [{ resource: `${ORDERS}/` }, 'invalid_target']] as const) {
        const res = await fetch(authorizeUrl(extra), { redirect: 'manual' });
        expect(res.status).to.equal(302);
        const location = new URL(res.headers.get('location')!);
        expect(`${location.origin}${location.pathname}`).to.equal(PORTAL.callback);
        expect(location.searchParams.get('error')).to.equal(error);
        expect(location.searchParams.get('state')).to.equal('st-1');
        expect(location.searchParams.get('iss')).to.equal(issuer);
      }
    });

    it("carries the scope and resources asked through the sign-in form into the code's tokens; the exchange may narrow the resources, never widen", async () => {
      const url = authorizeUrl({ scope: 'orders:read', resource: [ORDERS, BILLING] });
      const browser = new FormBrowser();
      const page = await browser.get(url);
      const callback = await browser.submitForm(url, await page.text(), { username: 'admin', password: 'any' });
      expect(callback.status).to.equal(303);
      const code = new URL(callback.headers.get('location')!).searchParams.get('code')!;
      const exchanged = await token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: PORTAL.callback, resource: ORDERS }, PORTAL).expect(200);
      expect(exchanged.body.scope).to.equal('orders:read');
      expect(decodeProtectedHeader(exchanged.body.access_token as string).typ).to.equal('at+jwt');
      expect(claimsOf(exchanged.body.access_token as string)).to.deep.include({ aud: ORDERS, scope: 'orders:read', client_id: PORTAL.id }).and.not.to.have.property('account');
      // The family keeps the authorization request's grant: a refresh may have both resources, not the unasked profile scope
      // (a standard OpenID scope: left out of the grant, not refused).
      const refreshed = await token({ grant_type: 'refresh_token', refresh_token: exchanged.body.refresh_token as string }, PORTAL).expect(200);
      expect(claimsOf(refreshed.body.access_token as string)).to.deep.include({ aud: [ORDERS, BILLING], scope: 'orders:read' });
      const widened = await token({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token as string, scope: 'orders:read profile' }, PORTAL).expect(200);
      expect(widened.body.scope).to.equal('orders:read');
      const beyond = await token({ grant_type: 'refresh_token', refresh_token: widened.body.refresh_token as string, scope: 'orders:read orders:write' }, PORTAL).expect(400);
      expect(beyond.body.error).to.equal('invalid_scope');
    });
  });
});
