import { expect } from 'chai';
import request from 'supertest';
import { RegisterClient } from '../../src/application/clients/RegisterClient';
import type { OAuthClientStore } from '../../src/domain/ports/OAuthClientStore';
import { RandomSecretGenerator } from '../../src/infrastructure/system/RandomSecretGenerator';
import { TYPES } from '../../src/interfaces/composition/types';
import { MESSAGES } from '../../src/interfaces/http/messages';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { authTestConfig } from '../support/authTestServer';
import { FormBrowser } from '../support/formBrowser';
import { LogCapture } from '../support/LogCapture';
import { basic } from '../support/oauthTestHttp';
import type { AuditTrail } from '../../src/domain/ports/AuditTrail';

/** The module the service loads, as the test's own require sees it: the same instance (Node shares CommonJS modules with import()). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const teamStore = require('../support/userStoreModules/memoryUserStore.cjs') as {
  setDisabled(account: string, disabled: boolean): void;
  misbehave(mode: string | null): void;
};

const MODULE = 'test/support/userStoreModules/memoryUserStore.cjs';
const LOGIN = '/auth/oauth/jwt/token';
const TOKEN = '/auth/oauth/token';
const CLIENT = basic('svc-a', 'secret-a');
const INVALID = { success: false, status: 401, msg: MESSAGES.invalidCredentials, data: null };
const OUTAGE = { success: false, status: 503, msg: MESSAGES.storeUnavailable, data: null };
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

describe('the service with a user-store module (AUTH_USER_STORE=module:…)', () => {
  let auth: AuthServer;
  let logs: LogCapture;

  const login = (username: string, password: string, address = '203.0.113.7') =>
    request(auth.server).post(LOGIN).set('X-Forwarded-For', address).send({ username, password });
  const passwordGrant = (username: string, password: string) =>
    request(auth.server).post(TOKEN).type('form').set('Authorization', CLIENT).send({ grant_type: 'password', username, password });
  const refresh = (refreshToken: string) =>
    request(auth.server).post(TOKEN).type('form').set('Authorization', CLIENT).send({ grant_type: 'refresh_token', refresh_token: refreshToken });
  const errorLines = () => logs.records().filter((record) => record.level === 50);

  // A fresh server per test: the login limits' windows start empty.
  beforeEach(async () => {
    logs = new LogCapture();
    const config = authTestConfig({ AUTH_USER_STORE: `module:${MODULE}`, AUTH_CLIENTS: 'svc-a:secret-a', AUTH_TRUST_PROXY: '1', AUTH_HASH_QUEUE: '100' });
    auth = await buildAuthServer(config, { configure: logs.configure('info') });
  });

  afterEach(async () => {
    teamStore.misbehave(null);
    teamStore.setDisabled('alice', false);
    await auth.close();
  });

  it("logs in the module's user: the token carries its id and profile", async () => {
    const res = await login('alice', 'alice-password-1');

    expect(res.status, res.text).to.equal(200);
    expect(claimsOf(res.body.data.access_token as string)).to.include({ sub: 'u-1', userId: 'u-1', account: 'alice', nickName: 'Alice', userType: '4' });
    expect(logs.records().find((record) => record.msg === 'login ready')).to.include({ userStore: 'module' });
  });

  it('answers a wrong password, an unknown account and a disabled user the same way', async () => {
    const answers = [await login('alice', 'wrong'), await login('nobody', 'alice-password-1'), await login('bob', 'alice-password-1')];

    for (const res of answers) {
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(INVALID);
    }
  });

  it('limits attempts per account, folded, as for the built-in store: the 11th gets 429 even with the right password', async () => {
    for (let i = 1; i <= 10; i++) expect((await login(i % 2 ? 'alice' : 'ＡＬＩＣＥ', 'wrong', `198.51.100.${i}`)).status).to.equal(401);

    const refused = await login('alice', 'alice-password-1', '198.51.100.99');

    expect(refused.status).to.equal(429);
    expect(refused.headers['retry-after']).to.match(/^\d+$/);
  });

  it('answers a malformed user as a store outage (503, Retry-After) and logs the module and the field', async () => {
    teamStore.misbehave('malformed:nickName');

    const res = await login('alice', 'alice-password-1');

    expect(res.status).to.equal(503);
    expect(res.body).to.deep.equal(OUTAGE);
    expect(res.headers['retry-after']).to.equal('5');
    expect(errorLines()).to.have.length(1);
    expect(errorLines()[0]).to.include({ userStoreModule: MODULE, function: 'authenticate', field: 'nickName', problem: 'expected a non-empty string, got number' });
    expect(logs.text()).not.to.include('alice-password-1');
  });

  it('answers a throwing module as a store outage at the login and at the OAuth token endpoint, never as a login', async () => {
    teamStore.misbehave('throw');

    const envelope = await login('alice', 'alice-password-1');
    const oauth = await passwordGrant('alice', 'alice-password-1');

    expect(envelope.status).to.equal(503);
    expect(envelope.body).to.deep.equal(OUTAGE);
    expect(oauth.status).to.equal(503);
    expect(oauth.body).to.include({ error: 'temporarily_unavailable' });
    expect(oauth.headers['retry-after']).to.equal('5');
    expect(errorLines().map((record) => record.function)).to.deep.equal(['authenticate', 'authenticate']);
    expect(errorLines()[0]).to.include({ userStoreModule: MODULE, error: 'Error: connection to the user database lost' });
  });

  it("a user disabled in the team's store gets no more tokens from a refresh (findById answers null)", async () => {
    const grant = await passwordGrant('alice', 'alice-password-1');
    expect(grant.status, grant.text).to.equal(200);
    const rotated = await refresh(grant.body.refresh_token as string);
    expect(rotated.status, rotated.text).to.equal(200);

    teamStore.setDisabled('alice', true);
    const refused = await refresh(rotated.body.refresh_token as string);

    expect(refused.status).to.equal(400);
    expect(refused.body).to.deep.equal({ error: 'invalid_grant', error_description: 'the grant is invalid, expired or revoked' });
  });

  it("a user disabled in the team's store gets no profile from userinfo with a token issued before", async () => {
    const grant = await passwordGrant('alice', 'alice-password-1');
    const userinfo = () => request(auth.server).get('/auth/oauth/userinfo').set('Authorization', `Bearer ${grant.body.access_token as string}`);
    const before = await userinfo();
    expect(before.status, before.text).to.equal(200);
    expect(before.body).to.include({ sub: 'u-1', account: 'alice' });

    teamStore.setDisabled('alice', true);
    const after = await userinfo();

    expect(after.status).to.equal(401);
    expect(after.headers['www-authenticate']).to.include('error="invalid_token"');
  });

  it("a user disabled in the team's store is inactive at introspection too, its access and its refresh token (the one token finder)", async () => {
    const grant = await passwordGrant('alice', 'alice-password-1');
    const introspect = (token: string) => request(auth.server).post('/auth/oauth/introspect').type('form').set('Authorization', CLIENT).send({ token });
    for (const token of [grant.body.access_token as string, grant.body.refresh_token as string]) expect((await introspect(token)).body).to.include({ active: true });

    teamStore.setDisabled('alice', true);

    for (const token of [grant.body.access_token as string, grant.body.refresh_token as string]) expect((await introspect(token)).body).to.deep.equal({ active: false });
  });

  it('answers a refresh as a store outage while findById returns a malformed user, and spends nothing', async () => {
    const grant = await passwordGrant('alice', 'alice-password-1');
    teamStore.misbehave('malformed:account');

    const unavailable = await refresh(grant.body.refresh_token as string);

    expect(unavailable.status).to.equal(503);
    expect(unavailable.headers['retry-after']).to.equal('5');
    expect(errorLines()[0]).to.include({ userStoreModule: MODULE, function: 'findById', field: 'account' });
    teamStore.misbehave(null);
    expect((await refresh(grant.body.refresh_token as string)).status).to.equal(200);
  });
});

describe("a user-store module under the service's hashing capacity", () => {
  let auth: AuthServer;

  before(async () => {
    // One login at a time in this process: the bound's concurrency 1, no queue.
    const config = authTestConfig({ AUTH_USER_STORE: `module:${MODULE}`, AUTH_TRUST_PROXY: '1', AUTH_HASH_CONCURRENCY: '1', AUTH_HASH_QUEUE: '0' });
    auth = await buildAuthServer(config);
  });

  after(async () => {
    teamStore.misbehave(null);
    await auth?.close();
  });

  it('refuses logins beyond the capacity at once (503, Retry-After: 1) while the module is busy, then serves again', async () => {
    teamStore.misbehave('slow:300');
    const login = (address: string) =>
      request(auth.server).post(LOGIN).set('X-Forwarded-For', address).send({ username: 'alice', password: 'alice-password-1' }).then((res) => res);

    const answers = await Promise.all(['192.0.2.1', '192.0.2.2', '192.0.2.3'].map(login));

    expect(answers.map((res) => res.status).sort()).to.deep.equal([200, 503, 503]);
    for (const busy of answers.filter((res) => res.status === 503)) {
      expect(busy.headers['retry-after']).to.equal('1');
      expect(busy.body).to.deep.equal({ success: false, status: 503, msg: MESSAGES.loginBusy, data: null });
    }
    teamStore.misbehave(null);
    expect((await login('192.0.2.4')).status).to.equal(200);
  });
});

describe('the authorization-code flow with a user-store module', function () {
  this.timeout(30_000);
  const CALLBACK = 'http://127.0.0.1:9/callback';
  const VERIFIER = 'v'.repeat(43);
  // BASE64URL(SHA-256(VERIFIER)), RFC 7636 §4.2.
  const CHALLENGE = '7w_YNF9DSfIdPf_pRjSq646_kPr-2-o9NAl16JGghdM';
  let auth: AuthServer;
  let origin: string;

  before(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_USER_STORE: `module:${MODULE}` }));
    origin = `http://127.0.0.1:${(await auth.listen(0)).port}`;
    await new RegisterClient(auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore), new RandomSecretGenerator(), auth.container.get<AuditTrail>(TYPES.AuditTrail)).execute({
      id: 'spa',
      kind: 'public',
      redirectUris: [CALLBACK],
      firstParty: true,
    });
  });

  after(async () => {
    teamStore.setDisabled('alice', false);
    await auth?.close();
  });

  /** Signs alice in on the form, through the module; returns the code the browser is sent back with. */
  async function code(): Promise<string> {
    const url = new URL(`${origin}/auth/oauth/authorize`);
    url.search = new URLSearchParams({ response_type: 'code', client_id: 'spa', redirect_uri: CALLBACK, code_challenge: CHALLENGE, code_challenge_method: 'S256', state: 's' }).toString();
    const browser = new FormBrowser();
    const page = await browser.get(url.href);
    const callback = await browser.submitForm(url.href, await page.text(), { username: 'alice', password: 'alice-password-1' });
    expect(callback.status).to.equal(303);
    return new URL(callback.headers.get('location')!).searchParams.get('code')!;
  }

  const exchange = (grantCode: string) =>
    fetch(`${origin}/auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: 'spa', grant_type: 'authorization_code', code: grantCode, redirect_uri: CALLBACK, code_verifier: VERIFIER }),
    });

  it("signs the module's user in on the form; a code issued before a disable in the team's store is refused", async () => {
    const good = await exchange(await code());
    expect(good.status, await good.clone().text()).to.equal(200);
    expect(claimsOf(((await good.json()) as { access_token: string }).access_token)).to.include({ sub: 'u-1' });

    const pending = await code();
    teamStore.setDisabled('alice', true);
    const refused = await exchange(pending);

    expect(refused.status).to.equal(400);
    expect(((await refused.json()) as { error: string }).error).to.equal('invalid_grant');
  });
});
