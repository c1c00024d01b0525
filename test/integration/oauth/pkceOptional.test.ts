import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import type { OAuthClientStore } from '../../../src/domain/ports/OAuthClientStore';
import { TYPES } from '../../../src/interfaces/composition/types';
import { authTestConfig } from '../../support/authTestServer';
import { AccountIdAuthenticator, signInThroughForm } from '../../support/authorizeSignIn';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { registeredClient } from '../../support/oauthClients';
import { basic, expectOAuthError } from '../../support/oauthTestHttp';

const AUTHORIZE = '/auth/oauth/authorize';
const TOKEN = '/auth/oauth/token';
const CALLBACK = 'https://rp.example.com/cb';
const ISSUER = 'http://localhost/auth';
const SECRET = 'web-secret-of-enough-length-0123456789';
const REQUIRED = { error: 'invalid_request', error_description: 'code_challenge is required (PKCE, RFC 7636)', state: 's-1', iss: ISSUER };

const callback = (res: request.Response) => Object.fromEntries(new URL(res.headers.location as string).searchParams);

/** Clients as a conformance suite registers them: confidential `web` (and `strict`, --require-pkce), public `spa`; all first-party (no consent page). */
async function serverWithClients(env: Record<string, string> = {}): Promise<AuthServer> {
  const auth = await buildAuthServer(authTestConfig({ AUTH_ISSUER: ISSUER, ...env }), {
    configure: (container) => container.rebind(TYPES.UserAuthenticator).toConstantValue(new AccountIdAuthenticator()),
  });
  const clients = auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore);
  const client = (id: string, kind: 'public' | 'confidential', requirePkce = false) =>
    registeredClient({ id, kind, redirectUris: [CALLBACK], scopes: ['openid', 'profile'], firstParty: true, requirePkce });
  await clients.add(client('web', 'confidential'), SECRET);
  await clients.add(client('strict', 'confidential', true), SECRET);
  await clients.add(client('spa', 'public'), null);
  return auth;
}

/**
 * PKCE as OAuth 2.1 §7.5.1 and RFC 9700 §2.1.1 allow it to be left out: a confidential client asking
 * for openid with a nonce (the ID token's nonce then stops an injected code) may go without, as the
 * conformance suite's basic plan does; a public client never; `--require-pkce` and AUTH_REQUIRE_PKCE=all
 * take the leeway away.
 */
describe('PKCE optional for a confidential OpenID client with a nonce, required everywhere else', () => {
  let auth: AuthServer;
  let session: string;

  const parameters = (overrides: Record<string, string> = {}) =>
    new URLSearchParams({ response_type: 'code', client_id: 'web', redirect_uri: CALLBACK, scope: 'openid profile', nonce: 'n-1', state: 's-1', ...overrides });
  const authorize = (query: URLSearchParams, server = auth) => request(server.server).get(`${AUTHORIZE}?${query}`).set('Cookie', session);
  const exchange = (code: string, extra: Record<string, string> = {}, client = 'web') =>
    request(auth.server).post(TOKEN).set('Authorization', basic(client, SECRET)).type('form').send({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK, ...extra });

  before(async () => {
    auth = await serverWithClients();
    const signedIn = await signInThroughForm(auth.server, AUTHORIZE, parameters(), { username: 'alice', password: 'right' });
    expect(signedIn.response.status).to.equal(303);
    session = signedIn.session!;
  });

  after(() => auth?.close());

  it('a confidential client with openid and a nonce gets a code without PKCE and exchanges it without code_verifier: the ID token carries the nonce', async () => {
    const { code } = callback(await authorize(parameters()).expect(302));
    expect(code).to.be.a('string');
    const res = await exchange(code).expect(200);
    expect(res.body).to.include.keys('access_token', 'id_token');
    const claims = JSON.parse(Buffer.from((res.body.id_token as string).split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    expect(claims).to.include({ nonce: 'n-1', aud: 'web', sub: 'alice' });
  });

  it('the sign-in form signs in without PKCE too: the code after the POST', async () => {
    const signedIn = await signInThroughForm(auth.server, AUTHORIZE, parameters({ nonce: 'n-2' }), { username: 'bob', password: 'right' });
    expect(signedIn.response.status).to.equal(303);
    expect(callback(signedIn.response)).to.have.keys('code', 'state', 'iss');
  });

  it('a code_verifier sent for a code issued without a challenge is invalid_grant', async () => {
    const { code } = callback(await authorize(parameters()).expect(302));
    expectOAuthError(await exchange(code, { code_verifier: randomBytes(32).toString('base64url') }), 400, 'invalid_grant');
  });

  it('without a nonce, or without openid, the confidential client must send PKCE', async () => {
    const withoutNonce = parameters();
    withoutNonce.delete('nonce');
    expect(callback(await authorize(withoutNonce).expect(302))).to.deep.equal(REQUIRED);
    expect(callback(await authorize(parameters({ scope: 'profile' })).expect(302))).to.deep.equal(REQUIRED);
  });

  it('a public client always must; so must a client registered --require-pkce', async () => {
    expect(callback(await authorize(parameters({ client_id: 'spa' })).expect(302))).to.deep.equal(REQUIRED);
    expect(callback(await authorize(parameters({ client_id: 'strict' })).expect(302))).to.deep.equal(REQUIRED);
  });

  it('a code asked for with PKCE still needs its verifier at the token endpoint', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const withPkce = parameters({ client_id: 'strict', code_challenge: challenge, code_challenge_method: 'S256' });
    const first = callback(await authorize(withPkce).expect(302));
    expectOAuthError(await exchange(first.code, {}, 'strict'), 400, 'invalid_grant');
    const second = callback(await authorize(withPkce).expect(302));
    await exchange(second.code, { code_verifier: verifier }, 'strict').expect(200);
  });

  it('AUTH_REQUIRE_PKCE=all refuses the confidential OpenID request without PKCE', async () => {
    const strictServer = await serverWithClients({ AUTH_REQUIRE_PKCE: 'all' });
    try {
      const res = await request(strictServer.server).get(`${AUTHORIZE}?${parameters()}`).expect(302);
      expect(callback(res)).to.deep.equal(REQUIRED);
    } finally {
      await strictServer.close();
    }
  });
});
