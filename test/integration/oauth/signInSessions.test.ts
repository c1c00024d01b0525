import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import type { OAuthClientStore } from '../../../src/domain/ports/OAuthClientStore';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { TYPES } from '../../../src/interfaces/composition/types';
import { authTestConfig } from '../../support/authTestServer';
import { FixedClock } from '../../support/FixedClock';
import { PasswordCheckingAuthenticator } from '../../support/PasswordCheckingAuthenticator';
import { registeredClient } from '../../support/oauthClients';

const AUTHORIZE = '/auth/oauth/authorize';
const CALLBACK = 'https://app.example.com/callback';
const SESSION_SECONDS = 3600;

function query(): string {
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  return new URLSearchParams({ response_type: 'code', client_id: 'webapp', redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: 'S256' }).toString();
}

const setCookie = (res: request.Response, name: string) =>
  ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((line) => line.startsWith(`${name}=`))?.split(';')[0];

describe('Sign-in sessions end: a new sign-in ends the previous one, expired ones are purged', () => {
  const clock = new FixedClock(new Date());
  let auth: AuthServer;

  before(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_SIGNIN_SESSION_SECONDS: String(SESSION_SECONDS) }), {
      configure: (container) => {
        container.rebind(TYPES.Clock).toConstantValue(clock);
        container.rebind(TYPES.UserAuthenticator).toConstantValue(new PasswordCheckingAuthenticator('right'));
      },
    });
    await auth.container.get<OAuthClientStore>(TYPES.OAuthClientStore).add(registeredClient({ id: 'webapp', kind: 'public', redirectUris: [CALLBACK], firstParty: true }), null);
  });

  after(() => auth?.close());

  /** A browser signing in through the form, sending `cookies` (its session cookies) along: the new session cookie. */
  async function signIn(cookies: string[] = []): Promise<string> {
    const parameters = query();
    const form = await request(auth.server).get(`${AUTHORIZE}?${parameters}`).expect(200);
    const fields = new URLSearchParams(parameters);
    fields.set('csrf_token', /name="csrf_token" value="([^"]*)"/.exec(form.text)![1]);
    fields.set('username', 'alice');
    fields.set('password', 'right');
    const res = await request(auth.server).post(AUTHORIZE).set('Cookie', [setCookie(form, 'auth_csrf')!, ...cookies].join('; ')).type('form').send(fields.toString()).expect(303);
    return setCookie(res, 'auth_session')!;
  }

  const resumes = async (cookie: string) => (await request(auth.server).get(`${AUTHORIZE}?${query()}`).set('Cookie', cookie)).status === 302;
  const storedSessions = () => auth.container.get<DataSource>(TYPES.DataSource).query('SELECT COUNT(*) AS n FROM signin_sessions').then((rows: Array<{ n: number }>) => Number(rows[0].n));

  it("a second sign-in in the browser ends its first session on the server: the old cookie value finds nothing", async () => {
    const first = await signIn();
    expect(await resumes(first)).to.equal(true);
    const second = await signIn([first]);
    expect(second).not.to.equal(first);
    expect(await resumes(first)).to.equal(false);
    expect(await resumes(second)).to.equal(true);
  });

  it('a session cookie given twice is resumed by neither value (no order decides), and a sign-in ends both', async () => {
    const one = await signIn();
    const other = await signIn();
    const twice = `${one}; ${other}`;
    expect(await resumes(twice)).to.equal(false);
    expect(await resumes(`${other}; ${one}`)).to.equal(false);
    const fresh = await signIn([one, other]);
    expect(await resumes(one)).to.equal(false);
    expect(await resumes(other)).to.equal(false);
    expect(await resumes(fresh)).to.equal(true);
  });

  it('sign-out ends every session cookie sent, a duplicate included', async () => {
    const one = await signIn();
    const other = await signIn();
    await request(auth.server).post('/auth/oauth/signout').set('Cookie', `${one}; ${other}`).expect(204);
    expect(await resumes(one)).to.equal(false);
    expect(await resumes(other)).to.equal(false);
  });

  it('expired sessions are deleted from the store at the next sign-in, as expired codes are', async () => {
    await signIn();
    await signIn();
    expect(await storedSessions()).to.be.greaterThan(1);
    clock.advanceSeconds(SESSION_SECONDS);
    const fresh = await signIn();
    expect(await storedSessions()).to.equal(1);
    expect(await resumes(fresh)).to.equal(true);
  });
});
