import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import type { OAuthClientStore } from '../../../src/domain/ports/OAuthClientStore';
import { TYPES } from '../../../src/interfaces/composition/types';
import { authTestConfig } from '../../support/authTestServer';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { FixedClock } from '../../support/FixedClock';
import { PasswordCheckingAuthenticator } from '../../support/PasswordCheckingAuthenticator';
import { registeredClient } from '../../support/oauthClients';

const AUTHORIZE = '/auth/oauth/authorize';
const CALLBACK = 'https://app.example.com/callback';
const ISSUER = 'http://localhost/auth';

/**
 * Issue 34 point 4: the authorization request as OpenID Connect Core
 * §3.1.2.1 defines it, over HTTP, for a first-party client (no consent step):
 * `prompt` a list, `none` never shows a page, `login` and `select_account`
 * show the form despite a session, `max_age` (0 included) asks for a fresh
 * sign-in, `login_hint` fills the username, `ui_locales` picks the language.
 */
describe('The authorization request as OpenID Connect defines it (prompt, max_age, login_hint, ui_locales)', () => {
  const clock = new FixedClock(new Date());
  let auth: AuthServer;
  let session: string;

  const query = (overrides: Record<string, string> = {}) =>
    new URLSearchParams({
      response_type: 'code',
      client_id: 'webapp',
      redirect_uri: CALLBACK,
      code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
      code_challenge_method: 'S256',
      state: 's-1',
      ...overrides,
    }).toString();
  const setCookie = (res: request.Response, name: string) =>
    ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((line) => line.startsWith(`${name}=`))?.split(';')[0];
  const get = (overrides: Record<string, string> = {}, cookie?: string) => {
    const req = request(auth.server).get(`${AUTHORIZE}?${query(overrides)}`);
    return cookie === undefined ? req : req.set('Cookie', cookie);
  };
  const callback = (res: request.Response) => Object.fromEntries(new URL(res.headers.location as string).searchParams);

  before(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_ISSUER: ISSUER }), {
      configure: (container) => {
        container.rebind(TYPES.Clock).toConstantValue(clock);
        container.rebind(TYPES.UserAuthenticator).toConstantValue(new PasswordCheckingAuthenticator('right'));
      },
    });
    await auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore).add(registeredClient({ id: 'webapp', kind: 'public', redirectUris: [CALLBACK], firstParty: true }), null);
    const parameters = query();
    const form = await request(auth.server).get(`${AUTHORIZE}?${parameters}`).expect(200);
    const fields = new URLSearchParams(parameters);
    fields.set('csrf_token', /name="csrf_token" value="([^"]*)"/.exec(form.text)![1]);
    fields.set('username', 'alice');
    fields.set('password', 'right');
    const signedIn = await request(auth.server).post(AUTHORIZE).set('Cookie', setCookie(form, 'auth_csrf')!).type('form').send(fields.toString()).expect(303);
    session = setCookie(signedIn, 'auth_session')!;
  });

  after(() => auth?.close());

  it('prompt=none without a session: login_required at the redirect URI with state and iss, never a page', async () => {
    const res = await get({ prompt: 'none' }).expect(302);
    expect(callback(res)).to.deep.equal({ error: 'login_required', error_description: 'the user must sign in', state: 's-1', iss: ISSUER });
  });

  it('prompt=none with a session: the code at once', async () => {
    const res = await get({ prompt: 'none' }, session).expect(302);
    expect(callback(res)).to.have.keys('code', 'state', 'iss');
  });

  it('refuses none with another value, an unknown value, and prompt given twice: invalid_request with state and iss', async () => {
    for (const [prompt, description] of [
      ['none login', 'prompt=none may not be combined with other values'],
      ['consent none', 'prompt=none may not be combined with other values'],
      ['create', "prompt 'create' is not supported"],
      ['login LOGIN', "prompt 'LOGIN' is not supported"],
    ]) {
      const res = await get({ prompt }, session).expect(302);
      expect(callback(res), prompt).to.deep.equal({ error: 'invalid_request', error_description: description, state: 's-1', iss: ISSUER });
    }
    const twice = await request(auth.server).get(`${AUTHORIZE}?${query({ prompt: 'login' })}&prompt=none`).set('Cookie', session).expect(302);
    expect(callback(twice)).to.include({ error: 'invalid_request', error_description: 'prompt must be given once' });
  });

  it('prompt=login, select_account and a list holding either show the form despite the session; consent alone does not (first-party)', async () => {
    for (const prompt of ['login', 'select_account', 'consent login', 'select_account consent']) {
      const res = await get({ prompt }, session);
      expect(res.status, prompt).to.equal(200);
      expect(res.text, prompt).to.include('name="password"');
      // Carried through the form, so its POST keeps to it.
      expect(res.text, prompt).to.include(`<input type="hidden" name="prompt" value="${prompt}">`);
    }
    expect((await get({ prompt: 'consent' }, session)).status).to.equal(302);
  });

  it('max_age=0 always shows the form, even right after the sign-in; a max_age the sign-in is within answers at once; an older one shows the form', async () => {
    const zero = await get({ max_age: '0' }, session).expect(200);
    expect(zero.text).to.include('name="password"');
    expect((await get({ max_age: '0', prompt: 'none' }, session).expect(302)).headers.location).to.include('error=login_required');
    expect(callback(await get({ max_age: '60' }, session).expect(302))).to.have.property('code');
    clock.advanceSeconds(61);
    expect((await get({ max_age: '60' }, session)).status).to.equal(200);
    expect(callback(await get({ max_age: '61' }, session).expect(302))).to.have.property('code');
  });

  it('login_hint fills the username field, escaped; one longer than 256 characters is left out', async () => {
    const filled = await get({ login_hint: 'al"ice<b>' }).expect(200);
    expect(filled.text).to.include('name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required value="al&#34;ice&#60;b&#62;"');
    const long = await get({ login_hint: 'a'.repeat(257) }).expect(200);
    expect(long.text).to.include('required value="">');
    const exact = await get({ login_hint: 'b'.repeat(256) }).expect(200);
    expect(exact.text).to.include(`required value="${'b'.repeat(256)}">`);
  });

  it('ui_locales picks the language: the first of en and zh wins over Accept-Language; neither falls back to it', async () => {
    const zh = await get({ ui_locales: 'fr-CA zh-Hans en' }).set('Accept-Language', 'en').expect(200);
    expect(zh.text).to.include('<html lang="zh-CN">').and.to.include('<button type="submit">登录</button>');
    const en = await get({ ui_locales: 'en-GB zh' }).set('Accept-Language', 'zh-CN').expect(200);
    expect(en.text).to.include('<html lang="en">');
    const fallback = await get({ ui_locales: 'fr de' }).set('Accept-Language', 'zh-CN').expect(200);
    expect(fallback.text).to.include('<html lang="zh-CN">');
    // A wrong password shows the form again in the language asked for.
    const parameters = query({ ui_locales: 'zh' });
    const form = await request(auth.server).get(`${AUTHORIZE}?${parameters}`).expect(200);
    const fields = new URLSearchParams(parameters);
    fields.set('csrf_token', /name="csrf_token" value="([^"]*)"/.exec(form.text)![1]);
    fields.set('username', 'alice');
    fields.set('password', 'wrong');
    const again = await request(auth.server).post(AUTHORIZE).set('Cookie', setCookie(form, 'auth_csrf')!).type('form').send(fields.toString()).expect(400);
    expect(again.text).to.include('<html lang="zh-CN">').and.to.include('用户名或密码错误');
  });

  it('the discovery document names the prompt values and the languages of the pages', async () => {
    const metadata = (await request(auth.server).get('/auth/.well-known/openid-configuration').expect(200)).body as Record<string, unknown>;
    expect(metadata.prompt_values_supported).to.deep.equal(['none', 'login', 'consent', 'select_account']);
    expect(metadata.ui_locales_supported).to.deep.equal(['en', 'zh']);
  });

  it('the form signs in under prompt=login and max_age=0 alike: the code after the POST', async () => {
    const parameters = query({ prompt: 'login', max_age: '0' });
    const form = await request(auth.server).get(`${AUTHORIZE}?${parameters}`).set('Cookie', session).expect(200);
    const fields = new URLSearchParams(parameters);
    fields.set('csrf_token', /name="csrf_token" value="([^"]*)"/.exec(form.text)![1]);
    fields.set('username', 'alice');
    fields.set('password', 'right');
    const res = await request(auth.server).post(AUTHORIZE).set('Cookie', [setCookie(form, 'auth_csrf')!, session].join('; ')).type('form').send(fields.toString()).expect(303);
    expect(callback(res)).to.have.keys('code', 'state', 'iss');
  });
});
