import { expect } from 'chai';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import type { ClientDemo } from '../../../src/interfaces/composition/clientDemo';
import { authTestConfig } from '../../support/authTestServer';
import { buildTestClient, eventually } from '../../support/clientTestDemo';
import { ManualScheduler } from '../../support/ManualScheduler';
import { CLIENT_TYPES } from '@auth-service/client/inversify';
import { FakeKeyServer } from '../../support/FakeKeyServer';
import { freePort } from '../../support/freePort';
import { signingKey, signToken } from '../../support/testKeys';

const DETAILS = '/auth-client-demo/current/user/details';
const KEY_UNAVAILABLE = { success: false, status: 503, msg: '认证密钥暂不可用，请稍后重试', data: null };

async function login(auth: AuthServer): Promise<string> {
  const response = await request(auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200);
  return response.body.data.access_token as string;
}

function kidOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8')).kid as string;
}

function details(client: ClientDemo, token: string): request.Test {
  return request(client.server).get(DETAILS).set('Authorization', `Bearer ${token}`);
}

describe('demo client when the auth service is down, slow or changes its key', () => {
  describe('with the real auth service coming and going', () => {
    let port: number;
    /** The client's error names the URL it tried (the key set or the key endpoint; no query: that carries the app secret). */
    const UNREACHABLE = /^the key endpoint is unreachable \(ECONNREFUSED at http:\/\/127\.0\.0\.1:\d+\/auth\/(\.well-known\/jwks\.json|client\/user\/secret\/key)\)$/;
    let client: ClientDemo;
    let firstToken: string;
    const auths: AuthServer[] = [];
    const scheduler = new ManualScheduler();

    before(async () => {
      port = await freePort();
      client = buildTestClient({ AUTH_SERVER_URL: `http://127.0.0.1:${port}`, AUTH_FETCH_TIMEOUT_MS: '1000' }, (container) =>
        container.rebind(CLIENT_TYPES.KeyRefreshScheduler).toConstantValue(scheduler),
      );
    });

    after(async () => {
      await client?.close();
      for (const auth of auths) await auth.close();
    });

    it('comes up while the auth service is down: 503 with Retry-After on protected paths, health DOWN', async () => {
      await client.listen(0);
      expect(client.server.listening).to.equal(true);
      expect(client.provider.state()).to.include({ hasKey: false, lastOutcome: 'failed' });
      expect(client.provider.state().lastError).to.match(UNREACHABLE);

      const key = signingKey('rsa');
      const response = await details(client, await signToken(key)).expect(503);
      expect(response.headers['retry-after']).to.equal('60');
      expect(response.headers['www-authenticate']).to.equal(undefined);
      expect(response.body).to.deep.equal(KEY_UNAVAILABLE);

      const health = await request(client.server).get('/auth-client-demo/actuator/health').expect(503);
      expect(health.body.status).to.equal('DOWN');
      expect(health.body.components.publicKey.status).to.equal('DOWN');
      expect(health.body.components.publicKey.details).to.include({ kid: null });
      expect(health.body.components.publicKey.details.lastError).to.match(UNREACHABLE);
    });

    it('accepts tokens once the auth service is up and one scheduled refresh has run', async () => {
      const auth = await buildAuthServer(authTestConfig());
      auths.push(auth);
      await auth.listen(port);
      expect(client.provider.state().hasKey).to.equal(false);
      await scheduler.tick();
      expect(client.provider.state().hasKey, 'key picked up by the scheduled refresh').to.equal(true);

      await details(client, await login(auth)).expect(200);
      const health = await request(client.server).get('/auth-client-demo/actuator/health').expect(200);
      expect(health.body.components.publicKey.status).to.equal('UP');
    });

    it('keeps verifying with the key it has when the auth service goes down', async () => {
      firstToken = await login(auths[0]);
      const kid = client.provider.state().kid;
      await auths[0].close();

      expect(await client.provider.refresh()).to.deep.equal({ outcome: 'failed', kid });
      await details(client, firstToken).expect(200);
      expect(client.provider.state()).to.include({ hasKey: true, kid });
      expect(client.provider.state().lastError).to.match(UNREACHABLE);
      await request(client.server).get('/auth-client-demo/actuator/health').expect(200);
    });

    it('picks up a key change on the server at the next refresh', async () => {
      const oldKid = client.provider.state().kid;
      const auth = await buildAuthServer(authTestConfig());
      auths.push(auth);
      await auth.listen(port);
      const newToken = await login(auth);

      await client.provider.refresh();
      expect(client.provider.state().kid).to.equal(kidOf(newToken)).and.not.equal(oldKid);
      await details(client, newToken).expect(200);
      expect((await details(client, firstToken).expect(401)).body.msg).to.equal('token 解析失败！');
    });
  });

  describe('with a fake key server', () => {
    const keyA = signingKey('rsa');
    const keyB = signingKey('rsa');
    let fake: FakeKeyServer;
    let client: ClientDemo;
    let tokenA: string;

    before(async () => {
      fake = new FakeKeyServer();
      client = buildTestClient({ AUTH_SERVER_URL: await fake.start() });
      tokenA = await signToken(keyA);
      fake.serveKey(keyA.publicKey);
      expect(await client.provider.refresh()).to.deep.equal({ outcome: 'replaced', kid: keyA.kid });
    });

    after(async () => {
      await client?.close();
      await fake?.close();
    });

    it('leaves the key unchanged when the key endpoint answers success false', async () => {
      const before = client.provider.keyFor(undefined);
      fake.serveEnvelope(200, { success: false, status: 500, msg: '系统繁忙', data: null });

      expect(await client.provider.refresh()).to.deep.equal({ outcome: 'refused', kid: keyA.kid });
      expect(client.provider.keyFor(undefined)).to.equal(before);
      await details(client, tokenA).expect(200);
    });

    it('keeps the key on a 500, a non-JSON answer and an unusable key, recording the error', async () => {
      const cases: Array<[() => void, string, string]> = [
        [() => fake.serveRaw(500, 'text/plain', 'boom'), 'failed', 'the key endpoint answered HTTP 500'],
        [() => fake.serveRaw(200, 'text/html', '<h1>maintenance</h1>'), 'failed', 'the key endpoint did not answer JSON (HTTP 200)'],
        [() => fake.serveKey(signingKey('ec').publicKey), 'rejected', 'a key of type ec prime256v1 cannot verify rsa tokens (RS256, RS384, RS512, PS256, PS384, PS512)'],
      ];
      for (const [serve, outcome, error] of cases) {
        serve();
        expect(await client.provider.refresh(), error).to.deep.equal({ outcome, kid: keyA.kid });
        expect(client.provider.state().lastError).to.equal(error);
        await details(client, tokenA).expect(200);
      }
    });

    it('replaces the key when the server hands out a new one: new tokens pass, old ones fail', async () => {
      fake.serveKey(keyB.publicKey);
      expect(await client.provider.refresh()).to.deep.equal({ outcome: 'replaced', kid: keyB.kid });

      await details(client, await signToken(keyB)).expect(200);
      expect((await details(client, tokenA).expect(401)).body).to.deep.equal({ success: false, status: 401, msg: 'token 解析失败！', data: null });
    });
  });

  describe('with a hanging key server', () => {
    let fake: FakeKeyServer;
    let origin: string;
    const clients: ClientDemo[] = [];

    beforeEach(async () => {
      fake = new FakeKeyServer();
      origin = await fake.start();
      fake.hang();
    });

    afterEach(async () => {
      for (const client of clients.splice(0)) await client.close();
      await fake.close();
    });

    it('does not hold startup beyond the fetch timeout', async () => {
      const client = buildTestClient({ AUTH_SERVER_URL: origin, AUTH_FETCH_TIMEOUT_MS: '1000' });
      clients.push(client);

      const started = Date.now();
      await client.listen(0);
      const elapsed = Date.now() - started;

      // A bound, not a speed test: startup ends once the one fetch has timed out.
      expect(elapsed).to.be.below(1000 + 1000);
      expect(client.provider.state()).to.include({ hasKey: false, lastError: 'the key endpoint did not answer within 1000 ms' });
      expect((await details(client, await signToken(signingKey('rsa'))).expect(503)).body).to.deep.equal(KEY_UNAVAILABLE);
      expect(fake.requests).to.equal(1);
    });

    it('never runs two fetches at once: concurrent refreshes share one', async () => {
      const client = buildTestClient({ AUTH_SERVER_URL: origin, AUTH_FETCH_TIMEOUT_MS: '500' });
      clients.push(client);

      const first = client.provider.refresh();
      const second = client.provider.refresh();
      expect(second).to.equal(first);
      await fake.nextRequest(1);
      await Promise.all([first, second, client.provider.refresh()]);
      expect(fake.requests).to.equal(1);

      await client.provider.refresh();
      expect(fake.requests).to.equal(2);
      expect(fake.maxInFlight).to.equal(1);
    });

    it('never overlaps scheduled refreshes while a fetch hangs', async () => {
      const scheduler = new ManualScheduler();
      const client = buildTestClient({ AUTH_SERVER_URL: origin, AUTH_FETCH_TIMEOUT_MS: '500' }, (container) =>
        container.rebind(CLIENT_TYPES.KeyRefreshScheduler).toConstantValue(scheduler),
      );
      clients.push(client);

      const listening = client.listen(0);
      await fake.nextRequest(1);
      // Two scheduled runs fall inside the hanging startup fetch and join it.
      const ticks = [scheduler.tick(), scheduler.tick()];
      await Promise.all([listening, ...ticks]);
      expect(fake.requests).to.equal(1);

      // Once it has timed out, the next scheduled run fetches again, still one at a time. The client
      // aborted the hanging request at its timeout; the server sees that connection close a few ms
      // later, so its in-flight count is read once it has (measured: the next request came 3 ms early).
      await eventually(() => fake.inFlight === 0, 2000, 'the aborted request closed at the server');
      const next = scheduler.tick();
      await fake.nextRequest(2);
      await next;
      expect(fake.maxInFlight).to.equal(1);
    });
  });
});
