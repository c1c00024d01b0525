import { expect } from 'chai';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../support/buildAuthServer';
import { TYPES } from '../../src/interfaces/composition/types';
import { PasswordCheckingAuthenticator } from '../support/PasswordCheckingAuthenticator';
import { authTestConfig } from '../support/authTestServer';
import { FixedClock } from '../support/FixedClock';
import { parsePrometheusText, sampleValue, type Sample } from '../support/prometheusText';

const PROMETHEUS = '/auth/actuator/prometheus';

describe('Prometheus metrics of the auth service', () => {
  const clock = new FixedClock('2026-03-01T08:00:00Z');
  let auth: AuthServer;

  before(async () => {
    auth = await buildAuthServer(authTestConfig(), {
      configure: (container) => container.rebind(TYPES.Clock).toConstantValue(clock),
    });
  });

  after(async () => {
    await auth.close();
  });

  async function scrape(): Promise<Sample[]> {
    const response = await request(auth.server).get(PROMETHEUS);
    expect(response.status).to.equal(200);
    expect(response.headers['content-type']).to.match(/^text\/plain; version=0\.0\.4; charset=utf-8/);
    return parsePrometheusText(response.text);
  }

  it('serves valid text exposition with the default process metrics', async () => {
    const samples = await scrape();

    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).to.be.at.least(0);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).to.be.greaterThan(0);
  });

  it('counts a failed verification by reason after a request with a bad token', async () => {
    const before = sampleValue(await scrape(), 'auth_token_verification_failures_total', { reason: 'TOKEN_INVALID' }) ?? 0;

    const response = await request(auth.server).get('/auth/current/user/details').set('Authorization', 'Bearer not.a.token');

    expect(response.status).to.equal(401);
    const samples = await scrape();
    expect(sampleValue(samples, 'auth_token_verification_failures_total', { reason: 'TOKEN_INVALID' })).to.equal(before + 1);
    expect(sampleValue(samples, 'http_server_request_duration_seconds_count', { route: '/auth/current/user/details', status: '401', method: 'GET' })).to.equal(1);
  });

  it('counts an expired token under its own reason', async () => {
    const login = await request(auth.server).post('/auth/oauth/jwt/token').send({ username: 'admin', password: 'pw' });
    clock.advanceSeconds(18_001);
    try {
      await request(auth.server).get('/auth/current/user/details').set('Authorization', `Bearer ${login.body.data.access_token}`);
    } finally {
      clock.advanceSeconds(-18_001);
    }

    expect(sampleValue(await scrape(), 'auth_token_verification_failures_total', { reason: 'TOKEN_EXPIRED' })).to.equal(1);
  });

  it('counts logins by outcome, including refusals by the rate limit', async () => {
    // Its own server, so no earlier login in this file uses up the attempts.
    const limited = await buildAuthServer(authTestConfig({ AUTH_LOGIN_MAX_ATTEMPTS: '2' }), {
      configure: (container) => container.rebind(TYPES.UserAuthenticator).toConstantValue(new PasswordCheckingAuthenticator()),
    });
    try {
      const attempt = (password: string) => request(limited.server).post('/auth/oauth/jwt/token').send({ username: 'metrics-a', password });
      for (const password of ['right', '', 'wrong', 'wrong', 'right', 'wrong']) await attempt(password);

      const samples = parsePrometheusText((await request(limited.server).get(PROMETHEUS)).text);
      const count = (outcome: string) => sampleValue(samples, 'auth_logins_total', { outcome });
      expect([count('success'), count('invalid_input'), count('invalid_credentials'), count('rate_limited')]).to.deep.equal([1, 1, 2, 2]);
    } finally {
      await limited.close();
    }
  });

  it('labels durations by route pattern, never by raw URL', async () => {
    await request(auth.server).get('/auth/static/index.html');
    await request(auth.server).get('/auth/no/such/page-1');
    await request(auth.server).get('/auth/no/such/page-2');
    await request(auth.server).get('/auth/client/user/secret/key?appId=x&appSecret=y');

    const routes = new Set((await scrape()).filter((s) => s.name === 'http_server_request_duration_seconds_count').map((s) => s.labels.route));

    expect([...routes]).to.include.members(['/auth/static/**', 'unmatched', '/auth/client/user/secret/key', '/auth/oauth/jwt/token']);
    for (const route of routes) expect(route).not.to.match(/page-|\?/);
  });

  it('reports the signing key age on the service clock', async () => {
    clock.advanceSeconds(90);

    const samples = await scrape();

    const age = samples.find((sample) => sample.name === 'auth_signing_key_age_seconds');
    expect(age?.labels).to.have.keys('kid', 'alg');
    expect(age?.value).to.equal(90);
  });
});

describe('metrics registries', () => {
  it('are per app, so two services in one process keep separate counts', async () => {
    const [first, second] = await Promise.all([buildAuthServer(authTestConfig()), buildAuthServer(authTestConfig())]);
    try {
      await request(first.server).get('/auth/current/user/details').set('Authorization', 'Bearer x.y.z');

      const firstSamples = parsePrometheusText((await request(first.server).get(PROMETHEUS)).text);
      const secondSamples = parsePrometheusText((await request(second.server).get(PROMETHEUS)).text);

      expect(sampleValue(firstSamples, 'auth_token_verification_failures_total', { reason: 'TOKEN_INVALID' })).to.equal(1);
      expect(sampleValue(secondSamples, 'auth_token_verification_failures_total', { reason: 'TOKEN_INVALID' })).to.equal(undefined);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe('the Prometheus text checker', () => {
  it('rejects lines that are not exposition format', () => {
    expect(() => parsePrometheusText('# TYPE a counter\na{x="1"} 1\n')).not.to.throw();
    expect(() => parsePrometheusText('# TYPE a counter\na{x=1} 1\n')).to.throw(SyntaxError);
    expect(() => parsePrometheusText('a 1\n')).to.throw(/no TYPE/);
    expect(() => parsePrometheusText('# TYPE a counter\na one\n')).to.throw(SyntaxError);
  });
});
