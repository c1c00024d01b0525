import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import type { OAuthClientStore } from '../../../src/domain/ports/OAuthClientStore';
import { TYPES } from '../../../src/interfaces/composition/types';
import { authTestConfig } from '../../support/authTestServer';
import { AccountIdAuthenticator, signInThroughForm } from '../../support/authorizeSignIn';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { registeredClient } from '../../support/oauthClients';

const AUTHORIZE = '/auth/oauth/authorize';
const CALLBACK = 'https://app.example.com/callback';
const ISSUER = 'http://localhost/auth';

/**
 * What the OpenID Foundation's conformance suite asks of the authorization endpoint's forms: a
 * POST carrying the request is read as its GET (Core §3.1.2.1), request objects are refused with
 * their own codes (§6.1–6.2), a response_mode other than query is invalid_request, and discovery says so.
 */
describe('The authorization endpoint: POST as GET, request objects, response_mode, and discovery', () => {
  let auth: AuthServer;
  let session: string;

  const parameters = (overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      response_type: 'code',
      client_id: 'webapp',
      redirect_uri: CALLBACK,
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
      scope: 'openid',
      state: 's-1',
      ...overrides,
    });
  const callback = (res: request.Response) => Object.fromEntries(new URL(res.headers.location as string).searchParams);
  const post = (body: URLSearchParams, cookie?: string) => {
    const req = request(auth.server).post(AUTHORIZE).type('form');
    return (cookie === undefined ? req : req.set('Cookie', cookie)).send(body.toString());
  };

  before(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_ISSUER: ISSUER }), {
      configure: (container) => container.rebind(TYPES.UserAuthenticator).toConstantValue(new AccountIdAuthenticator()),
    });
    await auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore).add(registeredClient({ id: 'webapp', kind: 'public', redirectUris: [CALLBACK], scopes: ['openid'], firstParty: true }), null);
    const signedIn = await signInThroughForm(auth.server, AUTHORIZE, parameters(), { username: 'alice', password: 'right' });
    expect(signedIn.response.status).to.equal(303);
    session = signedIn.session!;
  });

  after(() => auth?.close());

  describe('a form POST of the request is answered as its GET (OpenID Connect Core §3.1.2.1)', () => {
    it('without a session: the sign-in form, as the GET shows it, not the expired-form refusal', async () => {
      const res = await post(parameters()).expect(200);
      expect(res.text).to.include('name="csrf_token"').and.include('name="password"');
      expect(res.headers['set-cookie']).to.satisfy((lines: string[]) => lines.some((line) => line.startsWith('auth_csrf=')));
    });

    it('with a session: the code at once (302, as the GET); prompt=none without one: login_required', async () => {
      expect(callback(await post(parameters(), session).expect(302))).to.have.keys('code', 'state', 'iss');
      expect(callback(await post(parameters({ prompt: 'none' })).expect(302))).to.deep.equal({ error: 'login_required', error_description: 'the user must sign in', state: 's-1', iss: ISSUER });
    });

    it('the request checks apply to the POST too: no response_type is invalid_request at the redirect URI', async () => {
      const body = parameters();
      body.delete('response_type');
      expect(callback(await post(body).expect(302))).to.deep.equal({ error: 'invalid_request', error_description: 'response_type is required', state: 's-1', iss: ISSUER });
    });

    it("a POST with one of the sign-in form's own fields is still the form's: without its CSRF token, the expired-form page (403)", async () => {
      for (const field of ['csrf_token', 'username', 'password', 'consent_ticket']) {
        const body = parameters();
        body.set(field, 'x');
        await post(body).expect(403);
      }
    });
  });

  describe('request objects are not supported (OpenID Connect Core §6)', () => {
    it('request is request_not_supported, request_uri request_uri_not_supported, at the redirect URI with state and iss, by GET and POST', async () => {
      for (const send of [(body: URLSearchParams) => request(auth.server).get(`${AUTHORIZE}?${body}`), (body: URLSearchParams) => post(body)]) {
        expect(callback(await send(parameters({ request: 'eyJhbGciOiJub25lIn0.e30.' })).expect(302))).to.deep.equal({
          error: 'request_not_supported',
          error_description: 'the request parameter is not supported',
          state: 's-1',
          iss: ISSUER,
        });
        expect(callback(await send(parameters({ request_uri: 'https://app.example.com/request.jwt' })).expect(302))).to.deep.equal({
          error: 'request_uri_not_supported',
          error_description: 'the request_uri parameter is not supported',
          state: 's-1',
          iss: ISSUER,
        });
      }
    });
  });

  describe('response_mode (only query: the code answers in the query)', () => {
    it('query is answered as without it; fragment and form_post are invalid_request', async () => {
      expect(callback(await request(auth.server).get(`${AUTHORIZE}?${parameters({ response_mode: 'query' })}`).set('Cookie', session).expect(302))).to.have.keys('code', 'state', 'iss');
      for (const mode of ['fragment', 'form_post']) {
        const res = await request(auth.server).get(`${AUTHORIZE}?${parameters({ response_mode: mode })}`).set('Cookie', session).expect(302);
        expect(callback(res), mode).to.deep.equal({ error: 'invalid_request', error_description: 'response_mode must be query', state: 's-1', iss: ISSUER });
      }
    });
  });

  it('discovery says request objects are not supported and query is the one response mode', async () => {
    const res = await request(auth.server).get('/auth/.well-known/openid-configuration').expect(200);
    expect(res.body).to.include({ request_parameter_supported: false, request_uri_parameter_supported: false });
    expect(res.body.response_modes_supported).to.deep.equal(['query']);
  });
});
