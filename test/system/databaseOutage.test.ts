import { expect } from 'chai';
import { loadAuthServerConfig } from '../../src/infrastructure/config/AuthServerConfig';
import { buildAuthServer } from '../support/buildAuthServer';
import { addUserOn } from '../support/addTestUser';
import { AuthProcess, originOf } from '../support/authProcess';
import { PostgresDatabase } from '../support/postgresDatabase';
import type { TcpProxy } from '../support/tcpProxy';

const CLIENT = { appId: 'svc-a', appSecret: 'outage-test-secret-0123456789abcdef' };
const BASIC = `Basic ${Buffer.from(`${CLIENT.appId}:${CLIENT.appSecret}`).toString('base64')}`;
const STALE_SECONDS = 3;

/**
 * Finding 6 of issue 20 against real processes: two auth instances on one
 * PostgreSQL database, which the test makes unreachable through a TCP proxy it
 * controls (the shared server itself stays up).
 */
describe('database outage: two auth processes on one PostgreSQL database behind a proxy the test cuts', function () {
  this.timeout(120_000);

  let database: PostgresDatabase;
  let proxy: TcpProxy;
  let processes: AuthProcess[] = [];
  let origins: string[] = [];

  before(async () => {
    database = await PostgresDatabase.create();
    await seedUser(database.url);
    const proxied = await database.behindProxy();
    proxy = proxied.proxy;
    const env = {
      AUTH_DATABASE_URL: proxied.url,
      AUTH_USER_STORE: 'database',
      AUTH_CLIENTS: `${CLIENT.appId}:${CLIENT.appSecret}`,
      AUTH_REVOCATION_MAX_STALE_SECONDS: String(STALE_SECONDS),
    };
    processes = [AuthProcess.start(env), AuthProcess.start(env)];
    origins = (await Promise.all(processes.map((p) => p.port()))).map(originOf);
  });

  after(async () => {
    await proxy?.restore();
    await Promise.all(processes.map((p) => p.stop()));
    await proxy?.close();
    await database?.drop();
  });

  it('answers 503 with Retry-After (never 500) while the store is away, reports an unrecorded sign-out as not done, and fails closed beyond the staleness limit', async () => {
    const [first, second] = origins;
    const signedOut = await login(first);
    const other = await login(second);
    expect(await status(second, '/auth/current/user/details', signedOut)).to.equal(200);

    await proxy.cut();

    const loginDuring = await post(first, '/auth/oauth/jwt/token', JSON.stringify({ username: 'alice', password: 'alice-password' }), { 'content-type': 'application/json' });
    expectUnavailable(loginDuring, 'login');
    const signOut = await signOutOf(first, signedOut);
    expectUnavailable(signOut, 'sign-out');
    const revoke = await post(second, '/auth/oauth/revoke', `token=${other}`, { 'content-type': 'application/x-www-form-urlencoded', authorization: BASIC });
    expectUnavailable(revoke, 'revoke');
    const feed = await fetch(`${second}/auth/client/revocations?appId=${CLIENT.appId}&appSecret=${CLIENT.appSecret}`);
    expectUnavailable(feed, 'feed');
    const grant = await post(first, '/auth/oauth/token', 'grant_type=password&username=alice&password=alice-password', {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: BASIC,
    });
    expectUnavailable(grant, 'token endpoint');
    expect(await grant.json()).to.include({ error: 'temporarily_unavailable' });
    // The public key is held in memory and may be served; what matters is no 500.
    const key = await fetch(`${first}/auth/client/user/secret/key?appId=${CLIENT.appId}&appSecret=${CLIENT.appSecret}`);
    if (key.status !== 200) expectUnavailable(key, 'key endpoint');

    // Beyond the staleness limit neither instance vouches for a token any more.
    for (const origin of origins) await until(async () => (await fetch(`${origin}/auth/actuator/health/readiness`)).status === 503, `${origin} readiness DOWN`);
    const readiness = (await (await fetch(`${first}/auth/actuator/health/readiness`)).json()) as { components: Record<string, { status: string }> };
    expect(readiness.components.revocations.status).to.equal('DOWN');
    for (const origin of origins) {
      const details = await fetch(`${origin}/auth/current/user/details`, { headers: { authorization: `Bearer ${other}` } });
      expectUnavailable(details, `protected route on ${origin}`);
    }

    await proxy.restore();
    for (const origin of origins) await until(async () => (await fetch(`${origin}/auth/actuator/health/readiness`)).status === 200, `${origin} readiness UP`);

    // The sign-out was answered "not done": the token still works, and the retry is what revokes it, everywhere.
    expect(await status(second, '/auth/current/user/details', signedOut)).to.equal(200);
    expect((await signOutOf(first, signedOut)).status).to.equal(200);
    expect(await status(first, '/auth/current/user/details', signedOut)).to.equal(401);
    await until(async () => (await status(second, '/auth/current/user/details', signedOut)) === 401, 'the revocation reaches the other instance');
    expect(await status(second, '/auth/current/user/details', other)).to.equal(200);

    const logs = processes.flatMap((p) => p.lines);
    expect(logs.filter((line) => line.res !== undefined && (line.res as { statusCode?: number }).statusCode === 500)).to.deep.equal([]);
  });
});

async function seedUser(url: string): Promise<void> {
  const auth = await buildAuthServer(loadAuthServerConfig({ AUTH_DATABASE_URL: url, AUTH_USER_STORE: 'database', LOG_LEVEL: 'silent', AUTH_ISSUER: 'http://auth.test/auth' }));
  try {
    await addUserOn(auth).execute({ account: 'alice', password: 'alice-password', nickName: 'Alice' });
  } finally {
    await auth.close();
  }
}

async function login(origin: string): Promise<string> {
  const response = await post(origin, '/auth/oauth/jwt/token', JSON.stringify({ username: 'alice', password: 'alice-password' }), { 'content-type': 'application/json' });
  expect(response.status).to.equal(200);
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

function signOutOf(origin: string, token: string): Promise<Response> {
  return post(origin, '/auth/oauth/revoke', `token=${token}`, { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` });
}

function post(origin: string, path: string, body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${origin}${path}`, { method: 'POST', headers, body });
}

async function status(origin: string, path: string, token: string): Promise<number> {
  return (await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } })).status;
}

function expectUnavailable(response: Response, what: string): void {
  expect(response.status, what).to.equal(503);
  expect(Number(response.headers.get('retry-after')), `${what} Retry-After`).to.be.greaterThan(0);
}

/** Polls a condition the processes reach on their own schedule (1 s revocation sync), within a bound. */
async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
