import { expect } from 'chai';
import request from 'supertest';
import type { RevokeUserTokens } from '../../src/application/revocation/RevokeUserTokens';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { TYPES } from '../../src/interfaces/composition/types';
import { authTestConfig } from '../support/authTestServer';
import { parsePrometheusText, sampleValue } from '../support/prometheusText';

const REVOKE = '/auth/oauth/revoke';

describe('revocation endpoint: discovery, throttling, metrics', function () {
  this.timeout(30_000);
  let auth: AuthServer;

  before(async () => {
    auth = await buildAuthServer(authTestConfig({ AUTH_CLIENTS: 'svc:s3cret', AUTH_LOGIN_MAX_ATTEMPTS: '3', AUTH_LOGIN_WINDOW_SECONDS: '60' }));
  });

  after(async () => {
    await auth?.close();
  });

  const scrape = async () => parsePrometheusText((await request(auth.server).get('/auth/actuator/prometheus').expect(200)).text);
  const login = async () => (await request(auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'x' }).expect(200)).body.data.access_token as string;

  it('is advertised as revocation_endpoint in the discovery document', async () => {
    const discovery = await request(auth.server).get('/auth/.well-known/openid-configuration').expect(200);
    expect(discovery.body).to.include({ revocation_endpoint: 'http://localhost/auth/oauth/revoke' });
    expect(discovery.body.revocation_endpoint_auth_methods_supported).to.deep.equal(['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none']);
  });

  it('counts revocations by kind', async () => {
    const before = await scrape();
    const token = await login();
    await request(auth.server).post(REVOKE).set('Authorization', `Bearer ${token}`).type('form').send({ token }).expect(200);
    await auth.container.get<RevokeUserTokens>(TYPES.RevokeUserTokens).execute({ subject: 'someone' });
    const after = await scrape();
    for (const kind of ['token', 'subject']) {
      expect(sampleValue(after, 'auth_token_revocations_total', { kind })).to.equal((sampleValue(before, 'auth_token_revocations_total', { kind }) ?? 0) + 1);
    }
    // An unknown token is no revocation: 200 all the same, not counted.
    await request(auth.server).post(REVOKE).set('Authorization', 'Basic ' + Buffer.from('svc:s3cret').toString('base64')).type('form').send({ token: 'x.y.z' }).expect(200);
    expect(sampleValue(await scrape(), 'auth_token_revocations_total', { kind: 'token' })).to.equal(sampleValue(after, 'auth_token_revocations_total', { kind: 'token' }));
  });

  it('refuses an address with 429 and Retry-After after the login limit of failed requests', async () => {
    const bad = 'Basic ' + Buffer.from('svc:wrong').toString('base64');
    for (let attempt = 0; attempt < 3; attempt++) {
      await request(auth.server).post(REVOKE).set('Authorization', bad).type('form').send({ token: 'x' }).expect(401);
    }
    const refused = await request(auth.server).post(REVOKE).set('Authorization', bad).type('form').send({ token: 'x' });
    expect(refused.status).to.equal(429);
    expect(refused.headers['retry-after']).to.match(/^\d+$/);
    // RFC 6749 §5.2 JSON, as at the token endpoint.
    expect(refused.body).to.deep.equal({ error: 'temporarily_unavailable', error_description: 'too many wrong client secrets' });
    // This address presented svc's right secret before (the test above): it is never refused that one (issue 31 §4).
    await request(auth.server).post(REVOKE).set('Authorization', 'Basic ' + Buffer.from('svc:s3cret').toString('base64')).type('form').send({ token: 'x' }).expect(200);
  });
});
