import { expect } from 'chai';
import request from 'supertest';
import type { CachedRevocationView } from '../../../src/application/revocation/CachedRevocationView';
import type { RevocationFeedProvider } from '@auth-service/client';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import type { ClientDemo } from '../../../src/interfaces/composition/clientDemo';
import { TYPES } from '../../../src/interfaces/composition/types';
import { CLIENT_TYPES } from '@auth-service/client/inversify';
import { authTestConfig } from '../../support/authTestServer';
import { buildTestClient } from '../../support/clientTestDemo';
import { FixedClock } from '../../support/FixedClock';
import { parsePrometheusText, sampleValue } from '../../support/prometheusText';
import { ManualScheduler } from '../../support/ManualScheduler';
import { StoreCliBeside } from '../../support/StoreCliBeside';
import { STORE_BACKENDS, type SharedDatabase } from '../../support/storeBackends';
import { clockAndFastHashing } from '../../support/clockAndFastHashing';
import { LogCapture } from '../../support/LogCapture';

const LOGIN = '/auth/oauth/jwt/token';
const REVOKE = '/auth/oauth/revoke';
const FEED = '/auth/client/revocations?appId=auth-client-demo&appSecret=123456';
const AUTH_DETAILS = '/auth/current/user/details';
const CLIENT_DETAILS = '/auth-client-demo/current/user/details';
const REVOKED = { success: false, status: 401, msg: 'token 解析失败！', data: null };
const BASIC = `Basic ${Buffer.from('auth-client-demo:123456').toString('base64')}`;

for (const backend of STORE_BACKENDS) {
  describe(`revocation reaches the demo client and logout (${backend.name})`, function () {
    this.timeout(60_000);
    const clock = new FixedClock('2026-03-01T10:00:00Z');
    const scheduler = new ManualScheduler();
    let database: SharedDatabase;
    let instances: AuthServer[];
    let client: ClientDemo;
    let cli: StoreCliBeside;

    const feed = () => client.container.get<RevocationFeedProvider>(CLIENT_TYPES.RevocationFeedProvider);
    const syncTick = async () => {
      for (const auth of instances) await auth.container.get<CachedRevocationView>(TYPES.RevocationView).refresh();
    };
    async function login(username: string, password: string): Promise<string> {
      const response = await request(instances[0].server).post(LOGIN).send({ username, password }).expect(200);
      return response.body.data.access_token as string;
    }
    async function statuses(token: string): Promise<number[]> {
      const result: number[] = [];
      for (const auth of instances) result.push((await request(auth.server).get(AUTH_DETAILS).set('Authorization', `Bearer ${token}`)).status);
      result.push((await request(client.server).get(CLIENT_DETAILS).set('Authorization', `Bearer ${token}`)).status);
      return result;
    }

    before(async () => {
      database = await backend.create();
      const config = authTestConfig({ AUTH_DATABASE_URL: database.url, AUTH_USER_STORE: 'database', AUTH_CLIENTS: 'auth-client-demo:123456' });
      const withClock = clockAndFastHashing(config, clock);
      instances = [await buildAuthServer(config, { configure: withClock }), await buildAuthServer(config, { configure: withClock })];
      const address = await instances[1].listen(0);
      client = buildTestClient({ AUTH_SERVER_URL: `http://127.0.0.1:${address.port}`, AUTH_KEY_MAX_STALE_SECONDS: '600', AUTH_REVOCATION_MAX_STALE_SECONDS: '600' }, (container) => {
        withClock(container);
        container.rebind(CLIENT_TYPES.KeyRefreshScheduler).toConstantValue(scheduler);
      });
      cli = await StoreCliBeside.open(config, withClock);
      await cli.usersDeps.addUser.execute({ account: 'alice', password: 'alice-pass', nickName: 'Alice' });
      await client.start();
      await scheduler.tick();
    });

    after(async () => {
      await client?.close();
      for (const auth of instances ?? []) await auth.close();
      await cli?.close();
      await database?.dispose();
    });

    it('users disable: every auth instance refuses at its sync, the client at its next refresh', async () => {
      const token = await login('alice', 'alice-pass');
      expect(await statuses(token)).to.deep.equal([200, 200, 200]); // and cached at the client

      const { code } = await cli.users(['disable', 'alice']);
      expect(code).to.equal(0);
      await syncTick();
      expect(await statuses(token)).to.deep.equal([401, 401, 200]);

      await scheduler.tick();
      expect(await statuses(token)).to.deep.equal([401, 401, 401]);
      const atClient = await request(client.server).get(CLIENT_DETAILS).set('Authorization', `Bearer ${token}`);
      expect(atClient.body).to.deep.equal(REVOKED);
      expect(atClient.headers['www-authenticate']).to.equal('Bearer error="invalid_token"');
      const metrics = parsePrometheusText((await request(client.server).get('/auth-client-demo/actuator/prometheus').expect(200)).text);
      expect(sampleValue(metrics, 'auth_client_revocation_feed_fetches_total', { result: 'success' })).to.be.at.least(2);
      expect(sampleValue(metrics, 'auth_client_revocation_feed_age_seconds', {})).to.equal(0);
      await cli.usersDeps.changeUserStatus.execute({ account: 'alice', status: 'active' });
      clock.advanceSeconds(1);
    });

    it('logout revokes that one token everywhere; the same user\'s other tokens keep working', async () => {
      const signedOut = await login('alice', 'alice-pass');
      const other = await login('alice', 'alice-pass');
      expect(await statuses(signedOut)).to.deep.equal([200, 200, 200]);

      const logout = await request(instances[0].server).post(REVOKE).set('Authorization', `Bearer ${signedOut}`).type('form').send({ token: signedOut });
      expect(logout.status).to.equal(200);
      expect(logout.body).to.deep.equal({ success: true, status: 200, msg: '操作成功!', data: null });
      expect((await statuses(signedOut)).slice(0, 1)).to.deep.equal([401]); // the revoking instance: at once
      await syncTick();
      await scheduler.tick();
      expect(await statuses(signedOut)).to.deep.equal([401, 401, 401]);
      expect(await statuses(other)).to.deep.equal([200, 200, 200]);
    });

    it('RFC 7009: a registered client revokes with Basic; 200 for unknown tokens, 400 malformed, 401 bad client, RFC 6749 errors', async () => {
      const token = await login('alice', 'alice-pass');
      const other = await login('alice', 'alice-pass');
      expect((await request(instances[1].server).post(REVOKE).set('Authorization', BASIC).type('form').send({ token, token_type_hint: 'access_token' })).status).to.equal(200);
      expect((await request(instances[1].server).get(AUTH_DETAILS).set('Authorization', `Bearer ${token}`)).status).to.equal(401);
      expect((await request(instances[1].server).post(REVOKE).set('Authorization', BASIC).type('form').send({ token: 'not-a-token' })).status).to.equal(200);

      expect((await request(instances[1].server).post(REVOKE).set('Authorization', BASIC).type('form').send({})).status).to.equal(400);
      const wrongClient = `Basic ${Buffer.from('auth-client-demo:wrong').toString('base64')}`;
      const refused = await request(instances[1].server).post(REVOKE).set('Authorization', wrongClient).type('form').send({ token: other });
      // RFC 6749 §5.2: invalid_client, 401 with a Basic challenge since Basic was used.
      expect(refused.status).to.equal(401);
      expect(refused.body).to.deep.equal({ error: 'invalid_client', error_description: 'client authentication failed' });
      expect(refused.headers['www-authenticate']).to.match(/^Basic /);
      // Another token as bearer may not revoke this one (here the bearer is even revoked already); nothing at all is no client either.
      const byRevokedBearer = await request(instances[1].server).post(REVOKE).set('Authorization', `Bearer ${token}`).type('form').send({ token: other });
      expect([byRevokedBearer.status, byRevokedBearer.body.error]).to.deep.equal([401, 'invalid_token']);
      const anonymous = await request(instances[1].server).post(REVOKE).type('form').send({ token: other });
      expect([anonymous.status, anonymous.body.error]).to.deep.equal([400, 'invalid_client']);
      expect((await request(instances[1].server).get(AUTH_DETAILS).set('Authorization', `Bearer ${other}`)).status).to.equal(200);
    });

    it('the feed answers ETag/304, and an offline feed keeps the last known revocations for the stale bound', async () => {
      const first = await request(instances[0].server).get(FEED).expect(200);
      expect(first.body.data.subjects).to.have.length(1);
      expect(first.body.data.tokens).to.have.length(2);
      await request(instances[0].server).get(FEED).set('If-None-Match', first.headers.etag).expect(304);
      expect((await request(instances[0].server).get('/auth/client/revocations?appId=auth-client-demo&appSecret=nope')).status).to.equal(401);

      const revoked = await login('alice', 'alice-pass');
      await request(instances[0].server).post(REVOKE).set('Authorization', `Bearer ${revoked}`).type('form').send({ token: revoked }).expect(200);
      await scheduler.tick();
      await instances[1].close(); // the client's auth service goes away
      clock.advanceSeconds(300);
      await scheduler.tick();
      expect(feed().state()).to.include({ lastOutcome: 'failed', stale: false, ageSeconds: 300, tokens: 3 });
      expect((await request(client.server).get(CLIENT_DETAILS).set('Authorization', `Bearer ${revoked}`)).status).to.equal(401);
      const health = await request(client.server).get('/auth-client-demo/actuator/health').expect(200);
      expect(health.body.components.revocationFeed.details).to.include({ ageSeconds: 300, stale: false });

      // Past the stale bound (the keys' too): nothing is trusted, the revoked token is still refused.
      clock.advanceSeconds(301);
      expect(feed().state()).to.include({ stale: true, tokens: 3 });
      expect(() => feed().revocations()).to.throw('the revocation feed has not answered for too long');
      expect((await request(client.server).get(CLIENT_DETAILS).set('Authorization', `Bearer ${revoked}`)).status).to.be.oneOf([401, 503]);
      const down = await request(client.server).get('/auth-client-demo/actuator/health');
      expect(down.body.components.revocationFeed.status).to.equal('DOWN');
    });

    it('the feed stays bounded: entries leave once no token they cover can be valid', async () => {
      const before = (await request(instances[0].server).get(FEED).expect(200)).body.data;
      expect(before.subjects.length + before.tokens.length).to.be.greaterThan(0);
      clock.advanceSeconds(18_000 + 30 + 5);
      const after = (await request(instances[0].server).get(FEED).expect(200)).body.data;
      expect(after).to.deep.include({ subjects: [], tokens: [], full: true });
    });
  });
}

describe('a client whose appId/appSecret the revocation feed refuses', function () {
  this.timeout(60_000);
  let auth: AuthServer;
  let client: ClientDemo;
  const logs = new LogCapture();

  before(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_CLIENTS: 'svc-right:the-right-secret-0123456789' }));
    const address = await auth.listen(0);
    client = buildTestClient(
      { AUTH_SERVER_URL: `http://127.0.0.1:${address.port}`, AUTH_APP_ID: 'svc-right', AUTH_APP_SECRET: 'a-wrong-secret-9876543210' },
      logs.configure('info'),
    );
    await client.start();
  });

  after(async () => {
    await client?.close();
    await auth?.close();
  });

  it('reports health DOWN and logs an error naming the appId (never the secret) on the first refusal, and refuses tokens with 503 + Retry-After', async () => {
    const errors = logs.records().filter((record) => record.level === 50);
    expect(errors.map((record) => record.appId)).to.deep.equal(['svc-right']);
    expect(errors[0].msg).to.match(/refused this client's appId\/appSecret/);
    expect(logs.text()).not.to.include('a-wrong-secret-9876543210');

    const health = await request(client.server).get('/auth-client-demo/actuator/health');
    expect(health.status).to.equal(503);
    expect(health.body.components.revocationFeed).to.nested.include({ status: 'DOWN', 'details.credentialsRefused': true, 'details.lastOutcome': 'refused' });

    const token = (await request(auth.server).post(LOGIN).send({ username: 'admin', password: 'any' }).expect(200)).body.data.access_token as string;
    const refused = await request(client.server).get(CLIENT_DETAILS).set('Authorization', `Bearer ${token}`);
    expect(refused.status).to.equal(503);
    expect(Number(refused.headers['retry-after'])).to.be.greaterThan(0);
  });
});
