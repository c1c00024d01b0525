import { expect } from 'chai';
import request from 'supertest';
import { buildAuthServer, type AuthServer } from '../../support/buildAuthServer';
import { authTestConfig } from '../../support/authTestServer';
import { basic } from '../../support/oauthTestHttp';
import { PostgresDatabase } from '../../support/postgresDatabase';
import type { TcpProxy } from '../../support/tcpProxy';

/**
 * Introspection while the shared store is out of reach (PostgreSQL behind a
 * proxy the test cuts): 503 `temporarily_unavailable` with Retry-After, never
 * an `active` answer the service cannot vouch for, never another 5xx; served
 * again once the store is back.
 */
describe('POST /auth/oauth/introspect with the store out of reach', function () {
  this.timeout(60_000);
  let database: PostgresDatabase;
  let proxy: TcpProxy;
  let auth: AuthServer;

  before(async () => {
    database = await PostgresDatabase.create();
    const proxied = await database.behindProxy();
    proxy = proxied.proxy;
    auth = await buildAuthServer(authTestConfig({ AUTH_DATABASE_URL: proxied.url, AUTH_CLIENTS: 'svc:svc-secret' }));
  });

  after(async () => {
    await proxy?.restore();
    await auth?.close();
    await proxy?.close();
    await database?.drop();
  });

  const introspect = (token: string) =>
    request(auth.server).post('/auth/oauth/introspect').set('Authorization', basic('svc', 'svc-secret')).type('form').send({ token, token_type_hint: 'refresh_token' });

  it('answers 503 with Retry-After while the store is cut, and the right answer once it is back', async () => {
    const { refresh_token: token } = (
      await request(auth.server).post('/auth/oauth/token').set('Authorization', basic('svc', 'svc-secret')).type('form').send({ grant_type: 'password', username: 'admin', password: 'x' }).expect(200)
    ).body as { refresh_token: string };
    expect((await introspect(token)).body).to.include({ active: true, token_type: 'refresh_token' });

    await proxy.cut();
    const down = await introspect(token);
    expect(down.status, down.text).to.equal(503);
    expect(down.body).to.include({ error: 'temporarily_unavailable' });
    expect(Number(down.headers['retry-after'])).to.be.above(0);
    expect(down.headers['cache-control']).to.equal('no-store');

    await proxy.restore();
    expect((await introspect(token)).body).to.include({ active: true, token_type: 'refresh_token' });
  });
});
