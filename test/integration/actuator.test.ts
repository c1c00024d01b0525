import { expect } from 'chai';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { TYPES } from '../../src/interfaces/composition/types';
import { loginToken, METHODS } from '../support/authContract';
import { startAuthServer, type RunningAuthServer } from '../support/authTestServer';
import { decodeJws } from '../support/compactJws';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const VERSION = (require('../../package.json') as { version: string }).version;

for (const { method, alg } of METHODS) {
  describe(`actuator (${method})`, () => {
    let server: RunningAuthServer;

    before(async () => {
      server = await startAuthServer({ AUTH_SIGN_METHOD: method });
    });

    after(async () => {
      await server.auth.close();
    });

    it('lists the management endpoints at /auth/actuator, without a token and without the envelope', async () => {
      const res = await request(server.origin).get('/auth/actuator').expect(200);
      // Path-only links: never built from the Host header.
      const base = '/auth/actuator';
      expect(res.text).to.equal(
        JSON.stringify({
          _links: {
            self: { href: base, templated: false },
            health: { href: `${base}/health`, templated: false },
            info: { href: `${base}/info`, templated: false },
            prometheus: { href: `${base}/prometheus`, templated: false },
          },
        }),
      );
      for (const link of Object.values(res.body._links) as Array<{ href: string }>) {
        expect((await request(server.origin).get(link.href)).status, link.href).to.equal(200);
      }
    });

    it('answers health UP in the Spring shape with the signing key details (method, alg, kid)', async () => {
      const res = await request(server.origin).get('/auth/actuator/health');
      const { kid } = decodeJws(await loginToken(server.origin)).header;

      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.match(/^application\/json/);
      expect(res.text).to.equal(
        JSON.stringify({
          status: 'UP',
          components: {
            db: { status: 'UP', details: { database: 'sqlite' } },
            signingKey: { status: 'UP', details: { method, alg, kid } },
          },
        }),
      );
    });

    it('writes health times in ISO 8601 with offset, not the envelope format', async () => {
      const res = await request(server.origin).get('/auth/actuator/health/readiness').expect(200);
      expect(res.body.components.revocations.details.refreshedAt).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it('answers info with name, version and sign method', async () => {
      const res = await request(server.origin).get('/auth/actuator/info').expect(200);
      expect(res.text).to.equal(JSON.stringify({ name: 'auth', version: VERSION, signMethod: method, alg }));
    });

    it('answers health DOWN with 503 once the DataSource is gone, still showing the signing key', async () => {
      const doomed = await startAuthServer({ AUTH_SIGN_METHOD: method });
      try {
        await doomed.auth.container.get<DataSource>(TYPES.DataSource).destroy();

        const res = await request(doomed.origin).get('/auth/actuator/health');

        expect(res.status).to.equal(503);
        const body = res.body as {
          status: string;
          components: { db: { status: string; details: Record<string, unknown> }; signingKey: { status: string; details: Record<string, unknown> } };
        };
        expect(Object.keys(body)).to.deep.equal(['status', 'components']);
        expect(body.status).to.equal('DOWN');
        expect(body.components.db.status).to.equal('DOWN');
        expect(body.components.db.details).to.deep.equal({ database: 'sqlite', error: 'database unreachable' });
        expect(body.components.signingKey).to.deep.include({ status: 'UP' });
        expect(body.components.signingKey.details).to.include({ method, alg });
        expect(res.text).not.to.match(/\/work\/|node_modules|\.ts\b|at \S+ \(/);
      } finally {
        await doomed.auth.close();
      }
    });
  });
}
