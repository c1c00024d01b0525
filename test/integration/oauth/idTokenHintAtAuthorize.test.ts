import { expect } from 'chai';
import request from 'supertest';
import type { OAuthClientStore } from '../../../src/domain/ports/OAuthClientStore';
import { TYPES } from '../../../src/interfaces/composition/types';
import { authTestConfig } from '../../support/authTestServer';
import { AccountIdAuthenticator, signInThroughForm } from '../../support/authorizeSignIn';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { FixedClock } from '../../support/FixedClock';
import { registeredClient } from '../../support/oauthClients';
import { basic } from '../../support/oauthTestHttp';

const AUTHORIZE = '/auth/oauth/authorize';
const CALLBACK = 'https://rp.example.com/cb';
const ISSUER = 'http://localhost/auth';
const SECRET = 'web-secret-of-enough-length-0123456789';

const callback = (res: request.Response) => Object.fromEntries(new URL(res.headers.location as string).searchParams);

/** OpenID Connect Core §3.1.2.1 `id_token_hint` at the authorization endpoint: ours (expired too), and whose. */
describe('id_token_hint at the authorization endpoint', () => {
  const clock = new FixedClock(new Date());
  let auth: AuthServer;
  let aliceSession: string;
  let aliceToken: string;
  let bobToken: string;

  const parameters = (overrides: Record<string, string> = {}) =>
    new URLSearchParams({ response_type: 'code', client_id: 'web', redirect_uri: CALLBACK, scope: 'openid', nonce: 'n-1', state: 's-1', ...overrides });
  const authorize = (overrides: Record<string, string>) => request(auth.server).get(`${AUTHORIZE}?${parameters(overrides)}`).set('Cookie', aliceSession);

  /** Signs `username` in through the form and exchanges the code: the session and the ID token. */
  async function signIn(username: string): Promise<{ session: string; idToken: string }> {
    const { response, session } = await signInThroughForm(auth.server, AUTHORIZE, parameters(), { username, password: 'right' });
    const { code } = callback(response);
    const tokens = await request(auth.server).post('/auth/oauth/token').set('Authorization', basic('web', SECRET)).type('form').send({ grant_type: 'authorization_code', code, redirect_uri: CALLBACK }).expect(200);
    return { session: session!, idToken: tokens.body.id_token as string };
  }

  before(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_ISSUER: ISSUER }), {
      configure: (container) => {
        container.rebind(TYPES.Clock).toConstantValue(clock);
        container.rebind(TYPES.UserAuthenticator).toConstantValue(new AccountIdAuthenticator());
      },
    });
    await auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore).add(registeredClient({ id: 'web', kind: 'confidential', redirectUris: [CALLBACK], scopes: ['openid'], firstParty: true }), SECRET);
    bobToken = (await signIn('bob')).idToken;
    ({ session: aliceSession, idToken: aliceToken } = await signIn('alice'));
  });

  after(() => auth?.close());

  it("a hint naming the signed-in user: the code at once, under prompt=none too", async () => {
    expect(callback(await authorize({ id_token_hint: aliceToken }).expect(302))).to.have.keys('code', 'state', 'iss');
    expect(callback(await authorize({ id_token_hint: aliceToken, prompt: 'none' }).expect(302))).to.have.keys('code', 'state', 'iss');
  });

  it('a hint naming another user: login_required under prompt=none, otherwise the sign-in form', async () => {
    expect(callback(await authorize({ id_token_hint: bobToken, prompt: 'none' }).expect(302))).to.deep.equal({
      error: 'login_required',
      error_description: 'the signed-in user is not the id_token_hint subject',
      state: 's-1',
      iss: ISSUER,
    });
    const form = await authorize({ id_token_hint: bobToken }).expect(200);
    expect(form.text).to.include('name="password"');
  });

  it('anything that is not an ID token of ours is invalid_request: garbage, a token with a changed payload', async () => {
    const [header, payload, signature] = aliceToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = [header, Buffer.from(JSON.stringify({ ...claims, sub: 'bob' })).toString('base64url'), signature].join('.');
    for (const hint of ['not-a-token', forged]) {
      expect(callback(await authorize({ id_token_hint: hint }).expect(302)), hint).to.deep.equal({
        error: 'invalid_request',
        error_description: 'id_token_hint is not an ID token issued to this client',
        state: 's-1',
        iss: ISSUER,
      });
    }
  });

  it('an expired hint still counts: it is a hint, it grants nothing', async () => {
    clock.advanceSeconds(3 * 3600);
    expect(callback(await authorize({ id_token_hint: aliceToken, prompt: 'none' }).expect(302))).to.have.keys('code', 'state', 'iss');
  });
});
