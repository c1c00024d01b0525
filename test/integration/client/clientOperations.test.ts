import { expect } from 'chai';
import request from 'supertest';
import type { AuthServer } from '../../../src/interfaces/composition/authServerAssembly';
import type { ClientDemo } from '../../../src/interfaces/composition/clientDemo';
import { AuthProcess, CLIENT_DEMO_ENTRY, originOf, type LogLine } from '../../support/authProcess';
import { startAuthServer } from '../../support/authTestServer';
import { buildTestClient } from '../../support/clientTestDemo';
import { ManualScheduler } from '../../support/ManualScheduler';
import { CLIENT_TYPES } from '@auth-service/client/inversify';
import { parsePrometheusText, sampleValue } from '../../support/prometheusText';

const PROMETHEUS = '/auth-client-demo/actuator/prometheus';

describe('demo client operations', () => {
  describe('metrics', () => {
    let auth: AuthServer;
    let origin: string;
    let client: ClientDemo;

    before(async () => {
      ({ auth, origin } = await startAuthServer());
      // A manual schedule: the default once-a-minute refresh would add a fetch whenever the test crosses a minute.
      client = buildTestClient({ AUTH_SERVER_URL: origin }, (container) =>
        container.rebind(CLIENT_TYPES.KeyRefreshScheduler).toConstantValue(new ManualScheduler()),
      );
      await client.start();
    });
    after(async () => {
      await client.close();
      await auth.close();
    });

    it('serves Prometheus text with key fetches by result, key age, verification failures and request durations', async () => {
      await request(client.server).get('/auth-client-demo/current/user/details').set('Authorization', 'Bearer garbage').expect(401);
      const token = (await request(origin).post('/auth/oauth/jwt/token').send({ username: 'a', password: 'b' })).body.data.access_token;
      await request(client.server).get('/auth-client-demo/current/user/details').set('Authorization', `Bearer ${token}`).expect(200);

      const res = await request(client.server).get(PROMETHEUS).expect(200);
      expect(res.headers['content-type']).to.match(/^text\/plain/);
      const samples = parsePrometheusText(res.text);
      expect(sampleValue(samples, 'auth_client_key_fetches_total', { result: 'success' })).to.equal(1);
      expect(sampleValue(samples, 'auth_token_verification_failures_total', { reason: 'TOKEN_INVALID' })).to.equal(1);
      const age = sampleValue(samples, 'auth_client_key_age_seconds', {});
      expect(age).to.be.a('number').and.to.be.within(0, 60);
      const routes = samples.filter((s) => s.name === 'http_server_request_duration_seconds_count').map((s) => s.labels.route);
      expect(routes).to.include('/auth-client-demo/current/user/details');
    });
  });

  describe('AUTH_WORKERS (node:cluster)', function () {
    this.timeout(120_000);

    it('runs N client workers on one port, each starting without the auth service, and stops them all on SIGTERM with exit 0', async () => {
      const client = AuthProcess.start(
        { AUTH_WORKERS: '2', AUTH_SERVER_URL: 'http://127.0.0.1:1', AUTH_FETCH_TIMEOUT_MS: '500' },
        CLIENT_DEMO_ENTRY,
      );
      try {
        const listening = await client.waitForLog((line: LogLine) => line.msg === 'client demo listening', 2);
        expect(new Set(listening.map((line) => line.pid)).size).to.equal(2);
        expect(listening.every((line) => line.hasKey === false)).to.equal(true);
        // The line names the demo's page, and that address opens it.
        const port = listening[0].port as number;
        expect(listening[0].url).to.match(new RegExp(`^http://(localhost|127\\.0\\.0\\.1):${port}/auth-client-demo/static/index\\.html$`));
        expect((await fetch(String(listening[0].url))).status, `GET ${String(listening[0].url)}`).to.equal(200);
        const health = await fetch(`${originOf(listening[0].port as number)}/auth-client-demo/actuator/health`);
        expect(health.status, 'no key yet: DOWN').to.equal(503);

        const exit = await client.stop('SIGTERM');
        expect(exit.code).to.equal(0);
      } finally {
        await client.stop('SIGKILL');
      }
    });
  });
});
