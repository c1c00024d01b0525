import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import type { OAuthClientStore } from '../../../src/domain/ports/OAuthClientStore';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { TYPES } from '../../../src/interfaces/composition/types';
import { authTestConfig } from '../../support/authTestServer';
import { FixedClock } from '../../support/FixedClock';
import { PasswordCheckingAuthenticator } from '../../support/PasswordCheckingAuthenticator';
import { basic } from '../../support/oauthTestHttp';
import { registeredClient } from '../../support/oauthClients';

const AUTHORIZE = '/auth/oauth/authorize';
const TOKEN = '/auth/oauth/token';
const CALLBACK = 'https://app.example.com/callback';
const PUBLIC_CALLBACK = 'http://127.0.0.1:7000/cb';
const BATCH_CALLBACK = 'https://batch.example.com/cb';
const SECRET = 'webapp-secret-of-enough-length-0123456789abcd';

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe('Authorization endpoint and code grant: errors, CSRF, framing, codes (RFC 6749 §4.1, RFC 7636)', () => {
  const clock = new FixedClock(new Date());
  let auth: AuthServer;

  before(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_CLIENTS: 'svc:svc-secret' }), {
      configure: (container) => {
        container.rebind(TYPES.Clock).toConstantValue(clock);
        container.rebind(TYPES.UserAuthenticator).toConstantValue(new PasswordCheckingAuthenticator('right'));
      },
    });
    const clients = auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore);
    await clients.add(registeredClient({ id: 'webapp', kind: 'confidential', redirectUris: [CALLBACK, 'https://app.example.com/other'], firstParty: true }), SECRET);
    await clients.add(registeredClient({ id: 'spa', kind: 'public', redirectUris: [PUBLIC_CALLBACK], firstParty: true }), null);
    // Registered with redirect URIs, then narrowed to client_credentials (`clients update batch --grant client_credentials`).
    await clients.add(registeredClient({ id: 'batch', kind: 'confidential', redirectUris: [BATCH_CALLBACK], grants: ['client_credentials'] }), 'batch-secret');
  });

  after(() => auth?.close());

  const query = (overrides: Record<string, string | undefined> = {}, challenge = pkce().challenge) => {
    const parameters: Record<string, string | undefined> = {
      response_type: 'code',
      client_id: 'webapp',
      redirect_uri: CALLBACK,
      state: 'st&te=1 ü',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...overrides,
    };
    return new URLSearchParams(Object.entries(parameters).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  };
  const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
  const cookieOf = (res: request.Response, name: string) => ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((c) => c.startsWith(`${name}=`));

  /** GET the form, POST it back with the CSRF cookie: the code the callback receives. */
  async function signIn(parameters = query(), password = 'right'): Promise<{ res: request.Response; code: string | null }> {
    const form = await request(auth.server).get(`${AUTHORIZE}?${parameters}`).expect(200);
    const csrfCookie = cookieOf(form, 'auth_csrf')!.split(';')[0];
    const fields = new URLSearchParams(parameters);
    fields.set('csrf_token', hidden(form.text, 'csrf_token')!);
    fields.set('username', 'alice');
    fields.set('password', password);
    const res = await request(auth.server).post(AUTHORIZE).set('Cookie', csrfCookie).type('form').send(fields.toString());
    const location = res.headers.location as string | undefined;
    return { res, code: location ? new URL(location).searchParams.get('code') : null };
  }

  const exchange = (code: string, verifier: string, extra: Record<string, string> = {}, authorization: string | null = basic('webapp', SECRET)) => {
    const req = request(auth.server).post(TOKEN).type('form');
    if (authorization) req.set('Authorization', authorization);
    return req.send({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: CALLBACK, ...extra });
  };

  it('renders the form without JavaScript: fields username and password, no framing, not stored, CSRF cookie', async () => {
    const res = await request(auth.server).get(`${AUTHORIZE}?${query()}`).expect(200);
    expect(res.headers['content-type']).to.match(/^text\/html/);
    expect(res.text).to.match(/<form method="post" action="authorize">/).and.to.match(/name="username"/).and.to.match(/name="password" type="password"/);
    // Only the passkey button's scripts, from 'self', none inline: the password form needs none.
    expect(res.text.match(/<script[^>]*>[^<]*<\/script>/gi)).to.deep.equal(['<script src="/auth/static/vendor/index.umd.min.js"></script>', '<script src="/auth/static/passkey.js"></script>']);
    expect(res.headers['content-security-policy']).to.include("script-src 'self';").and.not.to.include('unsafe-inline');
    expect(res.headers['x-frame-options']).to.equal('DENY');
    expect(res.headers['content-security-policy']).to.include("frame-ancestors 'none'").and.to.include("form-action 'self' https://app.example.com");
    expect(res.headers['cache-control']).to.equal('no-store');
    expect(cookieOf(res, 'auth_csrf')).to.match(/; Path=\/auth\/oauth\/authorize; HttpOnly; SameSite=Strict$/);
    // The state is carried through the form as it came, escaped.
    expect(hidden(res.text, 'state')).to.equal('st&#38;te=1 ü');
  });

  it('speaks the browser\'s language like the sign-in page: Chinese for zh in Accept-Language, the bundled font allowed', async () => {
    const zh = await request(auth.server).get(`${AUTHORIZE}?${query()}`).set('Accept-Language', 'zh-CN,zh;q=0.9,en;q=0.8').expect(200);
    expect(zh.text).to.include('<html lang="zh-CN">').and.to.include('<label for="username">账号</label>').and.to.include('<button type="submit">登录</button>');
    expect(zh.headers['content-security-policy']).to.include("font-src 'self'");
    const en = await request(auth.server).get(`${AUTHORIZE}?${query()}`).set('Accept-Language', 'en-GB,zh;q=0.5').expect(200);
    expect(en.text).to.include('<html lang="en">').and.to.include('<label for="username">Username</label>');
    const refused = await request(auth.server).get(`${AUTHORIZE}?${query({ client_id: 'nobody' })}`).set('Accept-Language', 'zh').expect(400);
    expect(refused.text).to.include('<h1>无法登录</h1>');
    await request(auth.server).get('/auth/static/fonts/sign-in-cjk.woff2').expect(200);
  });

  it('never redirects to an unknown client or an unregistered redirect URI: an error page instead', async () => {
    for (const parameters of [
      query({ client_id: 'nobody' }),
      query({ client_id: undefined }),
      query({ redirect_uri: 'https://evil.example.com/callback' }),
      query({ redirect_uri: `${CALLBACK}/` }),
      query({ redirect_uri: `${CALLBACK}?x=1` }),
      query({ redirect_uri: undefined }),
      query({ client_id: 'spa', redirect_uri: CALLBACK }),
    ]) {
      const res = await request(auth.server).get(`${AUTHORIZE}?${parameters}`);
      expect(res.status, parameters).to.equal(400);
      expect(res.headers.location, parameters).to.equal(undefined);
      expect(res.headers['content-type']).to.match(/^text\/html/);
    }
  });

  it('sends the other errors to the redirect URI with the state unchanged (RFC 6749 §4.1.2.1)', async () => {
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ response_type: undefined }, 'invalid_request'],
      [{ code_challenge: undefined }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge_method: undefined }, 'invalid_request'],
      [{ code_challenge: 'short' }, 'invalid_request'],
      [{ prompt: 'none' }, 'login_required'],
    ];
    for (const [overrides, error] of cases) {
      const res = await request(auth.server).get(`${AUTHORIZE}?${query(overrides)}`).expect(302);
      const location = new URL(res.headers.location as string);
      expect(`${location.origin}${location.pathname}`).to.equal(CALLBACK);
      expect(location.searchParams.get('error'), JSON.stringify(overrides)).to.equal(error);
      expect(location.searchParams.get('state')).to.equal('st&te=1 ü');
      expect(location.searchParams.get('iss')).to.equal('http://localhost/auth');
      expect(location.searchParams.has('code')).to.equal(false);
    }
  });

  it('sends unauthorized_client to the redirect URI of a client not registered for authorization_code, GET and POST, before any sign-in', async () => {
    const parameters = query({ client_id: 'batch', redirect_uri: BATCH_CALLBACK });
    for (const res of [
      await request(auth.server).get(`${AUTHORIZE}?${parameters}`).expect(302),
      await request(auth.server).post(AUTHORIZE).type('form').send(`${parameters}&username=alice&password=right`).expect(302),
    ]) {
      const location = new URL(res.headers.location as string);
      expect(`${location.origin}${location.pathname}`).to.equal(BATCH_CALLBACK);
      expect(location.searchParams.get('error')).to.equal('unauthorized_client');
      expect(location.searchParams.get('error_description')).to.equal('the client is not registered for the authorization_code grant');
      expect(location.searchParams.get('state')).to.equal('st&te=1 ü');
      expect(location.searchParams.get('iss')).to.equal('http://localhost/auth');
      expect(location.searchParams.has('code')).to.equal(false);
      expect(res.headers['set-cookie']).to.equal(undefined);
    }
    // The redirect URI is checked first: an unregistered one still gets the error page, nothing is sent anywhere.
    const untrusted = await request(auth.server).get(`${AUTHORIZE}?${query({ client_id: 'batch', redirect_uri: 'https://evil.example.com/cb' })}`).expect(400);
    expect(untrusted.headers.location).to.equal(undefined);
  });

  it('refuses a POST whose CSRF token does not match its cookie, and a wrong password, with the form again', async () => {
    const parameters = query();
    const form = await request(auth.server).get(`${AUTHORIZE}?${parameters}`).expect(200);
    const fields = new URLSearchParams(parameters);
    fields.set('csrf_token', hidden(form.text, 'csrf_token')!);
    fields.set('username', 'alice');
    fields.set('password', 'right');
    const forged = await request(auth.server).post(AUTHORIZE).type('form').send(fields.toString());
    expect(forged.status).to.equal(403);
    expect(forged.headers.location).to.equal(undefined);
    const otherCookie = await request(auth.server).post(AUTHORIZE).set('Cookie', `auth_csrf=${'A'.repeat(43)}`).type('form').send(fields.toString());
    expect(otherCookie.status).to.equal(403);

    const wrong = await signIn(parameters, 'wrong');
    expect(wrong.res.status).to.equal(400);
    expect(wrong.res.text).to.include('Invalid username or password.');
    expect(wrong.code).to.equal(null);
  });

  it('signs in: 303 to the redirect URI with a code, state and iss; the session cookie is HttpOnly and SameSite=Lax', async () => {
    const { res, code } = await signIn();
    expect(res.status).to.equal(303);
    const location = new URL(res.headers.location as string);
    expect(location.searchParams.get('state')).to.equal('st&te=1 ü');
    expect(location.searchParams.get('iss')).to.equal('http://localhost/auth');
    expect(code).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(cookieOf(res, 'auth_session')).to.match(/^auth_session=[A-Za-z0-9_-]{43}; Path=\/auth; HttpOnly; SameSite=Lax; Max-Age=28800$/);
  });

  it('a code is single-use and bound to client, redirect URI and verifier (a request failing those uses nothing); used twice it revokes what it issued', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await signIn(query({}, challenge));
    expect((await exchange(code!, pkce().verifier).expect(400)).body.error).to.equal('invalid_grant');
    // That failed attempt changed nothing (RFC 9700 §4.5.3.1): the code is used once, by the request that proves it.
    await exchange(code!, verifier).expect(200);
    expect((await exchange(code!, verifier)).body.error).to.equal('invalid_grant');

    const second = pkce();
    const fresh = (await signIn(query({}, second.challenge))).code!;
    expect((await exchange(fresh, second.verifier, { redirect_uri: 'https://app.example.com/other' })).body.error).to.equal('invalid_grant');
    const third = pkce();
    const bound = (await signIn(query({}, third.challenge))).code!;
    expect((await exchange(bound, third.verifier, { client_id: 'spa' }, null)).body.error, 'another client of the code flow').to.equal('invalid_grant');
    // An AUTH_CLIENTS entry is not registered for the code flow at all: refused before the code is looked at.
    const fourth = pkce();
    const foreign = (await signIn(query({}, fourth.challenge))).code!;
    expect((await exchange(foreign, fourth.verifier, {}, basic('svc', 'svc-secret'))).body.error).to.equal('unauthorized_client');
    expect((await exchange(foreign, fourth.verifier, { client_id: 'spa' }, null)).body.error).to.equal('invalid_grant');

    const good = pkce();
    const once = (await signIn(query({}, good.challenge))).code!;
    const tokens = (await exchange(once, good.verifier).expect(200)).body as { access_token: string; refresh_token: string };
    await request(auth.server).get('/auth/oauth/userinfo').set('Authorization', `Bearer ${tokens.access_token}`).expect(200);
    expect((await exchange(once, good.verifier)).body.error).to.equal('invalid_grant');
    await request(auth.server).get('/auth/oauth/userinfo').set('Authorization', `Bearer ${tokens.access_token}`).expect(401);
    const refreshed = await request(auth.server).post(TOKEN).set('Authorization', basic('webapp', SECRET)).type('form').send({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refreshed.body.error).to.equal('invalid_grant');
  });

  it('one code exchanged twice at once: whatever either got is dead afterwards', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await signIn(query({}, challenge));
    const answers = await Promise.all([exchange(code!, verifier), exchange(code!, verifier)]);
    expect(answers.filter((res) => res.status === 200).length).to.be.at.most(1);
    for (const res of answers.filter((answer) => answer.status === 200)) {
      await request(auth.server).get('/auth/oauth/userinfo').set('Authorization', `Bearer ${res.body.access_token}`).expect(401);
      const refreshed = await request(auth.server).post(TOKEN).set('Authorization', basic('webapp', SECRET)).type('form').send({ grant_type: 'refresh_token', refresh_token: res.body.refresh_token });
      expect(refreshed.body.error).to.equal('invalid_grant');
    }
    for (const res of answers.filter((answer) => answer.status !== 200)) expect(res.body.error).to.equal('invalid_grant');
  });

  it('a code lives 60 seconds', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await signIn(query({}, challenge));
    clock.advanceSeconds(61);
    expect((await exchange(code!, verifier)).body.error).to.equal('invalid_grant');
  });

  it('a confidential client must authenticate; a public client exchanges, refreshes and revokes with its client_id alone', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await signIn(query({}, challenge));
    const anonymous = await exchange(code!, verifier, { client_id: 'webapp' }, null);
    expect(anonymous.body.error).to.equal('invalid_client');

    const spa = pkce();
    const { code: spaCode } = await signIn(query({ client_id: 'spa', redirect_uri: PUBLIC_CALLBACK }, spa.challenge));
    const res = await exchange(spaCode!, spa.verifier, { client_id: 'spa', redirect_uri: PUBLIC_CALLBACK }, null).expect(200);
    expect(res.body.refresh_token).to.be.a('string');
    const refreshed = await request(auth.server).post(TOKEN).type('form').send({ grant_type: 'refresh_token', refresh_token: res.body.refresh_token, client_id: 'spa' }).expect(200);
    expect(refreshed.body.refresh_token).not.to.equal(res.body.refresh_token);
    // Without its client_id, the public client's refresh token is not honoured.
    const bare = await request(auth.server).post(TOKEN).type('form').send({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token });
    expect(bare.body.error).to.equal('invalid_client');
    // RFC 7009 for a public client: its client_id and the token; without the id (or with another) it is refused.
    const revoke = (body: Record<string, string>) => request(auth.server).post('/auth/oauth/revoke').type('form').send(body);
    expect((await revoke({ token: refreshed.body.refresh_token })).body.error).to.equal('invalid_client');
    expect((await revoke({ token: refreshed.body.refresh_token, client_id: 'webapp' })).body.error).to.equal('invalid_client');
    await revoke({ token: refreshed.body.refresh_token, client_id: 'spa', token_type_hint: 'refresh_token' }).expect(200);
    const revoked = await request(auth.server).post(TOKEN).type('form').send({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token, client_id: 'spa' });
    expect(revoked.body.error).to.equal('invalid_grant');
  });

  it('CORS for browser apps at the token and revocation endpoints: only the origins of registered redirect URIs', async () => {
    for (const path of [TOKEN, '/auth/oauth/revoke']) {
      const preflight = await request(auth.server).options(path).set('Origin', 'http://127.0.0.1:7000').set('Access-Control-Request-Method', 'POST').expect(204);
      expect(preflight.headers['access-control-allow-origin']).to.equal('http://127.0.0.1:7000');
      expect(preflight.headers['access-control-allow-methods']).to.equal('POST');
      expect(preflight.headers).not.to.have.property('access-control-allow-credentials');
      const other = await request(auth.server).options(path).set('Origin', 'https://evil.example.com').set('Access-Control-Request-Method', 'POST');
      expect(other.headers).not.to.have.property('access-control-allow-origin');
    }
    const answer = await request(auth.server).post(TOKEN).set('Origin', 'https://app.example.com').type('form').send({ grant_type: 'refresh_token', refresh_token: 'x' });
    expect(answer.headers['access-control-allow-origin']).to.equal('https://app.example.com');
    const foreign = await request(auth.server).post(TOKEN).set('Origin', 'https://evil.example.com').type('form').send({ grant_type: 'refresh_token', refresh_token: 'x' });
    expect(foreign.headers).not.to.have.property('access-control-allow-origin');
  });

  it('CORS at userinfo for the origins of registered redirect URIs (GET and POST), and for any origin at the public documents', async () => {
    const preflight = await request(auth.server)
      .options('/auth/oauth/userinfo')
      .set('Origin', 'http://127.0.0.1:7000')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).to.equal('http://127.0.0.1:7000');
    expect(preflight.headers['access-control-allow-methods']).to.equal('GET, POST');
    expect(preflight.headers['access-control-allow-headers']).to.equal('Authorization, Content-Type, DPoP');
    const other = await request(auth.server).options('/auth/oauth/userinfo').set('Origin', 'https://evil.example.com').set('Access-Control-Request-Method', 'GET');
    expect(other.headers).not.to.have.property('access-control-allow-origin');
    for (const path of ['/auth/.well-known/openid-configuration', '/auth/.well-known/oauth-authorization-server', '/auth/.well-known/jwks.json', '/.well-known/oauth-authorization-server/auth']) {
      const document = await request(auth.server).get(path).set('Origin', 'https://any.example').expect(200);
      expect(document.headers['access-control-allow-origin'], path).to.equal('*');
      expect(document.headers, path).not.to.have.property('access-control-allow-credentials');
    }
  });

  it('never answers 5xx to hostile input at the authorization endpoint or the code grant', async () => {
    const queries = [
      'client_id[a]=webapp&redirect_uri=x',
      `client_id=webapp&client_id=spa&redirect_uri=${encodeURIComponent(CALLBACK)}`,
      `${query()}&state=a&state=b`,
      `${query()}&code_challenge[x]=1`,
      `client_id=${'x'.repeat(5000)}`,
      `client_id=%00&redirect_uri=%ZZ`,
      `${query({ state: '<script>alert(1)</script>' })}`,
    ];
    for (const q of queries) {
      const res = await request(auth.server).get(`${AUTHORIZE}?${q}`);
      expect(res.status, q).to.be.below(500);
      expect(res.text).not.to.include('<script>alert(1)</script>');
    }
    const posts = ['', 'client_id=webapp', `${query()}&csrf_token=x&username=a&password=b&password=c`, 'a'.repeat(20_000)];
    for (const body of posts) expect((await request(auth.server).post(AUTHORIZE).type('form').send(body)).status, body.slice(0, 40)).to.be.below(500);
    const grants = [
      { grant_type: 'authorization_code' },
      { grant_type: 'authorization_code', code: 'x', code_verifier: 'short' },
      { grant_type: 'authorization_code', code: 'x'.repeat(600), code_verifier: 'a'.repeat(43) },
      { grant_type: 'authorization_code', code: 'x', code_verifier: 'a'.repeat(43), client_id: '\u0000' },
    ];
    for (const grant of grants) {
      const res = await request(auth.server).post(TOKEN).type('form').send(grant);
      expect(res.status, JSON.stringify(grant)).to.be.within(400, 499);
    }
  });

  it('the session cookie skips the form until sign-out', async () => {
    const { res } = await signIn();
    const session = cookieOf(res, 'auth_session')!.split(';')[0];
    const skipped = await request(auth.server).get(`${AUTHORIZE}?${query()}`).set('Cookie', session).expect(302);
    expect(new URL(skipped.headers.location as string).searchParams.get('code')).to.match(/^[A-Za-z0-9_-]{43}$/);
    await request(auth.server).get(`${AUTHORIZE}?${query({ prompt: 'login' })}`).set('Cookie', session).expect(200);
    const out = await request(auth.server).post('/auth/oauth/signout').set('Cookie', session).expect(204);
    expect(cookieOf(out, 'auth_session')).to.include('Max-Age=0');
    await request(auth.server).get(`${AUTHORIZE}?${query()}`).set('Cookie', session).expect(200);
  });
});

describe('Authorization endpoint behind a TLS-terminating proxy', () => {
  let auth: AuthServer;

  before(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_TRUST_PROXY: '1' }), {
      configure: (container) => container.rebind(TYPES.UserAuthenticator).toConstantValue(new PasswordCheckingAuthenticator('right')),
    });
    await auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore).add(registeredClient({ id: 'webapp', kind: 'public', redirectUris: [CALLBACK], firstParty: true }), null);
  });

  after(() => auth?.close());

  it('marks the CSRF and session cookies Secure, with the __Host- prefix, when the request came over https', async () => {
    const parameters = new URLSearchParams({ response_type: 'code', client_id: 'webapp', code_challenge: pkce().challenge, code_challenge_method: 'S256' }).toString();
    const form = await request(auth.server).get(`${AUTHORIZE}?${parameters}`).set('X-Forwarded-Proto', 'https').expect(200);
    const csrf = ((form.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('__Host-auth_csrf=')) ?? '');
    expect(csrf).to.match(/; Path=\/; HttpOnly; SameSite=Strict; Secure$/);
    const fields = new URLSearchParams(parameters);
    fields.set('csrf_token', /name="csrf_token" value="([^"]*)"/.exec(form.text)![1]);
    fields.set('username', 'alice');
    fields.set('password', 'right');
    const res = await request(auth.server).post(AUTHORIZE).set('X-Forwarded-Proto', 'https').set('Cookie', csrf.split(';')[0]).type('form').send(fields.toString()).expect(303);
    const session = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('__Host-auth_session=')) ?? '';
    expect(session).to.match(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
  });
});
