import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import type { OAuthClientStore } from '../../../src/domain/ports/OAuthClientStore';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { TYPES } from '../../../src/interfaces/composition/types';
import { authTestConfig } from '../../support/authTestServer';
import { PasswordCheckingAuthenticator } from '../../support/PasswordCheckingAuthenticator';
import { STORE_BACKENDS, type SharedDatabase } from '../../support/storeBackends';
import { registeredClient } from '../../support/oauthClients';

const AUTHORIZE = '/auth/oauth/authorize';
const CALLBACK = 'https://app.example.com/callback';

function challenge(): string {
  return createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
}

function query(overrides: Record<string, string> = {}): string {
  return new URLSearchParams({ response_type: 'code', client_id: 'webapp', redirect_uri: CALLBACK, state: 's-1', code_challenge: challenge(), code_challenge_method: 'S256', ...overrides }).toString();
}

const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
const setCookies = (res: request.Response) => (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
const setCookie = (res: request.Response, name: string) => setCookies(res).find((line) => line.startsWith(`${name}=`));
const pair = (line: string | undefined) => (line ?? '').split(';')[0];

/** The form for `parameters`: its CSRF cookie (name=value) and field. */
async function form(auth: AuthServer, parameters: string, cookieName = 'auth_csrf', proto?: string): Promise<{ cookie: string; token: string }> {
  const get = request(auth.server).get(`${AUTHORIZE}?${parameters}`);
  if (proto) get.set('X-Forwarded-Proto', proto);
  const res = await get.expect(200);
  return { cookie: pair(setCookie(res, cookieName)), token: hidden(res.text, 'csrf_token')! };
}

function post(auth: AuthServer, parameters: string, cookie: string | undefined, token: string, proto?: string) {
  const fields = new URLSearchParams(parameters);
  fields.set('csrf_token', token);
  fields.set('username', 'alice');
  fields.set('password', 'right');
  const req = request(auth.server).post(AUTHORIZE).type('form');
  if (cookie !== undefined) req.set('Cookie', cookie);
  if (proto) req.set('X-Forwarded-Proto', proto);
  return req.send(fields.toString());
}

async function startWith(env: Record<string, string> = {}): Promise<AuthServer> {
  const auth = await buildAuthServer(authTestConfig(env), {
    configure: (container) => container.rebind(TYPES.UserAuthenticator).toConstantValue(new PasswordCheckingAuthenticator('right')),
  });
  await auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore).add(registeredClient({ id: 'webapp', kind: 'public', redirectUris: [CALLBACK], scopes: ['openid', 'profile'], resources: ['https://orders.example'], firstParty: true }), null);
  return auth;
}

/** The 403 answer: the form again with a fresh token, no redirect, no 5xx. */
function expectRefusedWithForm(res: request.Response, what: string): void {
  expect(res.status, what).to.equal(403);
  expect(res.headers.location, what).to.equal(undefined);
  expect(res.text, what).to.include('The sign-in form expired. Please sign in again.');
  expect(hidden(res.text, 'csrf_token'), what).to.match(/^[A-Za-z0-9_-]{43}$/);
}

describe('The sign-in form\'s CSRF token: one an attacker cannot choose (RFC 9700 §4.7, RFC 6749 §10.12)', () => {
  let auth: AuthServer;

  before(async () => {
    auth = await startWith();
  });

  after(() => auth?.close());

  it('accepts the form it served: its cookie and its field, for the request it carries', async () => {
    const parameters = query();
    const { cookie, token } = await form(auth, parameters);
    expect((await post(auth, parameters, cookie, token)).status).to.equal(303);
  });

  it('refuses a cookie and field the attacker chose alike (a plain double-submit would take them)', async () => {
    const chosen = randomBytes(32).toString('base64url');
    expectRefusedWithForm(await post(auth, query(), `auth_csrf=${chosen}`, chosen), 'chosen pair');
  });

  it('refuses a token from one form with another authorization request, and with another form\'s cookie', async () => {
    const parameters = query();
    const { cookie, token } = await form(auth, parameters);
    for (const [name, value] of [['state', 's-2'], ['code_challenge', challenge()], ['scope', 'openid'], ['resource', 'https://orders.example']]) {
      const other = new URLSearchParams(parameters);
      other.set(name, value);
      expectRefusedWithForm(await post(auth, other.toString(), cookie, token), `another ${name}`);
    }
    const second = await form(auth, parameters);
    expectRefusedWithForm(await post(auth, parameters, second.cookie, token), "another form's cookie");
  });

  it('answers a wrong, empty, short, long, non-ASCII or repeated field with the 403 form, never a 5xx', async () => {
    const parameters = query();
    const { cookie, token } = await form(auth, parameters);
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const fields = [flipped, '', token.slice(0, 42), `${token}A`, `${token.slice(0, 42)}é`, `${token.slice(0, 41)}€`, 'ü'.repeat(43), '\u0000'.repeat(43), 'x'.repeat(2000)];
    for (const field of fields) expectRefusedWithForm(await post(auth, parameters, cookie, field), JSON.stringify(field.slice(0, 50)));
    const repeated = new URLSearchParams(parameters);
    for (const value of [token, token]) repeated.append('csrf_token', value);
    repeated.set('username', 'alice');
    repeated.set('password', 'right');
    const twice = await request(auth.server).post(AUTHORIZE).set('Cookie', cookie).type('form').send(repeated.toString());
    expectRefusedWithForm(twice, 'csrf_token given twice');
  });

  it('refuses a CSRF cookie given twice in the Cookie header, in either order: a duplicate is not resolved by order', async () => {
    const parameters = query();
    const { cookie, token } = await form(auth, parameters);
    const other = `auth_csrf=${randomBytes(32).toString('base64url')}`;
    for (const header of [`${cookie}; ${other}`, `${other}; ${cookie}`, `${cookie}; ${cookie}`, `${cookie}; auth_csrf=`]) {
      expectRefusedWithForm(await post(auth, parameters, header, token), header);
    }
    expectRefusedWithForm(await post(auth, parameters, undefined, token), 'no cookie');
  });
});

describe('The sign-in form\'s cookies over TLS: `__Host-`, Secure, Path=/', () => {
  let proxied: AuthServer;
  let httpsIssuer: AuthServer;

  before(async () => {
    proxied = await startWith({ AUTH_TRUST_PROXY: '1' });
    httpsIssuer = await startWith({ AUTH_ISSUER: 'https://id.example.com/auth' });
  });

  after(async () => {
    await proxied?.close();
    await httpsIssuer?.close();
  });

  it('behind a TLS-terminating proxy: the CSRF and session cookies are `__Host-` ones, and only those are read', async () => {
    const parameters = query();
    const res = await request(proxied.server).get(`${AUTHORIZE}?${parameters}`).set('X-Forwarded-Proto', 'https').expect(200);
    expect(setCookie(res, '__Host-auth_csrf')).to.match(/^__Host-auth_csrf=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure$/);
    expect(setCookie(res, 'auth_csrf')).to.equal(undefined);
    const cookie = pair(setCookie(res, '__Host-auth_csrf'));
    const token = hidden(res.text, 'csrf_token')!;
    // The same nonce without the prefix could have been set by a sibling subdomain or a plain-http page.
    expectRefusedWithForm(await post(proxied, parameters, cookie.replace('__Host-', ''), token, 'https'), 'unprefixed cookie over TLS');
    const signedIn = await post(proxied, parameters, cookie, token, 'https');
    expect(signedIn.status).to.equal(303);
    expect(setCookie(signedIn, '__Host-auth_session')).to.match(/^__Host-auth_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=28800; Secure$/);
    const session = pair(setCookie(signedIn, '__Host-auth_session'));
    await request(proxied.server).get(`${AUTHORIZE}?${query()}`).set('X-Forwarded-Proto', 'https').set('Cookie', session).expect(302);
    const out = await request(proxied.server).post('/auth/oauth/signout').set('X-Forwarded-Proto', 'https').set('Cookie', session).expect(204);
    expect(setCookie(out, '__Host-auth_session')).to.equal('__Host-auth_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure');
  });

  it('with an https issuer, Secure and `__Host-` even when the request reached the service over plain http (no AUTH_TRUST_PROXY)', async () => {
    const parameters = query();
    const { cookie, token } = await form(httpsIssuer, parameters, '__Host-auth_csrf');
    expect(cookie).to.match(/^__Host-auth_csrf=/);
    const signedIn = await post(httpsIssuer, parameters, cookie, token);
    expect(signedIn.status).to.equal(303);
    expect(setCookie(signedIn, '__Host-auth_session')).to.match(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
  });
});

describe('The sign-in form across two instances on one SQLite store', function () {
  this.timeout(60_000);
  let database: SharedDatabase;
  let instances: AuthServer[] = [];

  before(async () => {
    database = await STORE_BACKENDS[0].create();
    const first = await startWith({ AUTH_DATABASE_URL: database.url });
    instances = [first, await buildAuthServer(authTestConfig({ AUTH_DATABASE_URL: database.url }), {
      configure: (container) => container.rebind(TYPES.UserAuthenticator).toConstantValue(new PasswordCheckingAuthenticator('right')),
    })];
  });

  after(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await database?.dispose();
  });

  it("each accepts the form the other served (the key is the shared store's, not the process's)", async () => {
    for (const [server, checker] of [[instances[0], instances[1]], [instances[1], instances[0]]]) {
      const parameters = query();
      const { cookie, token } = await form(server, parameters);
      expect((await post(checker, parameters, cookie, token)).status).to.equal(303);
    }
  });
});
